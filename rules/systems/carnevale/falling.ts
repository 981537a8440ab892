import { expectation, type Dist } from '../../core/distribution'
import type { Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import type { BasicRoll } from './dice'
import { protectedLossDist, protectionDice, resolveProtection, type ProtectionSettings } from './protection'
import type { CarnevaleSettings } from './settings'

// Falling (Caída): carnevale.md §3 and §5.3 [TEXT L85] refer to it but the source gives no rule ([GAP]).
// PLACEHOLDER until the published rule is digested: a fall shorter than `fallSafeHeight` does nothing;
// otherwise it deals `fallDamagePerInch` Damage per full inch fallen, which the faller may cancel with a
// Protection roll like an attack's Damage (no Penetration); landing in water does nothing. Every number is
// a setting, so the real rule can replace it without touching the callers.

/** The settings a fall reads. */
export type FallSettings = ProtectionSettings &
  Pick<CarnevaleSettings, 'fallSafeHeight' | 'fallDamagePerInch' | 'fallProtectionRoll' | 'fallIntoWaterSafe'>

/** A fall: how far and where it lands, and the faller's Protection. */
export interface Fall {
  /** Vertical drop in inches. */
  heightInches: number
  intoWater: boolean
  pro: number
  stunned?: boolean
}

/** [PLACEHOLDER]: the Damage points of a fall. */
export function fallDamage(fall: Fall, s: FallSettings): number {
  if (fall.intoWater && s.fallIntoWaterSafe) return 0
  if (fall.heightInches < s.fallSafeHeight) return 0
  return Math.floor(fall.heightInches) * s.fallDamagePerInch
}

/** [PLACEHOLDER]: the Protection dice against a fall (none when the settings skip the roll). */
export function fallProtectionDice(fall: Fall, s: FallSettings): number {
  return s.fallProtectionRoll ? protectionDice(fall.pro, 0, fall.stunned ?? false, s) : 0
}

/** The exact odds of a fall. */
export interface FallOdds {
  damage: number
  /** P(the faller loses k Life). */
  lifeLost: Dist
  expectedLifeLost: Fraction
}

/** [PLACEHOLDER]: the exact law of the Life a fall takes. */
export function fallOdds(fall: Fall, s: FallSettings): FallOdds {
  const damage = fallDamage(fall, s)
  const lifeLost = protectedLossDist(damage, fallProtectionDice(fall, s), s)
  return { damage, lifeLost, expectedLifeLost: expectation(lifeLost) }
}

/** What a fall did. */
export interface FallResult {
  damage: number
  /** The Protection roll; null when there was no Damage or no dice to roll. */
  protection: BasicRoll | null
  lifeLost: number
}

/** [PLACEHOLDER]: rolls a fall's Protection (the only dice of a fall). */
export function resolveFall(dice: DiceRoller, fall: Fall, s: FallSettings, id?: string): FallResult {
  const damage = fallDamage(fall, s)
  const tag = id === undefined ? undefined : { purpose: 'fall', actorId: id }
  const prot = resolveProtection(dice, damage, fallProtectionDice(fall, s), s, tag)
  return { damage, protection: prot.roll && prot.roll.dice > 0 ? prot.roll : null, lifeLost: prot.lifeLost }
}
