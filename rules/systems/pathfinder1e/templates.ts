import { directionVector } from '../../core/geometry'
import { burstSquares } from '../../core/templates'
import { hasEdges } from '../../core/edges'
import type { Combatant, EncounterState } from '../../core/types'
import { edgeClear, insetInto } from './area-edges'
import { lineInside } from './cover'
import { cellKey, cellsOf, footprintGap, isWall, onBoard, pfDistanceSquares, sideOf, type Cell } from './grid'

// Spell areas on the grid (pathfinder1e.md §4.6 "bursts"; the template rules are the Core Rulebook's spell
// chapter [SRD]): an area starts at a grid intersection and is counted like movement, 1-2-1 diagonals, from
// intersection to intersection; a square is in the area when its FAR edge is within the radius. That gives
// the book's figures: a 5-ft burst = the 4 squares round the point, a 10-ft burst = 4 × 4 less the corners
// (12), a 20-ft burst (fireball) = 44 squares, rows 2-6-6-8-8-6-6-2.

/**
 * The squares of a burst of `radiusFt` centred on the grid intersection at the top-left corner of `center`,
 * row by row (the core burst: far corner within the radius). Not clipped to the board nor to line of
 * effect (see `effectCells`).
 */
export function burstCells(center: Cell, radiusFt: number): Cell[] {
  return burstSquares(center, Math.floor(radiusFt / 5))
}

/** The squares of a quadrant offset (i, j ≥ 0 from the intersection) whose far corner lies within r squares. */
function inQuadrant(i: number, j: number, r: number): boolean {
  return pfDistanceSquares(i + 1, j + 1) <= r
}

/**
 * A cone of `lengthFt` from the figure, toward `direction` (0 = north (−y), clockwise to 7 = north-west).
 * Diagonal: the quarter circle from the footprint's corner on that side — the quadrant of a burst there (15
 * ft: the 3-2-1 triangle of 6 squares). Orthogonal: the book's straight cone, counted from the figure's space
 * and kept within 45° of the direction measured from the middle of its front edge (15 ft: rows 1-3-3 = 7
 * squares, as in the Core Rulebook figure). Row by row; not clipped.
 */
export function coneCells(origin: Combatant, direction: number, lengthFt: number): Cell[] {
  const r = Math.floor(lengthFt / 5)
  const n = sideOf(origin)
  const { x: x0, y: y0 } = origin.pos
  const d = directionVector(direction)
  const cells: Cell[] = []
  if (d.x !== 0 && d.y !== 0) {
    const kx = d.x > 0 ? x0 + n : x0
    const ky = d.y > 0 ? y0 + n : y0
    for (let j = 0; j < r; j++)
      for (let i = 0; i < r; i++)
        if (inQuadrant(i, j, r))
          cells.push({ x: d.x > 0 ? kx + i : kx - 1 - i, y: d.y > 0 ? ky + j : ky - 1 - j })
    return sortRows(cells)
  }
  // Doubled coordinates: the front edge's midpoint, the forward axis d and the lateral axis p.
  const ox = 2 * x0 + n + d.x * n
  const oy = 2 * y0 + n + d.y * n
  const p = { x: -d.y, y: d.x }
  for (let y = y0 - r - n; y <= y0 + r + n; y++)
    for (let x = x0 - r - n; x <= x0 + r + n; x++) {
      const cx = 2 * x + 1 - ox
      const cy = 2 * y + 1 - oy
      const forward = cx * d.x + cy * d.y
      const lateral = cx * p.x + cy * p.y
      const gap = footprintGap(origin.pos, n, { x, y }, 1)
      if (forward > 0 && Math.abs(lateral) <= forward && pfDistanceSquares(gap.x, gap.y) <= r)
        cells.push({ x, y })
    }
  return cells
}

function sortRows(cells: Cell[]): Cell[] {
  return cells.sort((a, b) => a.y - b.y || a.x - b.x)
}

/**
 * The squares of an area an effect actually reaches from its point of origin (a grid intersection): on the
 * board, not walls, and with line of effect — some line from the point to a corner or the centre of the
 * square passes inside no wall (the same grazing rule as cover). On a board with walls or doors on edges,
 * the square also needs a line from one of `origins` (the point moved into the squares it leaves from, in
 * quarter units: area-edges.ts) that crosses no closed edge; without `origins` it leaves from every square
 * round the point.
 */
export function effectCells(
  state: EncounterState,
  point: Cell,
  cells: readonly Cell[],
  origins?: readonly Cell[]
): Cell[] {
  const edges = hasEdges(state.board)
  const from = edges ? (origins ?? aroundPoint(point)) : []
  return cells.filter((cell) => {
    if (!onBoard(state, cell) || isWall(state, cell)) return false
    if (edges && !edgeClear(state, from, cell)) return false
    const p = { x: 2 * point.x, y: 2 * point.y }
    const aims = [
      { x: 2 * cell.x + 1, y: 2 * cell.y + 1 },
      { x: 2 * cell.x, y: 2 * cell.y },
      { x: 2 * cell.x + 2, y: 2 * cell.y },
      { x: 2 * cell.x, y: 2 * cell.y + 2 },
      { x: 2 * cell.x + 2, y: 2 * cell.y + 2 }
    ]
    return aims.some((q) => !lineInside(p, q, (c) => isWall(state, c), 2))
  })
}

// With no origins given the point leaves from all four squares round it (callers with a caster pass theirs).
function aroundPoint(point: Cell): Cell[] {
  return [0, 1].flatMap((dy) =>
    [0, 1].map((dx) => insetInto(point, { x: point.x - 1 + dx, y: point.y - 1 + dy }))
  )
}

/** The figures with any square in the area (standing figures; bodies on the floor too when asked). */
export function figuresIn(
  state: EncounterState,
  cells: readonly Cell[],
  opts: { includeOut?: boolean } = {}
): Combatant[] {
  const area = new Set(cells.map(cellKey))
  return state.combatants.filter(
    (c) => (opts.includeOut || !c.out) && cellsOf(c).some((cell) => area.has(cellKey(cell)))
  )
}
