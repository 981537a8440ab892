import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type EventObject,
  type StateValue
} from 'xstate'
import type { Economy } from './ruleset'
import type { Combatant, EconomySnapshot, EncounterState } from './types'

// The flow keeps each ruleset's economy machine as a plain snapshot in the encounter state and steps it
// purely: saves stay JSON, replays stay exact, and no live child actor has to be persisted.

function toPlain(snapshot: AnyMachineSnapshot): EconomySnapshot {
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)
  return { value, context: { ...(snapshot.context as Record<string, number>) } }
}

function hydrate(economy: Economy, plain: EconomySnapshot): AnyMachineSnapshot {
  const value = plain.value.startsWith('{') ? (JSON.parse(plain.value) as StateValue) : plain.value
  return economy.machine.resolveState({ value, context: plain.context })
}

/** The economy a figure starts its activation with. */
export function openEconomy(economy: Economy, state: EncounterState, actor: Combatant): EconomySnapshot {
  const [snapshot] = initialTransition(economy.machine, economy.input(state, actor))
  return toPlain(snapshot as AnyMachineSnapshot)
}

/** The economy after `event`, or null when the machine refuses it (cannot afford). */
export function spendEconomy(
  economy: Economy,
  plain: EconomySnapshot,
  event: EventObject
): EconomySnapshot | null {
  const snapshot = hydrate(economy, plain)
  if (!snapshot.can(event)) return null
  const [next] = transition(economy.machine, snapshot, event)
  return toPlain(next as AnyMachineSnapshot)
}
