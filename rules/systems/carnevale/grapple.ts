import { expectation, type Dist } from '../../core/distribution'
import { add, frac, mul, ZERO, type Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import { wildPoolLaw } from '../../core/wild-pool'
import {
  basicLaw,
  classifyOpposed,
  clampDice,
  faceRule,
  opposedLaw,
  outcomeChances,
  readOpposed,
  rollBasic,
  rollOpposed,
  type DiceSettings,
  type Outcome,
  type PoolRoll,
  type RollLaw,
  type OpposedTags
} from './dice'
import type { CarnevaleSettings } from './settings'

// Grapple (Agarre, carnevale.md §5.3): an opposed ATTACK roll without modifiers at 7+, +1 die for the
// larger base; a Success moves the target up to 2" + 1" per net Ace, a Critical also Stuns it, a Fumble
// hands the grapple to the target "with the same dice result". A friendly target makes it a basic roll.

/** The settings Grapple reads. */
export type GrappleSettings = DiceSettings &
  Pick<
    CarnevaleSettings,
    | 'basicAceTarget'
    | 'largerBaseDice'
    | 'grappleIgnoresModifiers'
    | 'stunnedDicePenalty'
    | 'grappleBaseInches'
    | 'grappleInchesPerAce'
    | 'grapplePushUpTo'
    | 'grappleFumble'
  >

/** One side of a Grapple or Drown: its rolled attribute, base and whether it is Stunned. */
export interface Grappler {
  /** The attribute rolled (ATTACK for Grapple). */
  value: number
  baseMm: number
  stunned?: boolean
}

/** §5.3–5.4 [TEXT L78, L95]: the attacker's extra dice for a strictly larger base. */
export function largerBaseBonus(
  attackerMm: number,
  targetMm: number,
  s: Pick<CarnevaleSettings, 'largerBaseDice'>
) {
  return attackerMm > targetMm ? s.largerBaseDice : 0
}

/** A Grapple reduced to dice; `targetDice` is null for a friendly target (a basic roll, [TEXT L89]). */
export interface GrapplePlan {
  attackerDice: number
  targetDice: number | null
}

/** §5.3: the plan of a Grapple. "Without modifiers" [TEXT L78]: only the base bonus changes the dice. */
export function planGrapple(
  attacker: Grappler,
  target: Grappler,
  friendly: boolean,
  s: GrappleSettings
): GrapplePlan {
  const stun = (g: Grappler) => (g.stunned && !s.grappleIgnoresModifiers ? s.stunnedDicePenalty : 0)
  const mine = attacker.value + largerBaseBonus(attacker.baseMm, target.baseMm, s) - stun(attacker)
  return {
    attackerDice: clampDice(mine, s),
    targetDice: friendly ? null : clampDice(target.value - stun(target), s)
  }
}

/** §5.3 A5: the most inches a Success or Critical with `net` net Aces moves the target. */
export function grapplePush(net: number, s: GrappleSettings): number {
  return s.grappleBaseInches + net * s.grappleInchesPerAce
}

/** The law of a Grapple roll: P(outcome ∧ net Aces = k). */
export function grappleLaw(plan: GrapplePlan, s: GrappleSettings): RollLaw {
  return plan.targetDice === null
    ? basicLaw(plan.attackerDice, s.basicAceTarget, s)
    : opposedLaw(plan.attackerDice, plan.targetDice, s)
}

/** What a grapple that works does, in law: P(it moves the other side), P(it Stuns), the push law. */
export interface PushOdds {
  moved: Fraction
  stunned: Fraction
  /** P(maximum push = d inches ∧ moved); the masses sum to `moved`. */
  push: Dist
}

/** The exact odds of a Grapple. */
export interface GrappleOdds {
  roll: RollLaw
  outcomes: Record<Outcome, Fraction>
  /** The attacker moves (and on a Critical Stuns) the target. */
  attacker: PushOdds
  /** E[maximum push | the target is moved] (§11 example 7); 0 when it never is. */
  expectedPushIfMoved: Fraction
  /** A fumble turned round: the target moves (and maybe Stuns) the attacker with the same dice. */
  reversal: PushOdds
}

function pushOdds(law: Pick<RollLaw, 'success' | 'critical'>, s: GrappleSettings): PushOdds {
  const push = new Map<number, Fraction>()
  let moved = ZERO
  for (const outcome of ['success', 'critical'] as const) {
    for (const [net, p] of law[outcome]) {
      const d = grapplePush(net, s)
      push.set(d, add(push.get(d) ?? ZERO, p))
      moved = add(moved, p)
    }
  }
  const stunned = [...law.critical.values()].reduce(add, ZERO)
  return { moved, stunned, push: new Map([...push].sort((a, b) => a[0] - b[0])) }
}

/**
 * §5.3 [TEXT L83]: the law of the reversed grapple. Only a fumble of the attacker (its Destiny die 1) turns
 * it round; the target then reads the same two pools as the active side, with its own Destiny die. A
 * fumble of that reversal does nothing (a reversal never turns round again).
 */
function reversalLaw(plan: GrapplePlan, s: GrappleSettings): Pick<RollLaw, 'success' | 'critical'> {
  const success = new Map<number, Fraction>()
  const critical = new Map<number, Fraction>()
  if (plan.targetDice === null || s.grappleFumble === 'none') return { success, critical }
  const rule = faceRule(s)
  const t = s.opposedAceTarget
  const theirs = wildPoolLaw(plan.targetDice, t, rule)
  for (const a of wildPoolLaw(plan.attackerDice, t, rule)) {
    if (a.wild !== 1) continue
    for (const b of theirs) {
      const net = Math.max(0, a.total - b.total)
      if (classifyOpposed(a.wild, a.total, net, s) !== 'fumble') continue
      const back = Math.max(0, b.total - a.total)
      const outcome = classifyOpposed(b.wild, b.total, back, s)
      const into = outcome === 'critical' ? critical : outcome === 'success' ? success : null
      if (into) into.set(back, add(into.get(back) ?? ZERO, mul(a.p, b.p)))
    }
  }
  return { success, critical }
}

/** §5.3: the exact odds of a planned Grapple (§11 example 7). */
export function grappleOdds(plan: GrapplePlan, s: GrappleSettings): GrappleOdds {
  const roll = grappleLaw(plan, s)
  const attacker = pushOdds(roll, s)
  const expected = expectation(attacker.push)
  return {
    roll,
    outcomes: outcomeChances(roll),
    attacker,
    expectedPushIfMoved:
      attacker.moved.n === 0n ? ZERO : mul(expected, frac(attacker.moved.d, attacker.moved.n)),
    reversal: pushOdds(reversalLaw(plan, s), s)
  }
}

/** The push a Grapple ends with: who moves whom, how far at most, and whether the moved side is Stunned. */
export interface GrapplePush {
  by: 'attacker' | 'target'
  /** The maximum distance (A5: the attacker picks any distance up to it when `upTo`). */
  inches: number
  upTo: boolean
  stuns: boolean
}

/** What a Grapple did. */
export interface GrappleResult {
  attacker: PoolRoll
  /** The target's pool; null for a friendly (basic) grapple. */
  target: PoolRoll | null
  net: number
  outcome: Outcome
  /** Null on a Fail, or a Fumble whose reversal did nothing. */
  push: GrapplePush | null
}

/** §5.3: rolls a planned Grapple; dice order: the attacker's pool, then the target's (Destiny dice first). */
export function resolveGrapple(
  dice: DiceRoller,
  plan: GrapplePlan,
  s: GrappleSettings,
  tags?: OpposedTags
): GrappleResult {
  const push = (by: GrapplePush['by'], net: number, outcome: Outcome): GrapplePush | null =>
    outcome === 'success' || outcome === 'critical'
      ? { by, inches: grapplePush(net, s), upTo: s.grapplePushUpTo, stuns: outcome === 'critical' }
      : null
  if (plan.targetDice === null) {
    const { outcome, ...attacker } = rollBasic(dice, plan.attackerDice, s.basicAceTarget, s, tags?.active)
    return {
      attacker,
      target: null,
      net: attacker.aces,
      outcome,
      push: push('attacker', attacker.aces, outcome)
    }
  }
  const r = rollOpposed(dice, plan.attackerDice, plan.targetDice, s, tags)
  const base = { attacker: r.active, target: r.opponent, net: r.net, outcome: r.outcome }
  if (r.outcome !== 'fumble') return { ...base, push: push('attacker', r.net, r.outcome) }
  if (s.grappleFumble === 'none') return { ...base, push: null }
  const back = readOpposed(r.opponent, r.active, s)
  return { ...base, push: push('target', back.net, back.outcome) }
}
