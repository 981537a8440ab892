import { clearOfEdges } from '../../core/edges'
import { chebyshev, onBoard, type Vec2 } from '../../core/geometry'
import type { MapHooks } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { clearSight, isDark } from './board'
import { readSettings } from './settings'
import { readStats } from './stats'

// What the battlemap asks HQ2 (hq2.md). Sight is the rules' own line of sight (board.ts `clearSight`:
// wall squares block, figures do not) plus the map's walls and closed doors on edges, the same
// centre-to-centre segment; darkness is a dice penalty in HQ2 (§4.2), not blindness, so it hides nothing.

/**
 * §2: distances are counted in squares [TEXT L26]; moves are orthogonal steps unless `allowDiagonalMove`
 * ([GAP-PUB] G6), so the ruler counts what a walk costs: Manhattan, or Chebyshev with diagonals.
 */
export function measureSquares(state: EncounterState, from: Vec2, to: Vec2): number {
  if (readSettings(state).allowDiagonalMove) return chebyshev(from, to)
  return Math.abs(to.x - from.x) + Math.abs(to.y - from.y)
}

/**
 * §2 [REC] line of sight: blocked by walls or doors. Wall squares through `clearSight`, wall and door edges
 * through `clearOfEdges`, both on the segment between the square centres. (Facing decides who may be
 * attacked from behind, §4.2, not what the being sees, so it is left out here.)
 */
export function hq2CanSee(state: EncounterState, viewer: Combatant, cell: Vec2): boolean {
  if (!onBoard(cell, state.board.width, state.board.height)) return false
  return clearSight(state, viewer.pos, cell) && clearOfEdges(state.board, viewer.pos, cell)
}

/**
 * §6: what the token shows — the being's conditions (stats), "in the dark" when its square is dark by the
 * lighting map (§4.2, G-3: its fights are fought at ×1/2), and out of the fight.
 */
export function hq2Conditions(state: EncounterState, figure: Combatant): string[] {
  const keys = readStats(figure).conditions.map((c) => `condition.${c}`)
  if (isDark(state, readSettings(state), figure.pos)) keys.push('condition.dark')
  if (figure.out) keys.push('condition.out')
  return keys
}

/**
 * What the battlemap asks this system beyond play: the map features its rules read, its ruler metric,
 * area templates, sight and cover from a figure, and the conditions a token shows. HQ2 has no area
 * templates and no cover computed from the map (a being "covered by curtains, bushes…" is a condition the
 * BM sets, §4.4), so those stay undefined.
 */
export const mapHooks: MapHooks = {
  map: {
    // §4.5 / §6: armour unsuited to the medium (water, submerged) costs −5D to −10D; impassable is always
    // meaningful. HQ2 has no difficult terrain: "movement hindered" is a being's condition (§6).
    ground: ['water', 'impassable'],
    // §4.2 / §4.3 / G-3: darkness halves Total Attack and Total Defense, read from a lighting map.
    lighting: true,
    // §4.4: an enemy on higher ground is a positional penalty (board.ts `heightAt`).
    elevation: true
  },
  measure: (state, from, to) => ({ value: measureSquares(state, from, to), unit: 'unit.squares' }),
  canSee: hq2CanSee,
  conditions: hq2Conditions
}
