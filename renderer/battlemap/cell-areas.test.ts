import { describe, expect, it } from 'vitest'
import { coverLevel, outlineSegments, rowRuns, type Segment } from './cell-areas'
import type { Cell } from './view'

const block = (x0: number, y0: number, w: number, h: number): Cell[] =>
  Array.from({ length: w * h }, (_, i) => ({ x: x0 + (i % w), y: y0 + Math.floor(i / w) }))

/** Total length of the segments, in squares. */
const perimeter = (segments: readonly Segment[]) =>
  segments.reduce((sum, [x0, y0, x1, y1]) => sum + Math.abs(x1 - x0) + Math.abs(y1 - y0), 0)

describe('rowRuns', () => {
  it('merges neighbouring squares of a row, whatever their order, and ignores duplicates', () => {
    const cells = [
      { x: 4, y: 1 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
      { x: 3, y: 1 },
      { x: 7, y: 1 },
      { x: 0, y: 0 }
    ]
    expect(rowRuns(cells)).toEqual([
      { x: 0, y: 0, w: 1 },
      { x: 2, y: 1, w: 3 },
      { x: 7, y: 1, w: 1 }
    ])
  })

  it('covers exactly the squares given: a 200 × 200 board is 200 runs', () => {
    const cells = block(0, 0, 200, 200)
    const runs = rowRuns(cells)
    expect(runs).toHaveLength(200)
    expect(runs.reduce((n, r) => n + r.w, 0)).toBe(cells.length)
  })
})

describe('outlineSegments', () => {
  it('a block is its four sides', () => {
    const segments = outlineSegments(block(2, 3, 10, 4))
    expect(segments).toHaveLength(4)
    expect(segments).toContainEqual([2, 3, 12, 3])
    expect(segments).toContainEqual([2, 7, 12, 7])
    expect(segments).toContainEqual([2, 3, 2, 7])
    expect(segments).toContainEqual([12, 3, 12, 7])
  })

  it('a hole adds its own four sides; the perimeter is the sum of both', () => {
    const ring = block(0, 0, 5, 5).filter((c) => !(c.x === 2 && c.y === 2))
    const segments = outlineSegments(ring)
    expect(segments).toHaveLength(8)
    expect(perimeter(segments)).toBe(20 + 4)
  })

  it('two squares touching at a corner keep separate sides (no stroke across the gap)', () => {
    const segments = outlineSegments([
      { x: 0, y: 0 },
      { x: 1, y: 1 }
    ])
    expect(segments).toHaveLength(8)
    expect(perimeter(segments)).toBe(8)
  })

  it('no squares, no outline', () => {
    expect(outlineSegments([])).toEqual([])
  })
})

describe('coverLevel', () => {
  it('orders the systems’ cover keys light < medium < heavy < total', () => {
    expect(['cover.light', 'cover.medium', 'cover.large'].map(coverLevel)).toEqual([1, 2, 3])
    expect(['cover.partial', 'cover.normal', 'cover.improved', 'cover.total'].map(coverLevel)).toEqual([
      1, 2, 3, 4
    ])
    expect(coverLevel('cover.soft')).toBe(1)
    expect(coverLevel('cover.prone')).toBe(1)
  })
})
