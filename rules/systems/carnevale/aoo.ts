import type { Combatant, EncounterState } from '../../core/types'
import {
  drownProblem,
  grappleProblem,
  usableWeapons,
  weaponAt,
  combatProblem,
  type AttackContext
} from './attack-rules'
import { readSettings } from './settings'

// The AoO choices (carnevale.md §4, D-2 and D-4): an AoO "counts as a normal action of the chosen type:
// Combat, Grapple or Drown" [TEXT L9]. A choice is a string a decision can offer: `combat:<weapon index>`,
// `grapple`, `drown`, or `pass` (A3 [REC]: a granted AoO may be declined, `aooOptional`).

/** Declining an AoO (D-2). */
export const PASS = 'pass'

/** The choice string of a Combat with the weapon at `index` of the character's list. */
export function combatChoice(index: number): string {
  return `combat:${index}`
}

/** The weapon index of a `combat:<i>` choice, or null for any other choice. */
export function weaponOfChoice(choice: string): number | null {
  const m = /^combat:(\d+)$/.exec(choice)
  return m ? Number(m[1]) : null
}

/** What an AoO may be (§4): a Disengage's never a Grapple [TEXT L28, L30]. */
export interface AooRules extends AttackContext {
  noGrapple?: boolean
}

/** Why an AoO choice cannot be made now, or null when it can ('pass' always can). */
export function aooChoiceProblem(
  state: EncounterState,
  reactor: Combatant,
  victim: Combatant,
  choice: string,
  rules: AooRules = {}
): string | null {
  if (choice === PASS) return null
  const weapon = weaponOfChoice(choice)
  if (weapon !== null) return combatProblem(state, reactor, victim, weapon, rules)?.code ?? null
  if (choice === 'grapple')
    return rules.noGrapple ? 'noGrapple' : (grappleProblem(state, reactor, victim)?.code ?? null)
  if (choice === 'drown') return drownProblem(state, reactor, victim)?.code ?? null
  return 'unknownChoice'
}

/**
 * D-4: every AoO the reactor can make on the victim now, the default first: Combat with each usable
 * weapon, best first, then Drown, then Grapple.
 */
export function aooChoices(
  state: EncounterState,
  reactor: Combatant,
  victim: Combatant,
  rules: AooRules = {}
): string[] {
  const out = usableWeapons(state, reactor, victim, rules).map(combatChoice)
  if (aooChoiceProblem(state, reactor, victim, 'drown', rules) === null) out.push('drown')
  if (aooChoiceProblem(state, reactor, victim, 'grapple', rules) === null) out.push('grapple')
  return out
}

/** D-2 + D-4 as one decision: the AoOs it can make, then `pass` when AoOs may be declined (A3). */
export function aooDecisionChoices(
  state: EncounterState,
  reactor: Combatant,
  victim: Combatant,
  rules: AooRules = {}
): string[] {
  const choices = aooChoices(state, reactor, victim, rules)
  if (choices.length === 0) return []
  return readSettings(state).aooOptional ? [...choices, PASS] : choices
}

/**
 * The AoO to make now from what was answered before the dice: the answer when it can still be made, else
 * the D-4 default (positions may have changed since: a move cut short, a target pushed); `pass` stays
 * `pass`; null when no AoO can be made.
 */
export function aooToMake(
  state: EncounterState,
  reactor: Combatant,
  victim: Combatant,
  answer: string | number | undefined,
  rules: AooRules = {}
): string | null {
  if (answer === PASS) return null
  if (typeof answer === 'string' && aooChoiceProblem(state, reactor, victim, answer, rules) === null)
    return answer
  return aooChoices(state, reactor, victim, rules)[0] ?? null
}

/** A choice as a label parameter: the weapon's name for Combat, else the choice itself. */
export function choiceName(reactor: Combatant, choice: string): string {
  const weapon = weaponOfChoice(choice)
  return weapon === null ? choice : (weaponAt(reactor, weapon)?.name ?? choice)
}
