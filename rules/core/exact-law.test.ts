import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { combineIndependent, successDist } from './dice-pool'
import { constant, mix, type Dist } from './distribution'
import {
  binomialSumLaw,
  constantLaw,
  denominator,
  denominatorLcm,
  denominatorPower,
  denominatorTimes,
  jointLaw,
  lawToDist,
  mapLaw,
  massesToDist,
  massWhere,
  mixMasses,
  reduceMass,
  type ScaledBinomial
} from './exact-law'
import { formatFraction, frac } from './fraction'

// Exact laws over a shared denominator against the Map-of-fractions algebra (distribution.ts,
// dice-pool.ts): the same fractions, in the same order.

const law = (d: Dist): string => [...d].map(([v, p]) => `${v}:${formatFraction(p)}`).join(' ')

// Chances from d2, d3, d6, a d1009 (a prime above the small primes: the `rest` path), never and always.
const chances = [frac(1, 2), frac(1, 3), frac(1, 6), frac(5, 6), frac(2, 3), frac(3, 1009), frac(0), frac(1)]
const term = fc.record({
  dice: fc.integer({ min: 0, max: 7 }),
  p: fc.constantFrom(...chances),
  scale: fc.integer({ min: -4, max: 4 }).filter((k) => k !== 0)
})

/** The law of Σ scale · Bin(dice, p) by the old algebra: one pair-by-pair convolution per term. */
function convolved(terms: readonly ScaledBinomial[]): Dist {
  let acc: Dist = constant(0)
  for (const t of terms) acc = combineIndependent(acc, successDist(t.dice, t.p), (a, b) => a + t.scale * b)
  return acc
}

describe('binomialSumLaw', () => {
  it('equals the convolution of its terms', () => {
    fc.assert(
      fc.property(fc.array(term, { maxLength: 4 }), (terms) => {
        expect(law(lawToDist(binomialSumLaw(terms)))).toBe(law(convolved(terms)))
      }),
      { numRuns: 300 }
    )
  })

  it('equals the convolution when the recurrence needs bigint factors (dice of a million sides)', () => {
    const huge = frac(7, 1000003)
    const terms = [
      { dice: 3, p: huge, scale: 1 },
      { dice: 2, p: frac(999, 1000003), scale: -2 },
      { dice: 4, p: frac(1, 1000033), scale: 3 },
      { dice: 2, p: frac(1, 2), scale: 1 }
    ]
    expect(law(lawToDist(binomialSumLaw(terms)))).toBe(law(convolved(terms)))
  })

  it.each<[string, ScaledBinomial[], string]>([
    ['no terms', [], '0:1'],
    ['2 skull dice', [{ dice: 2, p: frac(1, 2), scale: 1 }], '0:1/4 1:1/2 2:1/4'],
    ['2 dice ×10', [{ dice: 2, p: frac(1, 2), scale: 10 }], '0:1/4 10:1/2 20:1/4'],
    ['minus 1 black shield', [{ dice: 1, p: frac(1, 6), scale: -1 }], '-1:1/6 0:5/6'],
    ['always counted', [{ dice: 3, p: frac(1), scale: -2 }], '-6:1']
  ])('%s', (_, terms, expected) => {
    expect(law(lawToDist(binomialSumLaw(terms)))).toBe(expected)
  })

  it('refuses what is not a pool', () => {
    expect(() => binomialSumLaw([{ dice: -1, p: frac(1, 2), scale: 1 }])).toThrow(RangeError)
    expect(() => binomialSumLaw([{ dice: 1, p: frac(1, 2), scale: 0 }])).toThrow(RangeError)
    expect(() => binomialSumLaw([{ dice: 1, p: frac(3, 2), scale: 1 }])).toThrow(RangeError)
  })

  it('1,000 skull dice minus 1,000 black shields: total 1, mean 1000/3, variance 250 + 1250/9, exactly', () => {
    const x = binomialSumLaw([
      { dice: 1000, p: frac(1, 2), scale: 1 },
      { dice: 1000, p: frac(1, 6), scale: -1 }
    ])
    expect(x.den.value).toBe(2n ** 1000n * 6n ** 1000n)
    expect([x.offset, x.num.length]).toEqual([-1000, 2001])
    const moment = (f: (v: number) => bigint) => x.num.reduce((s, n, i) => s + f(x.offset + i) * n, 0n)
    expect(moment(() => 1n)).toBe(x.den.value)
    expect(moment((v) => 3n * BigInt(v))).toBe(1000n * x.den.value)
    // Σ (3v − 1000)² P(v) = 9 Var.
    expect(moment((v) => (3n * BigInt(v) - 1000n) ** 2n)).toBe(3500n * x.den.value)
    expect(x.num.every((n) => n > 0n)).toBe(true)
    // The extremes: all skulls and no black shield; no skull and every die a black shield.
    expect(reduceMass(x.num[2000]!, x.den)).toEqual({ n: 5n ** 1000n, d: 12n ** 1000n })
    expect(reduceMass(x.num[0]!, x.den)).toEqual({ n: 1n, d: 12n ** 1000n })
  })
})

