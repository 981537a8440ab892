import { describe, expect, it } from 'vitest'
import { expectation, probability } from '../../core/distribution'
import { formatFraction } from '../../core/fraction'
import { damageDist, formatDamage, parseDamage } from './dice-expr'

// pathfinder1e.md §9: damage expressions NdS, NdS+K, NdS-K or a constant.

describe('parseDamage', () => {
  it.each([
    ['1d8', { count: 1, sides: 8, bonus: 0 }],
    ['2d6+4', { count: 2, sides: 6, bonus: 4 }],
    ['1d4-1', { count: 1, sides: 4, bonus: -1 }],
    ['3', { count: 0, sides: 0, bonus: 3 }]
  ])('%s', (expr, parsed) => {
    expect(parseDamage(expr)).toEqual(parsed)
    expect(formatDamage(parsed)).toBe(expr)
  })

  it('refuses anything else', () => {
    expect(() => parseDamage('d6')).toThrow(/not a damage expression/)
    expect(() => parseDamage('1d6x2')).toThrow(/not a damage expression/)
  })
})

describe('damageDist', () => {
  it('1d8+3 averages 15/2 (§10 example 3)', () => {
    expect(formatFraction(expectation(damageDist(1, 8, 3)))).toBe('15/2')
  })

  it('2d6 rolls a 7 one time in six', () => {
    expect(formatFraction(probability(damageDist(2, 6, 0), (v) => v === 7))).toBe('1/6')
  })

  it('a constant has no dice', () => {
    expect([...damageDist(0, 0, 3)]).toEqual([[3, { n: 1n, d: 1n }]])
  })

  it('a penalty can take the total below 1 (§4.4 minimum is applied later)', () => {
    expect(formatFraction(probability(damageDist(1, 4, -3), (v) => v < 1))).toBe('3/4')
  })
})
