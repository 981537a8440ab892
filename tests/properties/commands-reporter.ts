import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints how many random-play commands the whole run tried, how many accepted ones went through the save
 * schema and back, and the share of games that reached the end of the fight, by system. Each system's file runs in its own worker and
 * checks its own share; only a reporter sees them all, from what each property test records in its meta
 * (typed in suite.ts).
 */
export default class RandomPlayCommandsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let tried = 0
    let target = 0
    let roundTripped = 0
    const bySystem = new Map<string, { tried: number; runs: number; ended: number }>()
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const played = test.meta().randomPlay
        if (played === undefined) continue
        tried += played.tried
        target += played.target
        roundTripped += played.roundTripped
        const system = bySystem.get(played.system) ?? { tried: 0, runs: 0, ended: 0 }
        system.tried += played.tried
        system.runs += played.runs
        system.ended += played.ended
        bySystem.set(played.system, system)
      }
    }
    if (bySystem.size === 0) return
    const split = [...bySystem].map(([system, s]) => `${system} ${s.tried}`).join(', ')
    const ended = [...bySystem]
      .map(([system, s]) => `${system} ${s.runs > 0 ? ((100 * s.ended) / s.runs).toFixed(1) : 0} %`)
      .join(', ')
    console.log(
      `\nrandom play: ${tried} commands tried, ${target} owed (${split}); ${roundTripped} accepted ` +
        `commands round-tripped through the save schema; games ended: ${ended}\n`
    )
  }
}
