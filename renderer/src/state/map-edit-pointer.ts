import type { Cell, MapPointer } from '../../battlemap/view'
import type { Edge } from '../../../rules/core/types'

// The editor's keyboard cursor in board terms: an edge of a square by its side, and the pointer events a
// key press stands for (the map itself reports the pointer's, with the nearest edge: camera.ts).

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
