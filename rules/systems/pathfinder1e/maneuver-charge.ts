import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, DecisionRequest, EncounterState, Violation } from '../../core/types'
import type { Chain } from '../../core/chain'
import { chargeLane } from './charge'
import { cellKey, cellsAt, cellsOf, sideOf, type Cell } from './grid'
import { pushDirection, resolveBullRush } from './maneuver-bull-rush'
import {
  changeStats,
  figureIn,
  fireEach,
  isHeld,
  maneuverCheck,
  OVERRUN,
  rollCheck,
  withConditions
} from './maneuver-check'
import { hasImprovedFeat, sizeAllows } from './maneuver-math'
import { settle, walk } from './resolve-move'
import { canEndIn, pathCost, speedInSquares } from './movement'
import { acceptedReactions, reactionId, reactionsTo, type Provoking, type Reaction } from './reactions'
import { addEffect, movementProvoking, resolveMovement } from './resolve-move'
import { readSettings } from './settings'
import { hasCondition, readStats } from './stats'

// pathfinder1e.md §4.11: a bull rush ("as a standard action or as part of a charge", +2 when charging,
// [TEXT L415, L453]) or an overrun ("during your move, or as part of a charge", [TEXT L441]) made as the end
// of a charge, in place of its attack: `charge {targetId, path, options.maneuver}`. The charge is the usual
// one (its lane, −2 AC, +2 on the roll: the maneuver is its attack roll); the maneuver provokes its target as
// always (§4.10 step 4) unless the target already had its attack of opportunity on the way. An overrun
// charge goes on, on a success or when the target steps aside, straight through the target's space to the
// first square past it, within the charge's distance.

/** The maneuvers a charge may end in instead of its attack (§4.11). */
export const CHARGE_MANEUVERS = ['bullRush', 'overrun'] as const
/** A maneuver made as part of a charge. */
export type ChargeManeuver = (typeof CHARGE_MANEUVERS)[number]

const refuse = (code: string): Violation => ({ code })

/** The maneuver a charge ends in (`options.maneuver`), or null for a plain charge or an unknown maneuver. */
export function chargeManeuverOf(action: Action): ChargeManeuver | null {
  const wanted = action.kind === 'charge' ? action.options?.maneuver : undefined
  return CHARGE_MANEUVERS.find((m) => m === wanted) ?? null
}

/** The maneuver as an action of its own (same actor, target and options less `maneuver`), without a path. */
export function chargeInnerAction(action: Action, maneuver: ChargeManeuver): Action {
  const { maneuver: _made, ...options } = action.options ?? {}
  return {
    kind: maneuver,
    actorId: action.actorId,
    ...(action.targetId ? { targetId: action.targetId } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {})
  }
}

/** §3.2: the squares a charge may cover, twice the speed (the speed on a restricted turn). */
function chargeLimit(state: EncounterState, actor: Combatant): number {
  const restricted = (state.turn?.economy.context._restricted ?? 0) > 0
  return speedInSquares(actor) * (restricted ? 1 : 2)
}

/**
 * An overrun charge's way on past its target: from the lane's end, straight on (the direction from the
 * charger there to the target's centre, 8 ways) into the target's space and out to the first square past it,
 * that square included. Null when there is none: the whole charge (lane and way on, from the charger's start,
 * the target's squares passable) must be legal as a charge — no difficult terrain, obstacles or other
 * creatures (§3.2) —, fit in the charge's distance, and end where the charger may stand.
 */
export function overrunThrough(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  lane: readonly Cell[]
): Cell[] | null {
  const last = lane[lane.length - 1]
  if (!last) return null
  const dir = pushDirection({ ...actor, pos: { ...actor.pos, x: last.x, y: last.y } }, target)
  if (!dir) return null
  const without = { ...state, combatants: state.combatants.filter((c) => c.id !== target.id) }
  const targetCells = new Set(cellsOf(target).map(cellKey))
  const side = sideOf(actor)
  const limit = chargeLimit(state, actor)
  const through: Cell[] = []
  let crossed = false
  for (let k = 1; k <= limit; k++) {
    const cell = { x: last.x + k * dir.x, y: last.y + k * dir.y }
    through.push(cell)
    const inside = cellsAt(cell, side).some((c) => targetCells.has(cellKey(c)))
    crossed ||= inside
    if (!crossed || inside) continue
    const cost = pathCost(without, actor, [...lane, ...through], 0, { mode: 'charge' })
    return cost && cost.cost <= limit && canEndIn(state, actor, cell) ? through : null
  }
  return null
}

/**
 * Why a charge may not end in its maneuver, or null (a plain charge is not this module's): an unknown
 * maneuver, a held or mounted charger (a rider's charge is its mount's, §4.12), a target more than one size
 * larger, no lane, or for an overrun no way past the target. The lane itself is actions.ts's check.
 */
