import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { Combatant, EncounterState } from '../../core/types'
import { SQUARE, sideOf, squareFlags, type Cell } from './grid'
import { hasCondition, readStats } from './stats'

// pathfinder1e.md §2 Squeezing [TEXT L341–347]: a creature may move into (or through) a space at least half
// as wide as its own; each square entered that way costs 2 and, while squeezing, it takes −4 to attack and
// −4 AC (attack-math.ts and defense.ts read the `squeezing` condition).
//
// Footprint approximation. The text has a squeezing Large creature occupy 2 squares "centred on the line"
// of a 1-square-wide space; our footprint keeps `pos` as the top-left square of an n × n block, so a
// squeezing figure keeps its whole block and we read the block itself: a position is a squeeze position
// when some of its squares are solid (walls, arrow slits) but a band of at least half its width —
// ceil(n / 2) whole rows or whole columns, running along the direction it travels — is clear of them. For a
// 2 × 2 figure: one full row or column free, the other blocked by walls. Only walls narrow a space: the
// other squares of the block are the figure's as usual (terrain costs, pits, and creatures it may pass
// but not end in — "you may squeeze past a creature but not end your move in it"), so creatures never
// make a squeeze. Narrower spaces (a Huge figure through a 1-square gap) need Escape Artist, which we do
// not model: they are refused. The board edge is not a wall to squeeze against: the block stays on the
// board. A Small or Medium figure (one square) never squeezes, so diagonal gaps stay shut by the corner
// rule [TEXT L305].

/** How a footprint fits at a position: every square open, or squeezed between walls (§2). */
export type Fit = 'free' | 'squeeze'

/** The squares a squeeze narrows around: solid to movement, unlike pits or low walls. */
export const SOLID = SQUARE.wall | SQUARE.arrowSlit

/** §2 [TEXT L341]: the narrowest band a footprint of `side` squares may squeeze into, in squares. */
export function squeezeWidth(side: number): number {
  return Math.ceil(side / 2)
}

/**
 * §2 [TEXT L341–347]: how a block of `side` × `side` squares with its top-left square at `pos` fits on the
 * board: 'free' with no solid square in it, 'squeeze' when the solid ones leave a band of
 * `squeezeWidth(side)` whole rows or whole columns clear, null when it does not fit (off the board, or
 * narrower than half its width: Escape Artist).
 */
export function footprintFit(state: EncounterState, pos: Cell, side: number): Fit | null {
  // Bit i of a mask: row (column) i of the block holds a solid square.
  let rows = 0
  let cols = 0
  for (let dy = 0; dy < side; dy++)
    for (let dx = 0; dx < side; dx++) {
      const flags = squareFlags(state, { x: pos.x + dx, y: pos.y + dy })
      if (flags & SQUARE.offBoard) return null
      if (flags & SOLID) {
        rows |= 1 << dy
        cols |= 1 << dx
      }
    }
  if (rows === 0) return 'free'
  const width = squeezeWidth(side)
  const band = (1 << width) - 1
  for (let start = 0; start + width <= side; start++)
    if ((rows & (band << start)) === 0 || (cols & (band << start)) === 0) return 'squeeze'
  return null
}

/** True when the square is solid (a wall or arrow slit): a squeezing figure's block may overlap it. */
export function isSolid(state: EncounterState, cell: Cell): boolean {
  return (squareFlags(state, cell) & SOLID) !== 0
}

/** True when the figure's footprint at `pos` (its own position by default) is a squeeze position. */
export function squeezedAt(state: EncounterState, figure: Combatant, pos: Cell = figure.pos): boolean {
  return footprintFit(state, pos, sideOf(figure)) === 'squeeze'
}

/**
 * §2 [TEXT L341]: a figure that ends its move in a squeeze position is squeezing (−4 attack, −4 AC) until it
 * ends a move in a free one. The `stats.changed` that brings its condition in line with where it stands, or
 * nothing when it already is.
 */
export function squeezeEvents(state: EncounterState, id: string): GameEvent[] {
  const figure = state.combatants.find((c) => c.id === id)
  if (!figure) return []
  const stats = readStats(figure)
  const squeezing = squeezedAt(state, figure)
  if (squeezing === hasCondition(stats, 'squeezing')) return []
  const conditions = squeezing
    ? [...stats.conditions, 'squeezing' as const]
    : stats.conditions.filter((c) => c !== 'squeezing')
  return [statsSet(figure, { ...stats, conditions })]
}
