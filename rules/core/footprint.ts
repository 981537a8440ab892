import type { Vec2 } from './geometry'

// Footprints of figures bigger or smaller than one square (`Combatant.size`). A figure of size n ≥ 1
// covers the n × n squares whose top-left (lowest x, lowest y) square is its `pos`; a fractional size
// (0.5, a tiny figure) covers its one square and may share it with other figures.

/** Squares per side of a footprint: sizes below 1 still stand on one square. */
export function footprintSide(size = 1): number {
  return Math.max(1, Math.ceil(size))
}

/** True when a figure of this size shares its square instead of filling it. */
export function isFractional(size = 1): boolean {
  return size < 1
}

/** The squares a figure of `size` at `pos` covers, row by row. */
export function footprintCells(pos: Vec2, size = 1): Vec2[] {
  const n = footprintSide(size)
  const cells: Vec2[] = []
  for (let dy = 0; dy < n; dy++) for (let dx = 0; dx < n; dx++) cells.push({ x: pos.x + dx, y: pos.y + dy })
  return cells
}

/** True when the square lies inside the footprint. */
export function footprintContains(pos: Vec2, size: number | undefined, p: Vec2): boolean {
  const n = footprintSide(size)
  return p.x >= pos.x && p.y >= pos.y && p.x < pos.x + n && p.y < pos.y + n
}

function gap(a0: number, aSide: number, b0: number, bSide: number): number {
  return Math.max(0, b0 - (a0 + aSide - 1), a0 - (b0 + bSide - 1))
}

/**
 * Chebyshev distance between the nearest squares of two footprints: 0 when they overlap (share a square),
 * 1 when they touch by a side or a corner.
 */
export function footprintDistance(
  a: Vec2,
  sizeA: number | undefined,
  b: Vec2,
  sizeB: number | undefined
): number {
  const na = footprintSide(sizeA)
  const nb = footprintSide(sizeB)
  return Math.max(gap(a.x, na, b.x, nb), gap(a.y, na, b.y, nb))
}

/** True when the footprints touch (distance 1): adjacent in the 8-neighbour sense. */
export function footprintsAdjacent(
  a: Vec2,
  sizeA: number | undefined,
  b: Vec2,
  sizeB: number | undefined
): boolean {
  return footprintDistance(a, sizeA, b, sizeB) === 1
}

/** True when b lies within `reach` squares of any square of a (reach 0 = they share a square). */
export function withinReach(
  a: Vec2,
  sizeA: number | undefined,
  b: Vec2,
  sizeB: number | undefined,
  reach: number
): boolean {
  return reach >= 0 && footprintDistance(a, sizeA, b, sizeB) <= reach
}

/** The footprint's centre in doubled coordinates (integers: 2x + side), for directions between figures. */
export function doubledCentre(pos: Vec2, size = 1): Vec2 {
  const n = footprintSide(size)
  return { x: 2 * pos.x + n, y: 2 * pos.y + n }
}

/** Euclidean distance in squares between two footprint centres. */
export function centreDistance(
  a: Vec2,
  sizeA: number | undefined,
  b: Vec2,
  sizeB: number | undefined
): number {
  const ca = doubledCentre(a, sizeA)
  const cb = doubledCentre(b, sizeB)
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) / 2
}

/** True when every square of the footprint is on a width × height board. */
export function footprintOnBoard(
  pos: Vec2,
  size: number | undefined,
  width: number,
  height: number
): boolean {
  const n = footprintSide(size)
  return pos.x >= 0 && pos.y >= 0 && pos.x + n <= width && pos.y + n <= height
}
