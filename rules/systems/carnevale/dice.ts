import { successDist } from '../../core/dice-pool'
import type { Dist } from '../../core/distribution'
import { add, mul, ZERO, type Fraction } from '../../core/fraction'
import { taggedDice, type DiceRoller, type RollTag } from '../../core/rng'
import { faceSuccessChance, rollWildPool, wildPoolLaw, type TargetFaceRule } from '../../core/wild-pool'
import type { CarnevaleSettings } from './settings'

// The Carnevale roll (carnevale.md §2): n d10, an Ace per die ≥ the target (10 always, 1 never), one Destiny
// die among them deciding Criticals and Fumbles. The odds and the resolvers share one classifier, so what
// the odds predict is exactly what the dice do. The Destiny die is always the first die rolled.

/** How a roll reads (§2). */
export type Outcome = 'critical' | 'success' | 'fail' | 'fumble'

/** The outcomes, best first. */
export const OUTCOMES: readonly Outcome[] = ['critical', 'success', 'fail', 'fumble']

/** The settings the dice read. */
export type DiceSettings = Pick<
  CarnevaleSettings,
  | 'maxDice'
  | 'tenAlwaysAce'
  | 'oneNeverAce'
  | 'criticalsEnabled'
  | 'fumblesEnabled'
  | 'opposedCriticalNet'
  | 'opposedFumble'
  | 'opposedAceTarget'
>

const DESTINY_CRITICAL = 10
const DESTINY_FUMBLE = 1

/** §2: a d10 read against an Ace target, with its natural faces as the settings say. */
export function faceRule(s: DiceSettings): TargetFaceRule {
  return {
    sides: 10,
    ...(s.tenAlwaysAce ? { autoSuccess: 10 } : {}),
    ...(s.oneNeverAce ? { autoFailure: 1 } : {})
  }
}

/** §2, §11 example 1: the chance that one die is an Ace against target t. */
export function aceChance(t: number, s: DiceSettings): Fraction {
  return faceSuccessChance(t, faceRule(s))
}

/** §2: the dice of a roll, attribute ± modifiers clamped to 0..maxDice (§11 example 10). */
export function clampDice(n: number, s: Pick<CarnevaleSettings, 'maxDice'>): number {
  return Math.max(0, Math.min(s.maxDice, Math.trunc(n)))
}

/**
 * §2 outcome of a basic roll, from the Destiny face (null: no dice), the Aces of the other dice and of the
 * whole roll. A Critical needs an Ace besides the Destiny die; a Fumble needs no Ace at all.
 */
export function classifyBasic(
  destiny: number | null,
  others: number,
  total: number,
  s: DiceSettings
): Outcome {
  if (destiny === null) return 'fail'
  if (s.criticalsEnabled && destiny === DESTINY_CRITICAL && others >= 1) return 'critical'
  if (total >= 1) return 'success'
  return s.fumblesEnabled && destiny === DESTINY_FUMBLE ? 'fumble' : 'fail'
}

/**
 * §2 [REC] A4: an opposed roll read as a basic roll of the active side on the net Aces, with the active
 * Destiny die; the opponent never crits or fumbles.
 */
export function classifyOpposed(
  destiny: number | null,
  activeAces: number,
  net: number,
  s: DiceSettings
): Outcome {
  if (destiny === null) return 'fail'
  if (s.criticalsEnabled && destiny === DESTINY_CRITICAL && net >= s.opposedCriticalNet) return 'critical'
  if (net >= 1) return 'success'
  const fumbles = s.opposedFumble === 'netZero' ? net === 0 : activeAces === 0
  return s.fumblesEnabled && destiny === DESTINY_FUMBLE && fumbles ? 'fumble' : 'fail'
}

/** P(outcome ∧ Aces = k) per outcome (net Aces for an opposed roll); the four parts sum to 1. */
export type RollLaw = Readonly<Record<Outcome, Dist>>

type MutableLaw = Record<Outcome, Map<number, Fraction>>

function emptyLaw(): MutableLaw {
  return { critical: new Map(), success: new Map(), fail: new Map(), fumble: new Map() }
}

