import { describe, expect, it } from 'vitest'
import { burstCells, coneCells } from '../systems/pathfinder1e/templates'
import { pfFigure } from '../systems/pathfinder1e/test-fixtures'
import type { Vec2 } from './geometry'
import { gridDistance, templateCells, templateOrigin } from './templates'

// Expected shapes are the Core Rulebook's figures (bursts, the diagonal cone) or worked by hand from the rule
// quoted in templates.ts (far corner within the radius, 1-2-1-2 diagonals; a cone keeps the centres within
// 45° of its direction), never read off the code.

const board = { width: 40, height: 40 }
const burst = (size: number) => ({ shape: 'burst' as const, size })
const cone = (size: number) => ({ shape: 'cone' as const, size })
const line = (size: number) => ({ shape: 'line' as const, size })

/** The cells as rows of '#' (in) and '.' (out) over their bounding box, top row first. */
function picture(cells: readonly Vec2[]): string[] {
  const xs = cells.map((c) => c.x)
  const ys = cells.map((c) => c.y)
  const rows: string[] = []
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    let row = ''
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++)
      row += cells.some((c) => c.x === x && c.y === y) ? '#' : '.'
    rows.push(row)
  }
  return rows
}

const sorted = (cells: readonly Vec2[]) => [...cells].sort((a, b) => a.y - b.y || a.x - b.x)

describe('gridDistance and templateOrigin', () => {
  it('counts diagonals 1-2-1-2 ([SRD] movement, counted from intersection to intersection)', () => {
    expect([1, 2, 3, 4, 5].map((n) => gridDistance(n, n))).toEqual([1, 3, 4, 6, 7])
    expect(gridDistance(4, 1)).toBe(4)
    expect(gridDistance(-3, 2)).toBe(4)
    expect(gridDistance(0, 6)).toBe(6)
  })

  it('snaps a board point to the nearest intersection, kept on the board when one is given', () => {
    expect(templateOrigin({ x: 3.4, y: 5.6 })).toEqual({ x: 3, y: 6 })
    expect(templateOrigin({ x: 2.51, y: 0.49 })).toEqual({ x: 3, y: 0 })
    expect(templateOrigin({ x: -0.8, y: 12.7 }, { width: 10, height: 12 })).toEqual({ x: 0, y: 12 })
  })
})

describe('bursts: the squares whose far corner is within the radius', () => {
  const o = { x: 10, y: 10 }

  it('5-ft burst: the 4 squares round the point', () => {
    expect(templateCells(burst(1), o, o, board)).toEqual([
      { x: 9, y: 9 },
      { x: 10, y: 9 },
      { x: 9, y: 10 },
      { x: 10, y: 10 }
    ])
  })

  it('10-ft burst: 4 × 4 less the corners, 12 squares', () => {
    const cells = templateCells(burst(2), o, o, board)
    expect(cells).toHaveLength(12)
    expect(picture(cells)).toEqual(['.##.', '####', '####', '.##.'])
  })

  it('20-ft burst (fireball): the classic 44 squares, rows 2-6-6-8-8-6-6-2, centred on the point', () => {
    const cells = templateCells(burst(4), o, { x: 3.7, y: 1.2 }, board)
    expect(cells).toHaveLength(44)
    expect(picture(cells)).toEqual([
      '...##...',
      '.######.',
      '.######.',
      '########',
      '########',
      '.######.',
      '.######.',
      '...##...'
    ])
    expect(Math.min(...cells.map((c) => c.x))).toBe(6)
    expect(Math.max(...cells.map((c) => c.y))).toBe(13)
  })

  it('agrees with the Pathfinder system’s own bursts from 5 to 40 ft', () => {
    for (let ft = 5; ft <= 40; ft += 5)
      expect(templateCells(burst(ft / 5), o, o, board)).toEqual(sorted(burstCells(o, ft)))
  })

  it('is clipped to the board: a 20-ft burst on the top-left corner keeps its one quadrant', () => {
    const cells = templateCells(burst(4), { x: 0, y: 0 }, { x: 0, y: 0 }, board)
    expect(cells).toHaveLength(11)
    expect(picture(cells)).toEqual(['####', '###.', '###.', '#...'])
    const edge = templateCells(burst(4), { x: 38, y: 20 }, { x: 0, y: 0 }, board)
    expect(edge.every((c) => c.x < 40)).toBe(true)
    // the east half loses its two outer columns, row by row 0+1+1+2+2+1+1+0 squares
    expect(edge).toHaveLength(44 - 8)
  })
})

