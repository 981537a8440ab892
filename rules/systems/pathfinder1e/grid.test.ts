import { describe, expect, it } from 'vitest'
import {
  blocksMovement,
  cellsOf,
  cornerBlocked,
  distanceFt,
  distanceToCellFt,
  isWall,
  occupantsAt,
  pfDistanceSquares,
  terrainAt
} from './grid'
import { pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })

describe('1-2-1 distance (pathfinder1e.md §2 [TEXT L303])', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [1, 1, 1],
    [2, 2, 3],
    [3, 3, 4],
    [4, 4, 6],
    [5, 3, 6],
    [-3, 5, 6],
    [6, 0, 6]
  ])('offset (%i, %i) = %i squares', (dx, dy, squares) => {
    expect(pfDistanceSquares(dx, dy)).toBe(squares)
  })

  it('§2: figures measure between their nearest squares; adjacent = 5 ft', () => {
    const a = fig('a', 5, 5)
    expect(distanceFt(a, fig('b', 6, 6))).toBe(5)
    expect(distanceFt(a, fig('b', 7, 7))).toBe(15)
    expect(distanceFt(a, fig('b', 5, 5, { stats: { size: 'T' } }))).toBe(0)
    // A Large figure at (7,5) covers (7..8, 5..6): its nearest square is 2 squares away.
    expect(distanceFt(a, fig('ogre', 7, 5, { stats: { size: 'L' } }))).toBe(10)
    expect(distanceToCellFt(fig('ogre', 7, 5, { stats: { size: 'L' } }), { x: 8, y: 6 })).toBe(0)
  })

  it('§2 size table: footprints of Large (2×2), Huge (3×3) and Tiny (one shared square)', () => {
    expect(cellsOf(fig('l', 2, 3, { stats: { size: 'L' } }))).toEqual([
      { x: 2, y: 3 },
      { x: 3, y: 3 },
      { x: 2, y: 4 },
      { x: 3, y: 4 }
    ])
    expect(cellsOf(fig('h', 0, 0, { stats: { size: 'H' } }))).toHaveLength(9)
    expect(cellsOf(fig('t', 4, 4, { stats: { size: 'T' } }))).toEqual([{ x: 4, y: 4 }])
  })
})

describe('the board: walls, terrain and occupants', () => {
  const state = pfState(
    [
      fig('a', 1, 1),
      fig('ogre', 4, 4, { side: 'b', stats: { size: 'L' } }),
      { ...fig('body', 8, 8), out: true }
    ],
    {
      blocks: [[3, 3]],
      width: 10,
      height: 10,
      settings: {
        terrain: [
          { x: 2, y: 2, kind: 'difficult' },
          { x: 2, y: 2, kind: 'fog' },
          { x: 6, y: 6, kind: 'arrowSlit' }
        ]
      }
    }
  )

  it('walls are board.blocks; arrow slits and off-board squares block movement too (G-3)', () => {
    expect(isWall(state, { x: 3, y: 3 })).toBe(true)
    expect(isWall(state, { x: 6, y: 6 })).toBe(false)
    expect(blocksMovement(state, { x: 6, y: 6 })).toBe(true)
    expect(blocksMovement(state, { x: -1, y: 0 })).toBe(true)
    expect(blocksMovement(state, { x: 10, y: 0 })).toBe(true)
    expect(blocksMovement(state, { x: 2, y: 2 })).toBe(false)
  })

  it('several terrain kinds may share a square', () => {
    expect(terrainAt(state, { x: 2, y: 2 }).map((t) => t.kind)).toEqual(['difficult', 'fog'])
    expect(terrainAt(state, { x: 0, y: 0 })).toEqual([])
  })

  it('occupants: every square of a footprint; bodies of out figures only when asked', () => {
    expect(occupantsAt(state, { x: 5, y: 5 }).map((c) => c.id)).toEqual(['ogre'])
    expect(occupantsAt(state, { x: 8, y: 8 })).toEqual([])
    expect(occupantsAt(state, { x: 8, y: 8 }, { includeOut: true }).map((c) => c.id)).toEqual(['body'])
  })
})

describe('corners (§2 [TEXT L305–307])', () => {
  const base = (terrain: 'pit' | null, blocks: Array<[number, number]>) =>
    pfState([fig('a', 0, 0), fig('foe', 5, 5, { side: 'b' })], {
      blocks,
      settings: { terrain: terrain ? [{ x: 1, y: 0, kind: terrain }] : [] }
    })

  it('no diagonal past a wall corner, whichever side the wall is on', () => {
    expect(cornerBlocked(base(null, [[1, 0]]), { x: 0, y: 0 }, { x: 1, y: 1 })).toBe(true)
    expect(cornerBlocked(base(null, [[0, 1]]), { x: 0, y: 0 }, { x: 1, y: 1 })).toBe(true)
  })

  it('a diagonal past a pit is allowed; orthogonal steps have no corners', () => {
    expect(cornerBlocked(base('pit', []), { x: 0, y: 0 }, { x: 1, y: 1 })).toBe(false)
    expect(cornerBlocked(base(null, [[1, 0]]), { x: 0, y: 0 }, { x: 0, y: 1 })).toBe(false)
  })
})
