// npm run bench: speed and memory of the rules and the AI, written as JSON to bench/results/.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import { chooseStep } from '../ai'
import { seedRng } from '../rules/core/rng'
import { campaignSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'

const GAMES = Number(process.env.BENCH_GAMES ?? 100)
const campaignsDir = new URL('../resources/campaigns/', import.meta.url)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function benchSample(file: string) {
  const campaign = campaignSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  const initial = campaign.encounters[0]!.initial as EncounterState
  const ruleset = getRuleset(campaign.system)
  const stepMs: number[] = []
  const wins: Record<string, number> = {}
  let commands = 0
  let rounds = 0
  let applyMs = 0
  const t0 = performance.now()
  for (let seed = 1; seed <= GAMES; seed++) {
    let state = (
      applyCommand({ ...initial, rng: seedRng(seed) }, { type: 'encounter.start' }, ruleset) as {
        state: EncounterState
      }
    ).state
    for (let i = 0; i < 3000 && state.phase === 'running' && state.turn; i++) {
      const s0 = performance.now()
      const { command } = chooseStep(state, ruleset, whoDecides(state) ?? state.turn.activeId)
      const s1 = performance.now()
      const result = applyCommand(state, command, ruleset)
      applyMs += performance.now() - s1
      stepMs.push(s1 - s0)
      if (!result.ok) throw new Error(`refused ${result.violation.code}`)
      state = result.state
      commands++
    }
    rounds += state.round
    wins[state.winner ?? 'draw'] = (wins[state.winner ?? 'draw'] ?? 0) + 1
  }
  const seconds = (performance.now() - t0) / 1000
  stepMs.sort((a, b) => a - b)
  return {
    campaign: campaign.id,
    games: GAMES,
    encountersPerSecond: +(GAMES / seconds).toFixed(2),
    meanRounds: +(rounds / GAMES).toFixed(2),
    wins,
    aiStepMs: {
      p50: +percentile(stepMs, 50).toFixed(3),
      p95: +percentile(stepMs, 95).toFixed(3),
      p99: +percentile(stepMs, 99).toFixed(3),
      max: +(stepMs.at(-1) ?? 0).toFixed(3)
    },
    applyCommandUs: +((applyMs / commands) * 1000).toFixed(1),
    commands
  }
}

const results = {
  when: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  // Every bundled sample campaign's first encounter, AI vs AI.
  samples: readdirSync(campaignsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => benchSample(new URL(f, campaignsDir).pathname)),
  heapUsedMb: +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)
}
mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
const out = new URL('./results/latest.json', import.meta.url)
writeFileSync(out, JSON.stringify(results, null, 2) + '\n')
console.log(JSON.stringify(results, null, 2))
