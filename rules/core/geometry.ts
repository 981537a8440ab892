// Square-grid geometry shared by every system: 8 directions, Chebyshev metric, facing sectors,
// direction snapping, line of sight and pathfinding with per-system costs.

import { StableHeap } from './stable-heap'

/** A square on the board (the z axis, when a system has one, is handled by the system). */
export interface Vec2 {
  x: number
  y: number
}

/** The 8 unit steps, index 0..7 clockwise from north; y grows downward on screen. */
export const DIRECTIONS: readonly Vec2[] = [
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: 0 },
  { x: -1, y: -1 }
]

/** Whether `facing` is one of the 8 directions (a whole number 0..7), as the save schema requires. */
export function isFacing(facing: number | undefined): facing is number {
  return facing !== undefined && Number.isInteger(facing) && facing >= 0 && facing <= 7
}

/** The step of direction `index` (taken modulo 8). */
export function directionVector(index: number): Vec2 {
  const v = DIRECTIONS[((index % 8) + 8) % 8]
  if (!v) throw new RangeError(`no direction ${index}`)
  return v
}

/** The index 0..7 of the direction (sign(dx), sign(dy)); throws for the zero vector. */
export function directionIndex(dx: number, dy: number): number {
  const sx = Math.sign(dx)
  const sy = Math.sign(dy)
  const i = DIRECTIONS.findIndex((d) => d.x === sx && d.y === sy)
  if (i < 0) throw new RangeError('directionIndex of the zero vector')
  return i
}

/** The unit step (each axis −1, 0 or 1) from a toward b, e.g. a melee push. */
export function unitStep(a: Vec2, b: Vec2): Vec2 {
  return { x: Math.sign(b.x - a.x), y: Math.sign(b.y - a.y) }
}

/** Chebyshev distance: a diagonal step counts as one. */
export function chebyshev(a: Vec2, b: Vec2): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))
}

/** True when two different squares share a side or a corner (8-neighbourhood). */
export function isAdjacent8(a: Vec2, b: Vec2): boolean {
  return chebyshev(a, b) === 1
}

/** The 8 neighbours of a square, in direction order. */
export function neighbours8(p: Vec2): Vec2[] {
  return DIRECTIONS.map((d) => ({ x: p.x + d.x, y: p.y + d.y }))
}

/**
 * Nearest of the 8 directions by angle; a vector on a 22.5° boundary goes to the diagonal.
 * The axis wins iff minor/major < tan 22.5° = √2 − 1, i.e. (major + minor)² < 2·major². Integer vectors never
 * tie (√2 is irrational); the tiny margin sends float vectors that tie up to rounding to the diagonal.
 */
export function snapDirection(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) throw new RangeError('snapDirection of the zero vector')
  const ax = Math.abs(dx)
  const ay = Math.abs(dy)
  const s = (ax + ay) * (ax + ay)
  if (s < 2 * ax * ax * (1 - TIE_MARGIN)) return directionIndex(dx, 0)
  if (s < 2 * ay * ay * (1 - TIE_MARGIN)) return directionIndex(0, dy)
  return directionIndex(dx, dy)
}

// Far below the smallest relative gap an integer vector on a 200 × 200 board can have (about 1e-5).
const TIE_MARGIN = 1e-12

/** Where an attacker stands relative to a defender's facing. */
export type Sector = 'front' | 'flank' | 'back'

/** Sector by offset (attacker direction − facing, mod 8): index 0 is straight ahead. */
export type SectorMap = readonly [Sector, Sector, Sector, Sector, Sector, Sector, Sector, Sector]

/** Front f−1..f+1, flank f±2, back f+3..f+5 (minecraft.md §2). */
export const FRONT_FLANK_BACK: SectorMap = [
  'front',
  'front',
  'flank',
  'back',
  'back',
  'back',
  'flank',
  'front'
]

/** The sector of the defender's facing the attacker is in (direction snapped to the 8 when not adjacent). */
export function relativeSector(
  attackerPos: Vec2,
  defenderPos: Vec2,
  defenderFacing: number,
  sectorMap: SectorMap
): Sector {
  const dir = snapDirection(attackerPos.x - defenderPos.x, attackerPos.y - defenderPos.y)
  return sectorMap[(((dir - defenderFacing) % 8) + 8) % 8] ?? 'front'
}

