import { areEnemies, blockSet, figureAt, groundHeight, isBlock } from '../../core/board'
import {
  chebyshev,
  isAdjacent8,
  lineOfSight,
  onBoard,
  relativeSector,
  type SectorMap,
  type Vec2
} from '../../core/geometry'
import type { Combatant, EncounterState } from '../../core/types'
import type { Hq2Settings } from './settings'

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

/** hq2.md §2 [TEXT L46]: melee contact is any of the 8 surrounding squares. */
export function inMeleeReach(a: Vec2, b: Vec2): boolean {
  return isAdjacent8(a, b)
}

/** The sector of `observer`'s facing in which `other` stands (hq2.md §2 G5). */
export function sectorOf(observer: Combatant, other: Vec2, observerPos: Vec2 = observer.pos): Hq2Sector {
  return relativeSector(other, observerPos, observer.facing, REAR) === 'back' ? 'back' : 'front'
}

/** hq2.md §2 [REC] LOS: walls block sight (figures do not); the end squares never do. */
export function clearSight(state: EncounterState, a: Vec2, b: Vec2): boolean {
  return lineOfSight(a, b, (p) => isBlock(state, p))
}

/** hq2.md §4.2 / G-3: a square is dark when the whole board is or the lighting map says so. */
export function isDark(state: EncounterState, settings: Hq2Settings, p: Vec2): boolean {
  return settings.darkness || settings.darkSquares.some((d) => d.x === p.x && d.y === p.y)
}

/** Squares between two positions by the Chebyshev metric (ranges, hq2.md §2 G4). */
export function squaresBetween(a: Vec2, b: Vec2): number {
  return chebyshev(a, b)
}
