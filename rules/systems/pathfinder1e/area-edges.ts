import { segmentCrossesEdges } from '../../core/board'
import type { Combatant, EncounterState } from '../../core/types'
import { cellsOf, isWall, onBoard, type Cell } from './grid'

// Spell areas and walls on square edges (`board.walls`, closed `board.doors`). pathfinder1e.md §4.6: a
// square with no line of effect has total cover, and [SRD] an area affects only what has line of effect
// from its point of origin — a wall blocks it. Edges are zero-thick, so lines are traced as cover.ts traces
// them: in quarter-square units, each end moved a quarter square into the square it belongs to, so a point
// lying on a wall is on one side of it and a line that runs along an edge or touches a wall's end is clear.
//
// A point of origin is a grid intersection; when a wall runs through it the area must go one way only: it
// leaves from the squares round the point that the caster reaches (`burstOrigins`). A cone leaves from the
// corners of the caster's own space (`coneOrigin`).

/**
 * A grid corner of the block of `side` × `side` squares whose top-left square is `square`, in quarter
 * units, moved a quarter square into the block (cover.ts traces a figure's lines from these too).
 */
export function insetInto(corner: Cell, square: Cell, side = 1): Cell {
  const toward = (c: number, p0: number) => (2 * p0 + side - 2 * c >= 0 ? 1 : -1)
  return { x: 4 * corner.x + toward(corner.x, square.x), y: 4 * corner.y + toward(corner.y, square.y) }
}

/** The points a line of effect may aim at in a square (quarter units): its centre and its four corners. */
function aimsIn(square: Cell): Cell[] {
  const c = { x: 4 * square.x + 2, y: 4 * square.y + 2 }
  const corners = [0, 1].flatMap((dy) => [0, 1].map((dx) => ({ x: square.x + dx, y: square.y + dy })))
  return [c, ...corners.map((k) => insetInto(k, square))]
}

/** True when some line from one of the origins (quarter units) to a point of the square crosses no closed edge. */
export function edgeClear(state: EncounterState, origins: readonly Cell[], square: Cell): boolean {
  const aims = aimsIn(square)
  return origins.some((o) => aims.some((q) => !segmentCrossesEdges(state.board, o, q, 4)))
}

/**
 * Where a burst at intersection `point` leaves from, for walls on edges (quarter units): the point moved into
 * each square round it that is on the board, not a wall, and reached by a line from a corner of the
 * caster's space that crosses no closed edge. Empty when the caster reaches none: no line of effect.
 */
export function burstOrigins(state: EncounterState, caster: Combatant, point: Cell): Cell[] {
  const from = cellsOf(caster).flatMap((square) =>
    [0, 1].flatMap((dy) => [0, 1].map((dx) => insetInto({ x: square.x + dx, y: square.y + dy }, square)))
  )
  const out: Cell[] = []
  for (const square of [
    { x: point.x - 1, y: point.y - 1 },
    { x: point.x, y: point.y - 1 },
    { x: point.x - 1, y: point.y },
    { x: point.x, y: point.y }
  ]) {
    if (!onBoard(state, square) || isWall(state, square)) continue
    const o = insetInto(point, square)
    if (from.some((f) => !segmentCrossesEdges(state.board, f, o, 4))) out.push(o)
  }
  return out
}

/** Where a cone leaves from, for walls on edges: the corner of the caster's space, moved into its space. */
export function coneOrigin(caster: Combatant, corner: Cell): Cell {
  const inside = cellsOf(caster).find(
    (s) => (corner.x === s.x || corner.x === s.x + 1) && (corner.y === s.y || corner.y === s.y + 1)
  )
  return insetInto(corner, inside ?? { x: caster.pos.x, y: caster.pos.y })
}
