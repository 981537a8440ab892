import { areEnemies, blockSet, figureAt, groundHeight, isBlock, mapStepBlocked } from '../../core/board'
import { clearOfEdges, hasEdges, stepCrossesWall } from '../../core/edges'
import {
  chebyshev,
  isAdjacent8,
  lineOfSight,
  onBoard,
  relativeSector,
  type SectorMap,
  type Vec2
} from '../../core/geometry'
import type { Combatant, EncounterState, Violation } from '../../core/types'
import { mapLighting } from './lights'
import { readSettings, type Hq2Settings } from './settings'

// The HQ2 reading of the shared geometry (hq2.md §2): 8-way facing with 3 rear squares, melee in the
// 8-neighbourhood, walls as blocks that stop movement and sight, a lighting map, ground height.

/** hq2.md §2 [REC] G5: the rear squares are f+3, f+4, f+5; everything else is in front. */
export const REAR: SectorMap = ['front', 'front', 'front', 'back', 'back', 'back', 'front', 'front']

/** Where the attacker stands relative to the defender's facing: its rear squares or not. */
export type Hq2Sector = 'front' | 'back'

/** Shared board queries (blocks are walls here), kept importable from this module. */
export { areEnemies, blockSet, figureAt, groundHeight as heightAt, isBlock }

/** True when the square is on the board, not a wall and free of other beings. */
export function isFree(state: EncounterState, p: Vec2, moverId: string): boolean {
  return (
    onBoard(p, state.board.width, state.board.height) && !isBlock(state, p) && !figureAt(state, p, moverId)
  )
}

/**
 * hq2.md §2 [TEXT L46]: melee contact is any of the 8 surrounding squares — reachable ones: a wall or closed
 * door on the edge between two side-by-side squares parts them (LOS is "blocked by walls or doors", §2), and
 * a diagonal past a corner that closed edges touch follows the `wallCorner` setting, as a step would.
 */
export function inMeleeReach(state: EncounterState, a: Vec2, b: Vec2): boolean {
  if (!isAdjacent8(a, b)) return false
  const board = state.board
  return !hasEdges(board) || !stepCrossesWall(board, a, b, readSettings(state).wallCorner)
}

/**
 * Why a being at `a` cannot melee the one at `b` (hq2.md §4.7 step 1, §2), or null: `wallBetween` when they
 * are neighbours parted by a wall or closed door on an edge, `notAdjacent` when they are not in contact.
 */
export function contactViolation(
  state: EncounterState,
  a: Vec2,
  b: Vec2,
  targetId: string
): Violation | null {
  if (inMeleeReach(state, a, b)) return null
  return { code: isAdjacent8(a, b) ? 'wallBetween' : 'notAdjacent', params: { targetId } }
}

/** The sector of `observer`'s facing in which `other` stands (hq2.md §2 G5). */
export function sectorOf(observer: Combatant, other: Vec2, observerPos: Vec2 = observer.pos): Hq2Sector {
  return relativeSector(other, observerPos, observer.facing, REAR) === 'back' ? 'back' : 'front'
}

/**
 * hq2.md §2 [REC] LOS: walls block sight (figures do not); the end squares never do. Walls and closed doors
 * on square edges block it too ("blocked by walls or doors"); painted ground never does.
 */
export function clearSight(state: EncounterState, a: Vec2, b: Vec2): boolean {
  return lineOfSight(a, b, (p) => isBlock(state, p)) && clearOfEdges(state.board, a, b)
}

/**
 * True when the map stops the one-square step from `from` to `to`: a wall or closed door on the edge
 * between (or on the corner a diagonal passes, by `wallCorner`), or ground painted impassable. hq2.md has
 * no difficult terrain or water rules, so the other painted kinds cost nothing here.
 */
export function edgeOrGroundBlocks(
  state: EncounterState,
  settings: Hq2Settings,
  from: Vec2,
  to: Vec2
): boolean {
  return mapStepBlocked(state.board, from, to, settings.wallCorner)
}

/**
 * hq2.md §4.2 / G-3: a square is dark when the whole board is or the lighting map says so — the settings'
 * dark squares and the map's dark areas — unless a light area on the map lights it (lights.ts).
 */
export function isDark(state: EncounterState, settings: Hq2Settings, p: Vec2): boolean {
  const map = mapLighting(state.board, p)
  if (map !== null) return map === 'dark'
  return settings.darkness || settings.darkSquares.some((d) => d.x === p.x && d.y === p.y)
}

/** Squares between two positions by the Chebyshev metric (ranges, hq2.md §2 G4). */
export function squaresBetween(a: Vec2, b: Vec2): number {
  return chebyshev(a, b)
}
