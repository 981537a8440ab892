import type { Vec2 } from './geometry'
import type { Board, Edge, GroundKind } from './types'

// Walls and doors live on square edges (`Board.walls`, `Board.doors`), not in squares: a corridor wall
// takes no square away. Every square-grid ruleset asks these questions the same way; what a step
// costs stays the ruleset's.

/** The key of an edge in sets: `x,y,n` or `x,y,w`. */
export function edgeKey(edge: Edge): string {
  return `${edge.x},${edge.y},${edge.side}`
}

/** The edge two orthogonally adjacent squares share, or null when they are not side by side. */
export function edgeBetween(a: Vec2, b: Vec2): Edge | null {
  if (a.y === b.y && Math.abs(a.x - b.x) === 1) return { x: Math.max(a.x, b.x), y: a.y, side: 'w' }
  if (a.x === b.x && Math.abs(a.y - b.y) === 1) return { x: a.x, y: Math.max(a.y, b.y), side: 'n' }
  return null
}

const closedCache = new WeakMap<Board, Set<string>>()

/**
 * The edges that stop movement and sight now: every wall and every closed door, cached per board object
 * (states are immutable, so a door change makes a new board and a new set).
 */
export function closedEdges(board: Board): Set<string> {
  const hit = closedCache.get(board)
  if (hit) return hit
  const set = new Set<string>()
  for (const wall of board.walls ?? []) set.add(edgeKey(wall))
  for (const door of board.doors ?? []) if (!door.open) set.add(edgeKey(door))
  closedCache.set(board, set)
  return set
}

/** True when the board has any wall or door, so searches can skip edge checks on open maps. */
export function hasEdges(board: Board): boolean {
  return (board.walls?.length ?? 0) + (board.doors?.length ?? 0) > 0
}

/**
 * Whether a step between neighbouring squares crosses a closed edge. An orthogonal step crosses the
 * edge between its squares. A diagonal step passes the corner four edges meet at: `strict` (PF's "you
 * cannot cut a wall's corner") refuses it when any of those four is closed; `loose` only when both
 * orthogonal routes around the corner are shut.
 */
export function stepCrossesWall(
  board: Board,
  from: Vec2,
  to: Vec2,
  corner: 'strict' | 'loose' = 'strict'
): boolean {
  const closed = closedEdges(board)
  if (closed.size === 0) return false
  const shut = (a: Vec2, b: Vec2) => {
    const edge = edgeBetween(a, b)
    return edge !== null && closed.has(edgeKey(edge))
  }
  if (from.x === to.x || from.y === to.y) return shut(from, to)
  const viaX = { x: to.x, y: from.y }
  const viaY = { x: from.x, y: to.y }
  const routeX = shut(from, viaX) || shut(viaX, to)
  const routeY = shut(from, viaY) || shut(viaY, to)
  return corner === 'strict' ? routeX || routeY : routeX && routeY
}

/** The painted ground kind of a square, or null for normal ground (cached index per board). */
export function groundAt(board: Board, p: Vec2): GroundKind | null {
  return groundIndex(board).get(p.y * board.width + p.x) ?? null
}

const groundCache = new WeakMap<Board, Map<number, GroundKind>>()

function groundIndex(board: Board): Map<number, GroundKind> {
  const hit = groundCache.get(board)
  if (hit) return hit
  const index = new Map<number, GroundKind>()
  for (const g of board.ground ?? []) index.set(g.y * board.width + g.x, g.kind)
  groundCache.set(board, index)
  return index
}

/**
 * True when the segment between two square centres crosses no closed edge (walls, closed doors). It
 * walks the grid lines between the centres in doubled integer coordinates (centres are odd, grid lines
 * even), so it is exact and costs the distance, not the number of walls. A line through a grid corner is
 * stopped when any closed edge meets that corner: sight does not slip through where two walls join.
 */
export function clearOfEdges(board: Board, a: Vec2, b: Vec2): boolean {
  const closed = closedEdges(board)
  if (closed.size === 0) return true
  const shut = (x: number, y: number, side: 'n' | 'w') => closed.has(`${x},${y},${side}`)
  const [p, q] = a.x <= b.x ? [a, b] : [b, a]
  const px = 2 * p.x + 1
  const py = 2 * p.y + 1
  const dx = 2 * (q.x - p.x)
  const dy = 2 * (q.y - p.y)
  // vertical grid lines X = 2k strictly between the centres
  for (let k = p.x + 1; k <= q.x; k++) {
    const yn = py * dx + (2 * k - px) * dy // the crossing's y is yn / dx
    if (yn % (2 * dx) === 0) {
      const j = yn / (2 * dx)
      if (shut(k, j - 1, 'w') || shut(k, j, 'w') || shut(k - 1, j, 'n') || shut(k, j, 'n')) return false
    } else if (shut(k, Math.floor(yn / (2 * dx)), 'w')) return false
  }
  // horizontal grid lines Y = 2j strictly between the centres (corners were met above)
  const [top, bottom] = p.y <= q.y ? [p, q] : [q, p]
  const ty = 2 * top.y + 1
  const tx = 2 * top.x + 1
  const ddy = 2 * (bottom.y - top.y)
  const ddx = 2 * (bottom.x - top.x)
  for (let j = top.y + 1; j <= bottom.y; j++) {
    const xn = tx * ddy + (2 * j - ty) * ddx // the crossing's x is xn / ddy
    if (xn % (2 * ddy) === 0) continue
    if (shut(Math.floor(xn / (2 * ddy)), j, 'n')) return false
  }
  return true
}
