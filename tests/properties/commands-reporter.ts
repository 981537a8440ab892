import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints how many random-play commands the whole run tried. Each system's file runs in its own worker and
 * checks its own share; only a reporter sees them all, from what each property test records in its meta
 * (typed in suite.ts).
 */
export default class RandomPlayCommandsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let tried = 0
    let target = 0
    const bySystem = new Map<string, number>()
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const played = test.meta().randomPlay
        if (played === undefined) continue
        tried += played.tried
        target += played.target
        bySystem.set(played.system, (bySystem.get(played.system) ?? 0) + played.tried)
      }
    }
    if (bySystem.size === 0) return
    const split = [...bySystem].map(([system, n]) => `${system} ${n}`).join(', ')
    console.log(`\nrandom play: ${tried} commands tried, ${target} owed (${split})\n`)
  }
}
