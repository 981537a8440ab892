import { constant, convolve, die, mapDist, probability, repeatSum, type Dist } from '../../core/distribution'
import { add, frac, mul, ONE, sub, ZERO, type Fraction } from '../../core/fraction'
import type { Combatant } from '../../core/types'
import type { AttackSlot } from './attack-routine'
import { damageDist } from './dice-expr'
import type { PfSettings } from './settings'
import { hasCondition, hasFeat, readStats } from './stats'

// Exact attack odds (pathfinder1e.md §4.1, §4.3–4.5, §4.7): hit, threat and critical chances of one swing,
// its lethal and nonlethal damage distributions, and a full attack as independent swings.

/** Situational modifiers of one swing, summed by the caller (or by `situationalAttack`). */
export interface AttackMods {
  /** Flanking, charge, higher ground, prone, shooting into melee, range increments, fighting defensively... */
  attack: number
  /** The target's miss chance in percent (§4.5): 0, 20 (concealment), 50 (total, right square). */
  concealmentPercent: number
  /** Precision dice (sneak attack): added once on a hit, never multiplied (§4.3). */
  precisionDice?: { count: number; sides: number }
}

/** The geometry and choices behind a swing, as the §4.7 attacker table reads them. */
export interface AttackSituation {
  flanking: boolean
  charging: boolean
  higherGround: boolean
  /** Ranged at a target engaged in melee with the attacker's allies (§4.1). */
  shootingIntoMelee: boolean
  /** Full range increments beyond the first (§4.1: −2 each); 0 within the first increment and in melee. */
  rangeIncrements: number
  fightingDefensively: boolean
  /** Nonlethal damage with a lethal weapon or the reverse (§4.1). */
  nonlethalSwap: boolean
  /** Mounted, attacking a smaller creature on foot (§4.12 [TEXT L487]). */
  mountedVsSmallerOnFoot?: boolean
  /** Ranged while the mount double-moves or runs (§4.12 [TEXT L491]). */
  mountMove?: 'none' | 'double' | 'run'
}

/**
 * The §4.7 attacker table for one swing: situation (flanking, charge, higher ground: melee only; shooting
 * into melee without Precise Shot and −2 per full range increment beyond the first: ranged only; fighting
 * defensively and the lethal/nonlethal swap −4) plus the attacker's conditions (dazzled −1, entangled −2,
 * prone −4 in melee, shaken/frightened −2, squeezing −4, grappled −2, invisible +2).
 */
export function situationalAttack(
  attacker: Combatant,
  slot: AttackSlot,
  sit: AttackSituation,
  settings: PfSettings
): number {
  const s = readStats(attacker)
  let mod = 0
  if (slot.ranged) {
    if (sit.shootingIntoMelee && !hasFeat(s, 'PreciseShot')) mod -= settings.shootingIntoMeleePenalty
    mod -= 2 * Math.max(0, sit.rangeIncrements)
    if (sit.mountMove === 'double') mod -= 4
    if (sit.mountMove === 'run') mod -= 8
  } else {
    if (sit.flanking) mod += settings.flankingBonus
    if (sit.charging) mod += settings.chargeBonus
    if (sit.higherGround) mod += settings.higherGroundBonus
    if (sit.mountedVsSmallerOnFoot === true) mod += 1
    if (hasCondition(s, 'prone')) mod -= 4
  }
  if (sit.fightingDefensively) mod -= 4
  if (sit.nonlethalSwap) mod -= 4
  if (hasCondition(s, 'dazzled')) mod -= 1
  if (hasCondition(s, 'entangled')) mod -= 2
  if (hasCondition(s, 'shaken') || hasCondition(s, 'frightened')) mod -= 2
  if (hasCondition(s, 'squeezing')) mod -= 4
  if (hasCondition(s, 'grappled')) mod -= 2
  if (hasCondition(s, 'invisible')) mod += 2
  return mod
}

/** §4.1: full range increments beyond the first at `distanceFt` (0 within the first increment). */
export function rangeIncrementsFor(distanceFt: number, incrementFt: number): number {
  return Math.max(0, Math.ceil(distanceFt / incrementFt) - 1)
}

/** §4.1: the most range increments a weapon reaches: 10, or 5 when thrown. */
export function maxRangeIncrements(slot: Pick<AttackSlot, 'thrown'>): number {
  return slot.thrown ? 5 : 10
}

/** Whether a d20 face hits: a natural 1 misses and a natural 20 hits (§4.1 [TEXT L11]). */
export function faceHits(face: number, totalBonus: number, ac: number): boolean {
  if (face === 1) return false
  if (face === 20) return true
  return face + totalBonus >= ac
}

/** §4.1, §4.3, A9: P(hit) and P(threat); a face in the threat range threatens only if it hits (20 always). */
export function hitChance(
  totalBonus: number,
  ac: number,
  critRange: number
): { hit: Fraction; threat: Fraction } {
  let hits = 0
  let threats = 0
  for (let face = 1; face <= 20; face++) {
    if (!faceHits(face, totalBonus, ac)) continue
    hits++
    if (face >= critRange) threats++
  }
  return { hit: frac(hits, 20), threat: frac(threats, 20) }
}

/** §4.3: P(crit) = P(threat) × P(confirmation hits), the confirmation with its own natural 1 and 20. */
export function critChance(totalBonus: number, ac: number, critRange: number): Fraction {
  const { threat } = hitChance(totalBonus, ac, critRange)
  return mul(threat, hitChance(totalBonus, ac, 20).hit)
}

