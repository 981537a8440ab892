import type { Action, Answers, Combatant, DecisionRequest, EncounterState } from '../../core/types'
import { aooChoiceProblem, aooDecisionChoices, PASS } from './aoo'
import { enemies, placed, sight, withFigureAt } from './board'
import { guardHeld } from './counters'
import {
  chargeFromSky,
  defaultChargeTarget,
  defaultDisengager,
  defaultFirst,
  planMove,
  startedOutOfWater,
  type MovePlan
} from './movement'

// The decisions of carnevale.md §8, asked before any die of the action is rolled (the engine's invariant,
// as Pathfinder asks its attacks of opportunity): D-3 which enemy rolls against a Disengage (the
// OPPONENT's call), D-2 + D-4 whether and how that enemy and every Guard holder in sight take their AoO,
// D-1 + D-4 which charged enemy the charger attacks and how, and for a Combat action the target's AoO if
// the attack fumbles. Conditional answers ("if the Disengage fails, attack with…") are given up front and
// used only if the dice call for them. Each offers the digest's default first, so automation answers it.

/** D-3: which enemy in contact rolls against the Disengage (answered by the opponent). */
export const DISENGAGE_BY = 'carnevale.disengageBy'
/** D-2 + D-4: the AoO of the enemy that rolled against a failed or fumbled Disengage (`#<reactor>`). */
export const DISENGAGE_AOO = 'carnevale.disengageAoo'
/** D-2 + D-4: a Guard holder's AoO at the end of an enemy's move in its sight (`#<reactor>`). */
export const GUARD_AOO = 'carnevale.guard'
/** D-1: which of the enemies a charge contacts is attacked (answered by the charger). */
export const CHARGE_TARGET = 'carnevale.chargeTarget'
/** D-4: the charge's AoO: its type and weapon, or none (answered by the charger). */
export const CHARGE_AOO = 'carnevale.charge'
/** D-2 + D-4: the target's AoO if the Combat action against it fumbles (`#<reactor>`). */
export const COUNTER_AOO = 'carnevale.counter'

/** Every decision key this ruleset asks, for the terms catalogue. */
export const decisionKeys = [DISENGAGE_BY, DISENGAGE_AOO, GUARD_AOO, CHARGE_TARGET, CHARGE_AOO, COUNTER_AOO]

// §4 [TEXT L34]: Guard reacts to a move or a jump alike, and both may Disengage or Charge.
const MOVES = new Set(['move', 'charge', 'jump'])

/** D-3: the enemy that rolls against the Disengage: the opponent's answer, else the default. */
export function disengager(plan: MovePlan, answers: Answers): Combatant | undefined {
  if (!plan.disengage) return undefined
  const chosen = plan.startContacts.find((c) => c.id === answers[DISENGAGE_BY])
  return chosen ?? defaultDisengager(plan.startContacts)
}

/** The Guard holders that may react to the move, with their AoO choices at its predicted end. */
export function guardReactors(
  state: EncounterState,
  plan: MovePlan
): Array<{ reactor: Combatant; choices: string[] }> {
  const there = placed(plan.mover, plan.walk.end)
  const moved = withFigureAt(state, plan.mover.id, plan.walk.end)
  const out: Array<{ reactor: Combatant; choices: string[] }> = []
  for (const reactor of state.combatants) {
    if (reactor.out || !enemies(reactor, plan.mover) || !guardHeld(state, reactor)) continue
    // §4 [TEXT L34]: the move happens within the holder's sight (at its start or its end).
    if (!sight(state, reactor, plan.mover).visible && !sight(state, reactor, there).visible) continue
    const choices = aooDecisionChoices(moved, reactor, there)
    if (choices.length > 0) out.push({ reactor, choices })
  }
  return out
}

/** D-1: the charged enemy the charger attacks: the action's target, the answer, else the default. */
export function chargeTarget(plan: MovePlan, action: Action, answers: Answers): Combatant | undefined {
  const named = action.targetId ?? answers[CHARGE_TARGET]
  return plan.chargeTargets.find((c) => c.id === named) ?? defaultChargeTarget(plan.chargeTargets)
}

