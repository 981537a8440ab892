import type { Ruleset } from '../rules/core/ruleset'
import type { Action, EncounterState } from '../rules/core/types'
import { applyCommand } from '../rules/flow/engine'

/**
 * The state after a chance-free action (a move), through the real rules: the planner never uses a
 * simplified copy of them. The log is dropped first so thinking does not copy the whole history.
 */
export function afterAction(state: EncounterState, action: Action, ruleset: Ruleset): EncounterState | null {
  const result = applyCommand({ ...state, log: [] }, { type: 'action.declare', action }, ruleset)
  return result.ok ? result.state : null
}

/** What the active figure may still spend, summed over the economy's counters. */
export function budgetLeft(state: EncounterState): number {
  if (!state.turn) return 0
  return Object.values(state.turn.economy.context).reduce((a, b) => a + b, 0)
}
