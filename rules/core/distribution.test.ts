import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bernoulli,
  constant,
  convolve,
  die,
  expectation,
  mapDist,
  mix,
  probability,
  repeatSum,
  type Dist
} from './distribution'
import { add, eq, formatFraction, frac, ONE, ZERO } from './fraction'

function total(x: Dist) {
  let s = ZERO
  for (const p of x.values()) s = add(s, p)
  return s
}

/** Brute-force enumeration of n dice of `sides` faces, summed (design.md G7 cross-check). */
function enumerateSum(n: number, sides: number): Map<number, number> {
  const counts = new Map<number, number>()
  const walk = (left: number, acc: number) => {
    if (left === 0) return void counts.set(acc, (counts.get(acc) ?? 0) + 1)
    for (let f = 1; f <= sides; f++) walk(left - 1, acc + f)
  }
  walk(n, 0)
  return counts
}

describe('dice algebra', () => {
  it('a d10 is ten tenths', () => {
    const d10 = die(10)
    expect(d10.size).toBe(10)
    expect(formatFraction(d10.get(7)!)).toBe('1/10')
    expect(eq(total(d10), ONE)).toBe(true)
  })

  it('sums of dice equal brute-force enumeration exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 8 }), (n, sides) => {
        const dist = repeatSum(die(sides), n)
        const counts = enumerateSum(n, sides)
        const outcomes = sides ** n
        expect(dist.size).toBe(counts.size)
        for (const [v, c] of counts) expect(eq(dist.get(v)!, frac(c, outcomes))).toBe(true)
      }),
      { numRuns: 40 }
    )
  })

  it('binomial counts from repeated bernoulli trials (minecraft.md §10 example 3)', () => {
    const wounds = repeatSum(bernoulli(frac(14, 25)), 3)
    expect(formatFraction(probability(wounds, (k) => k >= 2))).toBe('9212/15625')
    expect(formatFraction(expectation(wounds))).toBe('42/25')
  })

  it('mix weights two branches', () => {
    const m = mix(frac(1, 4), constant(2), constant(0))
    expect(formatFraction(m.get(2)!)).toBe('1/4')
    expect(formatFraction(m.get(0)!)).toBe('3/4')
  })

  it('mapDist merges equal images', () => {
    const parity = mapDist(die(6), (v) => v % 2)
    expect(formatFraction(parity.get(0)!)).toBe('1/2')
    expect(eq(total(convolve(die(4), die(6))), ONE)).toBe(true)
  })

  it('bernoulli of certainty has one outcome', () => {
    expect([...bernoulli(ONE).keys()]).toEqual([1])
    expect([...bernoulli(ZERO).keys()]).toEqual([0])
  })
})
