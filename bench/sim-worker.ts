// One simulation worker thread: plays the chunks of run indices the runner sends and posts each game back.
import { parentPort, workerData } from 'node:worker_threads'
import { playOut, type SimLevel } from '../ai/simulation'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'

/** What the runner hands every worker once, at start. */
export interface SimWorkerData {
  initial: EncounterState
  seed: number
  maxSteps: number
  level: SimLevel
}

/** A chunk of runs to play: indices from `from` (inclusive) to `to` (exclusive). */
export interface SimChunk {
  from: number
  to: number
}

const data = workerData as SimWorkerData
const ruleset = getRuleset(data.initial.system)

parentPort?.on('message', ({ from, to }: SimChunk) => {
  for (let index = from; index < to; index++) {
    const summary = playOut(data.initial, ruleset, data.seed + index, {
      maxSteps: data.maxSteps,
      level: data.level
    })
    // One message per game, not per chunk: progress moves with every game and a cancel keeps them all.
    parentPort?.postMessage({ type: 'run', index, summary })
  }
  parentPort?.postMessage({ type: 'chunk' })
})
