import type { Action, Combatant, EncounterState, Violation } from '../../core/types'
import { aooChoiceProblem, PASS } from './aoo'
import { combatProblem, drownProblem, grappleProblem, usableWeapons } from './attack-rules'
import { enemies, placed, swimming, withFigureAt } from './board'
import { actionCost } from './economy.machine'
import { planMove, pathProblem } from './movement'
import { chargeRules } from './reactions'

// What a Carnevale character may do in its activation (carnevale.md §4 table) and why an action is
// refused: Move (a path) or Charge (a move ending in contact, naming its target and AoO), Jump (one leap,
// a charge too when it lands in contact and names its target), Combat (with a weapon), Grapple (with the push point chosen up front, D-5), Drown, Guard, End.

/** The action kinds of the Carnevale ruleset. */
export const actionKinds = ['move', 'charge', 'jump', 'combat', 'grapple', 'drown', 'guard', 'end'] as const

/** AP the active figure may still spend this activation (0 once its economy has ended). */
export function availableAp(state: EncounterState): number {
  const economy = state.turn?.economy
  if (!economy || economy.value === 'ended') return 0
  return economy.context.ap ?? 0
}

/** The target an action names, or why it cannot be attacked (friends only where `friends` allows). */
function targetOf(
  state: EncounterState,
  action: Action,
  actor: Combatant,
  friends = false
): Combatant | Violation {
  if (action.targetId === undefined) return { code: 'noTarget' }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return { code: 'unknownTarget', params: { targetId: action.targetId } }
  if (target.id === actor.id) return { code: 'selfTarget' }
  if (target.out) return { code: 'targetOut', params: { targetId: target.id } }
  if (!friends && !enemies(actor, target)) return { code: 'friendlyTarget', params: { targetId: target.id } }
  return target
}

const isViolation = (x: Combatant | Violation): x is Violation => 'code' in x

/** D-6: the weapon a Combat action names (`options.weapon`, an index), else the best usable one. */
export function weaponIndexOf(
  state: EncounterState,
  action: Action,
  actor: Combatant,
  target: Combatant
): number {
  const w = action.options?.weapon
  if (w !== undefined) return typeof w === 'number' ? w : -1
  return usableWeapons(state, actor, target)[0] ?? 0
}

/** A grapple's push options, when given, are whole board units and a distance of at least 0 (D-5). */
function pushProblem(action: Action): Violation | null {
  const o = action.options ?? {}
  const given = ['pushX', 'pushY', 'pushInches'].filter((k) => k in o)
  if (given.length === 0) return null
  const whole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 100000
  const inches = o.pushInches
  if (!whole(o.pushX) || !whole(o.pushY)) return { code: 'invalidPushPoint' }
  if (inches !== undefined && !(typeof inches === 'number' && inches >= 0 && inches <= 48))
    return { code: 'invalidPushPoint' }
  return null
}

/** §4: a move's path or a jump's leap, and a charge's target and AoO. */
function moveProblem(state: EncounterState, action: Action): Violation | null {
  const plan = planMove(state, action)
  if (!plan) return { code: 'unknownActor', params: { actorId: action.actorId } }
  const bad = pathProblem(state, plan)
  if (bad) return bad
  if (action.kind === 'charge' && plan.chargeTargets.length === 0) return { code: 'notACharge' }
  if (action.targetId === undefined) return null
  const target = plan.chargeTargets.find((c) => c.id === action.targetId)
  if (!target) return { code: 'chargeTargetNotInContact', params: { targetId: action.targetId } }
  const aoo = action.options?.aoo
  if (aoo === undefined || aoo === PASS) return null
  const moved = withFigureAt(state, plan.mover.id, plan.walk.end)
  const problem =
    typeof aoo === 'string'
      ? aooChoiceProblem(
          moved,
          placed(plan.mover, plan.walk.end),
          target,
          aoo,
          chargeRules(state, plan, target)
        )
      : 'unknownChoice'
  return problem ? { code: 'invalidAoo', params: { aoo: String(aoo), reason: problem } } : null
}

function ruleViolation(state: EncounterState, action: Action, actor: Combatant): Violation | null {
  switch (action.kind) {
    case 'move':
    case 'charge':
    case 'jump':
      return moveProblem(state, action)
    case 'guard':
      // §4 table [TEXT L36]: no Guard in the water.
      return swimming(state, actor) ? { code: 'guardInWater' } : null
    case 'end':
      return null
    default: {
      const target = targetOf(state, action, actor, action.kind === 'grapple')
      if (isViolation(target)) return target
      if (action.kind === 'combat')
        return combatProblem(state, actor, target, weaponIndexOf(state, action, actor, target))
      if (action.kind === 'drown') return drownProblem(state, actor, target)
      return grappleProblem(state, actor, target) ?? pushProblem(action)
    }
  }
}

/** Null when the action is legal now; otherwise the first rule it breaks (i18n `violation.<code>`). */
export function validateAction(state: EncounterState, action: Action): Violation | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return { code: 'unknownActor', params: { actorId: action.actorId } }
  if (actor.out) return { code: 'actorOut', params: { actorId: actor.id } }
  if (state.phase !== 'running' || state.turn?.activeId !== actor.id)
    return { code: 'notYourTurn', params: { actorId: actor.id } }
  if (!(actionKinds as readonly string[]).includes(action.kind))
    return { code: 'unknownAction', params: { kind: action.kind } }
  const need = actionCost(state, action)
  const have = availableAp(state)
  if (need > have) return { code: 'notEnoughAp', params: { need, have } }
  return ruleViolation(state, action, actor)
}
