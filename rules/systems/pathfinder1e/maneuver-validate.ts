import type { Action, Answers, Combatant, DecisionRequest, EncounterState, Violation } from '../../core/types'
import {
  figureIn,
  GRAPPLE_OPTIONS,
  inMeleeReach,
  isHeld,
  isManeuverKind,
  maneuverSlot,
  OVERRUN,
  type ManeuverKind
} from './maneuver-check'
import { pushDirection } from './maneuver-bull-rush'
import { chargeManeuverActions, chargeManeuverOf, chargeManeuverRequest } from './maneuver-charge'
import { escapeCheck, moveSquare } from './maneuver-grapple'
import {
  feintPenalty,
  hasImprovedFeat,
  maneuverImmune,
  sizeAllows,
  sizeLimited,
  type Maneuver
} from './maneuver-math'
import { overrunLines, overrunPlan } from './maneuver-overrun'
import { sunderable } from './maneuver-targeted'
import type { Provoking } from './reactions'
import { readSettings } from './settings'
import { attackSetup } from './situation'
import { hasCondition, readStats } from './stats'

// Whether a maneuver may be made now (pathfinder1e.md §4.10, §4.11), the candidates the turn offers, what each
// provokes (§3.4 (b), §4.10 step 4) and the overrun target's choice.

const refuse = (code: string, params?: Violation['params']): Violation =>
  params ? { code, params } : { code }

/** §4.11 limits of a maneuver at a target the actor can reach (size, legs and flight, what it holds). */
function targetLimits(kind: ManeuverKind, actor: Combatant, target: Combatant): Violation | null {
  const s = readStats(target)
  if (sizeLimited(kind as Maneuver) && !sizeAllows(actor, target)) return refuse('tooLarge')
  switch (kind) {
    case 'trip':
      if (maneuverImmune(target, 'trip')) return refuse('immuneTrip')
      return hasCondition(s, 'prone') ? refuse('alreadyProne') : null
    case 'disarm':
      return s.wielding.main === null && s.wielding.off === null ? refuse('nothingToDisarm') : null
    case 'sunder':
      return sunderable(s) ? null : refuse('nothingToSunder')
    case 'grapple':
      return s.grapple || hasCondition(s, 'tiedUp') ? refuse('alreadyGrappled') : null
    case 'feint':
      return feintPenalty(target) === null ? refuse('mindless') : null
    case 'bullRush':
      return pushDirection(actor, target) ? null : refuse('sameSquare')
    default:
      return null
  }
}

function overrunViolation(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  action: Action
): Violation | null {
  const stats = readStats(actor)
  if (hasCondition(stats, 'prone')) return refuse('prone')
  if (!sizeAllows(actor, target)) return refuse('tooLarge')
  if ((state.turn?.economy.context._stepped ?? 0) > 0) return refuse('stepped')
  const plan = overrunPlan(state, actor, target, action.path ?? [])
  return 'violation' in plan ? refuse(plan.violation) : null
}

function maintainViolation(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  const hold = readStats(actor).grapple
  if (!hold?.controls || hold.with !== action.targetId) return refuse('notGrappling')
  const target = figureIn(state, hold.with)
  if (!target) return refuse('noTarget')
  const option = action.options?.option
  if (!GRAPPLE_OPTIONS.some((o) => o === option)) return refuse('grappleOption', { option: String(option) })
  if (option === 'move' && !moveSquare(state, actor, target, action)) return refuse('noRoom')
  return null
}

/**
 * Null when the maneuver is legal now, else why not; `unknownAction` for a kind that is not a maneuver.
 * §4.11 "if grappled": a held figure may only maintain its hold (its controller) or try to escape.
 */
export function validateManeuver(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  const kind = action.kind
  if (!isManeuverKind(kind)) return refuse('unknownAction', { kind })
  if (kind === 'escape') return escapeCheck(state, actor) ? null : refuse('notGrappled')
  if (kind === 'grappleMaintain') return maintainViolation(state, actor, action)
  if (isHeld(actor)) return refuse('grappled')
  const target = figureIn(state, action.targetId)
  if (!target || target.id === actor.id) return refuse('noTarget')
  if (target.side === actor.side && !readSettings(state).friendlyFire) return refuse('friendlyFire')
  if (target.out) return refuse('targetOut')
  if (kind === 'overrun') return overrunViolation(state, actor, target, action)
  if (!inMeleeReach(state, actor, target)) return refuse('outOfReach')
  const setup = attackSetup(state, actor, target, maneuverSlot(state, actor, action), {})
  if (setup.violation) return refuse(setup.violation)
  return targetLimits(kind, actor, target)
}

