import { constant, convolve, die, repeatSum, type Dist } from '../../core/distribution'

// Damage expressions of pathfinder1e.md §9 (`1d8`, `2d6+4`, `1d4-1`, `3`) and their exact distributions.

/** A parsed damage expression: `count` dice of `sides` faces plus `bonus` (count 0 = a constant). */
export interface DamageDice {
  count: number
  sides: number
  bonus: number
}

const expression = /^(?:(\d{1,2})d(\d{1,3})([+-]\d{1,3})?|(\d{1,3}))$/

/** Parses NdS, NdS+K, NdS-K or a constant K; throws on anything else (content is validated earlier). */
export function parseDamage(expr: string): DamageDice {
  const m = expression.exec(expr.replace(/\s+/g, ''))
  if (!m) throw new Error(`not a damage expression: ${expr}`)
  if (m[4] !== undefined) return { count: 0, sides: 0, bonus: Number(m[4]) }
  return { count: Number(m[1]), sides: Number(m[2]), bonus: m[3] === undefined ? 0 : Number(m[3]) }
}

/** The exact distribution of `count`d`sides` + `bonus` (no minimum applied: §4.4's minimum is the caller's). */
export function damageDist(count: number, sides: number, bonus: number): Dist {
  const dice = count > 0 && sides > 0 ? repeatSum(die(sides), count) : constant(0)
  return convolve(dice, constant(bonus))
}

/** `expr` written back (`2d6+4`), for logs and labels. */
export function formatDamage(d: DamageDice): string {
  if (d.count === 0 || d.sides === 0) return `${d.bonus}`
  const bonus = d.bonus === 0 ? '' : d.bonus > 0 ? `+${d.bonus}` : `${d.bonus}`
  return `${d.count}d${d.sides}${bonus}`
}
