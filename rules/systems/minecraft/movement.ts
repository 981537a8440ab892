import type { GameEvent } from '../../core/events'
import { directionIndex, isAdjacent8, reachableSquares, type PathRules, type Vec2 } from '../../core/geometry'
import type { Action, Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { figureAt, isBlock, isOnBoard } from './board'
import type { McSettings } from './settings'

// Moves (minecraft.md §3 [GAP/PLACEHOLDER]): 8-adjacent steps through free squares, 1 AP per square;
// the board has no terrain height, so a figure keeps its z while walking.

/** Why a square cannot be entered by `mover`, or null when it is free. */
export function squareViolation(state: EncounterState, mover: Combatant, p: Vec2): Violation | null {
  if (!isOnBoard(state, p)) return { code: 'offBoard', params: { x: p.x, y: p.y } }
  if (isBlock(state, p)) return { code: 'blocked', params: { x: p.x, y: p.y } }
  const other = figureAt(state, p, mover.id)
  if (other) return { code: 'occupied', params: { x: p.x, y: p.y, by: other.id } }
  return null
}

/** Why a move's path is illegal (AP aside), or null. */
export function moveViolation(
  state: EncounterState,
  mover: Combatant,
  path: readonly Vec3[] | undefined
): Violation | null {
  if (!path || path.length === 0) return { code: 'emptyPath' }
  let from: Vec3 = mover.pos
  for (const [index, step] of path.entries()) {
    if (step.z !== mover.pos.z || !isAdjacent8(from, step))
      return { code: 'invalidPath', params: { step: index } }
    const bad = squareViolation(state, mover, step)
    if (bad) return bad
    from = step
  }
  return null
}

/** The facing after a move: the one asked for (free facing), else the last step's, else unchanged. G-5 */
export function facingAfterMove(
  settings: McSettings,
  mover: Combatant,
  path: readonly Vec3[],
  asked?: number
): number {
  if (asked !== undefined && settings.freeFacing) return asked
  const last = path[path.length - 1]
  const before = path.length > 1 ? path[path.length - 2] : mover.pos
  if (!settings.faceLastStep || !last || !before) return mover.facing
  return directionIndex(last.x - before.x, last.y - before.y)
}

/** The events of a legal move. */
export function resolveMove(settings: McSettings, mover: Combatant, action: Action): GameEvent[] {
  const path = action.path ?? []
  return [
    { type: 'moved', id: mover.id, path, facing: facingAfterMove(settings, mover, path, action.facing) }
  ]
}

/** Every square the figure can walk to with `ap` action points, with its cheapest path, as move actions. */
export function moveActions(
  state: EncounterState,
  settings: McSettings,
  mover: Combatant,
  ap: number
): Action[] {
  const rules: PathRules = {
    passable: (_from, to) => squareViolation(state, mover, to) === null,
    stepCost: () => settings.moveCostPerSquare,
    maxCost: ap
  }
  const actions: Action[] = []
  for (const reach of reachableSquares(mover.pos, rules).values()) {
    if (reach.path.length === 0) continue
    const path = reach.path.map((p) => ({ x: p.x, y: p.y, z: mover.pos.z }))
    actions.push({ kind: 'move', actorId: mover.id, path })
  }
  return actions
}
