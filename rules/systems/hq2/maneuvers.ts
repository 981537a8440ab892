import { probability } from '../../core/distribution'
import { constantMasses, massesToDist, massWhere, mixMasses, type Masses } from '../../core/exact-law'
import { ONE, type Fraction } from '../../core/fraction'
import { spendEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import {
  DIRECTIONS,
  directionIndex,
  isAdjacent8,
  onBoard,
  reachableSquares,
  type Vec2
} from '../../core/geometry'
import type { ActionOdds } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { contactViolation, edgeOrGroundBlocks, figureAt, inMeleeReach, isBlock } from './board'
import { Asker, DECISION, gmDecider } from './decisions'
import { maneuverOutcome } from './defense'
import { chargeOf, economy, failedManeuver, type Maneuver } from './economy.machine'
import { facingAfter, isStep, pathViolation, squareViolation } from './movement'
import { checkDist, lifeLostLaw } from './odds'
import { planAttack, planCheck, type AttackPlan, type CheckPlan } from './plan'
import { rollCheck } from './resolve-attack'
import { readSettings, type Hq2Settings } from './settings'
import { skill, type SkillName } from './stats'

// Maneuvers (hq2.md §3.2 [TEXT L34–38]): skills of type "Maniobra", the only action after which the
// being attacks in the same turn. Each maneuver action names the enemy it prepares the attack on; the
// economy then waits for that attack (`maneuvered.<kind>`), which reads the maneuver from there.

/** The skill each maneuver needs. */
export const maneuverSkill: Record<Maneuver, SkillName> = {
  stab: 'apunalar',
  charge: 'cargar',
  blindFighting: 'luchaACiegas',
  acrobatics: 'acrobacias',
  moveSilently: 'moverseEnSilencio'
}

/** True when the kind is a maneuver. */
export function isManeuver(kind: string): kind is Maneuver {
  return kind in maneuverSkill
}

function straight(from: Vec2, path: readonly Vec2[]): boolean {
  let prev = from
  let dir: number | null = null
  for (const step of path) {
    const d = directionIndex(step.x - prev.x, step.y - prev.y)
    if (dir !== null && d !== dir) return false
    dir = d
    prev = step
  }
  return true
}

// hq2.md §3.2: Acrobacias may leap over beings (not walls, nor walls on edges); it ends on a free square.
function leapViolation(
  state: EncounterState,
  settings: Hq2Settings,
  mover: Combatant,
  path: readonly Vec2[]
): Violation | null {
  let from: Vec2 = mover.pos
  for (const [index, step] of path.entries()) {
    if (!isAdjacent8(from, step)) return { code: 'invalidPath', params: { step: index } }
    if (!onBoard(step, state.board.width, state.board.height))
      return { code: 'offBoard', params: { x: step.x, y: step.y } }
    if (isBlock(state, step) || edgeOrGroundBlocks(state, settings, from, step))
      return { code: 'blocked', params: { x: step.x, y: step.y } }
    from = step
  }
  const last = path[path.length - 1]
  return last ? squareViolation(state, mover.id, last) : null
}

/** Why a maneuver is illegal here (target, skill, path), or null. The economy is checked by the caller. */
export function maneuverViolation(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  target: Combatant,
  action: Action & { kind: Maneuver }
): Violation | null {
  const needed = maneuverSkill[action.kind]
  if (skill(actor, needed) === undefined) return { code: 'lacksSkill', params: { skill: needed } }
  const path = action.path ?? []
  if (action.kind === 'stab' || action.kind === 'blindFighting') {
    if (path.length > 0) return { code: 'noPathAllowed' }
    return contactViolation(state, actor.pos, target.pos, target.id)
  }
  if (action.kind === 'charge') {
    const bad = pathViolation(state, settings, actor, path)
    if (bad) return bad
    if (path.length < settings.chargeMinSquares || !straight(actor.pos, path))
      return { code: 'chargeNotStraight', params: { min: settings.chargeMinSquares } }
  } else {
    if (path.length === 0) return { code: 'emptyPath' }
    if (path.length > settings.maneuverMaxSquares)
      return { code: 'maneuverTooLong', params: { max: settings.maneuverMaxSquares } }
    const bad =
      action.kind === 'acrobatics'
        ? leapViolation(state, settings, actor, path)
        : pathViolation(state, settings, actor, path)
    if (bad) return bad
  }
  const end = path[path.length - 1] ?? actor.pos
  return contactViolation(state, end, target.pos, target.id)
}

/** The state with a being moved (hypothetical: for planning the attack a maneuver prepares). */
export function withBeingAt(
  state: EncounterState,
  id: string,
  path: readonly Vec2[],
  facing: number
): EncounterState {
  const last = path[path.length - 1]
  if (!last) return state
  return {
    ...state,
    combatants: state.combatants.map((c) =>
      c.id === id ? { ...c, pos: { ...c.pos, x: last.x, y: last.y }, facing } : c
    )
  }
}

/** A maneuver fixed at declaration: its check (if any), and the attacks it prepares on success and failure. */
export interface ManeuverPlan {
  kind: Maneuver
  check: CheckPlan | null
  difficulty: number
  success: AttackPlan | null
  failure: AttackPlan | null
  requests: Asker['requests']
}

/** Plans a legal maneuver with the answers so far (hq2.md §3.2, §4.8 Acrobacias as maneuver, G-6). */
export function planManeuver(
  state: EncounterState,
  action: Action & { kind: Maneuver },
  ask = new Asker()
): ManeuverPlan | null {
  const settings = readSettings(state)
  const actor = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!actor || !target) return null
  const path = action.path ?? []
  let check: CheckPlan | null = null
  let difficulty = 0
  if (action.kind === 'acrobatics' || action.kind === 'moveSilently') {
    difficulty = ask.amount({
      id: DECISION.maneuverDifficulty,
      deciderId: gmDecider(actor, target),
      range: { min: 0, max: 30 },
      default: path.length * settings.maneuverDifficultyPerSquare,
      params: { being: actor.name, squares: path.length }
    })
    check = planCheck(ask, settings, actor, maneuverSkill[action.kind])
  }
  const blind = action.kind === 'blindFighting' || (state.turn?.economy.context.blindFighting ?? 0) === 1
  const moved =
    path.length > 0 ? withBeingAt(state, actor.id, path, facingAfter(actor.pos, path, actor.facing)) : state
  const mover = moved.combatants.find((c) => c.id === actor.id) ?? actor
  const foe = moved.combatants.find((c) => c.id === target.id) ?? target
  const success = planAttack(
    {
      state: moved,
      attacker: mover,
      target: foe,
      mode: 'melee',
      maneuver: action.kind,
      blindFighting: blind
    },
    ask.silent()
  )
  const failure =
    check && inMeleeReach(state, actor.pos, target.pos)
      ? planAttack(
          { state, attacker: actor, target, mode: 'melee', maneuver: 'failed', blindFighting: blind },
          ask.silent()
        )
      : null
  return { kind: action.kind, check, difficulty, success, failure, requests: ask.requests }
}