/** True when a given square is inside a width × height board. */
export function onBoard(p: Vec2, width: number, height: number): boolean {
  return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height
}

/**
 * True when no opaque square lies on the segment between the two square centres. Only squares whose
 * interior the segment crosses count (grazing a corner does not block); the end squares never block.
 */
export function lineOfSight(a: Vec2, b: Vec2, isOpaque: (p: Vec2) => boolean): boolean {
  const [p, q] = a.x <= b.x ? [a, b] : [b, a]
  const n = q.x - p.x
  const m = q.y - p.y
  const yMin = Math.min(p.y, q.y)
  const yMax = Math.max(p.y, q.y)
  for (let cx = p.x; cx <= q.x; cx++) {
    // In doubled coordinates the column is the open strip (2cx − 1, 2cx + 1); clip it to the segment.
    const xl = Math.max(2 * cx - 1, 2 * p.x)
    const xr = Math.min(2 * cx + 1, 2 * q.x)
    for (let cy = yMin; cy <= yMax; cy++) {
      if ((cx === a.x && cy === a.y) || (cx === b.x && cy === b.y)) continue
      if (crossesCell(p, n, m, xl, xr, cy) && isOpaque({ x: cx, y: cy })) return false
    }
  }
  return true
}

// Does the segment, over the doubled-x range [xl, xr] of one column, enter the open row (2cy − 1, 2cy + 1)?
// y·n = 2p.y·n + (x − 2p.x)·m keeps everything in integers (n > 0); n = 0 is a vertical segment.
function crossesCell(p: Vec2, n: number, m: number, xl: number, xr: number, cy: number): boolean {
  if (n === 0) return true
  const y1 = 2 * p.y * n + (xl - 2 * p.x) * m
  const y2 = 2 * p.y * n + (xr - 2 * p.x) * m
  const lo = Math.min(y1, y2)
  const hi = Math.max(y1, y2)
  if (lo === hi) return (2 * cy - 1) * n < lo && lo < (2 * cy + 1) * n
  return lo < (2 * cy + 1) * n && hi > (2 * cy - 1) * n
}

/** A square reached by pathfinding: its cheapest cost and one cheapest path (start excluded). */
export interface Reach {
  pos: Vec2
  cost: number
  path: Vec2[]
}

/** The per-system rules of a search: which steps are allowed, what each costs, how far to look. */
export interface PathRules {
  /** True when a figure may step from `from` into the neighbouring square `to`. */
  passable(from: Vec2, to: Vec2): boolean
  /** The positive cost of that step. */
  stepCost(from: Vec2, to: Vec2): number
  /** Squares costing more than this are not explored. */
  maxCost: number
}

/** The map key of a square. */
export function squareKey(p: Vec2): string {
  return `${p.x},${p.y}`
}

/**
 * Dijkstra over the 8 neighbours: every square reachable within `maxCost`, keyed by `squareKey`, the start
 * included at cost 0. Ties keep the first path found (direction order), so results are deterministic.
 */
export function reachableSquares(start: Vec2, rules: PathRules): Map<string, Reach> {
  const best = new Map<string, Reach>([[squareKey(start), { pos: start, cost: 0, path: [] }]])
  const done = new Set<string>()
  const queue = new StableHeap<Reach>((a, b) => a.cost < b.cost)
  queue.push({ pos: start, cost: 0, path: [] })
  for (let item = queue.pop(); item; item = queue.pop()) {
    const key = squareKey(item.pos)
    if (done.has(key)) continue
    done.add(key)
    for (const to of neighbours8(item.pos)) {
      if (!rules.passable(item.pos, to)) continue
      const cost = item.cost + rules.stepCost(item.pos, to)
      if (cost > rules.maxCost) continue
      const toKey = squareKey(to)
      const known = best.get(toKey)
      if (known && known.cost <= cost) continue
      const reach = { pos: to, cost, path: [...item.path, to] }
      best.set(toKey, reach)
      queue.push(reach)
    }
  }
  return best
}

/** A cheapest path from start to goal within the rules, or null. */
export function findPath(start: Vec2, goal: Vec2, rules: PathRules): Reach | null {
  return reachableSquares(start, rules).get(squareKey(goal)) ?? null
}
