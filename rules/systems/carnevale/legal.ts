import { findPath, measurePath, reachable } from '../../core/inches'
import type { MoveInfo } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { availableAp, validateAction, weaponIndexOf } from './actions'
import { combatChoice, PASS } from './aoo'
import { drownProblem, grappleProblem, usableWeapons } from './attack-rules'
import { enemies, swimming } from './board'
import type { Chain } from '../../core/chain'
import { spendGuard, takeGuard } from './counters'
import { jumpLandings } from './jump'
import { costOptions, moveBudget, planMove } from './movement'
import { defaultPushPoint, pushOption } from './push-choice'
import { chargeChoices, COUNTER_AOO, disengager, guardReactors } from './reactions'
import { resolveMove } from './resolve-move'
import { readSettings } from './settings'
import { countersOf } from './stats'
import { strike } from './strike'

// The Ruleset's action entry points for Carnevale: every legal action (moves sampled over the board, each
// a charge when it ends in contact, and jumps to sampled landings, likewise), how a move reads on the map, and resolution. A move the player drags
// need not be one of the sampled ones: `validate` accepts any path `checkPath` accepts within the budget.

function isActive(state: EncounterState, actor: Combatant): boolean {
  return state.phase === 'running' && state.turn?.activeId === actor.id && !actor.out
}

/** Sampled moves (`reachable`, a path to each by `findPath`); a move ending in contact is a charge per target. */
function moveActions(state: EncounterState, actor: Combatant): Action[] {
  const s = readSettings(state)
  const budget = moveBudget(state, actor)
  if (budget <= 0) return []
  const cost = costOptions(s)
  const out: Action[] = []
  for (const point of reachable(state, actor.id, budget, cost)) {
    const found = findPath(state, actor.id, point.pos, { ...cost, maxInches: budget })
    if (!found || found.path.length < 2) continue
    out.push(...withCharges(state, { kind: 'move', actorId: actor.id, path: found.path.slice(1) }, 'charge'))
  }
  return out
}

/** Jumps to the sampled landings (`jumpLandings`); one landing in contact is a charge per target. */
function jumpActions(state: EncounterState, actor: Combatant): Action[] {
  return jumpLandings(state, actor).flatMap((landing) =>
    withCharges(state, { kind: 'jump', actorId: actor.id, path: [landing] }, 'jump')
  )
}

/** The move or jump itself, or, when it ends in contact, one charge per target with its first AoO choice. */
function withCharges(state: EncounterState, action: Action, chargeKind: string): Action[] {
  const plan = planMove(state, action)
  const path = action.path ?? []
  const charges = (plan?.chargeTargets ?? []).flatMap((target) => {
    const aoo = plan ? chargeChoices(state, plan, target).filter((c) => c !== PASS)[0] : undefined
    return aoo
      ? [{ kind: chargeKind, actorId: action.actorId, targetId: target.id, path, options: { aoo } }]
      : []
  })
  return charges.length > 0 ? charges : [action]
}

/** The attacks on one figure: Combat with each usable weapon, Drown, Grapple with the D-5 default push. */
function attacksOn(state: EncounterState, actor: Combatant, target: Combatant): Action[] {
  if (!enemies(actor, target)) return []
  const out: Action[] = usableWeapons(state, actor, target).map((i) => ({
    kind: 'combat',
    actorId: actor.id,
    targetId: target.id,
    options: { weapon: i }
  }))
  if (!drownProblem(state, actor, target)) out.push({ kind: 'drown', actorId: actor.id, targetId: target.id })
  if (!grappleProblem(state, actor, target)) {
    const p = defaultPushPoint(state, actor, target)
    out.push({ kind: 'grapple', actorId: actor.id, targetId: target.id, options: { pushX: p.x, pushY: p.y } })
  }
  return out
}

/** Every legal action of the figure now (`Ruleset.legalActions`); 'targeted' leaves out moves. */
export function legalActions(
  state: EncounterState,
  actorId: string,
  scope: 'all' | 'targeted' = 'all'
): Action[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor || !isActive(state, actor) || availableAp(state) <= 0) return []
  const candidates: Action[] = []
  if (scope === 'all') {
    candidates.push(...moveActions(state, actor), ...jumpActions(state, actor))
    if (!swimming(state, actor)) candidates.push({ kind: 'guard', actorId })
    // No `end` here: ending the activation is the engine's own `turn.end`, which every UI and the AI already
    // offer; listing it again showed two "end activation" buttons. The action still validates, for old saves.
  }
  for (const target of state.combatants)
    if (!target.out && target.id !== actorId) candidates.push(...attacksOn(state, actor, target))
  // Everything goes through validate, so this list never offers what validate would refuse.
  return candidates.filter((a) => validateAction(state, a) === null)
}

/**
 * How a move or jump reads on the map (`Ruleset.moveInfo`): its cost in inches as drawn (a jump: its plan
 * length, the drop costs no movement), band 0 (one Move action
 * covers it), and who may react: the enemy rolling against its Disengage (D-3 default) and every Guard
 * holder in sight with an AoO to make at its end.
 */
export function moveInfo(state: EncounterState, action: Action): MoveInfo {
  const plan = planMove(state, action)
  if (!plan) return { band: 0, provokes: [] }
  const cost = plan.isJump
    ? (plan.jump?.horizontal ?? 0)
    : measurePath(state.board, [plan.start, ...plan.waypoints], costOptions(readSettings(state))).inches
  const provokes = [
    ...(plan.disengage ? [disengager(plan, {})?.id ?? ''] : []),
    ...guardReactors(state, plan).map((g) => g.reactor.id)
  ].filter((id) => id !== '')
  return { band: 0, provokes, cost: Math.round(cost * 100) / 100 }
}

/** Resolves a legal action with its answers into the engine's chain (`Ruleset.resolve`). */
export function resolveAction(chain: Chain, action: Action, dice: DiceRoller, answers: Answers = {}): void {
  const { state } = chain
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return
  // §4 [TEXT L36]: a Guard counter ends as its holder's next activation starts; its first action says so.
  if ((state.turn?.actions ?? 0) === 0 && countersOf(actor).guard) chain.emit(spendGuard(actor))
  switch (action.kind) {
    case 'move':
    case 'charge':
    case 'jump':
      resolveMove(chain, action, dice, answers)
      break
    case 'guard':
      chain.emit([takeGuard(chain.state, chain.figure(actor.id))])
      break
    case 'combat': {
      const target = chain.figure(action.targetId ?? '')
      const weapon = weaponIndexOf(chain.state, action, actor, target)
      const counterAnswer = answers[`${COUNTER_AOO}#${target.id}`]
      strike(chain, dice, actor.id, target.id, combatChoice(weapon), {
        reason: 'action',
        depth: 0,
        counterAnswer
      })
      break
    }
    case 'grapple': {
      const push = pushOption(action)
      strike(chain, dice, actor.id, action.targetId ?? '', 'grapple', {
        reason: 'action',
        depth: 0,
        ...(push ? { push } : {})
      })
      break
    }
    case 'drown':
      strike(chain, dice, actor.id, action.targetId ?? '', 'drown', { reason: 'action', depth: 0 })
      break
  }
}
