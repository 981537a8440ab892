import { clearOfEdges } from '../../core/edges'
import type { Vec2 } from '../../core/geometry'
import type { MapHooks } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { groundHeight, hasLineOfSight, isEngaged, isOnBoard, rangedDistance } from './board'
import { readSettings } from './settings'

// What the battlemap asks Minecraft (minecraft.md). Everything goes through board.ts, so the map's ruler
// and sight are the ones a shot uses: a square is read at its ground height (where a figure stands).

/** A square raised to its ground height, where a figure standing on it is. */
function standing(state: EncounterState, p: Vec2) {
  return { x: p.x, y: p.y, z: groundHeight(state, p) }
}

/**
 * §2 [TEXT L66]: the only distance the rules define, the shot's: Chebyshev squares plus the climb when the
 * far square is higher; looking down ignores the drop (10 away and 3 up → 13, 3 down → 10).
 */
export function measureSquares(state: EncounterState, from: Vec2, to: Vec2): number {
  return rangedDistance(standing(state, from), standing(state, to))
}

/**
 * §3 [REC] / A13: the rules' own sight (`hasLineOfSight`: from eye height over block columns and wall
 * blocks) to a figure standing on the square, and no wall or closed door on an edge across the same
 * centre-to-centre segment.
 */
export function mcCanSee(state: EncounterState, viewer: Combatant, cell: Vec2): boolean {
  if (!isOnBoard(state, cell)) return false
  const settings = readSettings(state)
  return (
    hasLineOfSight(state, settings, viewer.pos, standing(state, cell)) &&
    clearOfEdges(state.board, viewer.pos, cell)
  )
}

/**
 * §6: the states the rules track on a figure: engaged (*trabada en combate*: no ranged attacks, [REC]
 * adjacent to an enemy) and out of the fight (§5 [REC]: removed at 0 life). Facing, knockback and height
 * are shown by the map itself.
 */
export function mcConditions(state: EncounterState, figure: Combatant): string[] {
  if (figure.out) return ['condition.out']
  return isEngaged(state, readSettings(state), figure) ? ['condition.engaged'] : []
}

/**
 * What the battlemap asks this system beyond play: the map features its rules read, its ruler metric,
 * area templates, sight and cover from a figure, and the conditions a token shows. The source has no area
 * effects and no cover rule, so those stay undefined.
 */
export const mapHooks: MapHooks = {
  map: {
    // Only impassable: G-3 says water does not stop a knockback, and no rule gives water or difficult
    // ground a cost (the movement post is missing, §3 [GAP]).
    ground: ['impassable'],
    lighting: false,
    // §2: a voxel grid; heights change reach, range, sight, climbing and knockback.
    elevation: true
  },
  measure: (state, from, to) => ({ value: measureSquares(state, from, to), unit: 'unit.squares' }),
  canSee: mcCanSee,
  conditions: mcConditions
}