export function chargeManeuverViolation(
  state: EncounterState,
  actor: Combatant,
  action: Action
): Violation | null {
  if (action.kind !== 'charge' || action.options?.maneuver === undefined) return null
  const maneuver = chargeManeuverOf(action)
  if (!maneuver) return refuse('chargeManeuver')
  const target = figureIn(state, action.targetId)
  if (!target || target.id === actor.id) return refuse('noTarget')
  if (isHeld(actor)) return refuse('grappled')
  if (readStats(actor).mountId !== undefined) return refuse('mounted')
  if (!sizeAllows(actor, target)) return refuse('tooLarge')
  if (maneuver === 'bullRush') return null
  const lane = chargeLane(state, actor, target)
  if ('violation' in lane) return refuse(lane.violation)
  return overrunThrough(state, actor, target, lane.path) ? null : refuse('overrunNoWay')
}

/** §4.10 step 4: whether the charge's maneuver provokes its target (no Improved feat, setting on). */
function provokes(state: EncounterState, actor: Combatant, maneuver: ChargeManeuver): boolean {
  return readSettings(state).maneuversProvoke && !hasImprovedFeat(actor, maneuver)
}

/** The charger placed at the lane's end, where it makes the maneuver. */
function atLaneEnd(state: EncounterState, actor: Combatant, lane: readonly Cell[]): EncounterState {
  const end = lane[lane.length - 1]
  if (!end) return state
  const there = { ...actor, pos: { ...actor.pos, x: end.x, y: end.y } }
  return { ...state, combatants: state.combatants.map((c) => (c.id === actor.id ? there : c)) }
}

/**
 * The attacks of opportunity a maneuver charge allows beyond its lane's (which the plain charge's movement
 * asks and fires): the target's against the maneuver, made from the lane's end (in place, §4.10 step 4) unless
 * it already had one on the lane; for an overrun, those along the way on past the target (not the target's,
 * nor anyone's who had one on the lane). `at` counts squares of the way on.
 */
function extraReactions(state: EncounterState, action: Action): Reaction[] {
  const maneuver = chargeManeuverOf(action)
  const actor = figureIn(state, action.actorId)
  const target = figureIn(state, action.targetId)
  if (!maneuver || !actor || !target) return []
  const moving = movementProvoking(action)
  const onLane = new Set(
    reactionsTo(state, action, moving)
      .filter((r) => r.kind === 'aoo')
      .map((r) => r.reactorId)
  )
  const moved = atLaneEnd(state, actor, moving.path)
  const out: Reaction[] = []
  if (!onLane.has(target.id) && provokes(state, actor, maneuver))
    out.push(
      ...reactionsTo(moved, chargeInnerAction(action, maneuver), inPlace(target.id)).filter(
        (r) => r.kind === 'aoo' && r.reactorId === target.id
      )
    )
  if (maneuver !== 'overrun') return out
  const through = overrunThrough(state, actor, target, moving.path) ?? []
  const how: Provoking = { path: through, mode: 'charge', trigger: null }
  return [
    ...out,
    ...reactionsTo(moved, action, how).filter(
      (r) => r.kind === 'aoo' && r.reactorId !== target.id && !onLane.has(r.reactorId)
    )
  ]
}

/** §4.10 step 4: the target alone reacting to a maneuver made in place. */
function inPlace(targetId: string): Provoking {
  return { path: [], mode: null, trigger: null, inPlace: { kind: 'maneuver', targetOnly: targetId } }
}

/**
 * The next decision a maneuver charge needs beyond a plain charge's (maneuver-validate.ts asks it): an
 * attack of opportunity of `extraReactions` not answered yet — against the maneuver, attack or pass; along
 * an overrun's way on, attack, trip or pass, as for any movement. Null once all are answered.
 */
export function chargeManeuverRequest(
  state: EncounterState,
  action: Action,
  answers: Answers
): DecisionRequest | null {
  const actor = figureIn(state, action.actorId)
  const target = action.targetId
  for (const r of extraReactions(state, action)) {
    const id = reactionId(r)
    if (id in answers) continue
    const reactor = figureIn(state, r.reactorId)
    const params = { reactor: reactor?.name ?? r.reactorId, actor: actor?.name ?? action.actorId }
    const choices = r.reactorId === target ? ['attack', 'pass'] : ['attack', 'trip', 'pass']
    return { id, deciderId: r.reactorId, choices, default: 'attack', params }
  }
  return null
}

/**
 * The overrun charge's way on, walked with the attacks of opportunity its reactors accepted (not the target,
 * whose attack was the maneuver's, nor anyone who had one on the lane); stopped, the charger goes back to the
 * last square it may stand in (§2 [TEXT L349]).
 */