/** P(the maneuver's check succeeds): 1 without a check. */
export function maneuverChance(plan: ManeuverPlan): Fraction {
  if (!plan.check) return ONE
  return probability(checkDist(plan.check), (s) => s >= plan.difficulty)
}

/** Odds of the maneuver and the attack it prepares on its target (defaults for that attack's decisions). */
export function maneuverOdds(state: EncounterState, plan: ManeuverPlan): ActionOdds | null {
  const settings = readSettings(state)
  const main = plan.success ?? plan.failure
  if (!main) return null
  const life = main.target.life
  const p = maneuverChance(plan)
  const branch = (attack: AttackPlan | null): Masses =>
    attack ? lifeLostLaw(settings, attack, life).masses : constantMasses(0)
  // Mixed as distribution.ts's `mix` orders values (success's, then failure's), probability 0 left out.
  const damage = mixMasses(p, branch(plan.success), branch(plan.failure))
  const headline = [
    ...(plan.check ? [{ key: 'check', p }] : []),
    { key: 'wound', p: massWhere(damage, (v) => v >= 1) },
    { key: 'kill', p: massWhere(damage, (v) => v >= life) }
  ]
  return { headline, damage: massesToDist(damage) }
}

/** Resolves a maneuver: the check and the extraordinary displacement, or the charge run (hq2.md §3.2). */
export function resolveManeuver(
  state: EncounterState,
  plan: ManeuverPlan,
  action: Action,
  dice: DiceRoller
): GameEvent[] {
  const settings = readSettings(state)
  const actor = state.combatants.find((c) => c.id === action.actorId)
  const path = action.path ?? []
  if (!actor) return []
  const moved: GameEvent = {
    type: 'moved',
    id: actor.id,
    path,
    facing: facingAfter(actor.pos, path, actor.facing)
  }
  if (!plan.check) return path.length > 0 ? [moved] : []
  const events: GameEvent[] = []
  const points = rollCheck(dice, plan.check, actor.id, plan.difficulty, events)
  const outcome = maneuverOutcome(settings, points, plan.difficulty, plan.kind === 'acrobatics')
  if (outcome.success) return [...events, moved]
  // The flow paid for the maneuver against this same state: mark that snapshot's maneuver as failed.
  const paid = state.turn && spendEconomy(economy, state.turn.economy, chargeOf(state, action))
  if (paid) events.push({ type: 'economy.changed', actorId: actor.id, economy: failedManeuver(paid) })
  if (outcome.fall > 0) {
    const lost = Math.min(outcome.fall, actor.life)
    events.push({ type: 'damaged', id: actor.id, amount: lost, source: 'fall' })
    if (lost >= actor.life) events.push({ type: 'combatant.out', id: actor.id })
  }
  return events
}

