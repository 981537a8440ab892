import type { Combatant } from '../../../rules/core/types'

// Rules name a weapon by its place in the figure's list (Carnevale's `options.weapon`, its AoO choice
// `combat:<i>`), with the unarmed profile after the card's; a person reads the weapon's name instead.

/** What a choice label needs: rule terms, app strings and the names of figures and weapons. */
export interface ChoiceWords {
  /** A rule code's text (`action.<kind>`, `decision.<key>.<choice>`), or the code itself when unknown. */
  code: (prefix: string, code: string) => string
  /** The app's word for declining an attack (`decision.pass`). */
  pass: string
  /** A figure's name, or undefined when the id names no figure. */
  figureName: (id: string) => string | undefined
  /** The name of the decider's weapon at an index, or undefined. */
  weaponOf: (index: number) => string | undefined
}

/**
 * The name of a figure's weapon at `index` of its card's list (`stats.weapons[i].name`); the index just past
 * the list is the unarmed profile every figure has (`unarmed`); anything else is undefined.
 */
export function weaponName(
  figure: Combatant | undefined,
  index: number,
  unarmed: string
): string | undefined {
  const weapons = figure?.stats.weapons
  if (!Array.isArray(weapons) || !Number.isInteger(index) || index < 0) return undefined
  if (index === weapons.length) return unarmed
  const name = (weapons[index] as { name?: unknown } | undefined)?.name
  return typeof name === 'string' ? name : undefined
}

/**
 * A decision's choice in words: a figure's name (which enemy rolls, which one to charge), an attack kind
 * with the weapon it uses (`combat:1` → "Combate: Arcabuz"), the rule system's own term for it, a bare
 * kind (`grapple` → "Agarre"), or declining (`pass`); an unknown choice shows itself.
 */
export function choiceLabel(words: ChoiceWords, key: string, choice: string): string {
  const figure = words.figureName(choice)
  if (figure !== undefined) return figure
  // a weapon's own name says more than the rules' "weapon 2", so it goes before their term
  const weapon = /^(\w+):(\d+)$/.exec(choice)
  const name = weapon?.[2] ? words.weaponOf(Number(weapon[2])) : undefined
  if (weapon?.[1] && name) return `${words.code('action', weapon[1])}: ${name}`
  const term = words.code('decision', `${key}.${choice}`)
  if (term !== `${key}.${choice}`) return term
  if (choice === 'pass') return words.pass
  if (weapon?.[1]) return words.code('action', weapon[1])
  const kind = words.code('action', choice)
  return kind !== choice ? kind : choice
}
