import { describe, expect, it } from 'vitest'
import {
  centreDistance,
  doubledCentre,
  footprintCells,
  footprintContains,
  footprintDistance,
  footprintOnBoard,
  footprintsAdjacent,
  footprintSide,
  isFractional,
  withinReach
} from './footprint'

describe('footprints (pos = top-left square)', () => {
  it.each([
    [0.5, 1, true],
    [1, 1, false],
    [2, 2, false],
    [3, 3, false],
    [4, 4, false]
  ] as const)('size %d: side %i, fractional %s', (size, side, fractional) => {
    expect(footprintSide(size)).toBe(side)
    expect(isFractional(size)).toBe(fractional)
    expect(footprintCells({ x: 5, y: 7 }, size)).toHaveLength(side * side)
  })

  it('a 2 × 2 covers its four squares from the top-left', () => {
    expect(footprintCells({ x: 5, y: 7 }, 2)).toEqual([
      { x: 5, y: 7 },
      { x: 6, y: 7 },
      { x: 5, y: 8 },
      { x: 6, y: 8 }
    ])
    expect(footprintContains({ x: 5, y: 7 }, 2, { x: 6, y: 8 })).toBe(true)
    expect(footprintContains({ x: 5, y: 7 }, 2, { x: 7, y: 8 })).toBe(false)
  })

  it.each([
    ['1×1 next to 1×1', { x: 0, y: 0 }, 1, { x: 1, y: 1 }, 1, 1],
    ['1×1 two away', { x: 0, y: 0 }, 1, { x: 2, y: 0 }, 1, 2],
    ['same square (a tiny sharing)', { x: 3, y: 3 }, 0.5, { x: 3, y: 3 }, 1, 0],
    ['2×2 touching a 1×1 on its far side', { x: 0, y: 0 }, 2, { x: 2, y: 1 }, 1, 1],
    ['2×2 and 1×1 two squares off its far corner', { x: 0, y: 0 }, 2, { x: 3, y: 3 }, 1, 2],
    ['3×3 and 3×3 with one empty column between', { x: 0, y: 0 }, 3, { x: 4, y: 1 }, 3, 2],
    ['3×3 and 3×3 side by side', { x: 0, y: 0 }, 3, { x: 3, y: 2 }, 3, 1],
    ['4×4 and 1×1 overlapping', { x: 0, y: 0 }, 4, { x: 3, y: 3 }, 1, 0],
    ['1×1 left of a 4×4 by three', { x: 0, y: 5 }, 1, { x: 4, y: 2 }, 4, 4]
  ] as const)('%s: distance %i', (_label, a, sa, b, sb, d) => {
    expect(footprintDistance(a, sa, b, sb)).toBe(d)
    expect(footprintDistance(b, sb, a, sa)).toBe(d)
    expect(footprintsAdjacent(a, sa, b, sb)).toBe(d === 1)
  })

  it('reach is measured from any covered square; reach 0 means sharing a square', () => {
    expect(withinReach({ x: 0, y: 0 }, 2, { x: 3, y: 0 }, 1, 2)).toBe(true)
    expect(withinReach({ x: 0, y: 0 }, 2, { x: 4, y: 0 }, 1, 2)).toBe(false)
    expect(withinReach({ x: 2, y: 2 }, 0.5, { x: 2, y: 2 }, 1, 0)).toBe(true)
    expect(withinReach({ x: 2, y: 2 }, 0.5, { x: 3, y: 2 }, 1, 0)).toBe(false)
    expect(withinReach({ x: 2, y: 2 }, 1, { x: 2, y: 2 }, 1, -1)).toBe(false)
  })

  it('centres in doubled coordinates and Euclidean centre distance', () => {
    expect(doubledCentre({ x: 1, y: 1 }, 1)).toEqual({ x: 3, y: 3 })
    expect(doubledCentre({ x: 1, y: 1 }, 2)).toEqual({ x: 4, y: 4 })
    expect(centreDistance({ x: 0, y: 0 }, 1, { x: 3, y: 4 }, 1)).toBe(5)
    expect(centreDistance({ x: 0, y: 0 }, 2, { x: 3, y: 0 }, 2)).toBe(3)
  })

  it('fits on the board only when every square does', () => {
    expect(footprintOnBoard({ x: 8, y: 8 }, 2, 10, 10)).toBe(true)
    expect(footprintOnBoard({ x: 9, y: 8 }, 2, 10, 10)).toBe(false)
    expect(footprintOnBoard({ x: -1, y: 0 }, 1, 10, 10)).toBe(false)
    expect(footprintOnBoard({ x: 9, y: 9 }, 0.5, 10, 10)).toBe(true)
  })
})
