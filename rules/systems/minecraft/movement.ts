import type { GameEvent } from '../../core/events'
import { directionIndex, isAdjacent8, reachableSquares, type PathRules, type Vec2 } from '../../core/geometry'
import type { Action, Answers, Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { figureAt, groundHeight, isBlock, isOnBoard, mapBlocksStep } from './board'
import { fallDamage, fallEvents } from './falls'
import type { McSettings } from './settings'

// Moves (minecraft.md §3 [GAP/PLACEHOLDER], heights from the missing movement post as settings): 8-adjacent
// steps through free squares; each step lands on the square's ground (`board.elevation`). A step up of at
// most maxStepUp blocks costs climbCostPerBlock extra AP per block; a drop of at most maxDropWithoutFall is a
// plain step; a bigger drop is a fall (G-4), refused unless voluntaryFalls.

/** Why a square cannot be entered by `mover`, or null when it is free. */
export function squareViolation(state: EncounterState, mover: Combatant, p: Vec2): Violation | null {
  if (!isOnBoard(state, p)) return { code: 'offBoard', params: { x: p.x, y: p.y } }
  if (isBlock(state, p)) return { code: 'blocked', params: { x: p.x, y: p.y } }
  const other = figureAt(state, p, mover.id)
  if (other) return { code: 'occupied', params: { x: p.x, y: p.y, by: other.id } }
  return null
}

/** One step over heights: its AP cost and the blocks fallen (0 when it is no fall). */
export interface HeightStep {
  cost: number
  fall: number
}

/** A step from height `fromZ` to ground `toZ` (minecraft.md G-4, G-7 [GAP]): its cost, or why it is refused. */
export function heightStep(settings: McSettings, fromZ: number, toZ: number): HeightStep | Violation {
  const rise = toZ - fromZ
  if (rise > settings.maxStepUp) return { code: 'tooSteep', params: { rise, max: settings.maxStepUp } }
  const drop = -rise
  const fall = drop > settings.maxDropWithoutFall ? drop : 0
  if (fall > 0 && !settings.voluntaryFalls) {
    return { code: 'dropTooHigh', params: { drop, max: settings.maxDropWithoutFall } }
  }
  return { cost: settings.moveCostPerSquare + Math.max(0, rise) * settings.climbCostPerBlock, fall }
}

const isViolation = (s: HeightStep | Violation): s is Violation => 'code' in s

/**
 * Why a move's path is illegal (AP aside), or null. Each step must be adjacent, at its square's ground, and
 * not through a wall or closed door on an edge nor onto impassable ground.
 */
export function moveViolation(
  state: EncounterState,
  settings: McSettings,
  mover: Combatant,
  path: readonly Vec3[] | undefined
): Violation | null {
  if (!path || path.length === 0) return { code: 'emptyPath' }
  let from: Vec3 = mover.pos
  for (const [index, step] of path.entries()) {
    if (!isAdjacent8(from, step)) return { code: 'invalidPath', params: { step: index } }
    const bad = squareViolation(state, mover, step)
    if (bad) return bad
    if (mapBlocksStep(state, settings, from, step))
      return { code: 'blocked', params: { x: step.x, y: step.y } }
    if (step.z !== groundHeight(state, step)) return { code: 'invalidPath', params: { step: index } }
    const height = heightStep(settings, from.z, step.z)
    if (isViolation(height)) return height
    from = step
  }
  return null
}

/** AP and falls of a path from the mover's square, each step landing on ground (heights as settings). */
export function pathSteps(
  state: EncounterState,
  settings: McSettings,
  mover: Combatant,
  path: readonly Vec2[]
): { cost: number; falls: number[] } {
  let z = mover.pos.z
  let cost = 0
  const falls: number[] = []
  for (const p of path) {
    const ground = groundHeight(state, p)
    const rise = ground - z
    cost += settings.moveCostPerSquare + Math.max(0, rise) * settings.climbCostPerBlock
    if (-rise > settings.maxDropWithoutFall) falls.push(-rise)
    z = ground
  }
  return { cost, falls }
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

/** The events of a legal move; falls on the way (voluntaryFalls) take the GM's damage at the end (G-4). */
export function resolveMove(
  state: EncounterState,
  settings: McSettings,
  mover: Combatant,
  action: Action,
  answers: Answers = {}
): GameEvent[] {
  const path = action.path ?? []
  const { falls } = pathSteps(state, settings, mover, path)
  return [
    { type: 'moved', id: mover.id, path, facing: facingAfterMove(settings, mover, path, action.facing) },
    ...fallEvents(mover.id, mover.life, fallDamage(settings, falls, answers))
  ]
}

/** Every square the figure can walk to with `ap` action points, with its cheapest path, as move actions. */
export function moveActions(
  state: EncounterState,
  settings: McSettings,
  mover: Combatant,
  ap: number
): Action[] {
  const zAt = (p: Vec2): number =>
    p.x === mover.pos.x && p.y === mover.pos.y ? mover.pos.z : groundHeight(state, p)
  const step = (from: Vec2, to: Vec2) => heightStep(settings, zAt(from), groundHeight(state, to))
  const rules: PathRules = {
    passable: (from, to) =>
      squareViolation(state, mover, to) === null &&
      !mapBlocksStep(state, settings, from, to) &&
      !isViolation(step(from, to)),
    stepCost: (from, to) => {
      const s = step(from, to)
      return isViolation(s) ? Infinity : s.cost
    },
    maxCost: ap
  }
  const actions: Action[] = []
  for (const reach of reachableSquares(mover.pos, rules).values()) {
    if (reach.path.length === 0) continue
    const path = reach.path.map((p) => ({ x: p.x, y: p.y, z: groundHeight(state, p) }))
    actions.push({ kind: 'move', actorId: mover.id, path })
  }
  return actions
}
