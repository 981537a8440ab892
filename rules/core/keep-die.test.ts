import { describe, expect, it } from 'vitest'
import { expectation, probability, type Dist } from './distribution'
import { add, formatFraction, frac, mul, ZERO, type Fraction } from './fraction'
import {
  atLeast,
  atLeastByFace,
  fumbleChance,
  keptFace,
  keptFaceDist,
  keptTotalDist,
  opposed,
  rollKept,
  type KeepLevel,
  type KeptDieRule
} from './keep-die'
import { forcedDice } from './rng'

const f = formatFraction
const rule = (level: KeepLevel, over: Partial<KeptDieRule> = {}): KeptDieRule => ({
  count: 3,
  sides: 10,
  level,
  explode: true,
  cap: null,
  fumble: true,
  ...over
})

// Every throw of `count` d`sides`, counted by kept face: the brute force the closed forms must match.
function bruteFaces(level: KeepLevel, count: number, sides: number): Map<number, number> {
  const counts = new Map<number, number>()
  const faces = new Array<number>(count).fill(1)
  for (;;) {
    const k = keptFace(faces, level)
    counts.set(k, (counts.get(k) ?? 0) + 1)
    let i = 0
    while (i < count && faces[i] === sides) faces[i++] = 1
    if (i === count) return counts
    faces[i] = (faces[i] ?? 0) + 1
  }
}

// Enumerates every sequence of 3d10 throws with explosions up to `cap`: exact totals, by brute force.
function bruteTotals(level: KeepLevel, cap: number): Dist {
  const perThrow = bruteFaces(level, 3, 10)
  const m = new Map<number, Fraction>()
  const walk = (depth: number, offset: number, p: Fraction): void => {
    for (const [face, n] of perThrow) {
      const q = mul(p, frac(n, 1000))
      if (face === 10 && depth < cap) walk(depth + 1, offset + face, q)
      else m.set(offset + face, add(m.get(offset + face) ?? ZERO, q))
    }
  }
  walk(0, 0, frac(1))
  return m
}

describe('keptFace', () => {
  it.each([
    [[3, 9, 5], 'low', 3],
    [[3, 9, 5], 'mid', 5],
    [[3, 9, 5], 'high', 9],
    [[7, 7, 2], 'mid', 7],
    [[1, 10, 10], 'low', 1]
  ] as const)('%j keeps the %s die → %i', (faces, level, kept) => {
    expect(keptFace(faces, level)).toBe(kept)
  })
})

describe('keptFaceDist (closed form) against brute-force enumeration', () => {
  it.each([
    ['low', 3, 10],
    ['mid', 3, 10],
    ['high', 3, 10],
    ['mid', 4, 6],
    ['high', 2, 8],
    ['low', 5, 4]
  ] as const)('%s of %id%i', (level, count, sides) => {
    const brute = bruteFaces(level, count, sides)
    const total = sides ** count
    const dist = keptFaceDist(level, count, sides)
    for (let v = 1; v <= sides; v++) expect(f(dist.get(v) ?? ZERO)).toBe(f(frac(brute.get(v) ?? 0, total)))
  })

  it('the middle die of 3d10 (athkri.md §11 example 1) has mean 11/2; low and high are mirror images', () => {
    const mid = keptFaceDist('mid')
    expect([...mid.values()].map(f)).toEqual([
      '7/250',
      '19/250',
      '14/125',
      '17/125',
      '37/250',
      '37/250',
      '17/125',
      '14/125',
      '19/250',
      '7/250'
    ])
    expect(f(expectation(mid))).toBe('11/2')
    const low = keptFaceDist('low')
    const high = keptFaceDist('high')
    for (let v = 1; v <= 10; v++) expect(f(low.get(v) ?? ZERO)).toBe(f(high.get(11 - v) ?? ZERO))
  })
})