/** What the charge's AoO may be: the charge from the sky and the water at its start (§4 [TEXT L23, L53]). */
export function chargeRules(state: EncounterState, plan: MovePlan, target: Combatant) {
  return { fromSky: chargeFromSky(state, plan, target), startedOutOfWater: startedOutOfWater(state, plan) }
}

/** D-4 choices of the charge's AoO against `target`, with the mover at the charge's end. */
export function chargeChoices(state: EncounterState, plan: MovePlan, target: Combatant): string[] {
  const moved = withFigureAt(state, plan.mover.id, plan.walk.end)
  return aooDecisionChoices(
    moved,
    placed(plan.mover, plan.walk.end),
    target,
    chargeRules(state, plan, target)
  )
}

/** The charge's AoO named by the action itself (`options.aoo`), when it names one it can make. */
export function namedChargeAoo(state: EncounterState, plan: MovePlan, action: Action, target: Combatant) {
  const named = action.options?.aoo
  if (typeof named !== 'string') return undefined
  const moved = withFigureAt(state, plan.mover.id, plan.walk.end)
  const mover = placed(plan.mover, plan.walk.end)
  const rules = chargeRules(state, plan, target)
  return aooChoiceProblem(moved, mover, target, named, rules) === null ? named : undefined
}

function names(state: EncounterState, reactor: Combatant, actorId: string) {
  const actor = state.combatants.find((c) => c.id === actorId)
  return { reactor: reactor.name, actor: actor?.name ?? actorId }
}

function ask(
  id: string,
  decider: Combatant,
  choices: string[],
  params: Record<string, string>
): DecisionRequest {
  return { id, deciderId: decider.id, choices, default: choices[0] ?? PASS, params }
}

function moveDecision(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null {
  const plan = planMove(state, action)
  if (!plan) return null
  if (plan.disengage) {
    const first = defaultDisengager(plan.startContacts)
    if (plan.startContacts.length > 1 && first && !(DISENGAGE_BY in answers)) {
      const choices = defaultFirst(plan.startContacts, first).map((c) => c.id)
      return ask(DISENGAGE_BY, first, choices, { actor: plan.mover.name })
    }
    const enemy = disengager(plan, answers)
    const id = `${DISENGAGE_AOO}#${enemy?.id ?? ''}`
    if (enemy && !(id in answers)) {
      // The AoO is made before the mover leaves: at the start, never a Grapple [TEXT L28, L30].
      const choices = aooDecisionChoices(state, enemy, plan.mover, { noGrapple: true })
      if (choices.length > 0) return ask(id, enemy, choices, names(state, enemy, plan.mover.id))
    }
  }
  for (const { reactor, choices } of guardReactors(state, plan)) {
    const id = `${GUARD_AOO}#${reactor.id}`
    if (!(id in answers)) return ask(id, reactor, choices, names(state, reactor, plan.mover.id))
  }
  if (plan.chargeTargets.length === 0) return null
  const first = defaultChargeTarget(plan.chargeTargets)
  if (
    plan.chargeTargets.length > 1 &&
    action.targetId === undefined &&
    !(CHARGE_TARGET in answers) &&
    first
  ) {
    const choices = defaultFirst(plan.chargeTargets, first).map((c) => c.id)
    return ask(CHARGE_TARGET, plan.mover, choices, { actor: plan.mover.name })
  }
  const target = chargeTarget(plan, action, answers)
  if (!target || CHARGE_AOO in answers || namedChargeAoo(state, plan, action, target)) return null
  const choices = chargeChoices(state, plan, target)
  const params = { actor: plan.mover.name, target: target.name }
  return choices.length > 0 ? ask(CHARGE_AOO, plan.mover, choices, params) : null
}

function combatDecision(state: EncounterState, action: Action, answers: Answers): DecisionRequest | null {
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target) return null
  const id = `${COUNTER_AOO}#${target.id}`
  if (id in answers) return null
  const choices = aooDecisionChoices(state, target, attacker)
  return choices.length > 0 ? ask(id, target, choices, names(state, target, attacker.id)) : null
}

/** The next decision a legal action needs before its dice (`Ruleset.decide`). */
export function decideAction(
  state: EncounterState,
  action: Action,
  answers: Answers
): DecisionRequest | null {
  if (MOVES.has(action.kind)) return moveDecision(state, action, answers)
  if (action.kind === 'combat') return combatDecision(state, action, answers)
  return null
}
