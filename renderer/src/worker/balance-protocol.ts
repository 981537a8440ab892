import type { BalanceProgress, BalanceResult, BalanceTemplate } from '../../../ai/balance'
import type { EncounterState } from '../../../rules/core/types'

/** An auto-balance search to run (ai/balance.ts), or the order to stop it. */
export type BalanceRequest =
  | {
      type: 'start'
      id: number
      initial: EncounterState
      heroSide: string
      /** The heroes' win rate wanted, 0.05..0.95. */
      target: number
      templates: BalanceTemplate[]
      seed: number
      screenGames: number
      refineGames: number
      maxSteps: number
    }
  | { type: 'cancel'; id: number }

/** Progress after every game (games played of an upper bound), then the result (or the error). */
export type BalanceResponse =
  | { type: 'progress'; id: number; done: number; total: number; phase: BalanceProgress['phase'] }
  | { type: 'done'; id: number; result: BalanceResult; seconds: number }
  | { type: 'error'; id: number; message: string }
