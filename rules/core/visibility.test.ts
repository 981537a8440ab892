import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Vec2 } from './geometry'
import type { Board, Door, Edge } from './types'
import { visibleSquares, visibleSquaresReference } from './visibility'

function board(width: number, height: number, extra: Partial<Board> = {}): Board {
  return { width, height, blocks: [], ...extra }
}

function seenCells(b: Board, seen: Uint8Array): string[] {
  const out: string[] = []
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) if (seen[y * b.width + x]) out.push(`${x},${y}`)
  return out
}

describe('visibleSquares: hand-made cases', () => {
  it('an open board is all seen, and range cuts it to a Chebyshev square', () => {
    const b = board(7, 5)
    expect(seenCells(b, visibleSquares(b, [{ x: 3, y: 2 }])).length).toBe(35)
    const near = seenCells(b, visibleSquares(b, [{ x: 3, y: 2 }], { range: 1 }))
    expect(near.sort()).toEqual(['2,1', '2,2', '2,3', '3,1', '3,2', '3,3', '4,1', '4,2', '4,3'])
  })

  it('a wall on the east edge of the eye hides the row beyond, an open door does not', () => {
    const wall: Edge = { x: 2, y: 0, side: 'w' }
    const walled = board(4, 1, { walls: [wall] })
    expect(seenCells(walled, visibleSquares(walled, [{ x: 1, y: 0 }]))).toEqual(['0,0', '1,0'])
    const open: Door = { ...wall, open: true }
    const doored = board(4, 1, { doors: [open] })
    expect(seenCells(doored, visibleSquares(doored, [{ x: 1, y: 0 }]))).toHaveLength(4)
    const shut = board(4, 1, { doors: [{ ...open, open: false }] })
    expect(seenCells(shut, visibleSquares(shut, [{ x: 1, y: 0 }]))).toEqual(['0,0', '1,0'])
  })

  it('a diagonal through a grid corner where a wall ends is stopped; grazing a block corner is not', () => {
    // Eye (0,0) to (1,1) passes the corner (1,1); the `n` edge of (1,1) ends there.
    const cornered = board(2, 2, { walls: [{ x: 1, y: 1, side: 'n' }] })
    expect(visibleSquares(cornered, [{ x: 0, y: 0 }])[1 * 2 + 1]).toBe(0)
    const blocked = board(2, 2, { blocks: [{ x: 1, y: 0 }] })
    expect(visibleSquares(blocked, [{ x: 0, y: 0 }])[1 * 2 + 1]).toBe(1)
  })

  it('a block hides what is behind it but is itself seen; an eye inside a block still sees out', () => {
    const b = board(5, 1, { blocks: [{ x: 2, y: 0 }] })
    expect(seenCells(b, visibleSquares(b, [{ x: 0, y: 0 }]))).toEqual(['0,0', '1,0', '2,0'])
    expect(seenCells(b, visibleSquares(b, [{ x: 2, y: 0 }]))).toHaveLength(5)
  })

  it('several eyes see the union; a custom opaque test replaces the blocks', () => {
    const b = board(5, 1, { blocks: [{ x: 2, y: 0 }] })
    const both = visibleSquares(b, [
      { x: 0, y: 0 },
      { x: 4, y: 0 }
    ])
    expect(seenCells(b, both)).toHaveLength(5)
    const glass = visibleSquares(b, [{ x: 0, y: 0 }], { opaque: () => false })
    expect(seenCells(b, glass)).toHaveLength(5)
  })

  it('off-board eyes and negative range agree with the reference', () => {
    const b = board(4, 3, { walls: [{ x: 2, y: 1, side: 'w' }] })
    const eyes = [
      { x: -1, y: 1 },
      { x: 3, y: 3 }
    ]
    expect(visibleSquares(b, eyes)).toEqual(visibleSquaresReference(b, eyes))
    expect(seenCells(b, visibleSquares(b, [{ x: 1, y: 1 }], { range: -1 }))).toEqual([])
  })
})

const arbBoard = fc
  .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
  .chain(({ width, height }) => {
    const cell = fc.record({
      x: fc.integer({ min: 0, max: width - 1 }),
      y: fc.integer({ min: 0, max: height - 1 })
    })
    // Edges over the whole grid of points, border edges included (x ≤ width, y ≤ height).
    const edge = fc.record({
      x: fc.integer({ min: 0, max: width }),
      y: fc.integer({ min: 0, max: height }),
      side: fc.constantFrom<'n' | 'w'>('n', 'w')
    })
    return fc.record({
      board: fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        blocks: fc.array(cell, { maxLength: (width * height) >> 2 }),
        walls: fc.array(edge, { maxLength: width * height }),
        doors: fc.array(
          fc.record({
            x: edge.map((e) => e.x),
            y: edge.map((e) => e.y),
            side: edge.map((e) => e.side),
            open: fc.boolean()
          }),
          {
            maxLength: 6
          }
        )
      }),
      eyes: fc.array(cell, { minLength: 1, maxLength: 4 }),
      range: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined })
    })
  })

describe('visibleSquares agrees with the square-by-square reference', () => {
  it('on random small boards with blocks, walls, doors, eyes and ranges', () => {
    fc.assert(
      fc.property(arbBoard, ({ board: b, eyes, range }) => {
        const opts = range === undefined ? {} : { range }
        expect(visibleSquares(b, eyes, opts)).toEqual(visibleSquaresReference(b, eyes, opts))
      }),
      { numRuns: 600 }
    )
  })

  it('on larger boards (long, shallow rays), with a range', () => {
    const big = fc.record({
      width: fc.integer({ min: 20, max: 45 }),
      height: fc.integer({ min: 20, max: 45 }),
      seed: fc.integer({ min: 0, max: 2 ** 30 })
    })
    fc.assert(
      fc.property(big, ({ width, height, seed }) => {
        // A cheap deterministic scatter of walls, doors and blocks from the seed (not the game's RNG).
        let s = seed
        const next = (n: number) => {
          s = (Math.imul(s, 1103515245) + 12345) >>> 0
          return s % n
        }
        const edge = (): Edge => ({ x: next(width + 1), y: next(height + 1), side: next(2) ? 'n' : 'w' })
        const b = board(width, height, {
          blocks: Array.from({ length: next(30) }, () => ({ x: next(width), y: next(height) })),
          walls: Array.from({ length: next(60) }, edge),
          doors: Array.from({ length: next(10) }, () => ({ ...edge(), open: next(2) === 0 }))
        })
        const eyes = Array.from({ length: 1 + next(3) }, () => ({ x: next(width), y: next(height) }))
        const opts = next(2) ? { range: 5 + next(20) } : {}
        expect(visibleSquares(b, eyes, opts)).toEqual(visibleSquaresReference(b, eyes, opts))
      }),
      { numRuns: 25 }
    )
  })

  it('with a caller opaque test (a hashed pattern of squares)', () => {
    fc.assert(
      fc.property(arbBoard, fc.integer({ min: 0, max: 1000 }), ({ board: b, eyes }, salt) => {
        const opaque = (p: Vec2) => ((p.x * 31 + p.y * 17 + salt) & 7) === 0
        expect(visibleSquares(b, eyes, { opaque })).toEqual(visibleSquaresReference(b, eyes, { opaque }))
      }),
      { numRuns: 200 }
    )
  })
})
