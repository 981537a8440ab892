import { constant, type Dist } from '../../core/distribution'
import { add, mul, ZERO, type Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import type { RollTag } from '../../core/rng'
import { basicLaw, clampDice, rollBasic, type BasicRoll, type DiceSettings, type Outcome } from './dice'
import type { CarnevaleSettings } from './settings'

// The Protection roll (carnevale.md §5.1 step 6, procedure [GAP-PUB]): the target rolls PRO + Σ Penetration
// dice at 7+ against Damage points; what is left is lost as Life. Falling Damage (placeholder) uses it too.

/** The settings a Protection roll reads. */
export type ProtectionSettings = DiceSettings &
  Pick<
    CarnevaleSettings,
    'protectionAceTarget' | 'protectionCriticalAces' | 'protectionFumbleDamage' | 'stunnedDicePenalty'
  >

/**
 * §5.1 step 6.1, A10: Protection dice = PRO + Σ Penetration (Penetration changes the number of dice),
 * less the Stunned penalty (§7 [REC]: every roll of a Stunned character), clamped to 0..maxDice.
 */
export function protectionDice(
  pro: number,
  penetration: number,
  stunned: boolean,
  s: ProtectionSettings
): number {
  return clampDice(pro + penetration - (stunned ? s.stunnedDicePenalty : 0), s)
}

/**
 * §5.1 step 6.2: the Life `damage` Damage points take after a Protection roll that read `outcome` with
 * `aces` Aces: a Success cancels one per Ace, a Critical one more, a Fumble adds Damage.
 */
export function lifeAfterProtection(
  damage: number,
  outcome: Outcome,
  aces: number,
  s: ProtectionSettings
): number {
  if (damage <= 0) return 0
  switch (outcome) {
    case 'critical':
      return Math.max(0, damage - aces - s.protectionCriticalAces)
    case 'success':
      return Math.max(0, damage - aces)
    case 'fumble':
      return damage + s.protectionFumbleDamage
    case 'fail':
      return damage
  }
}

/**
 * The exact law of the Life `damage` Damage points take after a Protection roll of n dice. No roll is made
 * for Damage ≤ 0: there is nothing to cancel, and a fumble must not create Damage out of none.
 */
export function protectedLossDist(damage: number, n: number, s: ProtectionSettings): Dist {
  if (damage <= 0) return constant(0)
  const law = basicLaw(n, s.protectionAceTarget, s)
  const m = new Map<number, Fraction>()
  for (const outcome of ['critical', 'success', 'fail', 'fumble'] as const) {
    for (const [aces, p] of law[outcome]) {
      const loss = lifeAfterProtection(damage, outcome, aces, s)
      m.set(loss, add(m.get(loss) ?? ZERO, p))
    }
  }
  return tidy(m)
}

/** Adds `weight × P(loss = v)` of `dist`, shifted by `shift`, into `into`. */
export function accumulate(into: Map<number, Fraction>, dist: Dist, weight: Fraction, shift = 0): void {
  for (const [v, p] of dist) into.set(v + shift, add(into.get(v + shift) ?? ZERO, mul(weight, p)))
}

/** A law with its zero masses dropped and its values in increasing order (stable output for tests and UI). */
export function tidy(m: ReadonlyMap<number, Fraction>): Dist {
  return new Map([...m].filter(([, p]) => p.n !== 0n).sort((a, b) => a[0] - b[0]))
}

/** What a Protection roll did; `roll` is null when no roll was made (no Damage). */
export interface ProtectionResult {
  roll: BasicRoll | null
  /** Damage points cancelled (negative when a fumble added Damage). */
  reduction: number
  lifeLost: number
}

/** §5.1 step 6: rolls Protection (n dice) against `damage` Damage points. */
export function resolveProtection(
  dice: DiceRoller,
  damage: number,
  n: number,
  s: ProtectionSettings,
  tag?: RollTag
): ProtectionResult {
  if (damage <= 0) return { roll: null, reduction: 0, lifeLost: 0 }
  const roll = rollBasic(dice, n, s.protectionAceTarget, s, tag)
  const lifeLost = lifeAfterProtection(damage, roll.outcome, roll.aces, s)
  return { roll, reduction: damage - lifeLost, lifeLost }
}
