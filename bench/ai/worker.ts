// One AI-bench worker thread: plays the games the runner hands it and posts each record back.
import { parentPort, workerData } from 'node:worker_threads'
import { getRuleset } from '../../rules/systems'
import { playGame, type GameLimits, type SuiteEncounter } from './game'
import { policyFor } from './policies'

/** What the runner hands every worker once, at start. */
export interface BenchWorkerData {
  encounters: SuiteEncounter[]
  limits: GameLimits
}

/** One game to play: encounter index, game index, its seed and the monster policy's slot. */
export interface BenchTask {
  encounter: number
  game: number
  seed: number
  slot: string
}

const data = workerData as BenchWorkerData

parentPort?.on('message', (task: BenchTask | null) => {
  if (!task) return
  const entry = data.encounters[task.encounter]!
  try {
    const ruleset = getRuleset(entry.encounter.system)
    const record = playGame(
      entry,
      ruleset,
      policyFor(task.slot),
      task.slot,
      task.game,
      task.seed,
      data.limits
    )
    parentPort?.postMessage({ record, task })
  } catch (e) {
    // A game that breaks (a rules bug, the heroes' AI refused) is reported, not allowed to stop the run.
    parentPort?.postMessage({ task, error: e instanceof Error ? e.message : String(e) })
  }
})
