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
import { rulesCost, simThroughput } from './throughput'

const GAMES = Number(process.env.BENCH_GAMES ?? 100)
// Wall-clock budget of each simulation-throughput run (seconds); 0 leaves the section out.
const SIM_SECONDS = Number(process.env.BENCH_SIM_SECONDS ?? 20)
// States kept from the played games for the per-call rules costs.
const KEEP_STATES = 400
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
  const visited: EncounterState[] = []
  const t0 = performance.now()
  for (let seed = 1; seed <= GAMES; seed++) {
    let state = (
      applyCommand({ ...initial, rng: seedRng(seed) }, { type: 'encounter.start' }, ruleset) as {
        state: EncounterState
      }
    ).state
    for (let i = 0; i < 3000 && state.phase === 'running' && state.turn; i++) {
      if (visited.length < KEEP_STATES) visited.push(state)
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
    commands,
    // The AI's look-ahead cost: legalActions per call, applyCommand per hypothetical legal action.
    rules: rulesCost(visited, ruleset)
  }
}

/** Encounters a second, AI vs AI at the Normal level, on 2 worker threads (and 1 for Pathfinder). */
async function throughput(files: string[]) {
  const rows = []
  for (const file of files) {
    const system = campaignSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).system
    const runs = system === 'pathfinder1e' ? [1, 2] : [2]
    for (const workers of runs) rows.push({ system, ...(await simThroughput(file, workers, SIM_SECONDS)) })
  }
  return rows
}

const sampleFiles = readdirSync(campaignsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => new URL(f, campaignsDir).pathname)
const results = {
  when: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  // Every bundled sample campaign's first encounter, AI vs AI.
  samples: sampleFiles.map(benchSample),
  heapUsedMb: +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1),
  // issue 5's target: ≥ 200 Pathfinder encounters/s on 2 workers (BENCH_SIM_SECONDS per row, 0 = skip).
  simulation: SIM_SECONDS > 0 ? { secondsPerRow: SIM_SECONDS, rows: await throughput(sampleFiles) } : null
}
mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
const out = new URL('./results/latest.json', import.meta.url)
writeFileSync(out, JSON.stringify(results, null, 2) + '\n')
console.log(JSON.stringify(results, null, 2))