const TARGETED = ['trip', 'disarm', 'sunder', 'bullRush', 'grapple', 'feint'] as const

/** §4.11 bull rush: whether the turn still has the move action a standalone bull rush may follow with. */
function canFollow(state: EncounterState): boolean {
  const c = state.turn?.economy.context ?? {}
  return (c.move ?? 0) > 0 && !c._restricted && (c._stepped ?? 0) === 0
}

/**
 * Candidate maneuvers for the active figure (validation and the economy filter them afterwards): the six
 * targeted ones at every foe it can reach in melee (and a bull rush that follows the push while the move
 * action is left), overruns along straight lines through foes, bull rushes and overruns as charges
 * (maneuver-charge.ts), and — while held — each option of its hold, or an escape (and one turning the hold).
 */
export function maneuverActions(state: EncounterState, actor: Combatant): Action[] {
  const actorId = actor.id
  const stats = readStats(actor)
  const hold = stats.grapple
  if (isHeld(actor)) {
    if (!hold?.controls)
      return hasCondition(stats, 'tiedUp')
        ? [{ kind: 'escape', actorId }]
        : [
            { kind: 'escape', actorId },
            { kind: 'escape', actorId, options: { reverse: 1 } }
          ]
    return GRAPPLE_OPTIONS.map((option) => ({
      kind: 'grappleMaintain',
      actorId,
      targetId: hold.with,
      options: { option }
    }))
  }
  const actions: Action[] = []
  const follow = canFollow(state)
  for (const enemy of state.combatants) {
    if (enemy.side === actor.side || enemy.out) continue
    if (inMeleeReach(state, actor, enemy)) {
      for (const kind of TARGETED) actions.push({ kind, actorId, targetId: enemy.id })
      if (follow) actions.push({ kind: 'bullRush', actorId, targetId: enemy.id, options: { follow: 1 } })
    }
    for (const line of overrunLines(state, actor, enemy))
      actions.push({
        kind: 'overrun',
        actorId,
        targetId: enemy.id,
        path: line.map(({ x, y }) => ({ x, y, z: actor.pos.z }))
      })
  }
  return [...actions, ...chargeManeuverActions(state, actor)]
}

/**
 * §3.4 (b), §4.10 step 4: a maneuver without its Improved feat provokes an attack of opportunity from its
 * target only (unless `maneuversProvoke` is off); an overrun also moves (mode 'overrun'). Feints, escapes and
 * maintaining a hold provoke nothing. Null for kinds that are not maneuvers.
 */
export function maneuverProvoking(state: EncounterState, action: Action): Provoking | null {
  const kind = action.kind
  if (!isManeuverKind(kind)) return null
  if (kind === 'feint' || kind === 'escape') return { path: [], mode: null, trigger: null }
  if (kind === 'grappleMaintain') return { path: [], mode: null, trigger: 'attacks' }
  const actor = figureIn(state, action.actorId)
  const provokes =
    actor !== undefined &&
    action.targetId !== undefined &&
    readSettings(state).maneuversProvoke &&
    !hasImprovedFeat(actor, kind)
  const inPlace = provokes ? { inPlace: { kind: 'maneuver' as const, targetOnly: action.targetId } } : {}
  if (kind !== 'overrun') return { path: [], mode: null, trigger: 'attacks', ...inPlace }
  const path = (action.path ?? []).map(({ x, y }) => ({ x, y }))
  return { path, mode: 'overrun', trigger: 'entersReach', ...inPlace }
}

/**
 * §4.11 overrun (alone or as a charge's): its target chooses to block (the check is rolled) or avoid (the
 * mover passes, no roll), before anyone reacts; not offered against Improved Overrun. Then, for a maneuver
 * charge, the attacks of opportunity its maneuver and an overrun's way on allow (`chargeManeuverRequest`).
 * Null for every other action, or once answered.
 */
export function maneuverDecision(
  state: EncounterState,
  action: Action,
  answers: Answers
): DecisionRequest | null {
  const charged = chargeManeuverOf(action)
  const overrun = action.kind === 'overrun' || charged === 'overrun'
  const choice = overrun && !(OVERRUN in answers) ? overrunChoice(state, action) : null
  return choice ?? (charged ? chargeManeuverRequest(state, action, answers) : null)
}

function overrunChoice(state: EncounterState, action: Action): DecisionRequest | null {
  const actor = figureIn(state, action.actorId)
  const target = figureIn(state, action.targetId)
  if (!actor || !target || hasImprovedFeat(actor, 'overrun')) return null
  return {
    id: OVERRUN,
    deciderId: target.id,
    choices: ['block', 'avoid'],
    default: 'block',
    params: { actor: actor.name, target: target.name }
  }
}
