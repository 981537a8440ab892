import { footprintCells, isFractional } from '../core/footprint'
import { planGap } from '../core/inches/measure'
import type { Combatant, EncounterState, Violation } from '../core/types'

// A figure out of the fight does not block moves, so by the time the GM heals it back in (life.set),
// another figure may stand where it lies; bringing it back there would put two figures on one square.

/** A rider and its mount name each other (`stats.mountId` / `stats.riderId`) and share their squares. */
function mounted(a: Combatant, b: Combatant): boolean {
  const sa = a.stats as { mountId?: unknown; riderId?: unknown }
  const sb = b.stats as { mountId?: unknown; riderId?: unknown }
  return sa.mountId === b.id || sa.riderId === b.id || sb.mountId === a.id || sb.riderId === a.id
}

/**
 * Whether the two figures take up the same room: a common square (a tiny, fractional-size figure shares
 * any), or on a table measured in inches bases overlapping at one height (0.1" allows the rounding of
 * positions to whole units; a base at another height passes over or under).
 */
function overlap(state: EncounterState, a: Combatant, b: Combatant): boolean {
  if (state.board.inches) return a.pos.z === b.pos.z && planGap(state.board, a, b) < -0.1
  if (isFractional(a.size) || isFractional(b.size)) return false
  const cells = new Set(footprintCells(a.pos, a.size).map((p) => `${p.x},${p.y}`))
  return footprintCells(b.pos, b.size).some((p) => cells.has(`${p.x},${p.y}`))
}

/** Why `figure` cannot come back into the fight where it lies (a standing figure is there), or null. */
export function placeTaken(state: EncounterState, figure: Combatant): Violation | null {
  const other = state.combatants.find(
    (c) => c.id !== figure.id && !c.out && !mounted(figure, c) && overlap(state, figure, c)
  )
  return other ? { code: 'occupied', params: { x: figure.pos.x, y: figure.pos.y, by: other.id } } : null
}