describe('explosions up to a cap against brute-force enumeration', () => {
  it.each([
    ['low', 2],
    ['mid', 2],
    ['high', 1],
    ['mid', 0]
  ] as const)('%s die, cap %i', (level, cap) => {
    const exact = keptTotalDist(rule(level, { cap }))
    const brute = bruteTotals(level, cap)
    expect([...exact.keys()].sort((a, b) => a - b)).toEqual([...brute.keys()].sort((a, b) => a - b))
    for (const [v, p] of brute) expect(f(exact.get(v) ?? ZERO)).toBe(f(p))
    expect(f([...exact.values()].reduce(add, ZERO))).toBe('1')
  })

  it('without explosion the total is the kept face', () => {
    const d = keptTotalDist(rule('mid', { explode: false }), 0)
    expect([...d].map(([v, p]) => `${v}:${f(p)}`)).toEqual(
      [...keptFaceDist('mid')].map(([v, p]) => `${v}:${f(p)}`)
    )
  })

  it('P(total ≥ t) matches the capped distribution for every threshold (fumble off)', () => {
    for (const level of ['low', 'mid', 'high'] as const) {
      const r = rule(level, { cap: 2, fumble: false })
      const d = keptTotalDist(r)
      for (let t = -2; t <= 33; t++) expect(f(atLeast(r, t))).toBe(f(probability(d, (v) => v >= t)))
    }
  })

  it('unlimited explosions: P(≥ 14) of the middle die is P(10) × P(middle ≥ 4) = 343/15625', () => {
    expect(f(atLeast(rule('mid'), 14))).toBe('343/15625')
    expect(f(atLeast(rule('mid', { explode: false }), 14))).toBe('0')
    // A truncated enumeration is a lower bound that converges to the closed form.
    const deep = keptTotalDist(rule('mid', { fumble: false }), 6)
    const gap =
      Number(atLeast(rule('mid', { fumble: false }), 14).n) /
        Number(atLeast(rule('mid', { fumble: false }), 14).d) -
      [...deep].filter(([v]) => v >= 14).reduce((a, [, p]) => a + Number(p.n) / Number(p.d), 0)
    expect(gap).toBeGreaterThanOrEqual(0)
    expect(gap).toBeLessThan(1e-9)
  })
})

describe('fumbles', () => {
  it('a kept 1 on the first throw fails even when any total would do', () => {
    const r = rule('mid')
    expect(f(fumbleChance(r))).toBe('7/250')
    expect(f(atLeast(r, -5))).toBe('243/250')
    expect(atLeastByFace(r, -5).get(1)).toEqual(ZERO)
    expect(f(atLeast(rule('mid', { fumble: false }), -5))).toBe('1')
  })
})

describe('opposed rolls', () => {
  it('athkri.md §11 example 10: 7 vs 6, middle dice, attacker wins ties: 1303879459/1951593750', () => {
    const opts = { defenderFumbleFails: true }
    expect(f(opposed(rule('mid'), rule('mid'), 1, opts))).toBe('1303879459/1951593750')
    expect(f(opposed(rule('mid', { fumble: false }), rule('mid', { fumble: false }), 1, opts))).toBe(
      '41906/62451'
    )
  })

  it('with caps, equals brute force over both capped totals (fumbles read as the rule says)', () => {
    for (const [la, ld, c] of [
      ['mid', 'mid', 0],
      ['mid', 'low', 3],
      ['high', 'mid', -4],
      ['low', 'high', 8]
    ] as const) {
      for (const fails of [true, false]) {
        const a = rule(la, { cap: 2 })
        const d = rule(ld, { cap: 2 })
        const da = keptTotalDist(a)
        const dd = keptTotalDist(d)
        // A total of 1 comes only from a first kept 1, i.e. a fumble.
        let p = ZERO
        for (const [x, px] of da) {
          for (const [y, py] of dd) {
            const wins = x !== 1 && ((y === 1 && fails) || x + c >= y)
            if (wins) p = add(p, mul(px, py))
          }
        }
        expect(f(opposed(a, d, c, { defenderFumbleFails: fails }))).toBe(f(p))
      }
    }
  })
})

describe('rollKept', () => {
  it('keeps the chosen die, explodes on a kept 10 and re-rolls at the same level', () => {
    const r = rollKept(forcedDice([10, 2, 10, 10, 10, 1, 9, 4, 5]), rule('mid'))
    expect(r.throws).toEqual([
      [10, 2, 10],
      [10, 10, 1],
      [9, 4, 5]
    ])
    expect(r.kept).toEqual([10, 10, 5])
    expect([r.total, r.first, r.explosions, r.fumble]).toEqual([25, 10, 2, false])
  })

  it('stops at the cap, flags a first kept 1 as a fumble (but not a later one)', () => {
    expect(rollKept(forcedDice([10, 10, 10, 10, 10, 10]), rule('high', { cap: 1 })).total).toBe(20)
    expect(rollKept(forcedDice([1, 1, 9]), rule('mid')).fumble).toBe(true)
    const later = rollKept(forcedDice([10, 10, 3, 1, 1, 2]), rule('mid'))
    expect([later.total, later.fumble]).toEqual([11, false])
    expect(rollKept(forcedDice([10, 10, 10]), rule('mid', { explode: false })).total).toBe(10)
  })
})
