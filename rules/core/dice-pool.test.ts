import { describe, expect, it } from 'vitest'
import { convolve, expectation, mapDist, probability, repeatSum, bernoulli } from './distribution'
import {
  combineIndependent,
  customDie,
  faceChance,
  labelOf,
  multipliedSuccessDist,
  positiveDifference,
  rollPool,
  successDist,
  variance
} from './dice-pool'
import { formatFraction, frac, type Fraction } from './fraction'
import { forcedDice } from './rng'

const f = (p: Fraction) => formatFraction(p)
const asText = (d: ReadonlyMap<number, Fraction>) =>
  [...d].sort((a, b) => a[0] - b[0]).map(([v, p]) => `${v}:${f(p)}`)

describe('custom dice pools', () => {
  const die = customDie([
    ['skull', 3],
    ['white', 2],
    ['black', 1]
  ] as const)

  it('labels faces in order and gives face chances', () => {
    expect([1, 3, 4, 5, 6].map((face) => labelOf(die, face))).toEqual([
      'skull',
      'skull',
      'white',
      'white',
      'black'
    ])
    expect(f(faceChance(die, ['skull']))).toBe('1/2')
    expect(f(faceChance(die, ['white', 'black']))).toBe('1/2')
    expect(() => labelOf(die, 7)).toThrow()
  })

  it('successDist agrees with repeated convolution of a Bernoulli', () => {
    const p = frac(1, 3)
    expect(asText(successDist(7, p))).toEqual(asText(repeatSum(bernoulli(p), 7)))
    expect(asText(successDist(0, p))).toEqual(['0:1'])
  })

  it('multiplier: floor(n/k) dice ×k plus n mod k at ×1 keeps the mean', () => {
    const p = frac(1, 2)
    const d = multipliedSuccessDist(23, 10, p)
    const byHand = convolve(
      mapDist(successDist(2, p), (v) => v * 10),
      successDist(3, p)
    )
    expect(asText(d)).toEqual(asText(byHand))
    expect(f(expectation(d))).toBe('23/2')
    expect(asText(multipliedSuccessDist(5, 1, p))).toEqual(asText(successDist(5, p)))
  })

  it('positiveDifference and combineIndependent are exact', () => {
    const s = successDist(2, frac(1, 2))
    const b = successDist(1, frac(1, 3))
    // P(0) = P(S=0) + P(S=1)·P(B=1) = 1/4 + 1/2·1/3.
    expect(asText(positiveDifference(s, b))).toEqual(['0:5/12', '1:5/12', '2:1/6'])
    expect(asText(combineIndependent(s, b, (x, y) => x * 10 + y))).toHaveLength(6)
    expect(
      f(
        probability(
          combineIndependent(s, b, (x, y) => x + y),
          (v) => v === 3
        )
      )
    ).toBe('1/12')
  })

  it('variance is exact', () => {
    expect(f(variance(successDist(6, frac(1, 2))))).toBe('3/2')
    expect(f(variance(multipliedSuccessDist(40, 10, frac(1, 2))))).toBe('100')
  })

  it('rollPool reads faces from the roller, in order', () => {
    expect(rollPool(forcedDice([6, 1, 4]), die, 3)).toEqual([6, 1, 4])
  })
})
