import { pushToward } from '../../core/inches'
import type { DiceRoller } from '../../core/rng'
import type { GameEvent } from '../../core/events'
import { aooToMake, weaponOfChoice, type AooRules } from './aoo'
import { combatPlanOf, drownPlanOf, grapplePlanOf, weaponAt, type AttackContext } from './attack-rules'
import type { Chain } from '../../core/chain'
import { loseLife, poolEvents } from './chain-steps'
import { resolveCombat } from './combat'
import { isStunned, spendGuard, stun } from './counters'
import { resolveDrown } from './drown'
import { resolveFall } from './falling'
import { resolveGrapple } from './grapple'
import { defaultPushPoint, type PushPoint } from './push-choice'
import { readSettings } from './settings'
import { readStats } from './stats'

// Combat, Grapple and Drown resolved on the board (carnevale.md §5.1, §5.3, §5.4), as actions and as AoOs
// alike. A fumbled Combat gives its target an AoO against the attacker (§5.1 [TEXT L47]), which may fumble
// in turn: AoOs nest up to `aooNestingLimit` deep (A11 [REC]). Only the first counter of the active
// character's own Combat is asked before the dice (`counterAnswer`); deeper counters take the D-4 default.

/** Why an attack is made: the action itself, or the rule granting the AoO (logged as the attack's sector). */
export type StrikeReason = 'action' | 'charge' | 'guard' | 'disengage' | 'counter'

/** How one attack is made. */
export interface Strike extends AttackContext {
  reason: StrikeReason
  /** AoO nesting: 0 for the action itself, 1 for an AoO a rule grants, one more per fumbled AoO. */
  depth: number
  /** The answer given before the dice for the counter this attack's fumble grants (the action's own only). */
  counterAnswer?: string | number
  /** Grapple (D-5): where the attacker pushes the target, and at most how far (inches). */
  push?: PushPoint & { inches?: number }
}

function declared(attackerId: string, targetId: string, mode: string, reason: StrikeReason): GameEvent {
  return {
    type: 'attack.declared',
    attackerId,
    targetId,
    mode,
    ...(reason === 'action' ? {} : { sector: reason })
  }
}

/** Makes one attack of the chosen type (`combat:<i>`, `grapple`, `drown`); the choice was checked before. */
export function strike(
  chain: Chain,
  dice: DiceRoller,
  attackerId: string,
  targetId: string,
  choice: string,
  how: Strike
): void {
  const weapon = weaponOfChoice(choice)
  if (weapon !== null) combat(chain, dice, attackerId, targetId, weapon, how)
  else if (choice === 'grapple') grapple(chain, dice, attackerId, targetId, how)
  else if (choice === 'drown') drown(chain, dice, attackerId, targetId, how)
}

/**
 * An AoO (§4, 0 AP): the answered choice if it can still be made, else the D-4 default; none when
 * declined or impossible, or when either figure is out. Making it costs the reactor its Guard counter.
 */
export function opportunityAttack(
  chain: Chain,
  dice: DiceRoller,
  reactorId: string,
  victimId: string,
  answer: string | number | undefined,
  reason: StrikeReason,
  depth: number,
  rules: AooRules = {}
): void {
  const reactor = chain.figure(reactorId)
  const victim = chain.figure(victimId)
  if (reactor.out || victim.out) return
  const choice = aooToMake(chain.state, reactor, victim, answer, rules)
  if (!choice) return
  chain.emit(spendGuard(reactor))
  strike(chain, dice, reactorId, victimId, choice, { ...rules, reason, depth })
}

function combat(
  chain: Chain,
  dice: DiceRoller,
  attackerId: string,
  targetId: string,
  index: number,
  how: Strike
) {
  const s = readSettings(chain.state)
  const attacker = chain.figure(attackerId)
  const target = chain.figure(targetId)
  const weapon = weaponAt(attacker, index)
  if (!weapon) return
  const plan = combatPlanOf(chain.state, attacker, target, weapon, how)
  chain.emit([declared(attackerId, targetId, 'combat', how.reason)])
  const r = resolveCombat(dice, plan, s, {
    attack: { purpose: 'attack', actorId: attackerId },
    protection: { purpose: 'protection', actorId: targetId }
  })
  chain.emit(poolEvents(attackerId, 'attack', r.attack, r.attack.outcome, s))
  const hit = r.attack.outcome === 'success' || r.attack.outcome === 'critical'
  chain.emit([
    hit
      ? { type: 'attack.hit', attackerId, targetId, automatic: false }
      : { type: 'attack.missed', attackerId, targetId }
  ])
  if (r.protection) chain.emit(poolEvents(targetId, 'protection', r.protection, r.protection.outcome, s))
  loseLife(chain, targetId, r.targetLifeLost, 'combat')
  loseLife(chain, attackerId, r.attackerLifeLost, 'fumble')
  if (!r.counterAttack) return
  // A11: the counter to the action's own attack is depth 1; each counter to an AoO one deeper.
  const depth = how.depth + 1
  if (depth > 1 && depth > s.aooNestingLimit) return
  const answer = how.depth === 0 ? how.counterAnswer : undefined
  opportunityAttack(chain, dice, targetId, attackerId, answer, 'counter', depth)
}

