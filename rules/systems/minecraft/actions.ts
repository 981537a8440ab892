import type { GameEvent } from '../../core/events'
import { isFacing } from '../../core/geometry'
import type { ActionOdds } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, DecisionRequest, EncounterState, Violation } from '../../core/types'
import { attackViolation, planAttack, resolveAttack } from './attack'
import { actionCost } from './economy.machine'
import { fallRequest } from './falls'
import { moveActions, moveViolation, pathSteps, resolveMove } from './movement'
import { attackOdds } from './odds'
import { readSettings } from './settings'
import { reactivated } from './turn-order'

/** The action kinds of the Minecraft ruleset. */
export const actionKinds = ['move', 'melee', 'ranged', 'face'] as const

/** AP the active figure has left (0 when its economy is spent or nobody is active). */
export function availableAp(state: EncounterState): number {
  const economy = state.turn?.economy
  if (!economy || economy.value === 'spent') return 0
  return economy.context.ap ?? 0
}

function isActive(state: EncounterState, actor: Combatant): boolean {
  return state.phase === 'running' && state.turn?.activeId === actor.id
}

/** Null when the action is legal now; otherwise the first rule it breaks (i18n `violation.<code>`). */
export function validateAction(state: EncounterState, action: Action): Violation | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { code: 'unknownActor', params: { actorId: action.actorId } }
  if (actor.out) return { code: 'actorOut', params: { actorId: actor.id } }
  if (!isActive(state, actor)) return { code: 'notYourTurn', params: { actorId: actor.id } }
  if (reactivated(state, actor.id)) return { code: 'alreadyActedThisRound', params: { actorId: actor.id } }
  const broken = ruleViolation(state, action, actor)
  if (broken) return broken
  const need = actionCost(state, action)
  const have = availableAp(state)
  return need > have ? { code: 'notEnoughAp', params: { need, have } } : null
}

function ruleViolation(state: EncounterState, action: Action, actor: Combatant): Violation | null {
  const settings = readSettings(state)
  switch (action.kind) {
    case 'move':
      // G-5: a free-facing move ends facing where it says, so that facing must be one of the 8.
      if (action.facing !== undefined && !isFacing(action.facing)) return { code: 'invalidFacing' }
      return moveViolation(state, settings, actor, action.path)
    case 'melee':
    case 'ranged':
      return attackViolation(state, settings, action)
    case 'face': {
      if (!settings.freeFacing) return { code: 'facingNotFree' }
      return isFacing(action.facing) ? null : { code: 'invalidFacing' }
    }
    default:
      return { code: 'unknownAction', params: { kind: action.kind } }
  }
}

/** Every legal action of the figure now: each reachable square (cheapest path), each attack, each facing. */
export function legalActions(state: EncounterState, actorId: string): Action[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor || actor.out || !isActive(state, actor)) return []
  const settings = readSettings(state)
  const ap = availableAp(state)
  const candidates: Action[] = [...moveActions(state, settings, actor, ap)]
  for (const target of state.combatants) {
    if (target.id === actor.id || target.out) continue
    candidates.push(
      { kind: 'melee', actorId, targetId: target.id },
      { kind: 'ranged', actorId, targetId: target.id }
    )
  }
  for (let facing = 0; facing < 8; facing++) {
    if (facing !== actor.facing) candidates.push({ kind: 'face', actorId, facing })
  }
  // Everything goes through validate, so this list can never offer what validate would refuse.
  return candidates.filter((a) => validateAction(state, a) === null)
}

/**
 * The next GM point a legal action raises before it resolves (minecraft.md G-4): the damage of a fall on
 * the way of a move, or of the fall a hit's knockback would cause. Null when nothing is left to ask.
 */
export function decideAction(
  state: EncounterState,
  action: Action,
  answers: Answers
): DecisionRequest | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return null
  const settings = readSettings(state)
  if (action.kind === 'move') {
    return fallRequest(settings, actor, pathSteps(state, settings, actor, action.path ?? []).falls, answers)
  }
  const plan = planAttack(state, settings, action, answers)
  const kb = plan?.knockback
  if (!plan || kb?.kind !== 'push' || kb.fall === undefined) return null
  return fallRequest(settings, plan.target, [kb.fall], answers)
}

/** Resolves a legal action with its answers into events (economy and turn events are the flow's). */
export function resolveAction(
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers: Answers = {}
): GameEvent[] {
  const settings = readSettings(state)
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return []
  switch (action.kind) {
    case 'move':
      return resolveMove(state, settings, actor, action, answers)
    case 'face':
      return [{ type: 'faced', id: actor.id, facing: action.facing ?? actor.facing }]
    default: {
      const plan = planAttack(state, settings, action, answers)
      return plan ? resolveAttack(settings, plan, dice) : []
    }
  }
}

/** Exact odds of a melee or ranged action (legal or hypothetical) under the answers; null otherwise. */
export function actionOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  const plan = planAttack(state, readSettings(state), action, answers)
  return plan ? attackOdds(plan) : null
}
