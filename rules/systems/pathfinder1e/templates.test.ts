import { describe, expect, it } from 'vitest'
import type { Cell } from './grid'
import { burstCells, coneCells, effectCells, figuresIn } from './templates'
import { pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })

/** The cells as rows of '#' (in) and '.' (out) over their bounding box, top row first. */
function picture(cells: readonly Cell[]): string[] {
  const xs = cells.map((c) => c.x)
  const ys = cells.map((c) => c.y)
  const rows: string[] = []
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++) {
    let line = ''
    for (let x = Math.min(...xs); x <= Math.max(...xs); x++)
      line += cells.some((c) => c.x === x && c.y === y) ? '#' : '.'
    rows.push(line)
  }
  return rows
}

describe('bursts (spell areas [SRD]: counted from an intersection, a square is in when its far edge is)', () => {
  it('5-ft burst: the 4 squares round the point', () => {
    expect(burstCells({ x: 5, y: 5 }, 5)).toEqual([
      { x: 4, y: 4 },
      { x: 5, y: 4 },
      { x: 4, y: 5 },
      { x: 5, y: 5 }
    ])
  })

  it('10-ft burst: 4 × 4 less the corners = 12 squares', () => {
    const cells = burstCells({ x: 5, y: 5 }, 10)
    expect(cells).toHaveLength(12)
    expect(picture(cells)).toEqual(['.##.', '####', '####', '.##.'])
  })

  it('20-ft burst (fireball): 44 squares, rows 2-6-6-8-8-6-6-2', () => {
    const cells = burstCells({ x: 10, y: 10 }, 20)
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
  })
})

describe('cones (a quarter circle from the caster [SRD])', () => {
  const caster = fig('c', 5, 5)

  it('15-ft cone on a diagonal: the 3-2-1 triangle of 6 squares from the caster’s corner', () => {
    const ne = coneCells(caster, 1, 15)
    expect(ne).toHaveLength(6)
    expect(picture(ne)).toEqual(['#..', '##.', '###'])
    expect(Math.min(...ne.map((c) => c.x))).toBe(6)
    expect(Math.max(...ne.map((c) => c.y))).toBe(4)
    expect(picture(coneCells(caster, 5, 15))).toEqual(['###', '.##', '..#'])
  })

  it('15-ft cone straight ahead: rows 1-3-3 = 7 squares, as in the Core Rulebook figure', () => {
    const north = coneCells(caster, 0, 15)
    expect(picture(north)).toEqual(['###', '###', '.#.'])
    expect(north).toContainEqual({ x: 5, y: 4 })
    expect(picture(coneCells(caster, 2, 15))).toEqual(['.##', '###', '.##'])
    expect(coneCells(caster, 2, 15)).toContainEqual({ x: 6, y: 5 })
    expect(picture(coneCells(caster, 4, 15))).toEqual(['.#.', '###', '###'])
  })

  it('the same shape in every orthogonal and every diagonal direction', () => {
    const counts = [0, 1, 2, 3, 4, 5, 6, 7].map((d) => coneCells(caster, d, 30).length)
    expect(new Set(counts.filter((_, d) => d % 2 === 0)).size).toBe(1)
    expect(new Set(counts.filter((_, d) => d % 2 === 1)).size).toBe(1)
    expect(coneCells(caster, 1, 30)).toHaveLength(burstCells({ x: 6, y: 5 }, 30).length / 4)
  })

  it('a Large caster’s cone starts from the middle of its front edge', () => {
    const ogre = fig('o', 5, 5, { stats: { size: 'L' } })
    // Rows 2-4-4 from x = 4 to 7: the two squares before its front edge, then widening both ways.
    expect(picture(coneCells(ogre, 0, 15))).toEqual(['####', '####', '.##.'])
    const north = coneCells(ogre, 0, 15)
    expect(north.every((c) => c.y < 5)).toBe(true)
    expect(north.filter((c) => c.y === 4)).toEqual([
      { x: 5, y: 4 },
      { x: 6, y: 4 }
    ])
  })
})

describe('figures and line of effect', () => {
  it('figuresIn: any square of a footprint inside; standing figures unless asked', () => {
    const state = pfState([
      fig('in', 4, 4),
      fig('big', 6, 5, { stats: { size: 'L' } }),
      fig('out', 8, 8),
      { ...fig('body', 5, 5), out: true }
    ])
    const area = burstCells({ x: 5, y: 5 }, 10)
    expect(figuresIn(state, area).map((c) => c.id)).toEqual(['in', 'big'])
    expect(figuresIn(state, area, { includeOut: true }).map((c) => c.id)).toEqual(['in', 'big', 'body'])
  })

  it('§4.6: an area stops at walls; squares behind a wall corner get no line of effect', () => {
    const wall = Array.from({ length: 30 }, (_, y): [number, number] => [7, y])
    const area = burstCells({ x: 5, y: 5 }, 20)
    const reached = effectCells(pfState([], { blocks: wall }), { x: 5, y: 5 }, area)
    expect(reached).toHaveLength(44 - 8)
    expect(reached.every((c) => c.x < 7)).toBe(true)
    const corner = effectCells(pfState([], { blocks: [[6, 6]] }), { x: 5, y: 5 }, area)
    expect(corner).not.toContainEqual({ x: 7, y: 7 })
    expect(corner).toContainEqual({ x: 7, y: 5 })
    expect(corner).toHaveLength(44 - 2)
  })
})
