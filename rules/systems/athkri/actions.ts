import { spendEconomy } from '../../core/economy'
import type { GameEvent } from '../../core/events'
import { isFacing } from '../../core/geometry'
import type { ActionOdds } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState, Violation } from '../../core/types'
import { attackOdds, attackViolation, isAttackKind } from './attack-action'
import { economy } from './economy.machine'
import { firstAidOdds, firstAidViolation, resolveFirstAid } from './first-aid'
import { moveActions, moveViolation, resolveMove } from './movement'
import { resolveAttackAction } from './resolve-attack'
import { readSettings } from './settings'
import { keepsLowDie } from './situation'

/** The action kinds of the Athkri ruleset (i18n `action.<kind>`). */
export const actionKinds = [
  'move',
  'melee',
  'ranged',
  'twoWeapons',
  'ambush',
  'split',
  'face',
  'surrender',
  'firstAid'
] as const

function isActive(state: EncounterState, actor: Combatant): boolean {
  return state.phase === 'running' && state.turn?.activeId === actor.id && state.pending === null
}

/** Null when the action is legal now; otherwise the first rule it breaks (i18n `violation.<code>`). */
export function validateAction(state: EncounterState, action: Action): Violation | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { code: 'unknownActor', params: { actorId: action.actorId } }
  if (actor.out) return { code: 'actorOut', params: { actorId: actor.id } }
  if (!isActive(state, actor)) return { code: 'notYourTurn', params: { actorId: actor.id } }
  const broken = ruleViolation(state, action, actor)
  if (broken) return broken
  return affordable(state, action) ? null : { code: 'cannotAfford', params: { kind: action.kind } }
}

const affordCache = new WeakMap<object, Map<string, boolean>>()

// The economy machine decides; its answer per (budget snapshot, charge) is cached, since legalActions asks
// the same few questions for every candidate.
function affordable(state: EncounterState, action: Action): boolean {
  const turn = state.turn
  if (!turn) return false
  const charge = economy.charge(state, action)
  const key = JSON.stringify(charge)
  const known = affordCache.get(turn.economy) ?? new Map<string, boolean>()
  affordCache.set(turn.economy, known)
  const hit = known.get(key)
  if (hit !== undefined) return hit
  const ok = spendEconomy(economy, turn.economy, charge) !== null
  known.set(key, ok)
  return ok
}

function ruleViolation(state: EncounterState, action: Action, actor: Combatant): Violation | null {
  const settings = readSettings(state)
  if (isAttackKind(action.kind)) return attackViolation(state, action)
  switch (action.kind) {
    case 'move':
      return moveViolation(state, actor, action.path)
    case 'split':
      // athkri.md §4 [TEXT L61–62] G-5: only when the GM allows it, and never while keeping the low die.
      if (!settings.splitActionEnabled) return { code: 'splitDisabled' }
      return keepsLowDie(state, actor) ? { code: 'alreadyLowDie' } : null
    case 'face': {
      if (!settings.freeFacing) return { code: 'facingNotFree' }
      return isFacing(action.facing) ? null : { code: 'invalidFacing' }
    }
    case 'surrender':
      return null
    case 'firstAid':
      return firstAidViolation(state, actor, action)
    default:
      return { code: 'unknownAction', params: { kind: action.kind } }
  }
}

/** Every legal action of the figure now: each reachable square, each attack on each figure, the rest. */
export function legalActions(state: EncounterState, actorId: string): Action[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor || actor.out || !isActive(state, actor)) return []
  const candidates: Action[] = [...moveActions(state, actor)]
  for (const target of state.combatants) {
    if (target.id === actorId) continue
    for (const kind of ['melee', 'ranged', 'twoWeapons', 'ambush', 'firstAid'])
      candidates.push({ kind, actorId, targetId: target.id })
  }
  candidates.push({ kind: 'split', actorId }, { kind: 'surrender', actorId })
  for (let facing = 0; facing < 8; facing++)
    if (facing !== actor.facing) candidates.push({ kind: 'face', actorId, facing })
  // Everything goes through validate, so this list never offers what validate would refuse.
  return candidates.filter((a) => validateAction(state, a) === null)
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
  if (isAttackKind(action.kind)) return resolveAttackAction(state, action, dice, answers)
  switch (action.kind) {
    case 'move':
      return resolveMove(state, actor, action.path ?? [])
    case 'face':
      return [{ type: 'faced', id: actor.id, facing: action.facing ?? actor.facing }]
    case 'surrender':
      // athkri.md §4 [TEXT L19]: a figure that surrenders leaves the fight.
      return [{ type: 'combatant.out', id: actor.id }]
    case 'firstAid':
      return resolveFirstAid(state, actor, action, dice)
    default:
      return []
  }
}

/** Exact odds of an attack-like action or first aid (legal or hypothetical); null for the rest. */
export function actionOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  if (action.kind === 'firstAid') return firstAidOdds(state, action)
  return isAttackKind(action.kind) ? attackOdds(state, action, answers) : null
}
