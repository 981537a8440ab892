import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { footprintCrossesWall, footprintSplit, mapStepBlocked, segmentCrossesEdges } from './board'
import { clearOfEdges, closedEdges, edgeBetween, edgeKey, groundAt, hasEdges, stepCrossesWall } from './edges'
import type { Vec2 } from './geometry'
import type { Board, Door, Edge, GroundCell } from './types'

// Walls and doors on square edges (issue 6): the shared geometry every square-grid ruleset asks.

function board(walls: Edge[] = [], doors: Door[] = [], ground: GroundCell[] = [], size = 10): Board {
  return { width: size, height: size, blocks: [], walls, doors, ground }
}

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

describe('edgeBetween', () => {
  it.each([
    ['east neighbour', { x: 1, y: 1 }, { x: 2, y: 1 }, w(2, 1)],
    ['west neighbour', { x: 2, y: 1 }, { x: 1, y: 1 }, w(2, 1)],
    ['south neighbour', { x: 1, y: 1 }, { x: 1, y: 2 }, n(1, 2)],
    ['north neighbour', { x: 1, y: 2 }, { x: 1, y: 1 }, n(1, 2)],
    ['diagonal', { x: 1, y: 1 }, { x: 2, y: 2 }, null],
    ['same square', { x: 1, y: 1 }, { x: 1, y: 1 }, null],
    ['two apart', { x: 1, y: 1 }, { x: 3, y: 1 }, null]
  ])('%s', (_name, a, b, edge) => {
    expect(edgeBetween(a, b)).toEqual(edge)
  })

  it('names each edge once: the east edge of a square is the west edge of the next', () => {
    expect(edgeKey(edgeBetween({ x: 4, y: 0 }, { x: 5, y: 0 })!)).toBe('5,0,w')
  })
})

// The four edges meeting at grid point (1, 1), the corner a diagonal (0,0)→(1,1) passes.
const arm = { N: w(1, 0), S: w(1, 1), W: n(0, 1), E: n(1, 1) } as const

describe('stepCrossesWall', () => {
  it('a board without walls or doors never stops a step', () => {
    const open: Board = { width: 5, height: 5, blocks: [] }
    expect(hasEdges(open)).toBe(false)
    expect(stepCrossesWall(open, { x: 0, y: 0 }, { x: 1, y: 1 })).toBe(false)
    expect(stepCrossesWall(open, { x: 0, y: 0 }, { x: 1, y: 0 })).toBe(false)
  })

  it('an orthogonal step crosses the wall between its squares, both ways, and nothing beside it', () => {
    const b = board([w(2, 1)])
    expect(stepCrossesWall(b, { x: 1, y: 1 }, { x: 2, y: 1 })).toBe(true)
    expect(stepCrossesWall(b, { x: 2, y: 1 }, { x: 1, y: 1 })).toBe(true)
    expect(stepCrossesWall(b, { x: 1, y: 2 }, { x: 2, y: 2 })).toBe(false)
    expect(stepCrossesWall(b, { x: 1, y: 1 }, { x: 1, y: 2 })).toBe(false)
  })

  it('a closed door stops a step, an open one does not', () => {
    const closed = board([], [{ ...w(2, 1), open: false }])
    const open = board([], [{ ...w(2, 1), open: true }])
    expect(stepCrossesWall(closed, { x: 1, y: 1 }, { x: 2, y: 1 })).toBe(true)
    expect(stepCrossesWall(open, { x: 1, y: 1 }, { x: 2, y: 1 })).toBe(false)
    expect(hasEdges(open)).toBe(true)
    expect(closedEdges(open).size).toBe(0)
  })

  // pathfinder1e.md §2 [TEXT L305–307]: no diagonal past a wall's corner (strict); loose lets it pass unless
  // both ways round the corner are shut.
  it.each([
    ['N', [arm.N], true, false],
    ['S', [arm.S], true, false],
    ['W', [arm.W], true, false],
    ['E', [arm.E], true, false],
    ['N+S (a straight wall through the corner)', [arm.N, arm.S], true, true],
    ['W+E (a straight wall through the corner)', [arm.W, arm.E], true, true],
    ['N+E (an L on one side)', [arm.N, arm.E], true, false],
    ['W+S (an L on the other side)', [arm.W, arm.S], true, false],
    ['N+W (an L across both ways)', [arm.N, arm.W], true, true],
    ['none at the corner (a wall one square away)', [w(3, 3)], false, false]
  ])('diagonal (0,0)→(1,1) past arms %s: strict %s, loose %s', (_name, walls, strict, loose) => {
    const b = board(walls)
    for (const [from, to] of [
      [
        { x: 0, y: 0 },
        { x: 1, y: 1 }
      ],
      [
        { x: 1, y: 1 },
        { x: 0, y: 0 }
      ]
    ] as const) {
      expect(stepCrossesWall(b, from, to, 'strict')).toBe(strict)
      expect(stepCrossesWall(b, from, to, 'loose')).toBe(loose)
    }
  })

  it('the other diagonal through the same corner reads the same four edges', () => {
    const b = board([arm.N])
    expect(stepCrossesWall(b, { x: 1, y: 0 }, { x: 0, y: 1 }, 'strict')).toBe(true)
    expect(stepCrossesWall(b, { x: 1, y: 0 }, { x: 0, y: 1 }, 'loose')).toBe(false)
  })
})