describe('reduceMass', () => {
  const sides = fc.array(fc.integer({ min: 1, max: 1200 }), { minLength: 1, maxLength: 5 })
  it('is frac: lowest terms, whatever divides the numerator', () => {
    fc.assert(
      fc.property(sides, fc.bigInt({ min: 0n, max: 1n << 80n }), fc.nat({ max: 60 }), (ds, seed, shift) => {
        const den = ds.reduce(
          (acc, d) => denominatorTimes(acc, denominatorPower(denominator(d), 3)),
          denominator(1)
        )
        const num = (seed << BigInt(shift)) % (den.value + 1n)
        expect(reduceMass(num, den)).toEqual(frac(num, den.value))
      }),
      { numRuns: 500 }
    )
  })

  it('factors denominators: small primes, and what is left', () => {
    const d = denominator(2n ** 70n * 3n * 1009n)
    expect([...d.primes]).toEqual([
      [2n, 70],
      [3n, 1]
    ])
    expect(d.rest).toBe(1009n)
    expect(reduceMass(2n ** 69n * 1009n, d)).toEqual({ n: 1n, d: 6n })
    expect(denominatorLcm(denominator(12), denominator(18)).value).toBe(36n)
    expect(() => reduceMass(-1n, d)).toThrow(RangeError)
  })
})

describe('masses', () => {
  const small = binomialSumLaw([
    { dice: 3, p: frac(1, 2), scale: 1 },
    { dice: 2, p: frac(1, 3), scale: -1 }
  ])
  const check = binomialSumLaw([{ dice: 2, p: frac(1, 2), scale: 1 }])

  it('map, joint and mix give the same laws, in the same order, as distribution.ts', () => {
    const clamp = (v: number) => Math.min(2, Math.max(0, v))
    expect(law(massesToDist(mapLaw(small, clamp)))).toBe(
      law(combineIndependent(lawToDist(small), constant(0), clamp))
    )
    const f = (a: number, b: number) => a * 3 - b
    expect(law(massesToDist(jointLaw(small, check, f)))).toBe(
      law(combineIndependent(lawToDist(small), lawToDist(check), f))
    )
    for (const p of [frac(0), frac(1, 4), frac(1)]) {
      const mixed = new Map([...mix(p, lawToDist(check), lawToDist(small))].filter(([, q]) => q.n !== 0n))
      expect(
        law(
          massesToDist(
            mixMasses(
              p,
              mapLaw(check, (v) => v),
              mapLaw(small, (v) => v)
            )
          )
        )
      ).toBe(law(mixed))
    }
  })

  it('massWhere is the reduced sum', () => {
    const m = mapLaw(small, (v) => v)
    expect(formatFraction(massWhere(m, (v) => v >= 1))).toBe('5/8')
    expect(formatFraction(massWhere(m, () => true))).toBe('1')
    expect(formatFraction(massWhere(m, () => false))).toBe('0')
    expect(law(lawToDist(constantLaw(-3)))).toBe('-3:1')
  })
})
