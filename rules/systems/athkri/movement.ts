import type { GameEvent } from '../../core/events'
import { directionIndex, isAdjacent8, reachableSquares, type PathRules } from '../../core/geometry'
import type { Action, Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { edgeBlocksStep, isMounted, ridersOf, standViolation } from './board'
import { majorMoveSquares, minorMoveSquares } from './costs'
import { readSettings } from './settings'

// Walking (athkri.md §3 [GAP-PUB]): a Major walks the full Movimiento, a Minor half; steps are
// 8-neighbour, one square each, and the whole footprint must fit at every step, crossing no wall or closed
// door on an edge. A mount carries its riders.

/** Squares the active figure may still walk in one move (0 when it has no Major or Minor left). */
export function moveBudget(state: EncounterState, mover: Combatant): number {
  const ctx = state.turn?.economy.context
  if (!ctx || state.turn?.activeId !== mover.id) return 0
  if ((ctx.major ?? 0) + (ctx.low ?? 0) > 0) return majorMoveSquares(state, mover)
  return (ctx.minor ?? 0) > 0 ? minorMoveSquares(state, mover) : 0
}

/** Why a move's path is illegal (turn aside), or null. */
export function moveViolation(
  state: EncounterState,
  mover: Combatant,
  path: readonly Vec3[] | undefined
): Violation | null {
  if (!path || path.length === 0) return { code: 'emptyPath' }
  // athkri.md §5.6 [REC]: a rider does not walk; its mount carries it on the mount's activation.
  if (isMounted(state, mover)) return { code: 'mounted' }
  const budget = moveBudget(state, mover)
  if (path.length > budget) return { code: 'tooFar', params: { squares: path.length, max: budget } }
  let from: Vec3 = mover.pos
  for (const [index, step] of path.entries()) {
    if (step.z !== mover.pos.z || !isAdjacent8(from, step))
      return { code: 'invalidPath', params: { step: index } }
    const bad = standViolation(state, mover, step)
    if (bad) return bad
    if (edgeBlocksStep(state, mover, from, step)) return { code: 'blocked', params: { x: step.x, y: step.y } }
    from = step
  }
  return null
}

/** athkri.md §3 [REC]: the facing after a move is its last step's direction (when the table says so). */
function facingAfter(state: EncounterState, mover: Combatant, path: readonly Vec3[]): number {
  const last = path[path.length - 1]
  const before = path.length > 1 ? path[path.length - 2] : mover.pos
  if (!readSettings(state).faceLastStep || !last || !before) return mover.facing
  return directionIndex(last.x - before.x, last.y - before.y)
}

/** The events of a legal move: the mover, and every rider it carries along the same steps. */
export function resolveMove(state: EncounterState, mover: Combatant, path: readonly Vec3[]): GameEvent[] {
  const facing = facingAfter(state, mover, path)
  const events: GameEvent[] = [{ type: 'moved', id: mover.id, path: [...path], facing }]
  for (const rider of ridersOf(state, mover)) {
    const dx = rider.pos.x - mover.pos.x
    const dy = rider.pos.y - mover.pos.y
    events.push({
      type: 'moved',
      id: rider.id,
      path: path.map((p) => ({ x: p.x + dx, y: p.y + dy, z: rider.pos.z })),
      facing
    })
  }
  return events
}

/** Every square the figure can walk to now, with a cheapest path, as move actions. */
export function moveActions(state: EncounterState, mover: Combatant): Action[] {
  if (isMounted(state, mover)) return []
  const rules: PathRules = {
    passable: (from, to) =>
      standViolation(state, mover, to) === null && !edgeBlocksStep(state, mover, from, to),
    stepCost: () => 1,
    maxCost: moveBudget(state, mover)
  }
  const actions: Action[] = []
  for (const reach of reachableSquares(mover.pos, rules).values()) {
    if (reach.path.length === 0) continue
    actions.push({
      kind: 'move',
      actorId: mover.id,
      path: reach.path.map((p) => ({ x: p.x, y: p.y, z: mover.pos.z }))
    })
  }
  return actions
}
