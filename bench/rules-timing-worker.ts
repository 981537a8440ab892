// One thread playing `npm run bench`'s timed games (bench/rules-timing.ts) for one encounter, so the
// runner's own thread stays free for Ctrl+C and the heap measured is this encounter's alone.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'
import type { SimLevel } from '../ai/simulation'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { timeRules, type RulesTiming } from './rules-timing'

/** What the runner hands the worker. */
export interface RulesTimingWorkerData {
  initial: EncounterState
  games: number
  seed: number
  level: SimLevel
  maxSteps: number
  /** Set to 1 by the runner to stop after the current step (Ctrl+C). */
  stop: Int32Array
}

/** What the worker posts: progress now and then, the timings once at the end. */
export type RulesTimingMessage =
  { type: 'progress'; games: number; decisions: number } | { type: 'done'; timing: RulesTiming }

const data = workerData as RulesTimingWorkerData
const post = (m: RulesTimingMessage) => parentPort?.postMessage(m)
let shown = 0
const timing = timeRules(data.initial, getRuleset(data.initial.system), data, {
  shouldStop: () => Atomics.load(data.stop, 0) === 1,
  onStep: (games, decisions) => {
    const now = performance.now()
    if (now - shown < 200) return
    shown = now
    post({ type: 'progress', games, decisions })
  }
})
post({ type: 'done', timing })