/** One swing's odds after concealment: P(hit) (crits included), P(crit) and the damage it deals. */
export interface SwingOdds {
  hit: Fraction
  crit: Fraction
  /** Lethal damage of the swing, 0 on a miss. */
  lethal: Dist
  /** Nonlethal damage of the swing (nonlethal weapons, and the §4.4 minimum of 1), 0 on a miss. */
  nonlethal: Dist
}

/** Options of `swingOdds` / `rollSwing`. */
export interface SwingOptions {
  /** The target is immune to critical hits: a crit deals normal damage (§4.3). */
  immuneCrit?: boolean
  /** Coup de grace (§4.8): an automatic hit and critical; no attack roll and no miss chance. */
  autoCrit?: boolean
}

/** The mixture Σ pᵢ·Xᵢ of distributions whose weights add up to 1. */
function weighted(parts: ReadonlyArray<readonly [Fraction, Dist]>): Dist {
  const m = new Map<number, Fraction>()
  for (const [p, x] of parts) {
    if (p.n === 0n) continue
    for (const [v, pv] of x) m.set(v, add(m.get(v) ?? ZERO, mul(p, pv)))
  }
  return m
}

/** The damage total of a hit: the dice `times` times with all modifiers (a crit), plus precision dice once. */
export function hitTotalDist(
  slot: AttackSlot,
  times: number,
  precision?: { count: number; sides: number }
): Dist {
  const { count, sides, bonus } = slot.damage
  const rolled = repeatSum(damageDist(count, sides, bonus), times)
  return precision && precision.count > 0
    ? convolve(rolled, repeatSum(die(precision.sides), precision.count))
    : rolled
}

/** §4.4 [TEXT L27]: a total below 1 deals 1 nonlethal; otherwise the slot's kind of damage. */
export function splitDamage(
  total: number,
  slot: Pick<AttackSlot, 'nonlethal'>
): { lethal: number; nonlethal: number } {
  if (total < 1) return { lethal: 0, nonlethal: 1 }
  return slot.nonlethal ? { lethal: 0, nonlethal: total } : { lethal: total, nonlethal: 0 }
}

/**
 * One swing (§4.1–4.5): hit and crit chances (the crit only when the target can be critted), then the miss
 * chance of concealment on every hit; crit damage rolls the dice critMult times with their modifiers,
 * precision dice are added once, and a total below 1 is 1 nonlethal.
 */
export function swingOdds(
  slot: AttackSlot,
  mods: AttackMods,
  ac: number,
  opts: SwingOptions = {}
): SwingOdds {
  const total = slot.bonus + mods.attack
  const canCrit = opts.immuneCrit !== true
  let hit: Fraction
  let crit: Fraction
  if (opts.autoCrit === true) {
    hit = ONE
    crit = canCrit ? ONE : ZERO
  } else {
    const through = frac(100 - mods.concealmentPercent, 100)
    hit = mul(hitChance(total, ac, slot.critRange).hit, through)
    crit = canCrit ? mul(critChance(total, ac, slot.critRange), through) : ZERO
  }
  const normal = hitTotalDist(slot, 1, mods.precisionDice)
  const critical = hitTotalDist(slot, slot.critMult, mods.precisionDice)
  // Only hits go through §4.4's minimum: a miss deals nothing at all.
  const hits: Array<readonly [Fraction, Dist]> = [
    [sub(hit, crit), normal],
    [crit, critical]
  ]
  const miss = [sub(ONE, hit), constant(0)] as const
  const kind = (pick: 'lethal' | 'nonlethal') =>
    weighted([miss, ...hits.map(([p, x]) => [p, mapDist(x, (v) => splitDamage(v, slot)[pick])] as const)])
  const lethal = kind('lethal')
  const nonlethal = kind('nonlethal')
  return { hit, crit, lethal, nonlethal }
}

/** A full attack: independent swings, their damage convolved; expected hits is the sum of the hit chances. */
export function sequenceOdds(swings: readonly SwingOdds[]): {
  lethal: Dist
  nonlethal: Dist
  expectedHits: Fraction
} {
  let lethal = constant(0)
  let nonlethal = constant(0)
  let expectedHits = ZERO
  for (const s of swings) {
    lethal = convolve(lethal, s.lethal)
    nonlethal = convolve(nonlethal, s.nonlethal)
    expectedHits = add(expectedHits, s.hit)
  }
  return { lethal, nonlethal, expectedHits }
}

/** Lethal damage that reaches HP: temporary HP absorb it first (§5). */
function lifeAfter(target: Combatant, damage: number): number {
  const temp = readStats(target).tempHp
  return target.life - Math.max(0, damage - temp)
}

/** §5: P(the target ends below 0 HP: dying or dead) after `lethal` damage. */
export function outChance(lethal: Dist, target: Combatant): Fraction {
  return probability(lethal, (d) => lifeAfter(target, d) < 0)
}

/** §5: P(the target ends at or below −Con (`lifeMin`): dead) after `lethal` damage. */
export function deathChance(lethal: Dist, target: Combatant): Fraction {
  const floor = target.lifeMin ?? -readStats(target).abilities.con
  return probability(lethal, (d) => lifeAfter(target, d) <= floor)
}
