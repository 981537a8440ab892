import type { SimReport } from '../../../ai/sim-report'
import type { SimLevel } from '../../../ai/simulation'
import type { EncounterState } from '../../../rules/core/types'

/** A batch of AI-vs-AI games to play (seeds `seed` .. `seed + runs − 1`), or the order to stop it. */
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
  | { type: 'cancel'; id: number }

/** What the simulation worker reports: progress after each game, then the report (or the error). */
export type SimResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'done'; id: number; report: SimReport; cancelled: boolean; seconds: number }
  | { type: 'error'; id: number; message: string }