function goThrough(
  chain: Chain,
  action: Action,
  through: readonly Cell[],
  dice: DiceRoller,
  answers: Answers,
  reacted: ReadonlySet<string>
): void {
  const { actorId } = action
  const how: Provoking = { path: [...through], mode: 'charge', trigger: null }
  const reactions = acceptedReactions(chain.state, action, how, answers).filter(
    (r) => r.kind === 'aoo' && r.reactorId !== action.targetId && !reacted.has(r.reactorId)
  )
  const here = chain.figure(actorId).pos
  const start = { x: here.x, y: here.y }
  let walked = 0
  for (const at of [...new Set(reactions.map((r) => r.at))].sort((a, b) => a - b)) {
    walk(chain, actorId, through.slice(walked, at))
    walked = at
    if (!fireEach(chain, reactions, at, action, through, dice).goOn)
      return settle(chain, actorId, through, at, start)
  }
  walk(chain, actorId, through.slice(walked))
}

/**
 * `charge` with `options.maneuver` (resolve-attack.ts hands it over): −2 AC until its next turn, the lane
 * walked with its reactions, then — the charger still up — the target's attack of opportunity against the
 * maneuver (if answered `attack`; its damage a penalty on the check) and the maneuver at +2: a bull rush
 * (maneuver-bull-rush.ts; `options.follow = 1` follows for free) or an overrun (the target may avoid it,
 * `pf1.overrun`; failure leaves the charger in front of it; beating the CMD by 5 knocks it prone).
 */
export function resolveChargeManeuver(
  chain: Chain,
  action: Action,
  dice: DiceRoller,
  answers: Answers
): void {
  const maneuver = chargeManeuverOf(action)
  const { actorId, targetId } = action
  if (!maneuver || !targetId) return
  const before = chain.state
  const moving = movementProvoking(action)
  const through =
    maneuver === 'overrun'
      ? (overrunThrough(before, chain.figure(actorId), chain.figure(targetId), moving.path) ?? [])
      : []
  const onLane = reactionsTo(before, action, moving).filter((r) => r.kind === 'aoo')
  const reacted = new Set(onLane.map((r) => r.reactorId))
  addEffect(chain, actorId, { id: 'charged', until: actorId, value: 2 })
  const { stopped } = resolveMovement(chain, action, moving, dice, answers)
  if (stopped || chain.figure(actorId).out || chain.figure(targetId).out) return
  const inner = chargeInnerAction(action, maneuver)
  let penalty = 0
  if (!reacted.has(targetId) && provokes(chain.state, chain.figure(actorId), maneuver)) {
    const reactions = acceptedReactions(chain.state, inner, inPlace(targetId), answers).filter(
      (r) => r.kind === 'aoo' && r.reactorId === targetId
    )
    const hit = fireEach(chain, reactions, 0, inner, [], dice)
    if (!hit.goOn) return
    penalty = hit.penalty
  }
  if (maneuver === 'bullRush')
    return resolveBullRush(chain, inner, targetId, dice, penalty, { charging: true })
  const mover = chain.figure(actorId)
  if (answers[OVERRUN] !== 'avoid' || hasImprovedFeat(mover, 'overrun')) {
    const check = maneuverCheck(chain.state, mover, chain.figure(targetId), inner, 'overrun', {
      penalty,
      charging: true
    })
    const result = rollCheck(chain, dice, actorId, 'pf1.overrun', check)
    if (!result.success) return
    if (result.margin >= 5) changeStats(chain, targetId, (s) => withConditions(s, 'prone'))
  }
  goThrough(chain, action, through, dice, answers, reacted)
}

/**
 * Candidate maneuver charges for the active figure (validation and the economy filter them afterwards): a
 * bull rush (and the same following the push) and an overrun at every foe it could charge, when the turn
 * still has its full-round action and it has not moved. Not for a held, prone or mounted figure.
 */
export function chargeManeuverActions(state: EncounterState, actor: Combatant): Action[] {
  const c = state.turn?.economy.context ?? {}
  const fresh =
    (c.standard ?? 0) > 0 &&
    (c.move ?? 0) > 0 &&
    !c._restricted &&
    (c._moved ?? 0) === 0 &&
    (c._stepped ?? 0) === 0
  const stats = readStats(actor)
  if (!fresh || isHeld(actor) || hasCondition(stats, 'prone') || stats.mountId !== undefined) return []
  const actions: Action[] = []
  for (const enemy of state.combatants) {
    if (enemy.side === actor.side || enemy.out || !sizeAllows(actor, enemy)) continue
    const lane = chargeLane(state, actor, enemy)
    if (!('path' in lane)) continue
    const path = lane.path.map(({ x, y }) => ({ x, y, z: actor.pos.z }))
    const charge = (options: Record<string, string | number>): Action => ({
      kind: 'charge',
      actorId: actor.id,
      targetId: enemy.id,
      path,
      options
    })
    actions.push(charge({ maneuver: 'bullRush' }), charge({ maneuver: 'bullRush', follow: 1 }))
    if (overrunThrough(state, actor, enemy, lane.path)) actions.push(charge({ maneuver: 'overrun' }))
  }
  return actions
}
