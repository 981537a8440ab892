import { describe, expect, it } from 'vitest'
import { inWater, standHeights, surfaceAt } from './surface'
import { piece, inchesState } from './test-fixtures'
import { baseRadius, isInchesBoard, radiusUnits, toInches, toUnits } from './units'

// Board units are tenths of an inch: a 4" × 4" building 3" tall, a canal, a 1" bridge over it, a thin wall.
const pieces = [
  piece('palazzo', 'building', 40, 40, 40, 40, 30),
  piece('rio', 'water', 100, 0, 30, 240, 0),
  piece('ponte', 'bridge', 90, 100, 50, 20, 10),
  piece('muretto', 'wall', 200, 40, 2, 40, 10)
]
const state = inchesState({ pieces })
const board = state.board

describe('units', () => {
  it('converts inches and base sizes', () => {
    expect(isInchesBoard(board)).toBe(true)
    expect(isInchesBoard({ width: 5, height: 5, blocks: [] })).toBe(false)
    expect(toUnits(board, 1.5)).toBe(15)
    expect(toInches(board, 15)).toBe(1.5)
    expect(radiusUnits(10, 25.4)).toBe(5)
    expect(baseRadius(board, {})).toBeCloseTo(5.9055, 4)
    expect(baseRadius(board, { baseMm: 50.8 })).toBe(10)
  })
})

describe('surfaceAt: a base stands where its centre is', () => {
  it.each([
    [10, 10, 0, 'ground', null],
    [60, 60, 0, 'solid', 'palazzo'],
    [60, 60, 30, 'roof', 'palazzo'],
    [40, 60, 30, 'roof', 'palazzo'],
    [39, 60, 30, 'air', null],
    [115, 50, 0, 'water', 'rio'],
    [100, 50, 0, 'ground', null],
    [115, 110, 10, 'bridge', 'ponte'],
    [115, 110, 0, 'water', 'rio'],
    [201, 60, 10, 'roof', 'muretto'],
    [201, 60, 0, 'solid', 'muretto'],
    [-1, 5, 0, 'offTable', null]
  ] as const)('(%d, %d, %d) is %s', (x, y, z, kind, id) => {
    const s = surfaceAt(board, x, y, z)
    expect(s.kind).toBe(kind)
    expect(s.piece?.id ?? null).toBe(id)
  })
})

describe('standHeights and inWater', () => {
  it('lists every level a centre can stand at', () => {
    expect(standHeights(board, 10, 10)).toEqual([0])
    expect(standHeights(board, 60, 60)).toEqual([30])
    expect(standHeights(board, 115, 110)).toEqual([0, 10])
    expect(standHeights(board, 201, 60)).toEqual([10])
    expect(standHeights(board, 400, 10)).toEqual([])
  })

  it('is in water only at table level inside a canal (its bank is not water)', () => {
    expect(inWater(board, { x: 115, y: 50, z: 0 })).toBe(true)
    expect(inWater(board, { x: 115, y: 110, z: 10 })).toBe(false)
    expect(inWater(board, { x: 100, y: 50, z: 0 })).toBe(false)
  })
})
