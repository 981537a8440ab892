import type { GameEvent } from '../../core/events'
import { ownValue } from '../../core/own-key'
import type { Combatant, EncounterState } from '../../core/types'
import { swimming } from './board'
import { readSettings } from './settings'
import { countersOf, readStats, type CarnevaleCounters } from './stats'
import { carnevaleFacts } from './round-facts'
import { activatedThisRound } from './turn-order'

// The Guard and Stunned counters (carnevale.md §4, §7). Both end at a moment of someone's activation —
// Guard as its holder's next activation starts, Stunned as its next activation ends — so each counter
// keeps when it was taken (a round, a log index) and whether it still holds is read from the round and
// activation facts (round-facts.ts): a side may hand an activation it was given to another figure
// (`activation.select`), and a figure offered the activation has not started one until it keeps it.

/**
 * §4 [TEXT L34–36]: the figure holds a Guard counter: taken this round, or last round and the figure has
 * not activated since; never in the water (§6 [TEXT L36]). Making an AoO removes it (`spendGuard`).
 */
export function guardHeld(state: EncounterState, figure: Combatant): boolean {
  const c = countersOf(figure)
  if (!c.guard || figure.out || c.guardRound === undefined) return false
  if (swimming(state, figure)) return false
  if (c.guardRound === state.round) return true
  return c.guardRound === state.round - 1 && !activatedThisRound(state).includes(figure.id)
}

/**
 * §7 [REC]: the figure is Stunned: it took a Stunned counter and has not yet finished its next activation
 * (`stunnedUntil` 'endOfNextActivation'), or the round it was stunned in has not ended ('endOfRound').
 */
export function isStunned(state: EncounterState, figure: Combatant): boolean {
  const c = countersOf(figure)
  if (c.stunned <= 0 || c.stunnedAt === undefined) return false
  const facts = carnevaleFacts(state)
  if (readSettings(state).stunnedUntil === 'endOfRound') return facts.roundStartedAt < c.stunnedAt
  // Its next activation ended: one it opened at or after the stun, and ended while still holding it.
  return (ownValue(facts.ownActivationEnded, figure.id) ?? -1) < c.stunnedAt
}

/** A `stats.changed` event giving the figure new counters. */
export function countersChanged(figure: Combatant, counters: CarnevaleCounters): GameEvent {
  return { type: 'stats.changed', id: figure.id, stats: { ...readStats(figure), counters } }
}

/** §4 [TEXT L34]: the Guard action's counter, taken now. */
export function takeGuard(state: EncounterState, figure: Combatant): GameEvent {
  return countersChanged(figure, { ...countersOf(figure), guard: true, guardRound: state.round })
}

/** §4 [TEXT L36]: the Guard counter is lost on making an AoO (no event when there is none to lose). */
export function spendGuard(figure: Combatant): GameEvent[] {
  const c = countersOf(figure)
  if (!c.guard) return []
  const { guardRound: _round, ...rest } = c
  return [countersChanged(figure, { ...rest, guard: false })]
}

/** §5.3 [TEXT L82]: a Critical grapple Stuns; the counter counts from this point of the log. */
export function stun(state: EncounterState, figure: Combatant): GameEvent {
  const c = countersOf(figure)
  const stunned = Math.min(10, (isStunned(state, figure) ? c.stunned : 0) + 1)
  return countersChanged(figure, { ...c, stunned, stunnedAt: state.log.length })
}
