import type { Action, Combatant, EncounterState } from '../../core/types'
import { attackRoutine, type AttackSlot } from './attack-routine'

// §3.2 "Deciding between an attack and a full attack" [SRD]: the attacks of a turn may be declared one at a
// time; the first is an attack action, and a second turns the turn into a full attack. Each attack of the
// sequence takes its place in the full routine (0, −5, −10... iteratives). Two-weapon fighting is declared
// with the first attack (`options.twoWeapon`), because its penalties apply to every attack of the round,
// the first included: the sequence then follows the two-weapon routine (the off hand's extra attack among
// them); without it, the main weapon's iteratives alone. A `fullAttack` action uses the full routine whole
// and records whether it fought with two weapons (resolve-attack.ts), so the attacks left follow it.

/** How many attacks the figure has made this turn (the index of its next one in the full routine). */
export function attacksMade(state: EncounterState): number {
  return state.turn?.economy.context._attacked ?? 0
}

/** The weapon an action names (`options.weapon`), for the routine. */
export function weaponOption(action: Action): { weaponId?: string } {
  const weapon = action.options?.weapon
  return typeof weapon === 'string' ? { weaponId: weapon } : {}
}

/** Whether this turn's attacks are two-weapon fighting: declared on the first, kept by the economy after. */
export function fightsWithTwoWeapons(state: EncounterState, action: Action): boolean {
  if (attacksMade(state) > 0) return (state.turn?.economy.context._twoWeapon ?? 0) === 1
  return action.options?.twoWeapon === 1
}

/** The full routine this turn's attack sequence follows. */
export function sequenceRoutine(state: EncounterState, actor: Combatant, action: Action): AttackSlot[] {
  const oneWeapon = !fightsWithTwoWeapons(state, action)
  return attackRoutine(actor, 'full', { ...weaponOption(action), oneWeapon })
}

/** Whether the figure's full attack with this action's weapon has an off-hand attack to declare. */
export function hasOffHandAttack(actor: Combatant, action: Action): boolean {
  return attackRoutine(actor, 'full', weaponOption(action)).some((s) => s.hand === 'off')
}
