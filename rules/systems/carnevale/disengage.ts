import { add, type Fraction } from '../../core/fraction'
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
import { effectiveDex } from './combat'
import type { CarnevaleSettings } from './settings'

// Disengage (Destrabarse, carnevale.md §4, §5.5 [TEXT L25–30]): leaving base contact is an opposed DEX roll
// at 7+ against one enemy (the opponent picks which, D-3); crowding costs the mover a die. A Fail or Fumble
// lets that enemy make an AoO (not a Grapple); a Fumble also stops the move; a Critical adds 1".

/** The settings Disengage reads. */
export type DisengageSettings = DiceSettings &
  Pick<
    CarnevaleSettings,
    'crowdingThreshold' | 'crowdingDexPenalty' | 'stunnedDicePenalty' | 'disengageCriticalInches'
  >

/** One side of a Disengage roll. */
export interface DisengageSide {
  dex: number
  /** Enemy characters in base contact with this side (crowding, §3). */
  enemiesInContact: number
  stunned?: boolean
}

/** A Disengage reduced to dice. */
export interface DisengagePlan {
  moverDice: number
  enemyDice: number
}

/** §4 Disengage: the dice of both sides, DEX after crowding and the Stunned penalty. */
export function planDisengage(
  mover: DisengageSide,
  enemy: DisengageSide,
  s: DisengageSettings
): DisengagePlan {
  const dice = (side: DisengageSide) =>
    clampDice(effectiveDex(side.dex, side.enemiesInContact, s) - (side.stunned ? s.stunnedDicePenalty : 0), s)
  return { moverDice: dice(mover), enemyDice: dice(enemy) }
}

/** §4 Disengage table: what an outcome does. */
export interface DisengageEffect {
  /** The enemy may make an AoO (not a Grapple, [TEXT L28, L30]). */
  enemyAoO: boolean
  canMove: boolean
  /** Extra inches of movement for this move. */
  extraInches: number
}

/** §4 Disengage table [TEXT L27–30]. */
export function disengageEffect(outcome: Outcome, s: DisengageSettings): DisengageEffect {
  switch (outcome) {
    case 'critical':
      return { enemyAoO: false, canMove: true, extraInches: s.disengageCriticalInches }
    case 'success':
      return { enemyAoO: false, canMove: true, extraInches: 0 }
    case 'fail':
      return { enemyAoO: true, canMove: true, extraInches: 0 }
    case 'fumble':
      return { enemyAoO: true, canMove: false, extraInches: 0 }
  }
}

/** The exact odds of a Disengage. */
export interface DisengageOdds {
  roll: RollLaw
  outcomes: Record<Outcome, Fraction>
  /** P(the enemy gets an AoO) = Fail + Fumble. */
  enemyAoO: Fraction
  /** P(the mover cannot move) = Fumble. */
  blocked: Fraction
  /** P(+1" of movement) = Critical. */
  bonusMove: Fraction
}

/** §4, §5.5: the exact odds of a planned Disengage (§11 example 9). */
export function disengageOdds(plan: DisengagePlan, s: DisengageSettings): DisengageOdds {
  const roll = opposedLaw(plan.moverDice, plan.enemyDice, s)
  const outcomes = outcomeChances(roll)
  return {
    roll,
    outcomes,
    enemyAoO: add(outcomes.fail, outcomes.fumble),
    blocked: outcomes.fumble,
    bonusMove: outcomes.critical
  }
}

/** What a Disengage did. */
export interface DisengageResult extends DisengageEffect {
  roll: OpposedRoll
}

/** §4: rolls a planned Disengage; dice order: the mover's pool, then the enemy's (Destiny dice first). */
export function resolveDisengage(
  dice: DiceRoller,
  plan: DisengagePlan,
  s: DisengageSettings,
  tags?: OpposedTags
): DisengageResult {
  const roll = rollOpposed(dice, plan.moverDice, plan.enemyDice, s, tags)
  return { roll, ...disengageEffect(roll.outcome, s) }
}
