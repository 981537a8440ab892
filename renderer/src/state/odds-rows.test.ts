import { describe, expect, it } from 'vitest'
import { frac, toNumber } from '../../../rules/core/fraction'
import { lifeLossRows, MAX_LOSS_ROWS } from './odds-rows'

describe('lifeLossRows', () => {
  it('lists what can happen, smallest first', () => {
    const rows = lifeLossRows(
      new Map([
        [2, frac(1, 4)],
        [0, frac(1, 2)],
        [1, frac(0)],
        [3, frac(1, 4)]
      ])
    )
    expect(rows.map((r) => r.value)).toEqual(['0', '2', '3'])
  })

  it('folds a long tail into one "n+" row that keeps its probability', () => {
    const dist = new Map(Array.from({ length: 10 }, (_, v) => [v, frac(1, 10)] as const))
    const rows = lifeLossRows(dist)
    expect(rows).toHaveLength(MAX_LOSS_ROWS)
    expect(rows.at(-1)?.value).toBe(`${MAX_LOSS_ROWS - 1}+`)
    expect(toNumber(rows.at(-1)!.p)).toBeCloseTo(0.4)
  })
})