// Brute force: the segment between the centres (doubled coordinates, centres odd) against every closed
// edge segment, touching counted as crossing.
function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
}
function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return (
    Math.min(a.x, b.x) <= p.x &&
    p.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= p.y &&
    p.y <= Math.max(a.y, b.y)
  )
}
function touches(p1: Vec2, p2: Vec2, q1: Vec2, q2: Vec2): boolean {
  const o1 = orient(p1, p2, q1)
  const o2 = orient(p1, p2, q2)
  const o3 = orient(q1, q2, p1)
  const o4 = orient(q1, q2, p2)
  if (o1 !== o2 && o3 !== o4) return true
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, p2, q2)) ||
    (o3 === 0 && onSegment(q1, q2, p1)) ||
    (o4 === 0 && onSegment(q1, q2, p2))
  )
}
function bruteClear(b: Board, a: Vec2, c: Vec2): boolean {
  const p1 = { x: 2 * a.x + 1, y: 2 * a.y + 1 }
  const p2 = { x: 2 * c.x + 1, y: 2 * c.y + 1 }
  const closed = [...(b.walls ?? []), ...(b.doors ?? []).filter((d) => !d.open)]
  return !closed.some((e) => {
    const q1 = { x: 2 * e.x, y: 2 * e.y }
    const q2 = e.side === 'w' ? { x: 2 * e.x, y: 2 * e.y + 2 } : { x: 2 * e.x + 2, y: 2 * e.y }
    return touches(p1, p2, q1, q2)
  })
}

describe('clearOfEdges', () => {
  it.each([
    ['through a wall', [w(2, 1)], { x: 0, y: 1 }, { x: 3, y: 1 }, false],
    ['beside a wall (the row above it)', [w(2, 1)], { x: 0, y: 0 }, { x: 3, y: 0 }, true],
    ["through a wall's end corner", [w(1, 1)], { x: 0, y: 0 }, { x: 2, y: 2 }, false],
    ['past a corner no wall meets', [w(1, 2)], { x: 0, y: 0 }, { x: 2, y: 2 }, true],
    ['through the point two walls meet', [n(2, 2), w(2, 2)], { x: 0, y: 0 }, { x: 3, y: 3 }, false],
    ['a long diagonal over a wall it clears', [w(4, 0)], { x: 0, y: 3 }, { x: 7, y: 0 }, true],
    ['a long diagonal cutting a wall', [w(3, 2)], { x: 0, y: 3 }, { x: 7, y: 0 }, false],
    ["a long diagonal through a wall's end", [w(4, 1)], { x: 0, y: 3 }, { x: 7, y: 0 }, false]
  ])('%s', (_name, walls, a, b, clear) => {
    const map = board(walls)
    expect(clearOfEdges(map, a, b)).toBe(clear)
    expect(bruteClear(map, a, b)).toBe(clear)
  })

  it('a closed door blocks sight, an open one does not', () => {
    expect(clearOfEdges(board([], [{ ...w(2, 1), open: false }]), { x: 0, y: 1 }, { x: 3, y: 1 })).toBe(false)
    expect(clearOfEdges(board([], [{ ...w(2, 1), open: true }]), { x: 0, y: 1 }, { x: 3, y: 1 })).toBe(true)
  })

  it('matches the brute force both ways on random walls and lines', () => {
    const cell = fc.record({ x: fc.integer({ min: 0, max: 7 }), y: fc.integer({ min: 0, max: 7 }) })
    const edge = fc.record({
      x: fc.integer({ min: 0, max: 8 }),
      y: fc.integer({ min: 0, max: 8 }),
      side: fc.constantFrom<'n' | 'w'>('n', 'w')
    })
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 12 }), cell, cell, (walls, a, b) => {
        const map = board(walls, [], [], 8)
        const expected = bruteClear(map, a, b)
        expect(clearOfEdges(map, a, b)).toBe(expected)
        expect(clearOfEdges(map, b, a)).toBe(expected)
      }),
      { numRuns: 2000, seed: 6 }
    )
  })
})

