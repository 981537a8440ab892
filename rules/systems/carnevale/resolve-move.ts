import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant } from '../../core/types'
import { contactOptions, enemiesInContact, inContact, samePos } from './board'
import type { Chain } from '../../core/chain'
import { poolEvents } from './chain-steps'
import { guardHeld, isStunned } from './counters'
import { planDisengage, resolveDisengage } from './disengage'
import { judgeJump } from './jump'
import { costOptions, defaultChargeTarget, moveBudget, planMove, type MovePlan } from './movement'
import {
  CHARGE_AOO,
  CHARGE_TARGET,
  chargeRules,
  DISENGAGE_AOO,
  disengager,
  GUARD_AOO,
  guardReactors
} from './reactions'
import { readSettings } from './settings'
import { readStats } from './stats'
import { fall, opportunityAttack } from './strike'
import { walkPath, type Walk } from './walk'

// A Move, Charge or Jump resolved (carnevale.md §4 state machine): the Disengage roll and its enemy's AoO
// before the mover leaves, the move itself (cut short by a fumble, by its budget or by a new contact; a
// jump lands whole, then falls the height it dropped), then the Guard AoOs at the end of the action and the charge's AoO: Guard first when the action ended
// in base contact (A8, `guardFirstOnAnyContact`), else only the Guard of a charged holder goes first.

/** §4 Disengage: the opposed DEX roll and what it leaves: extra inches, whether the mover may go. */
function disengage(chain: Chain, dice: DiceRoller, plan: MovePlan, answers: Answers) {
  const enemy = disengager(plan, answers)
  if (!enemy) return { extra: 0, canMove: true }
  const s = readSettings(chain.state)
  const side = (c: Combatant) => ({
    dex: readStats(c).dex,
    enemiesInContact: enemiesInContact(chain.state, c).length,
    stunned: isStunned(chain.state, c)
  })
  const r = resolveDisengage(dice, planDisengage(side(plan.mover), side(enemy), s), s, {
    active: { purpose: 'disengage', actorId: plan.mover.id },
    opponent: { purpose: 'disengageResist', actorId: enemy.id }
  })
  chain.emit(poolEvents(plan.mover.id, 'disengage', r.roll.active, r.roll.outcome, s))
  chain.emit(poolEvents(enemy.id, 'disengageResist', r.roll.opponent, null, s))
  if (r.enemyAoO) {
    const answer = answers[`${DISENGAGE_AOO}#${enemy.id}`]
    opportunityAttack(chain, dice, enemy.id, plan.mover.id, answer, 'disengage', 1, { noGrapple: true })
  }
  return { extra: r.extraInches, canMove: r.canMove }
}

/** The enemies whose contact makes the move a charge: living ones not in contact before it. */
function watched(chain: Chain, plan: MovePlan): Combatant[] {
  const mover = chain.figure(plan.mover.id)
  return chain.state.combatants.filter(
    (c) => !c.out && c.side !== mover.side && !plan.startContacts.some((s) => s.id === c.id)
  )
}

/**
 * §4 Jump: the leap, judged again on the board as it is now (a Disengage's AoO may have changed it), lands
 * whole or not at all; the height it dropped is a fall (§3 [GAP] [PLACEHOLDER], falling.ts) unless the
 * settings say otherwise. A leap onto an enemy is still a charge (from the sky, "even if the character
 * falls onto the opponent" [TEXT L23]): the fall comes first, as the figure lands.
 */
function leap(chain: Chain, dice: DiceRoller, plan: MovePlan, watch: readonly Combatant[]): Walk | null {
  const mover = chain.figure(plan.mover.id)
  const landing = plan.waypoints[0]
  if (!landing || plan.waypoints.length !== 1) return null
  const check = judgeJump(chain.state, mover, landing)
  if (!check.legal) return null
  chain.emit([{ type: 'moved', id: mover.id, path: [landing], facing: mover.facing }])
  const s = readSettings(chain.state)
  if (s.jumpDropFalls && check.drop > 0) fall(chain, dice, mover.id, check.drop, check.intoWater)
  const after = chain.figure(mover.id)
  const contact = watch.some((e) => inContact(chain.state, after, e))
  return { path: [landing], end: landing, stopped: contact ? 'contact' : null }
}

/** Resolves a legal move, charge or jump with its answers, into the chain (planned from the state it opens on). */
export function resolveMove(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  const { state } = chain
  const plan = planMove(state, action)
  if (!plan) return
  const s = readSettings(state)
  const moverId = plan.mover.id
  const { extra, canMove } = plan.disengage
    ? disengage(chain, dice, plan, answers)
    : { extra: 0, canMove: true }
  if (chain.figure(moverId).out) return
  const watch = watched(chain, plan)
  let walk: Walk | null = null
  // A figure pushed while its Disengage was fought over (a grapple turned round) no longer stands where
  // its declared path starts: it does not move.
  const inPlace = canMove && samePos(chain.figure(moverId).pos, plan.start)
  if (inPlace && plan.isJump) walk = leap(chain, dice, plan, watch)
  else if (inPlace) {
    const mover = chain.figure(moverId)
    walk = walkPath(chain.state, mover, plan.waypoints, {
      budget: moveBudget(state, mover) + extra,
      watch,
      contact: contactOptions(s),
      cost: costOptions(s)
    })
    if (walk.path.length > 0)
      chain.emit([{ type: 'moved', id: moverId, path: walk.path, facing: mover.facing }])
  }
  const after = chain.figure(moverId)
  const charged = walk?.stopped === 'contact' ? watch.filter((e) => inContact(chain.state, after, e)) : []
  const named = action.targetId ?? answers[CHARGE_TARGET]
  const target = charged.find((c) => c.id === named) ?? defaultChargeTarget(charged)
  const guards = guardReactors(state, plan).map((g) => g.reactor.id)
  // A8: Guard AoOs go before the charge's when the action ended in contact (or, narrowly, with the holder).
  const first = guards.filter((id) => s.guardFirstOnAnyContact || !target || charged.some((c) => c.id === id))
  // A holder that has made another AoO since (the Disengage's) has lost its counter [TEXT L36].
  const guardAoo = (id: string) => {
    if (guardHeld(chain.state, chain.figure(id)))
      opportunityAttack(chain, dice, id, moverId, answers[`${GUARD_AOO}#${id}`], 'guard', 1)
  }
  first.forEach(guardAoo)
  if (target) {
    const answer = action.options?.aoo ?? answers[CHARGE_AOO]
    opportunityAttack(chain, dice, moverId, target.id, answer, 'charge', 1, chargeRules(state, plan, target))
  }
  guards.filter((id) => !first.includes(id)).forEach(guardAoo)
}
