import type { KeepLevel } from '../../core/keep-die'
import { inSet } from '../../core/system-state'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { isMounted } from './board'
import { actionCost } from './costs'
import { reduceLevel, type Reduced } from './dice'
import { factsOf, isMalherido } from './health'
import { readSettings } from './settings'
import { baseLevelOf, readStats } from './stats'

// athkri.md §7: the conditions of a figure right now, from its starting conditions and the fight's facts.

/** athkri.md §5.2 [TEXT L66] / §4 Emboscada: unaware until attacked or until its first activation [REC]. */
export function isUnaware(state: EncounterState, c: Combatant): boolean {
  const facts = factsOf(state)
  return (
    readStats(c).conditions.includes('unaware') &&
    !inSet(facts.attacked, c.id) &&
    !inSet(facts.activated, c.id)
  )
}

/** athkri.md §4 Emboscada: hidden or invisible until it attacks [REC]. */
export function isHidden(state: EncounterState, c: Combatant): boolean {
  const conditions = readStats(c).conditions
  const concealed = conditions.includes('hidden') || conditions.includes('invisible')
  return concealed && !inSet(factsOf(state).attackers, c.id)
}

/** athkri.md §7 Tumbado. */
export function isProne(c: Combatant): boolean {
  return readStats(c).conditions.includes('prone')
}

/** athkri.md §9 A11: the target moved during its most recent activation. */
export function isMoving(state: EncounterState, c: Combatant): boolean {
  return inSet(factsOf(state).movedInLastTurn, c.id)
}

/** athkri.md §5.6 [TEXT L56]: the rider passed its Cabalgar test in this activation (+2 to attack). */
export function hasRideBonus(state: EncounterState, rider: Combatant): boolean {
  if (state.turn?.activeId !== rider.id || !isMounted(state, rider)) return false
  return inSet(factsOf(state).rideBonus, rider.id)
}

/** athkri.md §4 [TEXT L61]: this action spends a Major from a split (split Majors are spent first). */
export function usesSplitMajor(state: EncounterState, action: Action): boolean {
  const turn = state.turn
  return (
    turn !== null &&
    turn.activeId === action.actorId &&
    (turn.economy.context.low ?? 0) > 0 &&
    actionCost(state, action) === 'major'
  )
}

/** The figure's die level for its own rolls: base, one step down while Malherido (athkri.md §5.1). */
export function ownLevel(state: EncounterState, c: Combatant, extraSteps = 0, forceLow = false): Reduced {
  const settings = readSettings(state)
  const base: KeepLevel = baseLevelOf(readStats(c), settings.baseDieLevel)
  const steps = (isMalherido(state, c) ? 1 : 0) + extraSteps
  return reduceLevel(base, steps, settings.lowStepPenalty, forceLow)
}

/** athkri.md §4 [TEXT L62]: a figure that already keeps the low die cannot split. */
export function keepsLowDie(state: EncounterState, c: Combatant): boolean {
  return ownLevel(state, c).level === 'low'
}
