import { constant, expectation, probability, type Dist } from '../../core/distribution'
import { add, ZERO, type Fraction } from '../../core/fraction'
import type { DiceRoller, RollTag } from '../../core/rng'
import {
  basicLaw,
  clampDice,
  outcomeChances,
  rollBasic,
  type BasicRoll,
  type Outcome,
  type RollLaw
} from './dice'
import {
  accumulate,
  protectedLossDist,
  protectionDice,
  resolveProtection,
  tidy,
  type ProtectionSettings
} from './protection'
import type { CarnevaleSettings } from './settings'
import type { CarnevaleWeapon } from './stats'

// The Combat action (carnevale.md §5.1–5.2): ATTACK dice with Aces at the target's DEX + Evasion, then
// Damage = Aces + the weapon's Damage against the target's Protection roll; a Critical takes one more Life
// directly, a Fumble costs the attacker a Life and gives the target an AoO. `planCombat` folds a situation
// into dice and targets; the odds and the resolver read only the plan.

/** The settings the Combat action reads. */
export type CombatSettings = ProtectionSettings &
  Pick<
    CarnevaleSettings,
    | 'coverDexBonus'
    | 'crowdingThreshold'
    | 'crowdingDexPenalty'
    | 'chargeFromSkyPenetration'
    | 'criticalLifeLoss'
    | 'criticalLifeIgnoresProtection'
    | 'fumbleSelfLifeLoss'
  >

/** §3 [TEXT L17]: crowded = in base contact with at least the threshold of enemy characters. */
export function isCrowded(
  enemiesInContact: number,
  s: Pick<CarnevaleSettings, 'crowdingThreshold'>
): boolean {
  return enemiesInContact >= s.crowdingThreshold
}

/** §3 [TEXT L17]: DEX after crowding (it both lowers Ace targets against it and removes Dex dice). */
export function effectiveDex(
  dex: number,
  enemiesInContact: number,
  s: Pick<CarnevaleSettings, 'crowdingThreshold' | 'crowdingDexPenalty'>
): number {
  return dex - (isCrowded(enemiesInContact, s) ? s.crowdingDexPenalty : 0)
}

/** §4 [TEXT L23]: whether a charge that started `heightAbove` inches above the enemy comes from the sky. */
export function isChargeFromSky(
  heightAbove: number,
  s: Pick<CarnevaleSettings, 'chargeFromSkyHeight'>
): boolean {
  return heightAbove >= s.chargeFromSkyHeight
}

/** What the board says about the target's cover (the geometry decides each flag). */
export interface CoverFacts {
  /** Terrain cover between attacker and target. */
  inCover: boolean
  /** The target is in water (a cover kept even in base contact, §6). */
  inWater: boolean
  /** Attacker and target are in base contact. */
  baseContact: boolean
  /** That contact exists only through a shared obstacle ≤ 1" tall (rule b). */
  contactViaObstacle: boolean
}

/**
 * §3 [TEXT L15]: base contact removes cover except the water's; contact only across a shared obstacle
 * counts as cover. One cover bonus at most: water and terrain do not stack (the source names one bonus).
 */
export function coverCounts(f: CoverFacts): boolean {
  if (f.baseContact) return f.contactViaObstacle || f.inWater
  return f.inCover || f.inWater
}

/** A Combat action as the board sees it, before any dice. */
export interface CombatSituation {
  attacker: { att: number; stunned?: boolean }
  target: { dex: number; pro: number; stunned?: boolean; enemiesInContact?: number; cover?: boolean }
  weapon: CarnevaleWeapon
  /** Σ ATTACK dice modifiers from abilities (§5.1 step 3). */
  attackDice?: number
  /** Σ Evasion modifiers from other sources than the weapon (§5.2: all are summed). */
  evasion?: number
  /** Σ Damage modifiers from other sources than the weapon. */
  damage?: number
  /** Σ Penetration modifiers from other sources than the weapon and the charge from the sky. */
  penetration?: number
  /** §4 [TEXT L23]: this is the AoO of a charge from the sky. */
  chargeFromSky?: boolean
}

/** A Combat action reduced to numbers: what the odds and the resolver read. */
export interface CombatPlan {
  /** ATTACK dice after modifiers, clamped to 0..maxDice. */
  attackDice: number
  /** The Ace target: DEX + Σ Evasion − crowding + cover. */
  aceTarget: number
  /** Added to the Aces for the Damage of a Success or Critical. */
  damageBonus: number
  /** Protection dice after Penetration, clamped. */
  protectionDice: number
}

/** §5.1 steps 2–3, §5.2: the plan of a Combat action. */
export function planCombat(c: CombatSituation, s: CombatSettings): CombatPlan {
  const stun = (on: boolean | undefined) => (on ? s.stunnedDicePenalty : 0)
  const dex = effectiveDex(c.target.dex, c.target.enemiesInContact ?? 0, s)
  const penetration =
    c.weapon.penetration + (c.penetration ?? 0) + (c.chargeFromSky ? s.chargeFromSkyPenetration : 0)
  return {
    attackDice: clampDice(c.attacker.att + (c.attackDice ?? 0) - stun(c.attacker.stunned), s),
    aceTarget: dex + c.weapon.evasion + (c.evasion ?? 0) + (c.target.cover ? s.coverDexBonus : 0),
    damageBonus: c.weapon.damage + (c.damage ?? 0),
    protectionDice: protectionDice(c.target.pro, penetration, c.target.stunned ?? false, s)
  }
}

