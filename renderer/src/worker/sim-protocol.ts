import type { SimReport } from '../../../ai/sim-report'
import type { GameSummary, SimLevel } from '../../../ai/simulation'
import type { EncounterState } from '../../../rules/core/types'

/**
 * A batch of AI-vs-AI games to play (seeds `seed` .. `seed + runs − 1`), or the order to stop it; or a
 * share of a live estimate (`play`): games `first`, `first + stride`... below `total`, each sent back
 * as it ends, so several workers split one estimate and the page folds the games in as they come.
 */
export type SimRequest =
  | {
      type: 'start'
      id: number
      initial: EncounterState
      runs: number
      seed: number
      level: SimLevel
      maxSteps: number
    }
  | {
      type: 'play'
      id: number
      initial: EncounterState
      /** The first game index of this worker's share, then every `stride`-th, below `total`. */
      first: number
      stride: number
      total: number
      /** Game i plays with seed `seed + i`, whichever worker plays it. */
      seed: number
      /** Absent: every figure at its own AI profile. */
      level?: SimLevel
      maxSteps: number
    }
  | { type: 'cancel'; id: number }

/**
 * What the simulation worker reports: progress after each game, then the report (or the error). A `play`
 * share says when the worker takes it up (`started`: any game it was playing is over), each game as it
 * ends, and when the share is over, finished or cancelled (`played`).
 */
export type SimResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'done'; id: number; report: SimReport; cancelled: boolean; seconds: number }
  | { type: 'error'; id: number; message: string }
  | { type: 'started'; id: number }
  | { type: 'game'; id: number; index: number; summary: GameSummary }
  | { type: 'played'; id: number }
