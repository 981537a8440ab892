import type { Ruleset } from '../rules/core/ruleset'
import type { Action, EncounterState } from '../rules/core/types'
import { spendEconomy } from '../rules/core/economy'
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

/** The state with only the action's cost paid (no dice): how much budget an action leaves. */
export function afterSpend(state: EncounterState, ruleset: Ruleset, action: Action): EncounterState {
  if (!state.turn) return state
  const economy = spendEconomy(ruleset.economy, state.turn.economy, ruleset.economy.charge(state, action))
  return economy ? { ...state, turn: { ...state.turn, economy } } : state
}
