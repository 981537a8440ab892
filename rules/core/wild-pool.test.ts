import { describe, expect, it } from 'vitest'
import { add, formatFraction, frac, ZERO, type Fraction } from './fraction'
import { forcedDice } from './rng'
import {
  faceSuccessChance,
  meetsTarget,
  readWildPool,
  rollWildPool,
  wildPoolLaw,
  type TargetFaceRule
} from './wild-pool'

const naturals: TargetFaceRule = { sides: 10, autoSuccess: 10, autoFailure: 1 }
const plain: TargetFaceRule = { sides: 6 }

// Every ordered throw of n dice, for brute-force checks of the closed forms.
function* throws(n: number, sides: number): Generator<number[]> {
  if (n === 0) {
    yield []
    return
  }
  for (const rest of throws(n - 1, sides)) for (let f = 1; f <= sides; f++) yield [f, ...rest]
}

const key = (wild: number | null, others: number) => `${wild}:${others}`

function lawText(cells: ReturnType<typeof wildPoolLaw>): Map<string, string> {
  return new Map(cells.map((c) => [key(c.wild, c.others), formatFraction(c.p)]))
}

function bruteLaw(n: number, target: number, rule: TargetFaceRule): Map<string, string> {
  const m = new Map<string, Fraction>()
  const each = frac(1, rule.sides ** n)
  for (const faces of throws(n, rule.sides)) {
    const read = readWildPool(faces, target, rule)
    const k = key(read.wild, read.others)
    m.set(k, add(m.get(k) ?? ZERO, each))
  }
  return new Map([...m].map(([k, p]) => [k, formatFraction(p)]))
}

describe('target-number dice with natural faces', () => {
  it.each([
    [0, '9/10'],
    [2, '9/10'],
    [3, '4/5'],
    [7, '2/5'],
    [10, '1/10'],
    [14, '1/10']
  ])('d10 with 10 always and 1 never: target %i → %s', (t, p) => {
    expect(formatFraction(faceSuccessChance(t, naturals))).toBe(p)
  })

  it('without natural faces the target alone decides', () => {
    expect(formatFraction(faceSuccessChance(0, plain))).toBe('1')
    expect(formatFraction(faceSuccessChance(7, plain))).toBe('0')
    expect(meetsTarget(1, 0, plain)).toBe(true)
    expect(meetsTarget(1, 0, naturals)).toBe(false)
    expect(meetsTarget(10, 99, naturals)).toBe(true)
  })
})

describe('wild pool law', () => {
  it.each([
    [1, 7, naturals],
    [2, 5, naturals],
    [3, 7, naturals],
    [3, 11, naturals],
    [4, 0, naturals],
    [3, 4, plain],
    [4, 6, plain]
  ] as const)('%i dice vs %i agrees with enumerating every throw', (n, t, rule) => {
    expect(lawText(wildPoolLaw(n, t, rule))).toEqual(bruteLaw(n, t, rule))
  })

  it('sums to 1 and totals count the wild die', () => {
    const cells = wildPoolLaw(5, 6, naturals)
    expect(formatFraction(cells.reduce((acc, c) => add(acc, c.p), ZERO))).toBe('1')
    for (const c of cells) expect(c.total - c.others).toBe(c.wild !== null && c.wild >= 6 ? 1 : 0)
  })

  it('an empty pool has no wild die and no successes', () => {
    expect(wildPoolLaw(0, 7, naturals)).toEqual([{ wild: null, others: 0, total: 0, p: frac(1) }])
    expect(() => wildPoolLaw(-1, 7, naturals)).toThrow()
  })
})

describe('rolling a wild pool', () => {
  it('rolls the wild die first and reads every face', () => {
    expect(rollWildPool(forcedDice([10, 1, 7, 6]), 4, 7, naturals)).toEqual({
      faces: [10, 1, 7, 6],
      wild: 10,
      others: 1,
      total: 2
    })
  })

  it('rolls nothing for an empty pool', () => {
    expect(rollWildPool(forcedDice([]), 0, 7, naturals)).toEqual({
      faces: [],
      wild: null,
      others: 0,
      total: 0
    })
  })
})