/** §5.1 step 5 and A12: the Damage points and the direct Life of a hit with `aces` Aces. */
function hitDamage(plan: CombatPlan, aces: number, critical: boolean, s: CombatSettings) {
  const extra = critical ? s.criticalLifeLoss : 0
  const damage = aces + plan.damageBonus
  return s.criticalLifeIgnoresProtection ? { damage, direct: extra } : { damage: damage + extra, direct: 0 }
}

/** The exact odds of a Combat action. */
export interface CombatOdds {
  /** P(outcome ∧ Aces = k) of the attack roll. */
  attack: RollLaw
  outcomes: Record<Outcome, Fraction>
  /** P(Success or Critical). */
  hit: Fraction
  /** P(the target loses k Life): Damage after Protection plus a Critical's direct Life; 0 on a miss. */
  targetLifeLost: Dist
  expectedTargetLifeLost: Fraction
  /** P(the attacker loses k Life): its own Fumble. */
  attackerLifeLost: Dist
  /** P(the target gets an AoO against the attacker) = P(Fumble). */
  counterAttack: Fraction
}

/** §5.1: the exact odds of a planned Combat action (§11 examples 2–6). */
export function combatOdds(plan: CombatPlan, s: CombatSettings): CombatOdds {
  const attack = basicLaw(plan.attackDice, plan.aceTarget, s)
  const outcomes = outcomeChances(attack)
  const loss = new Map<number, Fraction>()
  accumulate(loss, constant(0), add(outcomes.fail, outcomes.fumble))
  const byDamage = new Map<number, Dist>()
  for (const outcome of ['success', 'critical'] as const) {
    for (const [aces, p] of attack[outcome]) {
      const { damage, direct } = hitDamage(plan, aces, outcome === 'critical', s)
      let after = byDamage.get(damage)
      if (!after) byDamage.set(damage, (after = protectedLossDist(damage, plan.protectionDice, s)))
      accumulate(loss, after, p, direct)
    }
  }
  const targetLifeLost = tidy(loss)
  const self = new Map<number, Fraction>()
  accumulate(self, constant(0), add(outcomes.critical, add(outcomes.success, outcomes.fail)))
  accumulate(self, constant(s.fumbleSelfLifeLoss), outcomes.fumble)
  return {
    attack,
    outcomes,
    hit: add(outcomes.critical, outcomes.success),
    targetLifeLost,
    expectedTargetLifeLost: expectation(targetLifeLost),
    attackerLifeLost: tidy(self),
    counterAttack: outcomes.fumble
  }
}

/** P(a Life loss of at least `life`): the chance the loss takes a character with `life` Life out (§6). */
export function takenOutChance(lifeLost: Dist, life: number): Fraction {
  return life <= 0 ? ZERO : probability(lifeLost, (v) => v >= life)
}

/** What a Combat action did: the dice, the Damage, the Protection roll and who loses what. */
export interface CombatResult {
  attack: BasicRoll
  /** Damage points before Protection (0 on a Fail or Fumble). */
  damage: number
  /** The Protection roll; null when no Damage was dealt or the target had no Protection dice to roll. */
  protection: BasicRoll | null
  /** Damage cancelled by Protection (negative when its fumble added Damage). */
  reduction: number
  targetLifeLost: number
  attackerLifeLost: number
  /** §5.1 [TEXT L47]: the target makes an AoO against the attacker. */
  counterAttack: boolean
}

/**
 * §5.1: rolls a planned Combat action. Dice order: the ATTACK pool (Destiny die first), then, on a
 * Success or Critical with Damage, the Protection pool (Destiny die first). Life is returned, not applied.
 */
export function resolveCombat(
  dice: DiceRoller,
  plan: CombatPlan,
  s: CombatSettings,
  tags?: { attack: RollTag; protection: RollTag }
): CombatResult {
  const attack = rollBasic(dice, plan.attackDice, plan.aceTarget, s, tags?.attack)
  const hit = attack.outcome === 'success' || attack.outcome === 'critical'
  const fumble = attack.outcome === 'fumble'
  const miss = {
    attack,
    damage: 0,
    protection: null,
    reduction: 0,
    targetLifeLost: 0,
    attackerLifeLost: fumble ? s.fumbleSelfLifeLoss : 0,
    counterAttack: fumble
  }
  if (!hit) return miss
  const { damage, direct } = hitDamage(plan, attack.aces, attack.outcome === 'critical', s)
  const prot = resolveProtection(dice, damage, plan.protectionDice, s, tags?.protection)
  return {
    ...miss,
    damage: Math.max(0, damage),
    protection: prot.roll && prot.roll.dice > 0 ? prot.roll : null,
    reduction: prot.reduction,
    targetLifeLost: prot.lifeLost + direct
  }
}
