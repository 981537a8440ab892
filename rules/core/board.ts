import { squareKey, type Vec2 } from './geometry'
import type { Combatant, EncounterState } from './types'

// Board queries every ruleset asks the same way; what a block *means* (wall, solid block) is theirs.

const blockCache = new WeakMap<object, Set<string>>()

/** The set of block squares (by squareKey), cached per board: asked once per square on every path search. */
export function blockSet(state: EncounterState): Set<string> {
  const hit = blockCache.get(state.board.blocks)
  if (hit) return hit
  const set = new Set(state.board.blocks.map(squareKey))
  blockCache.set(state.board.blocks, set)
  return set
}

/** True when the square is a block. */
export function isBlock(state: EncounterState, p: Vec2): boolean {
  return blockSet(state).has(squareKey(p))
}

/** The ground height of a square (`board.elevation`, row-major; absent = 0): where a figure stands. */
export function groundHeight(state: EncounterState, p: Vec2): number {
  const { elevation, width } = state.board
  return elevation?.[p.y * width + p.x] ?? 0
}

/** The figure (not out) standing on a square, ignoring `exceptId`. */
export function figureAt(state: EncounterState, p: Vec2, exceptId?: string): Combatant | undefined {
  return state.combatants.find((c) => !c.out && c.id !== exceptId && c.pos.x === p.x && c.pos.y === p.y)
}

/** True when the figures are on different sides. */
export function areEnemies(a: Combatant, b: Combatant): boolean {
  return a.side !== b.side
}
