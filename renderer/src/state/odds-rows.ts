import type { Dist } from '../../../rules/core/distribution'
import { add, toNumber, type Fraction } from '../../../rules/core/fraction'

/** Most rows the odds panel lists; a longer tail folds into the last row ("6+"). */
export const MAX_LOSS_ROWS = 7

/** One row of the life-loss distribution: how much Life (`6+` for the folded tail) and its probability. */
export interface LossRow {
  value: string
  p: Fraction
}

/**
 * The distribution of the Life a target loses as rows, smallest first, leaving out what cannot happen; a
 * distribution wider than `MAX_LOSS_ROWS` folds its tail into one "n+" row so the panel stays short.
 */
export function lifeLossRows(damage: Dist): LossRow[] {
  const rows = [...damage].filter(([, p]) => toNumber(p) > 0).sort(([a], [b]) => a - b)
  if (rows.length <= MAX_LOSS_ROWS) return rows.map(([v, p]) => ({ value: String(v), p }))
  const head = rows.slice(0, MAX_LOSS_ROWS - 1)
  const tail = rows.slice(MAX_LOSS_ROWS - 1)
  const first = tail[0]?.[0] ?? 0
  const p = tail.map(([, q]) => q).reduce((a, b) => add(a, b))
  return [...head.map(([v, q]) => ({ value: String(v), p: q })), { value: `${first}+`, p }]
}
