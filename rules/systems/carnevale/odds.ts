import { constant, mapDist, probability, type Dist } from '../../core/distribution'
import { add, complement, ONE, type Fraction } from '../../core/fraction'
import { pushToward } from '../../core/inches'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { aooToMake, weaponOfChoice } from './aoo'
import {
  cachedCombatOdds,
  combatPlanOf,
  drownPlanOf,
  grapplePlanOf,
  usableWeapons,
  weaponAt,
  type AttackContext
} from './attack-rules'
import { enemiesInContact, placed, withFigureAt } from './board'
import { isStunned } from './counters'
import { planDisengage, disengageOdds } from './disengage'
import { drownOdds } from './drown'
import { fallOdds } from './falling'
import { grappleOdds } from './grapple'
import { planMove } from './movement'
import { accumulate, tidy } from './protection'
import { defaultPushPoint, pushOption, type PushPoint } from './push-choice'
import { CHARGE_AOO, chargeRules, chargeTarget, disengager, namedChargeAoo } from './reactions'
import { readSettings } from './settings'
import { readStats } from './stats'

// The exact odds a person reads before acting and the AI scores (carnevale.md §5, §11): the Life the target
// loses, never sampled. A charge reads as the AoO it ends with; a Disengage as its three outcomes.

const wound = (damage: Dist): Fraction => probability(damage, (v) => v >= 1)

/**
 * The seam's `damage` is the Life a figure loses (rules/core/ruleset.ts ActionOdds), so a blow of 5 on a
 * figure with 2 Life left takes 2: the rules' own Life-lost laws run uncapped (carnevale.md §11 examples).
 */
const lifeLost = (loss: Dist, figure: Combatant): Dist =>
  mapDist(loss, (v) => Math.min(v, Math.max(0, figure.life)))

function combatActionOdds(
  state: EncounterState,
  a: Combatant,
  t: Combatant,
  index: number,
  ctx: AttackContext
) {
  const weapon = weaponAt(a, index)
  if (!weapon) return null
  const s = readSettings(state)
  const o = cachedCombatOdds(combatPlanOf(state, a, t, weapon, ctx), s)
  return {
    headline: [
      { key: 'hit', p: o.hit },
      { key: 'wound', p: wound(o.targetLifeLost) },
      { key: 'critical', p: o.outcomes.critical },
      { key: 'fumble', p: o.outcomes.fumble }
    ],
    damage: lifeLost(o.targetLifeLost, t)
  }
}

/** §5.3: a grapple's odds; its damage is the fall when the push takes the target off a roof or deck. */
function grappleActionOdds(state: EncounterState, a: Combatant, t: Combatant, point: PushPoint, cap: number) {
  const s = readSettings(state)
  const o = grappleOdds(grapplePlanOf(state, a, t), s)
  const loss = new Map<number, Fraction>()
  accumulate(loss, constant(0), complement(o.attacker.moved))
  for (const [inches, p] of o.attacker.push) {
    const r = pushToward(state, t.id, point, Math.min(inches, cap), { ignoreId: a.id })
    const fall = {
      heightInches: r.fell,
      intoWater: r.intoWater,
      pro: readStats(t).pro,
      stunned: isStunned(state, t)
    }
    accumulate(loss, r.fell > 0 ? fallOdds(fall, s).lifeLost : constant(0), p)
  }
  return {
    headline: [
      { key: 'moved', p: o.attacker.moved },
      { key: 'stun', p: o.attacker.stunned },
      { key: 'reversal', p: o.reversal.moved }
    ],
    damage: lifeLost(tidy(loss), t)
  }
}

function drownActionOdds(state: EncounterState, a: Combatant, t: Combatant) {
  const o = drownOdds(drownPlanOf(state, a, t), readSettings(state))
  return {
    headline: [
      { key: 'hit', p: add(o.outcomes.success, o.outcomes.critical) },
      { key: 'critical', p: o.outcomes.critical },
      { key: 'fumble', p: o.outcomes.fumble }
    ],
    damage: lifeLost(o.targetLifeLost, t)
  }
}

