import { describe, expect, it } from 'vitest'
import { lifeRatio, lifeText, signed } from './life'

describe('life bar and label', () => {
  it('fills the bar between 0 and the maximum, clamped at both ends', () => {
    expect(lifeRatio(6, 12)).toBe(0.5)
    expect(lifeRatio(0, 12)).toBe(0)
    expect(lifeRatio(-3, 12)).toBe(0)
    expect(lifeRatio(15, 12)).toBe(1)
    expect(lifeRatio(3, 0)).toBe(0)
  })

  it('prints negative life as it is, with a true minus sign', () => {
    expect(lifeText(5, 12)).toBe('5/12')
    expect(lifeText(0, 12)).toBe('0/12')
    expect(lifeText(-3, 12)).toBe('\u22123/12')
    expect(signed(-10)).toBe('\u221210')
  })
})
