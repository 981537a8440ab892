import { describe, expect, it } from 'vitest'
import { frac } from '../../core/fraction'
import { finishTotal, MAX_TOTAL_DICE } from './totals'

describe('§4.2 step 2 totals (A1/A2) and the dice guard', () => {
  it.each([
    ['floors once at the end', [7], [frac(3, 2)], 'floorOnce', 10],
    ['floors once over two factors', [5], [frac(3, 2), frac(3, 2)], 'floorOnce', 11],
    ['floors after each factor', [5], [frac(3, 2), frac(3, 2)], 'floorEachFactor', 10],
    ['never negative', [-3], [], 'floorOnce', 0],
    ['an imported giant throws at most the guard', [10000], [frac(20)], 'floorOnce', MAX_TOTAL_DICE],
    ['the guard itself passes unchanged', [MAX_TOTAL_DICE], [], 'floorOnce', MAX_TOTAL_DICE]
  ] as const)('%s', (_label, values, factors, rounding, expected) => {
    const terms = values.map((value, i) => ({ key: `t${i}`, value }))
    const total = finishTotal(
      terms,
      factors.map((factor, i) => ({ key: `f${i}`, factor })),
      rounding
    )
    expect(total.value).toBe(expected)
  })
})
