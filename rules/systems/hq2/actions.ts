import { spendEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import { isFacing } from '../../core/geometry'
import type { ActionOdds } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, DecisionRequest, EncounterState, Violation } from '../../core/types'
import { areEnemies, clearSight, contactViolation, sectorOf, squaresBetween } from './board'
import { Asker, firstOpen } from './decisions'
import {
  chargeOf,
  economy,
  economyPath,
  maneuverKinds,
  pendingManeuver,
  type Maneuver
} from './economy.machine'
import {
  isManeuver,
  maneuverCandidates,
  maneuverOdds,
  maneuverViolation,
  planManeuver,
  resolveManeuver
} from './maneuvers'
import { equipCandidates, equipViolation, resolveEquip } from './equipment'
import { moveActions, pathViolation, resolveMove } from './movement'
import { attackOdds } from './odds'
import { planAttack, type AttackPlan } from './plan'
import { resolveAttack } from './resolve-attack'
import { readSettings, type Hq2Settings } from './settings'
import { readStats } from './stats'
import {
  isStealth,
  planStealth,
  resolveStealth,
  stealthCandidates,
  stealthKinds,
  stealthViolation
} from './stealth'

/** The action kinds of the HQ2 ruleset (i18n `action.<kind>`). */
export const actionKinds = [
  'move',
  'melee',
  'ranged',
  ...maneuverKinds,
  'interact',
  'face',
  'equip',
  ...stealthKinds
] as const

function isActive(state: EncounterState, actor: Combatant): boolean {
  return state.phase === 'running' && state.turn?.activeId === actor.id
}

/** Why an attack's target or geometry is illegal (hq2.md §4.7 step 1, §2), or null. */
export function attackViolation(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  action: Action
): Violation | null {
  if (action.targetId === undefined) return { code: 'noTarget' }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return { code: 'unknownTarget', params: { targetId: action.targetId } }
  if (target.id === actor.id) return { code: 'selfTarget' }
  if (target.out) return { code: 'targetOut', params: { targetId: target.id } }
  if (!settings.friendlyFire && !areEnemies(actor, target))
    return { code: 'friendlyTarget', params: { targetId: target.id } }
  if (action.kind !== 'ranged') {
    return contactViolation(state, actor.pos, target.pos, target.id)
  }
  // hq2.md §2 [REC] G4: a weapon with a range, line of sight, and never at a being behind you (L69).
  const weapon = readStats(actor).rangedWeapon
  if (!weapon?.range) return { code: 'noRangedWeapon' }
  if (sectorOf(actor, target.pos) === 'back') return { code: 'targetBehind', params: { targetId: target.id } }
  const distance = squaresBetween(actor.pos, target.pos)
  if (distance > weapon.range) return { code: 'outOfRange', params: { distance, max: weapon.range } }
  if (settings.requireLineOfSight && !clearSight(state, actor.pos, target.pos))
    return { code: 'noLineOfSight', params: { targetId: target.id } }
  return null
}

// What the economy refuses, as a readable reason (hq2.md §3.2).
function economyViolation(state: EncounterState, action: Action): Violation | null {
  const turn = state.turn
  if (!turn) return { code: 'notYourTurn' }
  const event = chargeOf(state, action)
  const [phase] = economyPath(turn.economy)
  if (phase === 'maneuvered' && action.kind !== 'melee') {
    return { code: 'attackPending' }
  }
  if (spendEconomy(economy, turn.economy, event)) return null
  const have = turn.economy.context.mp ?? 0
  if (
    event.type === 'economy.move' ||
    (event.type === 'economy.maneuver' && phase === 'ready' && event.mp > have)
  )
    return { code: 'notEnoughMp', params: { need: event.mp, have } }
  return { code: 'actionUsed' }
}

function ruleViolation(
  state: EncounterState,
  settings: Hq2Settings,
  actor: Combatant,
  action: Action
): Violation | null {
  if (action.kind === 'move') return pathViolation(state, settings, actor, action.path)
  if (action.kind === 'melee' || action.kind === 'ranged')
    return attackViolation(state, settings, actor, action)
  if (isManeuver(action.kind)) {
    const bad = attackViolation(state, settings, actor, { ...action, kind: 'melee', path: [] })
    const target = state.combatants.find((c) => c.id === action.targetId)
    // Maneuvers that move first are judged from where they end (maneuverViolation).
    if (bad && bad.code !== 'notAdjacent' && bad.code !== 'wallBetween') return bad
    return target
      ? maneuverViolation(state, settings, actor, target, action as Action & { kind: Maneuver })
      : bad
  }
  if (action.kind === 'interact') return null
  if (action.kind === 'equip') return equipViolation(actor, action)
  if (isStealth(action.kind)) return stealthViolation(state, settings, actor, action.kind)
  if (action.kind === 'face') {
    if (!settings.freeFacing) return { code: 'facingNotFree' }
    return isFacing(action.facing) ? null : { code: 'invalidFacing' }
  }
  return { code: 'unknownAction', params: { kind: action.kind } }
}

