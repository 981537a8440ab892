import type { Cell, MapPointer } from '../../battlemap/view'
import type { Edge } from '../../../rules/core/types'

// Board-terms pointer geometry for the editor: the nearest square edge to a point, and a MapPointer
// from a screen point when the map itself does not report pointer events (its `onPointer` is the
// map-engine's; until it lands the editor reads the DOM through this, with the same contract).

/** How close to an edge, in squares, the pointer must be for the edge to count. */
export const EDGE_REACH = 0.25

/**
 * The square edge nearest a board point (in squares, fractional) when it is within `reach` of it,
 * else null. Edges on the board's rim count; points off the board have none.
 */
export function nearestEdge(
  p: { x: number; y: number },
  width: number,
  height: number,
  reach = EDGE_REACH
): Edge | null {
  if (p.x < -reach || p.y < -reach || p.x > width + reach || p.y > height + reach) return null
  const gx = Math.round(p.x)
  const gy = Math.round(p.y)
  const dx = Math.abs(p.x - gx)
  const dy = Math.abs(p.y - gy)
  // The nearer grid line wins; along it, the edge is the one the point lies beside.
  if (dx <= dy && dx <= reach) {
    const y = Math.floor(p.y)
    return y >= 0 && y < height && gx >= 0 && gx <= width ? { x: gx, y, side: 'w' } : null
  }
  if (dy <= reach) {
    const x = Math.floor(p.x)
    return x >= 0 && x < width && gy >= 0 && gy <= height ? { x, y: gy, side: 'n' } : null
  }
  return null
}

/** Where the board is on screen: the top-left corner of square (0, 0) and a square's side, in CSS px. */
export interface BoardFrame {
  originX: number
  originY: number
  cell: number
}

/** The board frame read from two square centres the map reports (`cellCenter` of (0,0) and (1,1)). */
export function frameFrom(c00: { x: number; y: number }, c11: { x: number; y: number }): BoardFrame {
  const cell = c11.x - c00.x
  return { originX: c00.x - cell / 2, originY: c00.y - cell / 2, cell }
}

/** A pointer event in board terms from a screen point relative to the map host. */
export function pointerAt(
  kind: MapPointer['kind'],
  screen: { x: number; y: number },
  frame: BoardFrame,
  board: { width: number; height: number },
  mods: { button: number; shift: boolean; ctrl: boolean; alt: boolean }
): MapPointer {
  const point = { x: (screen.x - frame.originX) / frame.cell, y: (screen.y - frame.originY) / frame.cell }
  const cx = Math.floor(point.x)
  const cy = Math.floor(point.y)
  const cell: Cell | null =
    cx >= 0 && cy >= 0 && cx < board.width && cy < board.height ? { x: cx, y: cy } : null
  return { kind, cell, edge: nearestEdge(point, board.width, board.height), point, screen, ...mods }
}

/** A side of a square as the keyboard cursor names it: its north, west, east or south edge. */
export type CursorSide = 'n' | 'w' | 'e' | 's'

/** The canonical edge on one side of a square (the east edge of (x, y) is the west edge of (x+1, y)). */
export function edgeOf(cell: Cell, side: CursorSide): Edge {
  if (side === 'e') return { x: cell.x + 1, y: cell.y, side: 'w' }
  if (side === 's') return { x: cell.x, y: cell.y + 1, side: 'n' }
  return { x: cell.x, y: cell.y, side }
}

/** A click at the keyboard cursor as the down and up pointer events it stands for. */
export function keyboardClick(cell: Cell, edge: Edge | null): MapPointer[] {
  const base = {
    cell,
    edge,
    point: { x: cell.x + 0.5, y: cell.y + 0.5 },
    button: 0,
    shift: false,
    ctrl: false,
    alt: false,
    screen: { x: 0, y: 0 }
  }
  return [
    { ...base, kind: 'down' },
    { ...base, kind: 'up' }
  ]
}
