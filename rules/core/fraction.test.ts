import { describe, expect, it } from 'vitest'
import { add, complement, eq, frac, formatFraction, mul, sub, toNumber } from './fraction'

describe('fraction', () => {
  it.each([
    [frac(2, 4), '1/2'],
    [frac(-3, -9), '1/3'],
    [frac(6, 3), '2'],
    [add(frac(1, 3), frac(1, 6)), '1/2'],
    [sub(frac(1), frac(7, 10)), '3/10'],
    [mul(frac(4, 5), frac(7, 10)), '14/25'],
    [complement(frac(2, 5)), '3/5']
  ])('%o reads %s', (f, text) => {
    expect(formatFraction(f)).toBe(text)
  })

  it('compares by value, not by how it was written', () => {
    expect(eq(frac(10, 20), frac(1, 2))).toBe(true)
    expect(eq(frac(1, 3), frac(1, 2))).toBe(false)
  })

  it('refuses a zero denominator', () => {
    expect(() => frac(1, 0)).toThrow(RangeError)
  })

  it('stays exact where floats would drift', () => {
    let sum = frac(0)
    for (let i = 0; i < 10; i++) sum = add(sum, frac(1, 10))
    expect(formatFraction(sum)).toBe('1')
    expect(toNumber(frac(1, 4))).toBe(0.25)
  })
})
