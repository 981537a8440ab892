import { describe, expect, it } from 'vitest'
import { bradleyTerryElo, latencySummary, pairedDiff, percentile, signTest, wilson, Z95 } from './stats'

describe('wilson', () => {
  it('matches the textbook interval for 7 of 10, computed here by the closed form', () => {
    const n = 10
    const p = 0.7
    const z = Z95
    // (2np + z² ± z·√(z² + 4np(1−p))) / (2(n + z²)): the same interval written another way.
    const lo = (2 * n * p + z * z - z * Math.sqrt(z * z + 4 * n * p * (1 - p))) / (2 * (n + z * z))
    const hi = (2 * n * p + z * z + z * Math.sqrt(z * z + 4 * n * p * (1 - p))) / (2 * (n + z * z))
    const [a, b] = wilson(7, 10)
    expect(a).toBeCloseTo(lo, 4)
    expect(b).toBeCloseTo(hi, 4)
    // Published value for 7/10 at 95%: 0.3968 – 0.8922.
    expect(a).toBeCloseTo(0.3968, 4)
    expect(b).toBeCloseTo(0.8922, 4)
  })
  it('stays inside [0, 1] at the edges and is the whole range with no games', () => {
    expect(wilson(0, 5)[0]).toBe(0)
    expect(wilson(5, 5)[1]).toBe(1)
    expect(wilson(0, 0)).toEqual([0, 1])
  })
})

describe('signTest', () => {
  it('is the two-sided binomial tail: 9 against 1 gives 2·11/1024', () => {
    expect(signTest(9, 1)).toBeCloseTo((2 * (1 + 10)) / 1024, 12)
    expect(signTest(1, 9)).toBeCloseTo((2 * 11) / 1024, 12)
  })
  it('is 1 with no discordant pair or an even split', () => {
    expect(signTest(0, 0)).toBe(1)
    expect(signTest(5, 5)).toBe(1)
  })
})

describe('pairedDiff', () => {
  it('counts discordant pairs and gives the mean difference', () => {
    const d = pairedDiff([1, 1, 0, 0.5, 1], [0, 1, 1, 0.5, 0])
    expect(d.n).toBe(5)
    expect(d.mean).toBeCloseTo(1 / 5, 12)
    expect(d.aBetter).toBe(2)
    expect(d.bBetter).toBe(1)
    expect(d.ci[0]).toBeLessThanOrEqual(d.mean)
    expect(d.ci[1]).toBeGreaterThanOrEqual(d.mean)
  })
  it('is reproducible for a seed and collapses to the mean when every difference is equal', () => {
    const a = [1, 0, 1, 1, 0, 1, 0, 1]
    const b = [0, 0, 1, 0, 1, 0, 0, 0]
    expect(pairedDiff(a, b, 7)).toEqual(pairedDiff(a, b, 7))
    expect(pairedDiff([1, 1, 1], [0, 0, 0]).ci).toEqual([1, 1])
  })
  it('refuses lists of different lengths', () => {
    expect(() => pairedDiff([1], [1, 0])).toThrow()
  })
})

describe('percentile', () => {
  it('interpolates between ranks (type 7)', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBeCloseTo(2.5, 12)
    // h = 3·0.95 = 2.85: 3 + 0.85·(4 − 3)
    expect(percentile([1, 2, 3, 4], 95)).toBeCloseTo(3.85, 12)
    expect(percentile([5], 99)).toBe(5)
    expect(percentile([], 50)).toBeNaN()
  })
  it('summarizes latency with max', () => {
    const s = latencySummary([1, 2, 3, 4])
    expect(s).toMatchObject({ n: 4, p50: 2.5, max: 4 })
  })
})

describe('bradleyTerryElo', () => {
  const duels = (a: number, b: number, ties = 0) => [
    ...Array.from({ length: a }, () => ({ a: 'A', b: 'B', score: 1 })),
    ...Array.from({ length: b }, () => ({ a: 'A', b: 'B', score: 0 })),
    ...Array.from({ length: ties }, () => ({ a: 'A', b: 'B', score: 0.5 }))
  ]
  it('for two players is 400·log10 of the win ratio', () => {
    const elo = bradleyTerryElo(duels(7, 3), { anchor: 'B' })
    expect(elo.B).toBe(0)
    expect(elo.A).toBeCloseTo(400 * Math.log10(7 / 3), 1)
  })
  it('counts ties as half wins and the prior as virtual draws', () => {
    expect(bradleyTerryElo(duels(6, 2, 2), { anchor: 'B' }).A).toBeCloseTo(400 * Math.log10(7 / 3), 1)
    expect(bradleyTerryElo(duels(7, 3), { anchor: 'B', prior: 1 }).A).toBeCloseTo(
      400 * Math.log10(7.5 / 3.5),
      1
    )
  })
  it('orders three players by strength and stays finite for an unbeaten one', () => {
    const d = [
      ...duels(8, 2),
      ...Array.from({ length: 10 }, (_, i) => ({ a: 'B', b: 'C', score: i < 7 ? 1 : 0 })),
      ...Array.from({ length: 5 }, () => ({ a: 'A', b: 'C', score: 1 }))
    ]
    const elo = bradleyTerryElo(d, { prior: 1 })
    expect(elo.A!).toBeGreaterThan(elo.B!)
    expect(elo.B!).toBeGreaterThan(elo.C!)
    expect(Number.isFinite(elo.A)).toBe(true)
  })
})
