import { describe, expect, it } from 'vitest'
import { placeName, squareName } from './square-name'

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

describe('placeName', () => {
  const grid = { width: 10, height: 10, blocks: [] }
  const table = { ...grid, inches: { unitsPerInch: 10, pieces: [] } }

  it('names a square on a grid board', () => {
    expect(placeName(grid, { x: 3, y: 5 })).toBe('D6')
  })

  it.each([
    [{ x: 125, y: 40 }, '12.5″ 4″'],
    [{ x: 0, y: 7 }, '0″ 0.7″'],
    [{ x: 333, y: 299 }, '33.3″ 29.9″']
  ])('gives %j on an inches board as %s from the top-left corner', (pos, name) => {
    expect(placeName(table, pos)).toBe(name)
  })
})
