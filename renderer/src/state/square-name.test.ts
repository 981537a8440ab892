import { describe, expect, it } from 'vitest'
import { squareName } from './square-name'

describe('squareName', () => {
  it.each([
    [{ x: 0, y: 0 }, 'A1'],
    [{ x: 3, y: 5 }, 'D6'],
    [{ x: 15, y: 11 }, 'P12'],
    [{ x: 25, y: 0 }, 'Z1'],
    [{ x: 26, y: 9 }, 'AA10'],
    [{ x: 52, y: 0 }, 'BA1']
  ])('%j is %s, as the map labels it', (cell, name) => {
    expect(squareName(cell)).toBe(name)
  })
})