/** Candidate maneuvers against adjacent or nearby enemies (validated by the caller). */
export function maneuverCandidates(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  mp: number
): Action[] {
  const enemies = state.combatants.filter((c) => !c.out && c.side !== actor.side)
  const out: Action[] = []
  const has = (k: Maneuver) => skill(actor, maneuverSkill[k]) !== undefined
  for (const e of enemies) {
    if (!inMeleeReach(state, actor.pos, e.pos)) continue
    for (const kind of ['stab', 'blindFighting'] as const)
      if (has(kind)) out.push({ kind, actorId: actor.id, targetId: e.id })
  }
  if (has('charge')) out.push(...chargeCandidates(state, settings, actor, enemies, mp))
  for (const kind of ['acrobatics', 'moveSilently'] as const) {
    if (!has(kind)) continue
    const near = enemies.filter(
      (e) =>
        Math.max(Math.abs(e.pos.x - actor.pos.x), Math.abs(e.pos.y - actor.pos.y)) <=
        settings.maneuverMaxSquares + 1
    )
    if (near.length === 0) continue
    const reach = reachableSquares(actor.pos, {
      passable: (from, to) =>
        kind === 'acrobatics'
          ? onBoard(to, state.board.width, state.board.height) &&
            !isBlock(state, to) &&
            !edgeOrGroundBlocks(state, settings, from, to)
          : isStep(settings, from, to) &&
            squareViolation(state, actor.id, to) === null &&
            !edgeOrGroundBlocks(state, settings, from, to),
      stepCost: () => 1,
      maxCost: settings.maneuverMaxSquares
    })
    for (const r of reach.values()) {
      if (r.path.length === 0 || figureAt(state, r.pos, actor.id)) continue
      for (const e of near) {
        if (!inMeleeReach(state, r.pos, e.pos)) continue
        const path = r.path.map((p) => ({ x: p.x, y: p.y, z: actor.pos.z }))
        out.push({ kind, actorId: actor.id, targetId: e.id, path })
      }
    }
  }
  return out
}

// hq2.md §3.2 [PLACEHOLDER]: straight runs of at least chargeMinSquares, paid in MP, ending in contact.
function chargeCandidates(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  enemies: Combatant[],
  mp: number
): Action[] {
  const out: Action[] = []
  for (const v of DIRECTIONS) {
    if (!settings.allowDiagonalMove && v.x !== 0 && v.y !== 0) continue
    const path: Vec3[] = []
    let from: Vec2 = actor.pos
    for (let n = 1; n <= mp; n++) {
      const p = { x: actor.pos.x + v.x * n, y: actor.pos.y + v.y * n, z: actor.pos.z }
      if (squareViolation(state, actor.id, p) || edgeOrGroundBlocks(state, settings, from, p)) break
      from = p
      path.push(p)
      if (n < settings.chargeMinSquares) continue
      for (const e of enemies) {
        if (inMeleeReach(state, p, e.pos))
          out.push({ kind: 'charge', actorId: actor.id, targetId: e.id, path: [...path] })
      }
    }
  }
  return out
}