function grapple(chain: Chain, dice: DiceRoller, attackerId: string, targetId: string, how: Strike) {
  const s = readSettings(chain.state)
  const plan = grapplePlanOf(chain.state, chain.figure(attackerId), chain.figure(targetId))
  chain.emit([declared(attackerId, targetId, 'grapple', how.reason)])
  const r = resolveGrapple(dice, plan, s, {
    active: { purpose: 'grapple', actorId: attackerId },
    opponent: { purpose: 'grappleResist', actorId: targetId }
  })
  chain.emit(poolEvents(attackerId, 'grapple', r.attacker, r.outcome, s))
  if (r.target) chain.emit(poolEvents(targetId, 'grappleResist', r.target, null, s))
  if (!r.push) {
    chain.emit([{ type: 'attack.missed', attackerId, targetId }])
    return
  }
  // §5.3 [TEXT L83]: a fumble turns the grapple round; the target then pushes the attacker (D-5 default).
  const byAttacker = r.push.by === 'attacker'
  const pusher = chain.figure(byAttacker ? attackerId : targetId)
  const pushed = chain.figure(byAttacker ? targetId : attackerId)
  chain.emit([{ type: 'attack.hit', attackerId: pusher.id, targetId: pushed.id, automatic: false }])
  const wanted = byAttacker ? how.push : undefined
  const point = wanted ?? defaultPushPoint(chain.state, pusher, pushed)
  const cap = r.push.upTo && wanted?.inches !== undefined ? Math.max(0, wanted.inches) : Infinity
  const res = pushToward(chain.state, pushed.id, point, Math.min(r.push.inches, cap), { ignoreId: pusher.id })
  if (res.to.x !== pushed.pos.x || res.to.y !== pushed.pos.y || res.to.z !== pushed.pos.z)
    chain.emit([{ type: 'pushed', id: pushed.id, from: pushed.pos, to: res.to }])
  // §6 [TEXT L36]: no Guard counter in the water.
  if (res.intoWater) chain.emit(spendGuard(chain.figure(pushed.id)))
  if (res.fell > 0) fall(chain, dice, pushed.id, res.fell, res.intoWater)
  if (r.push.stuns && !chain.figure(pushed.id).out) chain.emit([stun(chain.state, chain.figure(pushed.id))])
}

/**
 * §3, §5.3 step 5 [GAP] [PLACEHOLDER]: a figure pushed or jumping off a roof, wall or deck falls
 * (falling.ts): its Protection roll, then the Life it loses.
 */
export function fall(chain: Chain, dice: DiceRoller, id: string, heightInches: number, intoWater: boolean) {
  const s = readSettings(chain.state)
  const figure = chain.figure(id)
  const r = resolveFall(
    dice,
    { heightInches, intoWater, pro: readStats(figure).pro, stunned: isStunned(chain.state, figure) },
    s,
    id
  )
  if (r.protection) chain.emit(poolEvents(id, 'fall', r.protection, r.protection.outcome, s))
  loseLife(chain, id, r.lifeLost, 'fall')
}

function drown(chain: Chain, dice: DiceRoller, attackerId: string, targetId: string, how: Strike) {
  const s = readSettings(chain.state)
  const plan = drownPlanOf(chain.state, chain.figure(attackerId), chain.figure(targetId))
  chain.emit([declared(attackerId, targetId, 'drown', how.reason)])
  const r = resolveDrown(dice, plan, s, {
    active: { purpose: 'drown', actorId: attackerId },
    opponent: { purpose: 'drownResist', actorId: targetId }
  })
  chain.emit(poolEvents(attackerId, 'drown', r.roll.active, r.roll.outcome, s))
  chain.emit(poolEvents(targetId, 'drownResist', r.roll.opponent, null, s))
  chain.emit([
    r.targetLifeLost > 0
      ? { type: 'attack.hit', attackerId, targetId, automatic: false }
      : { type: 'attack.missed', attackerId, targetId }
  ])
  loseLife(chain, targetId, r.targetLifeLost, 'drown')
  loseLife(chain, attackerId, r.attackerLifeLost, 'fumble')
}