/** The odds of one attack of a chosen type (`combat:<i>`, `grapple`, `drown`). */
function attackOdds(
  state: EncounterState,
  a: Combatant,
  t: Combatant,
  choice: string,
  ctx: AttackContext,
  push?: PushPoint & { inches?: number }
): ActionOdds | null {
  const weapon = weaponOfChoice(choice)
  if (weapon !== null) return combatActionOdds(state, a, t, weapon, ctx)
  if (choice === 'drown') return drownActionOdds(state, a, t)
  if (choice !== 'grapple') return null
  return grappleActionOdds(state, a, t, push ?? defaultPushPoint(state, a, t), push?.inches ?? Infinity)
}

/**
 * §4 Jump: the exact Life the jumper loses to the fall at its landing (the height it dropped, when the
 * settings make a drop a fall), so the AI weighs leaping down onto an enemy against its own hurt.
 */
function jumpFall(state: EncounterState, plan: NonNullable<ReturnType<typeof planMove>>): Dist | null {
  const check = plan.jump
  const s = readSettings(state)
  if (!plan.isJump || !check?.legal || !s.jumpDropFalls || check.drop <= 0) return null
  const fall = {
    heightInches: check.drop,
    intoWater: check.intoWater,
    pro: readStats(plan.mover).pro,
    stunned: isStunned(state, plan.mover)
  }
  return fallOdds(fall, s).lifeLost
}

function moveOdds(state: EncounterState, action: Action, answers: Answers): ActionOdds | null {
  const plan = planMove(state, action)
  if (!plan) return null
  const fall = jumpFall(state, plan)
  const selfDamage = fall && lifeLost(fall, plan.mover)
  const odds = moveOnlyOdds(state, plan, action, answers)
  if (!selfDamage) return odds
  return odds ? { ...odds, selfDamage } : { headline: [], damage: constant(0), selfDamage }
}

function moveOnlyOdds(
  state: EncounterState,
  plan: NonNullable<ReturnType<typeof planMove>>,
  action: Action,
  answers: Answers
): ActionOdds | null {
  const target = chargeTarget(plan, action, answers)
  if (target) {
    const moved = withFigureAt(state, plan.mover.id, plan.walk.end)
    const mover = placed(plan.mover, plan.walk.end)
    const rules = chargeRules(state, plan, target)
    const answer = namedChargeAoo(state, plan, action, target) ?? answers[CHARGE_AOO]
    const choice = aooToMake(moved, mover, target, answer, rules)
    return choice ? attackOdds(moved, mover, target, choice, rules) : null
  }
  const enemy = disengager(plan, answers)
  if (!enemy) return null
  const s = readSettings(state)
  const side = (c: Combatant) => ({
    dex: readStats(c).dex,
    enemiesInContact: enemiesInContact(state, c).length,
    stunned: isStunned(state, c)
  })
  const o = disengageOdds(planDisengage(side(plan.mover), side(enemy), s), s)
  return {
    headline: [
      { key: 'disengageAoo', p: o.enemyAoO },
      { key: 'blocked', p: o.blocked },
      { key: 'bonusMove', p: o.bonusMove }
    ],
    damage: constant(0)
  }
}

/** Exact odds of an action under given answers (`Ruleset.odds`); null for actions without chance. */
export function actionOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return null
  if (action.kind === 'move' || action.kind === 'charge' || action.kind === 'jump')
    return moveOdds(state, action, answers)
  // §4 Guard: no dice now; a reaction held for an enemy that moves or jumps near (control, for the AI).
  if (action.kind === 'guard') return { headline: [{ key: 'guard', p: ONE }], damage: constant(0) }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return null
  switch (action.kind) {
    case 'combat': {
      const w = action.options?.weapon
      const index = typeof w === 'number' ? w : (usableWeapons(state, actor, target)[0] ?? 0)
      return combatActionOdds(state, actor, target, index, {})
    }
    case 'grapple':
      return attackOdds(state, actor, target, 'grapple', {}, pushOption(action))
    case 'drown':
      return drownActionOdds(state, actor, target)
    default:
      return null
  }
}
