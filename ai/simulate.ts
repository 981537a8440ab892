import type { Ruleset } from '../rules/core/ruleset'
import type { EventObject } from 'xstate'
import type { Action, EconomySnapshot, EncounterState } from '../rules/core/types'
import { spendEconomy } from '../rules/core/economy'
import { applyCommand } from '../rules/flow/engine'
import { chargeOf } from './rules-memo'

/**
 * The state after a chance-free action (a move), through the real rules: the planner never uses a
 * simplified copy of them, and keeps the log, which some rules read (Athkri's wounds below 0, hiding).
 */
export function afterAction(state: EncounterState, action: Action, ruleset: Ruleset): EncounterState | null {
  const result = applyCommand(state, { type: 'action.declare', action }, ruleset)
  return result.ok ? result.state : null
}

/** What the active figure may still spend, summed over the economy's counters (`_` keys are bookkeeping). */
export function budgetLeft(state: EncounterState): number {
  if (!state.turn) return 0
  return Object.entries(state.turn.economy.context).reduce((a, [k, v]) => (k.startsWith('_') ? a : a + v), 0)
}

const repeatsCache = new WeakMap<Ruleset, Map<string, number>>()
const REPEATS_CACHE_SIZE = 4096

/**
 * How many more times the economy could pay for the same action after this one (at most `cap`): the
 * attacks an AP pool still buys, none where the turn allows one action (HQ2, Athkri's Major).
 */
export function repeatsAffordable(state: EncounterState, ruleset: Ruleset, action: Action, cap = 4): number {
  if (!state.turn) return 0
  const charge = chargeOf(state, ruleset, action)
  // The answer depends only on the economy and the charge, and the AI asks the same few again and again
  // (every attack after every move it weighs): stepping an XState machine costs far more than a lookup.
  const key = `${cap}|${JSON.stringify(state.turn.economy)}|${JSON.stringify(charge)}`
  let known = repeatsCache.get(ruleset)
  if (!known) repeatsCache.set(ruleset, (known = new Map()))
  const hit = known.get(key)
  if (hit !== undefined) return hit
  if (known.size >= REPEATS_CACHE_SIZE) known.clear()
  const repeats = countRepeats(ruleset, state.turn.economy, charge, cap)
  known.set(key, repeats)
  return repeats
}

function countRepeats(ruleset: Ruleset, start: EconomySnapshot, charge: EventObject, cap: number): number {
  let economy = spendEconomy(ruleset.economy, start, charge)
  let repeats = 0
  while (economy && repeats < cap) {
    const next = spendEconomy(ruleset.economy, economy, charge)
    // A zero-cost action never runs the economy down: it is not a reason to value more of them.
    if (!next || JSON.stringify(next) === JSON.stringify(economy)) break
    economy = next
    repeats++
  }
  return repeats
}

const spentCache = new WeakMap<Ruleset, Map<string, number>>()

/**
 * How much of the active figure's budget an action spends (summed counters, as `budgetLeft`), so of two
 * equal actions the cheaper wins (PF: completing a coup de grace with a standard action rather than
 * paying a whole round for a fresh one). Cached on the economy and the charge, like `repeatsAffordable`.
 */
export function budgetSpent(state: EncounterState, ruleset: Ruleset, action: Action): number {
  if (!state.turn) return 0
  const charge = chargeOf(state, ruleset, action)
  const key = `${JSON.stringify(state.turn.economy)}|${JSON.stringify(charge)}`
  let known = spentCache.get(ruleset)
  if (!known) spentCache.set(ruleset, (known = new Map()))
  const hit = known.get(key)
  if (hit !== undefined) return hit
  if (known.size >= REPEATS_CACHE_SIZE) known.clear()
  const after = spendEconomy(ruleset.economy, state.turn.economy, charge)
  const sum = (ctx: Record<string, number>) =>
    Object.entries(ctx).reduce((a, [k, v]) => (k.startsWith('_') ? a : a + v), 0)
  const spent = after ? sum(state.turn.economy.context) - sum(after.context) : 0
  known.set(key, spent)
  return spent
}