function put(law: MutableLaw, outcome: Outcome, k: number, p: Fraction): void {
  const m = law[outcome]
  m.set(k, add(m.get(k) ?? ZERO, p))
}

/** §2: the exact law of a basic roll of n dice (clamped) against Ace target t. */
export function basicLaw(n: number, t: number, s: DiceSettings): RollLaw {
  const law = emptyLaw()
  for (const c of wildPoolLaw(clampDice(n, s), t, faceRule(s)))
    put(law, classifyBasic(c.wild, c.others, c.total, s), c.total, c.p)
  return law
}

/** §2: the exact law of an opposed roll, both sides at the opposed Ace target; Aces here are net Aces. */
export function opposedLaw(active: number, opponent: number, s: DiceSettings): RollLaw {
  const rule = faceRule(s)
  const t = s.opposedAceTarget
  const theirs = successDist(clampDice(opponent, s), faceSuccessChance(t, rule))
  const law = emptyLaw()
  for (const c of wildPoolLaw(clampDice(active, s), t, rule)) {
    for (const [b, pb] of theirs) {
      const net = Math.max(0, c.total - b)
      put(law, classifyOpposed(c.wild, c.total, net, s), net, mul(c.p, pb))
    }
  }
  return law
}

/** P(each outcome) of a law. */
export function outcomeChances(law: RollLaw): Record<Outcome, Fraction> {
  const total = (d: Dist) => [...d.values()].reduce(add, ZERO)
  return {
    critical: total(law.critical),
    success: total(law.success),
    fail: total(law.fail),
    fumble: total(law.fumble)
  }
}

/** P(Success or Critical), the chance the roll "works". */
export function passChance(law: RollLaw): Fraction {
  const c = outcomeChances(law)
  return add(c.critical, c.success)
}

/** The dice one pool showed. */
export interface PoolRoll {
  /** Dice rolled, after the clamp. */
  dice: number
  target: number
  /** Every face in rolling order; faces[0] is the Destiny die. */
  faces: number[]
  destiny: number | null
  aces: number
}

/** A basic roll: its dice and how it reads. */
export interface BasicRoll extends PoolRoll {
  outcome: Outcome
}

/** Who rolls the two pools of an opposed roll and what for (the dice are tagged with them as drawn). */
export interface OpposedTags {
  active: RollTag
  opponent: RollTag
}

function rollPool(
  dice: DiceRoller,
  n: number,
  t: number,
  s: DiceSettings,
  tag?: RollTag
): PoolRoll & { others: number } {
  const count = clampDice(n, s)
  const r = rollWildPool(tag ? taggedDice(dice, tag) : dice, count, t, faceRule(s))
  return { dice: count, target: t, faces: r.faces, destiny: r.wild, aces: r.total, others: r.others }
}

/** §2: rolls a basic roll (n dice, clamped) against Ace target t; `tag`: whose dice, and what for. */
export function rollBasic(dice: DiceRoller, n: number, t: number, s: DiceSettings, tag?: RollTag): BasicRoll {
  const { others, ...pool } = rollPool(dice, n, t, s, tag)
  return { ...pool, outcome: classifyBasic(pool.destiny, others, pool.aces, s) }
}

/** An opposed roll: both pools, the net Aces and how it reads for the active side. */
export interface OpposedRoll {
  active: PoolRoll
  opponent: PoolRoll
  net: number
  outcome: Outcome
}

/** §2: rolls an opposed roll, the active pool first, then the opponent's. */
export function rollOpposed(
  dice: DiceRoller,
  active: number,
  opponent: number,
  s: DiceSettings,
  tags?: OpposedTags
): OpposedRoll {
  const { others: _a, ...mine } = rollPool(dice, active, s.opposedAceTarget, s, tags?.active)
  const { others: _b, ...theirs } = rollPool(dice, opponent, s.opposedAceTarget, s, tags?.opponent)
  return readOpposed(mine, theirs, s)
}

/** Reads two pools already rolled as an opposed roll of the first against the second. */
export function readOpposed(active: PoolRoll, opponent: PoolRoll, s: DiceSettings): OpposedRoll {
  const net = Math.max(0, active.aces - opponent.aces)
  return { active, opponent, net, outcome: classifyOpposed(active.destiny, active.aces, net, s) }
}
