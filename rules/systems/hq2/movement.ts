import type { GameEvent } from '../../core/events'
import { directionIndex, isAdjacent8, onBoard, reachableSquares, type Vec2 } from '../../core/geometry'
import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EconomySnapshot, EncounterState, Vec3, Violation } from '../../core/types'
import { edgeOrGroundBlocks, figureAt, isBlock } from './board'
import type { Hq2Settings } from './settings'
import { readStats } from './stats'

// Movement (hq2.md §3.2, §2): movement points rolled on the being's d6s (heroes) or fixed (BM beings),
// spent 1 per orthogonal step (diagonals with allowDiagonalMove), split freely around the action.

/** True when one step from a to b is allowed by the metric (hq2.md §2 G6). */
export function isStep(settings: Hq2Settings, a: Vec2, b: Vec2): boolean {
  if (!isAdjacent8(a, b)) return false
  return settings.allowDiagonalMove || a.x === b.x || a.y === b.y
}

/** Why a square cannot be entered by `mover`, or null when it is free. */
export function squareViolation(state: EncounterState, moverId: string, p: Vec2): Violation | null {
  if (!onBoard(p, state.board.width, state.board.height))
    return { code: 'offBoard', params: { x: p.x, y: p.y } }
  if (isBlock(state, p)) return { code: 'blocked', params: { x: p.x, y: p.y } }
  const other = figureAt(state, p, moverId)
  if (other) return { code: 'occupied', params: { x: p.x, y: p.y, by: other.id } }
  return null
}

/**
 * Why a walked path is illegal (MP aside), or null: continuous steps by the metric into free squares, none
 * through a wall or closed door on an edge nor onto impassable ground.
 */
export function pathViolation(
  state: EncounterState,
  settings: Hq2Settings,
  mover: Combatant,
  path: readonly Vec3[] | undefined
): Violation | null {
  if (!path || path.length === 0) return { code: 'emptyPath' }
  let from: Vec2 = mover.pos
  for (const [index, step] of path.entries()) {
    if (!isStep(settings, from, step)) return { code: 'invalidPath', params: { step: index } }
    const bad = squareViolation(state, mover.id, step)
    if (bad) return bad
    if (edgeOrGroundBlocks(state, settings, from, step))
      return { code: 'blocked', params: { x: step.x, y: step.y } }
    from = step
  }
  return null
}

/** The facing after a path: the direction of its last step (hq2.md §2 G5). */
export function facingAfter(from: Vec2, path: readonly Vec2[], fallback: number): number {
  const last = path[path.length - 1]
  const before = path.length > 1 ? path[path.length - 2] : from
  if (!last || !before || (last.x === before.x && last.y === before.y)) return fallback
  return directionIndex(last.x - before.x, last.y - before.y)
}

/** The events of a legal move. */
export function resolveMove(mover: Combatant, action: Action): GameEvent[] {
  const path = action.path ?? []
  return [{ type: 'moved', id: mover.id, path, facing: facingAfter(mover.pos, path, mover.facing) }]
}

/** Every square the being can walk to with `mp` movement points, by its cheapest path, as move actions. */
export function moveActions(
  state: EncounterState,
  settings: Hq2Settings,
  mover: Combatant,
  mp: number
): Action[] {
  const reach = reachableSquares(mover.pos, {
    passable: (from, to) =>
      isStep(settings, from, to) &&
      squareViolation(state, mover.id, to) === null &&
      !edgeOrGroundBlocks(state, settings, from, to),
    stepCost: () => 1,
    maxCost: mp
  })
  const actions: Action[] = []
  for (const r of reach.values()) {
    if (r.path.length === 0) continue
    actions.push({
      kind: 'move',
      actorId: mover.id,
      path: r.path.map((p) => ({ x: p.x, y: p.y, z: mover.pos.z }))
    })
  }
  return actions
}

// The MP a sub-group member already got this round: the first economy.changed after its activation opened.
function groupMpThisRound(state: EncounterState, members: readonly string[]): number | null {
  let opened: string | null = null
  let start = 0
  for (let i = state.log.length - 1; i >= 0; i--) {
    if (state.log[i]?.type === 'round.started') {
      start = i
      break
    }
  }
  for (const e of state.log.slice(start)) {
    if (e.type === 'turn.started' || e.type === 'activation.changed') opened = e.actorId
    else if (e.type === 'economy.changed' && e.actorId === opened && members.includes(opened)) {
      return e.economy.context.mp ?? null
    }
  }
  return null
}

function rollMovement(being: Combatant, dice: DiceRoller, events: GameEvent[]): number {
  const movement = readStats(being).movement
  if ('fixed' in movement) return movement.fixed
  let total = 0
  for (let i = 0; i < movement.dice; i++) {
    const result = dice.roll(6, { purpose: 'movement', actorId: being.id })
    total += result
    events.push({
      type: 'dice.rolled',
      actorId: being.id,
      purpose: 'movement',
      sides: 6,
      result,
      success: true
    })
  }
  return total
}

/**
 * hq2.md §3.2 / G2 / A8: the start of an activation. Heroes roll their movement dice; BM beings keep their
 * fixed MP. A sub-group moving at the slowest member's pace rolls for every member once per round and
 * every member gets the minimum.
 */
export function startTurnEvents(
  state: EncounterState,
  settings: Hq2Settings,
  actorId: string,
  dice: DiceRoller
): GameEvent[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  const economy = state.turn?.economy
  if (!actor || !economy) return []
  const group = readStats(actor).subgroup
  const events: GameEvent[] = []
  let mp: number
  if (group !== undefined && settings.subgroupMovement === 'slowest') {
    const members = state.combatants.filter((c) => !c.out && readStats(c).subgroup === group)
    const known = groupMpThisRound(
      state,
      members.map((m) => m.id)
    )
    mp = known ?? Math.min(...members.map((m) => rollMovement(m, dice, events)))
  } else {
    const movement = readStats(actor).movement
    if ('fixed' in movement) return []
    mp = rollMovement(actor, dice, events)
  }
  return [...events, { type: 'economy.changed', actorId, economy: withMp(economy, mp) }]
}

function withMp(economy: EconomySnapshot, mp: number): EconomySnapshot {
  return { value: economy.value, context: { ...economy.context, mp } }
}
