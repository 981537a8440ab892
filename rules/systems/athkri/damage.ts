import { constant, convolve, die, mapDist, repeatSum, type Dist } from '../../core/distribution'
import type { DiceRoller, RollTag } from '../../core/rng'
import type { AthkriSettings } from './settings'
import type { AthkriStats } from './stats'

// athkri.md §5.4 [GAP] A5: damage = the weapon's expression − armor reduction, then elements (last).

/** A parsed damage expression NdS+K. */
export interface DamageExpr {
  count: number
  sides: number
  bonus: number
}

/** Parses "1d8+2", "2d6-1" or "3". */
export function parseDamage(expr: string): DamageExpr {
  const m = /^(?:(\d+)d(\d+))?([+-]?\d+)?$/.exec(expr.trim())
  if (!m || (!m[1] && !m[3])) throw new Error(`not a damage expression: ${expr}`)
  return { count: Number(m[1] ?? 0), sides: Number(m[2] ?? 0), bonus: Number(m[3] ?? 0) }
}

/** Rolls an expression: the dice faces and the total (`tag`: what the dice are for, and whose). */
export function rollDamage(
  dice: DiceRoller,
  expr: DamageExpr,
  tag?: RollTag
): { faces: number[]; total: number } {
  const faces = Array.from({ length: expr.count }, () => dice.roll(expr.sides, tag))
  return { faces, total: faces.reduce((a, b) => a + b, 0) + expr.bonus }
}

/** The exact law of an expression. */
export function damageExprDist(expr: DamageExpr): Dist {
  const dice = expr.count > 0 ? repeatSum(die(expr.sides), expr.count) : constant(0)
  return convolve(dice, constant(expr.bonus))
}

/** How a figure takes an element (athkri.md §5.4 [TEXT L92]). */
export type ElementResponse = 'weak' | 'resistant' | 'normal'

/** An element id after the GM's merges (G-9). */
export function canonicalElement(settings: AthkriSettings, element: string): string {
  return settings.elementAliases[element] ?? element
}

/** athkri.md §5.4: weak, resistant, or neither ([REC] both cancel out; G-9 only listed elements count). */
export function elementResponse(
  settings: AthkriSettings,
  element: string | undefined,
  stats: Pick<AthkriStats, 'weaknesses' | 'resistances'>
): ElementResponse {
  if (element === undefined) return 'normal'
  const e = canonicalElement(settings, element)
  // G-9: an element the GM took off the list is plain damage.
  if (!settings.elements.some((x) => canonicalElement(settings, x) === e)) return 'normal'
  const weak = stats.weaknesses.some((w) => canonicalElement(settings, w) === e)
  const resistant = stats.resistances.some((r) => canonicalElement(settings, r) === e)
  if (weak && resistant) return settings.weakResistCancel ? 'normal' : 'weak'
  return weak ? 'weak' : resistant ? 'resistant' : 'normal'
}

/** athkri.md §5.4 step 2 [TEXT L92]: weak → × 2, resistant → half rounded down. */
export function applyElement(amount: number, response: ElementResponse): number {
  if (response === 'weak') return amount * 2
  if (response === 'resistant') return Math.floor(amount / 2)
  return amount
}

/** athkri.md §5.4: the damage dealt for a rolled amount (bonus added, armor subtracted, element last). */
export function finalDamage(
  rolled: number,
  bonus: number,
  reduction: number,
  response: ElementResponse
): number {
  return applyElement(Math.max(0, rolled + bonus - reduction), response)
}

/** The exact law of the damage dealt by a hit. */
export function finalDamageDist(
  expr: DamageExpr,
  bonus: number,
  reduction: number,
  response: ElementResponse
): Dist {
  return mapDist(damageExprDist(expr), (v) => finalDamage(v, bonus, reduction, response))
}
