import { describe, expect, it } from 'vitest'
import { probability } from './distribution'
import { formatFraction } from './fraction'
import { forcedDice } from './rng'
import { judgeRollUnder, rollUnder, rollUnderDist } from './roll-under'

const natural = { sides: 10, autoSuccess: 1, autoFailure: 10 }
const plain = { sides: 10 }
const p = (t: number, rule: typeof plain) =>
  formatFraction(probability(rollUnderDist(t, rule), (v) => v === 1))

describe('roll-under d10', () => {
  it.each([
    [-2, '1/10', '0'],
    [0, '1/10', '0'],
    [1, '1/10', '1/10'],
    [5, '1/2', '1/2'],
    [9, '9/10', '9/10'],
    [10, '9/10', '1'],
    [12, '9/10', '1']
  ])('T = %i: natural rule %s, plain %s', (t, withNaturals, withoutNaturals) => {
    expect(p(t, natural)).toBe(withNaturals)
    expect(p(t, plain)).toBe(withoutNaturals)
  })

  it('flags a natural face only when it overrides the target', () => {
    expect(judgeRollUnder(1, -2, natural)).toEqual({ result: 1, success: true, natural: 'success' })
    expect(judgeRollUnder(1, 5, natural)).toEqual({ result: 1, success: true })
    expect(judgeRollUnder(10, 12, natural)).toEqual({ result: 10, success: false, natural: 'failure' })
    expect(judgeRollUnder(10, 5, natural)).toEqual({ result: 10, success: false })
    expect(judgeRollUnder(10, 12, plain)).toEqual({ result: 10, success: true })
    expect(judgeRollUnder(7, 7, natural)).toEqual({ result: 7, success: true })
    expect(judgeRollUnder(8, 7, natural)).toEqual({ result: 8, success: false })
  })

  it('rolls through the dice it is given', () => {
    const dice = forcedDice([3, 9])
    expect(rollUnder(dice, 4, natural).success).toBe(true)
    expect(rollUnder(dice, 4, natural).success).toBe(false)
  })
})
