import { checkPath, inWater, type CostOptions, type JumpCheck, type PathProblem } from '../../core/inches'
import type { Action, Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { contactOptions, enemies, enemiesInContact, heightAbove, inContact, placed, samePos } from './board'
import { jumpProblem, jumpWalk } from './jump'
import { readSettings, type CarnevaleSettings } from './settings'
import { readStats } from './stats'
import { walkPath, type Walk } from './walk'

// The Move action on the inches board (carnevale.md §4): a path of waypoints, 1 AP, up to MOV inches as
// `measurePath` measures it (climbing and swimming cost what the settings say). Leaving base contact with
// an enemy is a Disengage [TEXT L25]; coming into base contact with one is a Charge [TEXT L21], which ends
// the move there. A path is any the player drags that `checkPath` accepts within the budget: the AI's
// sampled destinations are only some of them.

/** Why a path is refused, as this ruleset's violation codes (i18n `violation.<code>`). */
const PATH_CODES: Record<PathProblem, string> = {
  empty: 'emptyPath',
  notStart: 'pathNotFromStart',
  offTable: 'pathOffTable',
  noSurface: 'pathNoSurface',
  terrain: 'pathThroughTerrain',
  base: 'pathThroughFigure',
  occupied: 'pathEndsOnFigure',
  levelChange: 'pathLevelChange',
  tooFar: 'pathTooFar'
}

/** The violation codes a refused path can give, for the terms catalogue. */
export const pathCodes: readonly string[] = Object.values(PATH_CODES)

/** §3–4, §6: the movement costs of climbing and swimming (settings). */
export function costOptions(s: CarnevaleSettings): CostOptions {
  return { climbFactor: s.moveClimbFactor, swimFactor: s.moveSwimFactor }
}

/** §4 [GAP-PUB]: the inches one Move action covers (MOV × the setting's multiplier). */
export function moveBudget(state: EncounterState, mover: Combatant): number {
  return readStats(mover).mov * readSettings(state).moveMovMultiplier
}

/** The declared waypoints after the start (a path may repeat the start as its first point). */
export function waypointsOf(mover: Combatant, action: Action): Vec3[] {
  const path = action.path ?? []
  return path.length > 0 && samePos(path[0] as Vec3, mover.pos) ? path.slice(1) : [...path]
}

/** What a declared move leads to, judged before any die (what its decisions are asked about). */
export interface MovePlan {
  mover: Combatant
  start: Vec3
  waypoints: Vec3[]
  /** Enemies in base contact before the move (§4 Disengage: one of them rolls). */
  startContacts: Combatant[]
  /** The move as declared, walked to its end or its first new contact (a Disengage that does not fumble). */
  walk: Walk
  /** §4 [TEXT L25]: the move leaves base contact with an enemy. */
  disengage: boolean
  /** §4 [TEXT L21]: enemies it comes into base contact with (a Charge when not empty), roster order. */
  chargeTargets: Combatant[]
  /** A Jump action: the leap as the geometry judges it (null: a Move, or a jump not given one landing). */
  jump: JumpCheck | null
  /** The action is a Jump (one leap, not a walked path). */
  isJump: boolean
}

const plans = new WeakMap<EncounterState, WeakMap<Action, MovePlan | null>>()

/**
 * The plan of a move, charge or jump action, or null when the mover is unknown. Cached per state and action
 * object: validation, decisions, the map's move info and the AI all ask about the same move.
 */
export function planMove(state: EncounterState, action: Action): MovePlan | null {
  let byAction = plans.get(state)
  if (!byAction) plans.set(state, (byAction = new WeakMap()))
  if (byAction.has(action)) return byAction.get(action) ?? null
  const plan = makePlan(state, action)
  byAction.set(action, plan)
  return plan
}

function makePlan(state: EncounterState, action: Action): MovePlan | null {
  const mover = state.combatants.find((c) => c.id === action.actorId)
  if (!mover) return null
  const s = readSettings(state)
  const startContacts = enemiesInContact(state, mover)
  const watch = state.combatants.filter(
    (c) => !c.out && c.id !== mover.id && enemies(c, mover) && !startContacts.includes(c)
  )
  const waypoints = waypointsOf(mover, action)
  const isJump = action.kind === 'jump'
  const leap = isJump ? jumpWalk(state, mover, waypoints, watch) : null
  const walk =
    leap?.walk ??
    walkPath(state, mover, waypoints, {
      budget: Infinity,
      watch,
      contact: contactOptions(s),
      cost: costOptions(s)
    })
  const there = placed(mover, walk.end)
  return {
    mover,
    start: mover.pos,
    waypoints,
    startContacts,
    walk,
    disengage: startContacts.some((e) => !inContact(state, there, e)),
    chargeTargets: walk.stopped === 'contact' ? watch.filter((e) => inContact(state, there, e)) : [],
    jump: leap?.check ?? null,
    isJump
  }
}

/**
 * Why the declared path cannot be moved, or null: `checkPath` within MOV inches, plus the inch of a
 * Critical Disengage (§4 [TEXT L29]) when the move leaves contact (the rest is walked only on a Critical).
 */
export function pathProblem(state: EncounterState, plan: MovePlan): Violation | null {
  if (plan.waypoints.length === 0) return { code: 'emptyPath' }
  if (plan.isJump) return jumpProblem(state, plan.mover, plan.jump)
  const s = readSettings(state)
  const budget = moveBudget(state, plan.mover) + (plan.disengage ? s.disengageCriticalInches : 0)
  const v = checkPath(state, plan.mover.id, [plan.start, ...plan.waypoints], {
    ...costOptions(s),
    maxInches: budget
  })
  if (!v) return null
  const params: Record<string, number> = { leg: v.leg }
  if (v.code === 'tooFar') params.max = budget
  return { code: PATH_CODES[v.code], params }
}

/** §4 [TEXT L23]: the charge comes from the sky (the action started at least 3" above the enemy). */
export function chargeFromSky(state: EncounterState, plan: MovePlan, target: Combatant): boolean {
  return heightAbove(state, plan.start, target.pos) >= readSettings(state).chargeFromSkyHeight
}

/**
 * §4 [TEXT L53]: the move or jump started out of the water (weapons then need not be Aquatic for its
 * charge): a leap from the canal's bank into contact with a swimmer is the source's own example.
 */
export function startedOutOfWater(state: EncounterState, plan: MovePlan): boolean {
  return !inWater(state.board, plan.start)
}

/** D-1 default: the charged enemy with the lowest DEX + PRO (roster order on ties). */
export function defaultChargeTarget(targets: readonly Combatant[]): Combatant | undefined {
  const score = (c: Combatant) => readStats(c).dex + readStats(c).pro
  return targets.reduce<Combatant | undefined>(
    (best, c) => (!best || score(c) < score(best) ? c : best),
    undefined
  )
}

/** D-3 default: the enemy in contact with the highest DEX rolls against the Disengage (roster order on ties). */
export function defaultDisengager(candidates: readonly Combatant[]): Combatant | undefined {
  const dex = (c: Combatant) => readStats(c).dex
  return candidates.reduce<Combatant | undefined>(
    (best, c) => (!best || dex(c) > dex(best) ? c : best),
    undefined
  )
}

/** Choices listed with the default first, then the rest in their order. */
export function defaultFirst<T>(list: readonly T[], first: T | undefined): T[] {
  return first === undefined ? [...list] : [first, ...list.filter((x) => x !== first)]
}