describe('groundAt', () => {
  it('reads painted squares and answers null for normal ground', () => {
    const map = board(
      [],
      [],
      [
        { x: 1, y: 2, kind: 'difficult' },
        { x: 3, y: 0, kind: 'water' },
        { x: 9, y: 9, kind: 'impassable' }
      ]
    )
    expect(groundAt(map, { x: 1, y: 2 })).toBe('difficult')
    expect(groundAt(map, { x: 3, y: 0 })).toBe('water')
    expect(groundAt(map, { x: 9, y: 9 })).toBe('impassable')
    expect(groundAt(map, { x: 2, y: 1 })).toBeNull()
    expect(groundAt({ width: 4, height: 4, blocks: [] }, { x: 1, y: 1 })).toBeNull()
  })

  it('a repainted board (a new object) is read afresh, not from the old cache', () => {
    const first = board([], [], [{ x: 1, y: 1, kind: 'water' }])
    expect(groundAt(first, { x: 1, y: 1 })).toBe('water')
    const second = { ...first, ground: [{ x: 1, y: 1, kind: 'impassable' as const }] }
    expect(groundAt(second, { x: 1, y: 1 })).toBe('impassable')
  })
})

describe('mapStepBlocked', () => {
  it('stops steps onto impassable ground and across closed edges, by the corner rule asked', () => {
    const map = board(
      [arm.N],
      [],
      [
        { x: 5, y: 5, kind: 'impassable' },
        { x: 6, y: 5, kind: 'difficult' }
      ]
    )
    expect(mapStepBlocked(map, { x: 4, y: 5 }, { x: 5, y: 5 })).toBe(true)
    expect(mapStepBlocked(map, { x: 5, y: 5 }, { x: 4, y: 5 })).toBe(false)
    expect(mapStepBlocked(map, { x: 7, y: 5 }, { x: 6, y: 5 })).toBe(false)
    expect(mapStepBlocked(map, { x: 0, y: 0 }, { x: 1, y: 1 }, 'strict')).toBe(true)
    expect(mapStepBlocked(map, { x: 0, y: 0 }, { x: 1, y: 1 }, 'loose')).toBe(false)
  })
})

describe('footprints and walls on edges', () => {
  it('a 2×2 block stepping east crosses a wall beside any of its rows', () => {
    const lower = board([w(2, 1)])
    expect(footprintCrossesWall(lower, { x: 0, y: 0 }, 2, { x: 1, y: 0 })).toBe(true)
    // The same wall one row lower lies beside nothing the block fills.
    const below = board([w(2, 2)])
    expect(footprintCrossesWall(below, { x: 0, y: 0 }, 2, { x: 1, y: 0 })).toBe(false)
  })

  it('a block may not end astride a wall, even one it did not cross (a wall stub inside it)', () => {
    const stub = board([n(2, 1)]) // between (2,0) and (2,1): the new column of a block moving east
    expect(footprintSplit(stub, { x: 1, y: 0 }, 2)).toBe(true)
    expect(footprintCrossesWall(stub, { x: 0, y: 0 }, 2, { x: 1, y: 0 })).toBe(true)
    expect(footprintCrossesWall(stub, { x: 0, y: 0 }, 1, { x: 1, y: 0 })).toBe(false)
  })
})

describe('segmentCrossesEdges (corner-to-corner lines, grazing free)', () => {
  const map = board([w(2, 1), w(2, 2)]) // a vertical wall on X = 2 from y 1 to 3
  it.each([
    ['cutting through the wall', { x: 0, y: 2 }, { x: 4, y: 1 }, 1, true],
    ['through the point inside the wall (both sides shut)', { x: 0, y: 0 }, { x: 4, y: 4 }, 1, true],
    ["past the wall's lone end", { x: 0, y: 0 }, { x: 4, y: 2 }, 1, false],
    ['running along the wall', { x: 2, y: 0 }, { x: 2, y: 4 }, 1, false],
    ['in quarter squares, from just left of the wall to just right', { x: 7, y: 9 }, { x: 9, y: 9 }, 4, true],
    ['in quarter squares, parallel beside the wall', { x: 7, y: 1 }, { x: 7, y: 15 }, 4, false]
  ])('%s', (_name, p, q, unit, crosses) => {
    expect(segmentCrossesEdges(map, p, q, unit)).toBe(crosses)
    expect(segmentCrossesEdges(map, q, p, unit)).toBe(crosses)
  })

  it('an L whose arms stay on one side of the line lets it pass, not one it slips into; nor a crossing wall', () => {
    const ell = board([n(2, 2), w(2, 2)]) // arms east and south of point (2, 2): square (2, 2) walled top and left
    expect(segmentCrossesEdges(ell, { x: 0, y: 4 }, { x: 4, y: 0 }, 1)).toBe(false)
    expect(segmentCrossesEdges(ell, { x: 0, y: 0 }, { x: 4, y: 4 }, 1)).toBe(true)
    const cross = board([n(1, 2), n(2, 2)]) // a horizontal wall through (2, 2)
    expect(segmentCrossesEdges(cross, { x: 0, y: 0 }, { x: 4, y: 4 }, 1)).toBe(true)
    expect(segmentCrossesEdges(cross, { x: 2, y: 0 }, { x: 2, y: 4 }, 1)).toBe(true)
  })
})