/** Null when the action is legal now; otherwise the first rule it breaks (i18n `violation.<code>`). */
export function validateAction(state: EncounterState, action: Action): Violation | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { code: 'unknownActor', params: { actorId: action.actorId } }
  if (actor.out) return { code: 'actorOut', params: { actorId: actor.id } }
  if (!isActive(state, actor)) return { code: 'notYourTurn', params: { actorId: actor.id } }
  return ruleViolation(state, readSettings(state), actor, action) ?? economyViolation(state, action)
}

/** Every legal action of the being now: each reachable square, each attack, each maneuver, the rest. */
export function legalActions(state: EncounterState, actorId: string): Action[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  const turn = state.turn
  if (!actor || actor.out || !turn || !isActive(state, actor)) return []
  const settings = readSettings(state)
  const [phase] = economyPath(turn.economy)
  const mp = turn.economy.context.mp ?? 0
  const out: Action[] = []
  // Moves are built legal (free squares, by the metric, within the MP): no need to re-validate each.
  if (phase !== 'maneuvered' && phase !== 'spent' && mp > 0)
    out.push(...moveActions(state, settings, actor, mp))
  const candidates: Action[] = []
  for (const target of state.combatants) {
    if (target.id === actor.id || target.out) continue
    candidates.push(
      { kind: 'melee', actorId, targetId: target.id },
      { kind: 'ranged', actorId, targetId: target.id }
    )
  }
  if (phase === 'ready')
    candidates.push(
      ...maneuverCandidates(state, settings, actor, mp),
      { kind: 'interact', actorId },
      ...stealthCandidates(actor)
    )
  candidates.push(...equipCandidates(actor))
  if (settings.freeFacing) {
    for (let facing = 0; facing < 8; facing++)
      if (facing !== actor.facing) candidates.push({ kind: 'face', actorId, facing })
  }
  for (const a of candidates) if (validateAction(state, a) === null) out.push(a)
  return out
}

/** The plan of a melee or ranged action, in the frame the economy gives (a pending maneuver, A7). */
export function planOf(state: EncounterState, action: Action, answers: Answers = {}): AttackPlan | null {
  if (action.kind !== 'melee' && action.kind !== 'ranged') return null
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target || attacker.id === target.id) return null
  const active = state.turn?.activeId === attacker.id ? state.turn.economy : undefined
  return planAttack(
    {
      state,
      attacker,
      target,
      mode: action.kind,
      maneuver: pendingManeuver(active),
      blindFighting: (active?.context.blindFighting ?? 0) === 1
    },
    new Asker(answers)
  )
}

/** The next decision a legal action needs (hq2.md §3.4 DEFENSE_CHOICE, §7 GM points), or null. */
export function decideAction(
  state: EncounterState,
  action: Action,
  answers: Answers
): DecisionRequest | null {
  if (isManeuver(action.kind)) {
    const plan = planManeuver(state, action as Action & { kind: Maneuver }, new Asker(answers))
    return plan ? firstOpen(plan.requests, answers) : null
  }
  if (isStealth(action.kind)) {
    const plan = planStealth(state, action, new Asker(answers))
    return plan ? firstOpen(plan.requests, answers) : null
  }
  const plan = planOf(state, action, answers)
  return plan ? firstOpen(plan.requests, answers) : null
}

/**
 * Resolves a legal action into events (economy and turn events are the flow's). The engine validated it:
 * this does not check again (`Ruleset.resolve`).
 */
export function resolveAction(
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers: Answers = {}
): GameEvent[] {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return []
  if (action.kind === 'move') return resolveMove(actor, action)
  if (action.kind === 'face') return [{ type: 'faced', id: actor.id, facing: action.facing ?? actor.facing }]
  if (action.kind === 'interact') return []
  if (action.kind === 'equip') return resolveEquip(actor, action)
  if (isStealth(action.kind)) {
    const plan = planStealth(state, action, new Asker(answers))
    return plan ? resolveStealth(state, plan, actor, dice) : []
  }
  if (isManeuver(action.kind)) {
    const plan = planManeuver(state, action as Action & { kind: Maneuver }, new Asker(answers))
    return plan ? resolveManeuver(state, plan, action, dice) : []
  }
  const plan = planOf(state, action, answers)
  return plan ? resolveAttack(state, readSettings(state), plan, dice) : []
}

/** Exact odds of an attack or a maneuver (with the attack it prepares); null for other actions. */
export function actionOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  if (isManeuver(action.kind)) {
    const plan = planManeuver(state, action as Action & { kind: Maneuver }, new Asker(answers))
    return plan ? maneuverOdds(state, plan) : null
  }
  const plan = planOf(state, action, answers)
  return plan ? attackOdds(readSettings(state), plan) : null
}
