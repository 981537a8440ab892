import { ownValue } from '../../core/own-key'
import type { TurnOrder } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { healthOf, isOutState } from './health'
import { isRiddenMount } from './mount'
import { readSettings } from './settings'

// pathfinder1e.md §3.1 / §3.2: figures act from the highest initiative count down. The next turn is the
// first figure whose count lies strictly below the count the current turn opened at, so a figure whose
// count moves mid-round (Delay, Ready) acts at its new place and never twice or not at all by accident.

/**
 * §3.1: the surprise round is round 1 when the setting allows it and some, but not all, figures are
 * unaware of their foes. Who is unaware comes from the encounter's settings (`surprised`) only, never from
 * a figure's stats, so a template's `aware: false` cannot open a surprise round the GM did not set.
 */
export function isSurpriseRound(state: EncounterState): boolean {
  if (state.round !== 1 || !readSettings(state).surpriseRound) return false
  const surprised = state.combatants.map((c) => isSurprised(state, c))
  return surprised.includes(true) && surprised.includes(false)
}

function isSurprised(state: EncounterState, c: Combatant): boolean {
  return state.surprised?.includes(c.id) ?? false
}

/**
 * Whether the figure opens a turn: it has an initiative count and is not dead. Dying figures open theirs
 * for the stabilization check, paralyzed and held ones for their saves (the flow passes turns in which
 * nothing can be done); a conscious figure out of the fight (removed) does not. In the surprise round
 * only those not surprised act (§3.1). A ridden mount acts on its rider's turn, never on its own (§4.12 [TEXT L483]).
 */
export function opensTurn(c: Combatant, state: EncounterState): boolean {
  if (ownValue(state.initiative, c.id) === undefined || isRiddenMount(state, c)) return false
  const health = healthOf(c)
  if (health === 'dead' || (c.out && !isOutState(health))) return false
  return !isSurpriseRound(state) || !isSurprised(state, c)
}

/** The figures in initiative order: highest count first, equal counts in roster order. */
export function initiativeOrderOf(state: EncounterState): Combatant[] {
  const count = (c: Combatant) => ownValue(state.initiative, c.id) ?? -Infinity
  return state.combatants
    .map((c, index) => ({ c, index }))
    .sort((x, y) => count(y.c) - count(x.c) || x.index - y.index)
    .map(({ c }) => c)
}

function first(state: EncounterState): { sideId: string; actorId: string } | null {
  const actor = initiativeOrderOf(state).find((c) => opensTurn(c, state))
  return actor ? { sideId: actor.side, actorId: actor.id } : null
}

/**
 * §3.1 / §3.2: the Pathfinder turn order. `next` takes the first figure below the count the current turn
 * opened at (`_count` of its economy; the active figure's count when absent). Equal counts, which rolled
 * initiative never leaves (ties carry a fraction), fall back to roster order.
 */
export const pfTurnOrder: TurnOrder = {
  first,
  next(state) {
    const turn = state.turn
    if (!turn) return first(state)
    const activeCount = ownValue(state.initiative, turn.activeId)
    const opened = turn.economy.context._count ?? activeCount
    if (opened === undefined) return null
    const order = initiativeOrderOf(state)
    const activeIndex = order.findIndex((c) => c.id === turn.activeId)
    const after = (c: Combatant, index: number) => {
      const count = ownValue(state.initiative, c.id) ?? -Infinity
      return count < opened || (count === opened && activeCount === opened && index > activeIndex)
    }
    const actor = order.find((c, index) => after(c, index) && opensTurn(c, state))
    return actor ? { sideId: actor.side, actorId: actor.id } : null
  },
  canSelect: () => false
}

function countOf(state: EncounterState, id: string): number {
  const count = ownValue(state.initiative, id)
  if (count === undefined) throw new Error(`no initiative count for ${id}`)
  return count
}

/** The other figures' counts (neither of the two ids), for placing a count between two of them. */
function otherCounts(state: EncounterState, ...ids: string[]): number[] {
  return Object.entries(state.initiative)
    .filter(([id]) => !ids.includes(id))
    .map(([, count]) => count)
}

/**
 * §3.2 Delay: the count for `actorId` to act right after `afterId` — strictly between `afterId`'s count and
 * the next lower one (one below it when nobody is lower). Emit it as `initiative.changed`.
 */
export function delayedInitiative(state: EncounterState, actorId: string, afterId: string): number {
  const after = countOf(state, afterId)
  const lower = otherCounts(state, actorId, afterId).filter((n) => n < after)
  const below = lower.length > 0 ? Math.max(...lower) : after - 1
  return (after + below) / 2
}

/**
 * §3.2 Ready: the readier's new count once its readied action goes off, immediately before `triggerId` —
 * strictly between the trigger's count and the next higher one (one above it when nobody is higher).
 */
export function readiedInitiative(state: EncounterState, readierId: string, triggerId: string): number {
  const trigger = countOf(state, triggerId)
  const higher = otherCounts(state, readierId, triggerId).filter((n) => n > trigger)
  const above = higher.length > 0 ? Math.min(...higher) : trigger + 1
  return (trigger + above) / 2
}
