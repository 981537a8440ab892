import { ObjectMemo } from '../../core/state-memo'
import type { Combatant, EncounterState } from '../../core/types'
import { cellsOf, sideOf, type Cell } from './grid'
import { reachOf, threatensFigure } from './threat'

// pathfinder1e.md §4.7 flanking: two allies threatening a defender from opposite sides.

// Does the segment between two doubled points cross the doubled box from the x0 border to the x1 border? Both
// ends lie strictly beyond the slab (centres are odd, borders even), and the line meets both borders within
// [y0, y1] — corners included, so corner-to-corner and corner-to-side lines count.
function crossesBetween(
  a: Cell,
  b: Cell,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  swap: boolean
): boolean {
  const [ax, ay, bx, by] = swap ? [a.y, a.x, b.y, b.x] : [a.x, a.y, b.x, b.y]
  if (!((ax < x0 && bx > x1) || (bx < x0 && ax > x1))) return false
  const den = bx - ax
  const within = (x: number) => {
    const num = ay * den + (by - ay) * (x - ax)
    return den > 0 ? y0 * den <= num && num <= y1 * den : y0 * den >= num && num >= y1 * den
  }
  return within(x0) && within(x1)
}

/** §4.7 [SRD]: the line between the centres of squares a and b passes through opposite borders of `space`. */
export function oppositeSides(a: Cell, b: Cell, space: Combatant): boolean {
  const n = sideOf(space)
  const ca = { x: 2 * a.x + 1, y: 2 * a.y + 1 }
  const cb = { x: 2 * b.x + 1, y: 2 * b.y + 1 }
  const [x0, x1, y0, y1] = [2 * space.pos.x, 2 * (space.pos.x + n), 2 * space.pos.y, 2 * (space.pos.y + n)]
  return crossesBetween(ca, cb, x0, x1, y0, y1, false) || crossesBetween(ca, cb, y0, y1, x0, x1, true)
}

function canFlank(state: EncounterState, c: Combatant, defender: Combatant): boolean {
  return !c.out && reachOf(c).max > 0 && threatensFigure(state, c, defender)
}

/**
 * §4.7 [SRD; TEXT L389–391]: the attacker flanks the defender when both it and an ally threaten the defender
 * and the line between the centres of one of the attacker's squares and one of the ally's squares passes
 * through opposite borders or corners of the defender's space. Reach-0 figures cannot flank.
 */
export function isFlanking(state: EncounterState, attacker: Combatant, defender: Combatant): boolean {
  // It reads the settings, the map and the roster (who threatens the defender, from where): every attack
  // the odds, validation and the AI weigh asks it, mostly for the same figures on the same roster.
  return flanks.get([state.board, state.settings, state.combatants, attacker, defender], '', () =>
    computeFlanking(state, attacker, defender)
  )
}

const flanks = new ObjectMemo<boolean>()

function computeFlanking(state: EncounterState, attacker: Combatant, defender: Combatant): boolean {
  if (!canFlank(state, attacker, defender)) return false
  return state.combatants.some(
    (ally) =>
      ally.id !== attacker.id &&
      ally.id !== defender.id &&
      ally.side === attacker.side &&
      canFlank(state, ally, defender) &&
      cellsOf(attacker).some((a) => cellsOf(ally).some((b) => oppositeSides(a, b, defender)))
  )
}
