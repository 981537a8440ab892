import { constant, expectation, type Dist } from '../../core/distribution'
import { add, ZERO, type Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import {
  clampDice,
  opposedLaw,
  outcomeChances,
  rollOpposed,
  type DiceSettings,
  type OpposedRoll,
  type Outcome,
  type RollLaw,
  type OpposedTags
} from './dice'
import { largerBaseBonus, type Grappler } from './grapple'
import { accumulate, tidy } from './protection'
import type { CarnevaleSettings } from './settings'

// Drown (Ahogar, carnevale.md §5.4): an opposed roll (A6 [REC]: ATTACK vs ATTACK) against an enemy in the
// water, +1 die for the larger base; the target loses Life directly (no Protection): 2 + net Aces on a
// Success, 4 + net Aces on a Critical; a Fumble costs the attacker 2.

/** The settings Drown reads. */
export type DrownSettings = DiceSettings &
  Pick<
    CarnevaleSettings,
    | 'largerBaseDice'
    | 'stunnedDicePenalty'
    | 'drownSuccessLife'
    | 'drownCriticalLife'
    | 'drownFumbleSelfLife'
    | 'drownAttribute'
  >

/** What the board says about a Drown target (§4 table, §5.4 step 1). */
export interface DrownFacts {
  enemy: boolean
  lineOfSight: boolean
  baseContact: boolean
  targetInWater: boolean
  targetWaterCreature: boolean
}

/** §5.4 step 1 [TEXT L93, L97]: whether the target can be drowned. */
export function drownAllowed(f: DrownFacts): boolean {
  return f.enemy && f.lineOfSight && f.baseContact && f.targetInWater && !f.targetWaterCreature
}

/** §5.4 A6: the attribute a side rolls for Drown, as the settings name it. */
export function drownAttributeOf(
  stats: { att: number; dex: number },
  s: Pick<DrownSettings, 'drownAttribute'>
) {
  return s.drownAttribute === 'att' ? stats.att : stats.dex
}

/** A Drown reduced to dice. */
export interface DrownPlan {
  attackerDice: number
  targetDice: number
}

/**
 * §5.4: the plan of a Drown; each side's `value` is the attribute the settings name (ATTACK by default).
 * Stunned applies here (§7 [REC]: every roll), unlike Grapple's roll "without modifiers".
 */
export function planDrown(attacker: Grappler, target: Grappler, s: DrownSettings): DrownPlan {
  const stun = (g: Grappler) => (g.stunned ? s.stunnedDicePenalty : 0)
  return {
    attackerDice: clampDice(
      attacker.value + largerBaseBonus(attacker.baseMm, target.baseMm, s) - stun(attacker),
      s
    ),
    targetDice: clampDice(target.value - stun(target), s)
  }
}

/** §5.4 table: the Life the target loses for an outcome with `net` net Aces. */
export function drownLifeLoss(outcome: Outcome, net: number, s: DrownSettings): number {
  if (outcome === 'critical') return s.drownCriticalLife + net
  return outcome === 'success' ? s.drownSuccessLife + net : 0
}

/** The exact odds of a Drown. */
export interface DrownOdds {
  roll: RollLaw
  outcomes: Record<Outcome, Fraction>
  /** P(the target loses k Life). */
  targetLifeLost: Dist
  expectedTargetLifeLost: Fraction
  /** P(the attacker loses k Life): its Fumble. */
  attackerLifeLost: Dist
}

/** §5.4: the exact odds of a planned Drown (§11 example 8). */
export function drownOdds(plan: DrownPlan, s: DrownSettings): DrownOdds {
  const roll = opposedLaw(plan.attackerDice, plan.targetDice, s)
  const outcomes = outcomeChances(roll)
  const loss = new Map<number, Fraction>()
  for (const outcome of ['critical', 'success', 'fail', 'fumble'] as const) {
    for (const [net, p] of roll[outcome]) {
      const v = drownLifeLoss(outcome, net, s)
      loss.set(v, add(loss.get(v) ?? ZERO, p))
    }
  }
  const targetLifeLost = tidy(loss)
  const self = new Map<number, Fraction>()
  accumulate(self, constant(0), add(outcomes.critical, add(outcomes.success, outcomes.fail)))
  accumulate(self, constant(s.drownFumbleSelfLife), outcomes.fumble)
  return {
    roll,
    outcomes,
    targetLifeLost,
    expectedTargetLifeLost: expectation(targetLifeLost),
    attackerLifeLost: tidy(self)
  }
}

/** What a Drown did. */
export interface DrownResult {
  roll: OpposedRoll
  targetLifeLost: number
  attackerLifeLost: number
}

/** §5.4: rolls a planned Drown; dice order: the attacker's pool, then the target's (Destiny dice first). */
export function resolveDrown(
  dice: DiceRoller,
  plan: DrownPlan,
  s: DrownSettings,
  tags?: OpposedTags
): DrownResult {
  const roll = rollOpposed(dice, plan.attackerDice, plan.targetDice, s, tags)
  return {
    roll,
    targetLifeLost: drownLifeLoss(roll.outcome, roll.net, s),
    attackerLifeLost: roll.outcome === 'fumble' ? s.drownFumbleSelfLife : 0
  }
}
