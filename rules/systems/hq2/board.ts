import {
  chebyshev,
  isAdjacent8,
  lineOfSight,
  onBoard,
  relativeSector,
  squareKey,
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

const blockCache = new WeakMap<object, Set<string>>()

/** The set of wall squares (by squareKey), cached per board. */
export function blockSet(state: EncounterState): Set<string> {
  const hit = blockCache.get(state.board.blocks)
  if (hit) return hit
  const set = new Set(state.board.blocks.map(squareKey))
  blockCache.set(state.board.blocks, set)
  return set
}

/** True when the square is a wall. */
export function isBlock(state: EncounterState, p: Vec2): boolean {
  return blockSet(state).has(squareKey(p))
}

/** The being (not out) standing on a square, ignoring `exceptId`. */
export function figureAt(state: EncounterState, p: Vec2, exceptId?: string): Combatant | undefined {
  return state.combatants.find((c) => !c.out && c.id !== exceptId && c.pos.x === p.x && c.pos.y === p.y)
}

/** True when the square is on the board, not a wall and free of other beings. */
export function isFree(state: EncounterState, p: Vec2, moverId: string): boolean {
  return (
    onBoard(p, state.board.width, state.board.height) && !isBlock(state, p) && !figureAt(state, p, moverId)
  )
}

/** True when the beings are on different sides. */
export function areEnemies(a: Combatant, b: Combatant): boolean {
  return a.side !== b.side
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

/** Ground height of a square (0 without an elevation map). */
export function heightAt(state: EncounterState, p: Vec2): number {
  return state.board.elevation?.[p.y * state.board.width + p.x] ?? 0
}

/** Squares between two positions by the Chebyshev metric (ranges, hq2.md §2 G4). */
export function squaresBetween(a: Vec2, b: Vec2): number {
  return chebyshev(a, b)
}