describe('cones: the quarter circle of the burst towards the aim', () => {
  const o = { x: 10, y: 10 }

  it('15-ft cone on a diagonal: the 3-2-1 triangle of 6 squares from the point', () => {
    const ne = templateCells(cone(3), o, { x: 14, y: 6 }, board)
    expect(ne).toHaveLength(6)
    expect(picture(ne)).toEqual(['#..', '##.', '###'])
    expect(Math.min(...ne.map((c) => c.x))).toBe(10)
    expect(Math.max(...ne.map((c) => c.y))).toBe(9)
    expect(picture(templateCells(cone(3), o, { x: 6.5, y: 13.5 }, board))).toEqual(['###', '.##', '..#'])
  })

  it('a diagonal cone is exactly one quadrant of the same burst, as the Pathfinder caster’s cone', () => {
    for (const size of [3, 6]) {
      const whole = templateCells(burst(size), o, o, board)
      const aims = [
        { x: 20, y: 0 },
        { x: 20, y: 20 },
        { x: 0, y: 20 },
        { x: 0, y: 0 }
      ]
      const quadrants = aims.map((aim) => templateCells(cone(size), o, aim, board))
      expect(quadrants.map((q) => q.length)).toEqual([1, 2, 3, 4].map(() => whole.length / 4))
      expect(sorted(quadrants.flat())).toEqual(whole)
      // the caster at (9, 10) casting north-east starts its cone from its square's corner, (10, 10)
      const caster = pfFigure('c', { pos: { x: 9, y: 10 } })
      expect(quadrants[0]).toEqual(sorted(coneCells(caster, 1, size * 5)))
    }
  })

  it('15-ft cone straight north: rows 2-4-2 about the grid line through the point', () => {
    const north = templateCells(cone(3), o, { x: 10, y: 2 }, board)
    expect(picture(north)).toEqual(['.##.', '####', '.##.'])
    expect(north.every((c) => c.y < 10)).toBe(true)
    expect(north.filter((c) => c.y === 9)).toEqual([
      { x: 9, y: 9 },
      { x: 10, y: 9 }
    ])
  })

  it('30-ft cone straight ahead: rows 2-4-6-8-6-2 from the point out (28), the same in all four directions', () => {
    const north = templateCells(cone(6), o, { x: 10, y: 9 }, board)
    expect(north).toHaveLength(28)
    expect(picture(north)).toEqual(['...##...', '.######.', '########', '.######.', '..####..', '...##...'])
    // a quarter turn clockwise about the point: the square whose centre is (cx, cy) from it goes to (−cy, cx)
    const turn = (cells: readonly Vec2[]) =>
      sorted(cells.map((c) => ({ x: o.x - (c.y - o.y) - 1, y: o.y + (c.x - o.x) })))
    const east = templateCells(cone(6), o, { x: 30, y: 10 }, board)
    const south = templateCells(cone(6), o, { x: 10, y: 10.5 }, board)
    const west = templateCells(cone(6), o, { x: 0, y: 10 }, board)
    expect(east).toEqual(turn(north))
    expect(south).toEqual(turn(east))
    expect(west).toEqual(turn(south))
  })

  it('only the direction of the aim counts, not how far it is', () => {
    const near = templateCells(cone(4), o, { x: 10.3, y: 9.2 }, board)
    expect(templateCells(cone(4), o, { x: 17.5, y: -10 }, board)).toEqual(near)
    expect(near.length).toBeGreaterThan(0)
  })

  it('a cone aimed at its own point covers nothing', () => {
    expect(templateCells(cone(3), o, o, board)).toEqual([])
  })
})

describe('lines: the squares the ray from the point passes through, out to its length', () => {
  it('30 ft along a grid line: one square wide, 6 long, on the right of its direction', () => {
    const east = templateCells(line(6), { x: 2, y: 5 }, { x: 15, y: 5 }, board)
    expect(east).toEqual([2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 5 })))
    const north = templateCells(line(6), { x: 2, y: 10 }, { x: 2, y: 1 }, board)
    expect(north).toEqual([4, 5, 6, 7, 8, 9].map((y) => ({ x: 2, y })))
  })

  it('a little above the grid line it takes the row above', () => {
    const cells = templateCells(line(6), { x: 2, y: 5 }, { x: 15, y: 4.6 }, board)
    expect(cells).toEqual([2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 4 })))
  })

  it('on the diagonal: 4 squares make 30 ft (1-2-1-2), corners grazed are not entered', () => {
    const cells = templateCells(line(6), { x: 0, y: 0 }, { x: 9, y: 9 }, board)
    expect(cells).toEqual([0, 1, 2, 3].map((n) => ({ x: n, y: n })))
  })

  it('at a slope of one in two: the squares crossed whose far corner is within 30 ft', () => {
    // y = x / 2 crosses (0,0) (1,0) (2,1) (3,1) (4,2) (5,2)…; (5,2)'s far corner is (6,3): 7 squares away
    const cells = templateCells(line(6), { x: 0, y: 0 }, { x: 6, y: 3 }, board)
    expect(cells).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 1 },
      { x: 3, y: 1 },
      { x: 4, y: 2 }
    ])
  })

  it('stops at the board edge and needs a direction', () => {
    const cells = templateCells(line(12), { x: 36, y: 3 }, { x: 50, y: 3.5 }, board)
    expect(cells.map((c) => c.x)).toEqual([36, 37, 38, 39])
    expect(templateCells(line(6), { x: 4, y: 4 }, { x: 4, y: 4 }, board)).toEqual([])
  })
})
