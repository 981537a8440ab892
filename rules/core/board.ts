import { squareKey, type Vec2 } from './geometry'
import { closedEdges, groundAt, hasEdges, stepCrossesWall } from './edges'
import type { Board, Combatant, EncounterState } from './types'

// Board queries every ruleset asks the same way; what a block *means* (wall, solid block) is theirs.

const blockCache = new WeakMap<object, Set<string>>()

/** The set of block squares (by squareKey), cached per board: asked once per square on every path search. */
export function blockSet(state: EncounterState): Set<string> {
  const hit = blockCache.get(state.board.blocks)
  if (hit) return hit
  const set = new Set(state.board.blocks.map(squareKey))
  blockCache.set(state.board.blocks, set)
  return set
}

/** True when the square is a block. */
export function isBlock(state: EncounterState, p: Vec2): boolean {
  return blockSet(state).has(squareKey(p))
}

/** The ground height of a square (`board.elevation`, row-major; absent = 0): where a figure stands. */
export function groundHeight(state: EncounterState, p: Vec2): number {
  const { elevation, width } = state.board
  return elevation?.[p.y * width + p.x] ?? 0
}

/** The figure (not out) standing on a square, ignoring `exceptId`. */
export function figureAt(state: EncounterState, p: Vec2, exceptId?: string): Combatant | undefined {
  return state.combatants.find((c) => !c.out && c.id !== exceptId && c.pos.x === p.x && c.pos.y === p.y)
}

/** True when the figures are on different sides. */
export function areEnemies(a: Combatant, b: Combatant): boolean {
  return a.side !== b.side
}

/**
 * True when a block of `side` × `side` squares stepping from top-left `from` to the neighbouring `to` crosses
 * a closed edge (walls, closed doors): every square of the block makes the same step (`stepCrossesWall`,
 * with the ruleset's corner rule), and the block may not end astride a closed edge, which would split it.
 * Callers ask `hasEdges` first so open boards pay nothing.
 */
export function footprintCrossesWall(
  board: Board,
  from: Vec2,
  side: number,
  to: Vec2,
  corner: 'strict' | 'loose' = 'strict'
): boolean {
  const dx = to.x - from.x
  const dy = to.y - from.y
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const c = { x: from.x + x, y: from.y + y }
      if (stepCrossesWall(board, c, { x: c.x + dx, y: c.y + dy }, corner)) return true
    }
  return side > 1 && footprintSplit(board, to, side)
}

/** True when a closed edge lies inside the block of `side` squares at `pos` (a wall through a big figure). */
export function footprintSplit(board: Board, pos: Vec2, side: number): boolean {
  const closed = closedEdges(board)
  if (closed.size === 0) return false
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      if (x > 0 && closed.has(`${pos.x + x},${pos.y + y},w`)) return true
      if (y > 0 && closed.has(`${pos.x + x},${pos.y + y},n`)) return true
    }
  return false
}

/**
 * True when the segment p→q, in coordinates where squares are `unit` wide (grid lines at multiples of
 * `unit`), crosses a closed edge. It crosses an edge it cuts through, and a grid point where closed edges
 * meet on both sides of it (it would slip through a zero-width gap). Running along an edge, touching a lone
 * wall's end, or ending on an edge stops nothing: give endpoints inside squares (e.g. `unit` 4, corners
 * moved 1 inward) when an endpoint on a wall must not see past it. Exact integer arithmetic, O(length).
 */
export function segmentCrossesEdges(board: Board, p: Vec2, q: Vec2, unit = 1): boolean {
  const closed = closedEdges(board)
  if (closed.size === 0) return false
  const dx = q.x - p.x
  const dy = q.y - p.y
  const shut = (x: number, y: number, side: 'n' | 'w') => closed.has(`${x},${y},${side}`)
  // The four edges meeting at grid point (k, j), as directions; closed ones on both sides of the line block.
  const point = (k: number, j: number) => {
    let left = false
    let right = false
    const arm = (closedArm: boolean, vx: number, vy: number) => {
      if (!closedArm) return
      const cross = dx * vy - dy * vx
      if (cross > 0) left = true
      else if (cross < 0) right = true
    }
    arm(shut(k, j - 1, 'w'), 0, -1)
    arm(shut(k, j, 'w'), 0, 1)
    arm(shut(k - 1, j, 'n'), -1, 0)
    arm(shut(k, j, 'n'), 1, 0)
    return left && right
  }
  if (dx !== 0) {
    const sx = dx > 0 ? 1 : -1
    const den = dx * sx
    for (let k = Math.floor(Math.min(p.x, q.x) / unit) + 1; k * unit < Math.max(p.x, q.x); k++) {
      const num = (p.y * dx + (k * unit - p.x) * dy) * sx // y = num / den
      if (num % (den * unit) === 0) {
        if (point(k, num / (den * unit))) return true
      } else if (shut(k, Math.floor(num / (den * unit)), 'w')) return true
    }
  }
  if (dy !== 0) {
    const sy = dy > 0 ? 1 : -1
    const den = dy * sy
    for (let j = Math.floor(Math.min(p.y, q.y) / unit) + 1; j * unit < Math.max(p.y, q.y); j++) {
      const num = (p.x * dy + (j * unit - p.y) * dx) * sy // x = num / den
      if (num % (den * unit) === 0) {
        // A grid point: met by the vertical sweep unless the line runs along a vertical grid line.
        if (dx === 0 && point(num / (den * unit), j)) return true
      } else if (shut(Math.floor(num / (den * unit)), j, 'n')) return true
    }
  }
  return false
}

/**
 * True when the map stops a one-square step from `from` to `to`: the square is painted `impassable`, or the
 * step crosses a closed edge by `corner` (core/edges.ts). Boards without ground or edges answer at once, so
 * searches on open maps keep their speed. What else a square costs is the ruleset's.
 */
export function mapStepBlocked(
  board: Board,
  from: Vec2,
  to: Vec2,
  corner: 'strict' | 'loose' = 'strict'
): boolean {
  if (board.ground && board.ground.length > 0 && groundAt(board, to) === 'impassable') return true
  return hasEdges(board) && stepCrossesWall(board, from, to, corner)
}
