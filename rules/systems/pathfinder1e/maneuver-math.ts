import { constant, convolve, die, type Dist } from '../../core/distribution'
import type { GameEvent } from '../../core/events'
import { frac, ONE, type Fraction } from '../../core/fraction'
import type { DiceRoller } from '../../core/rng'
import type { Combatant } from '../../core/types'
import { isHelpless } from './defense'
import type { PfSettings } from './settings'
import { abilityMod, hasCondition, hasFeat, readStats, sizes, type PfStats } from './stats'

// Combat maneuver checks (pathfinder1e.md §4.10, §4.11): the chance, the margin that big successes and
// failures read, the size and leg rules, and feints (Bluff against a Sense Motive DC).

/** A combat maneuver rolled against CMD. */
export type Maneuver = 'trip' | 'overrun' | 'bullRush' | 'disarm' | 'sunder' | 'grapple'

/** Options of a maneuver check. */
export interface ManeuverOptions {
  /** A4 / `tripStrict`: the check must exceed the CMD (trip as the text words it) instead of reaching it. */
  strict?: boolean
  /** §4.10 step 5: an immobilized, unconscious or otherwise incapacitated target: automatic success. */
  autoSuccess?: boolean
}

/** Whether a d20 face wins: a natural 20 succeeds and a natural 1 fails (§4.10 step 5). */
function faceSucceeds(face: number, bonus: number, cmd: number, strict: boolean): boolean {
  if (face === 20) return true
  if (face === 1) return false
  return strict ? face + bonus > cmd : face + bonus >= cmd
}

/** §4.10 steps 5–6: P(the maneuver succeeds). */
export function maneuverChance(bonus: number, cmd: number, opts: ManeuverOptions = {}): Fraction {
  if (opts.autoSuccess === true) return ONE
  let wins = 0
  for (let face = 1; face <= 20; face++) if (faceSucceeds(face, bonus, cmd, opts.strict === true)) wins++
  return frac(wins, 20)
}

/** The distribution of the margin d20 + bonus − CMD (positive: by how much the check beat the CMD). */
export function maneuverMarginDist(bonus: number, cmd: number): Dist {
  return convolve(die(20), constant(bonus - cmd))
}

/** The chances §4.11's scaled results read: success, success by ≥ 5 / ≥ 10, failure by ≥ 10. */
export interface ManeuverOdds {
  success: Fraction
  exceedBy5: Fraction
  exceedBy10: Fraction
  failBy10: Fraction
}

/**
 * §4.10–4.11 scaled outcomes: the margin is the real total minus the CMD, so a natural 20 that falls short
 * succeeds without exceeding by 5, and a natural 1 fails by 10 only if its total is 10 below the CMD.
 * An automatic success counts as a natural 20.
 */
export function maneuverOdds(bonus: number, cmd: number, opts: ManeuverOptions = {}): ManeuverOdds {
  const counts = { success: 0, exceedBy5: 0, exceedBy10: 0, failBy10: 0 }
  const faces = opts.autoSuccess === true ? [20] : Array.from({ length: 20 }, (_, i) => i + 1)
  for (const face of faces) {
    const margin = face + bonus - cmd
    if (faceSucceeds(face, bonus, cmd, opts.strict === true)) {
      counts.success++
      if (margin >= 5) counts.exceedBy5++
      if (margin >= 10) counts.exceedBy10++
    } else if (margin <= -10) counts.failBy10++
  }
  const of = (n: number) => frac(n, faces.length)
  return {
    success: of(counts.success),
    exceedBy5: of(counts.exceedBy5),
    exceedBy10: of(counts.exceedBy10),
    failBy10: of(counts.failBy10)
  }
}

/** §4.11 bull rush: 5 ft, +5 ft per full 5 points above the CMD (§10 example 7: margin 12 → 15 ft). */
export function bullRushDistanceFt(margin: number): number {
  return margin < 0 ? 0 : 5 + 5 * Math.floor(margin / 5)
}

const improvedFeat: Readonly<Record<Maneuver, PfStats['feats'][number]>> = {
  trip: 'ImprovedTrip',
  overrun: 'ImprovedOverrun',
  bullRush: 'ImprovedBullRush',
  disarm: 'ImprovedDisarm',
  sunder: 'ImprovedSunder',
  grapple: 'ImprovedGrapple'
}

/** Whether the attacker has the Improved feat of the maneuver (it then does not provoke, §4.10 step 4). */
export function hasImprovedFeat(attacker: Combatant, maneuver: Maneuver): boolean {
  return hasFeat(readStats(attacker), improvedFeat[maneuver])
}

/**
 * The target's CMD bonus against this maneuver: A10 +`extraLegCmdBonus` per leg beyond two against trip and
 * overrun; [SRD] +2 with the maneuver's Improved feat.
 */
export function maneuverCmdBonus(
  target: Combatant,
  maneuver: Maneuver,
  settings: Pick<PfSettings, 'extraLegCmdBonus'>
): number {
  const s = readStats(target)
  const legs = maneuver === 'trip' || maneuver === 'overrun' ? Math.max(0, s.legs - 2) : 0
  return legs * settings.extraLegCmdBonus + (hasFeat(s, improvedFeat[maneuver]) ? 2 : 0)
}

/**
 * The attacker's bonuses specific to the maneuver (normal attack modifiers come from `situationalAttack`):
 * +4 against a stunned target (§4.10 step 5), −4 disarming unarmed, −4 for a humanoid grappling without
 * both hands free (§4.11); [SRD] +2 with the Improved feat and +2 more with Greater Bull Rush.
 */
export function maneuverAttackBonus(attacker: Combatant, target: Combatant, maneuver: Maneuver): number {
  const a = readStats(attacker)
  let mod = hasCondition(readStats(target), 'stunned') ? 4 : 0
  if (hasFeat(a, improvedFeat[maneuver])) mod += 2
  if (maneuver === 'bullRush' && hasFeat(a, 'GreaterBullRush')) mod += 2
  if (maneuver === 'disarm' && a.wielding.main === null && a.wielding.off === null) mod -= 4
  const handsBusy = a.wielding.main !== null || a.wielding.off !== null
  if (maneuver === 'grapple' && a.creatureType === 'humanoid' && handsBusy) mod -= 4
  return mod
}

/** §4.11: legless and flying creatures cannot be tripped. */
export function maneuverImmune(target: Combatant, maneuver: Maneuver): boolean {
  const s = readStats(target)
  return maneuver === 'trip' && (s.legs === 0 || s.flying)
}

/** §4.10 step 5: an immobilized, unconscious or otherwise incapacitated target (A13): automatic success. */
export function maneuverAutoSuccess(target: Combatant): boolean {
  const s = readStats(target)
  return isHelpless(target) || hasCondition(s, 'pinned') || hasCondition(s, 'tiedUp')
}

/** §4.11: the target is at most one size category larger than the attacker. */
export function sizeAllows(attacker: Combatant, target: Combatant): boolean {
  return sizes.indexOf(readStats(target).size) - sizes.indexOf(readStats(attacker).size) <= 1
}

/** §4.11: the maneuvers limited to targets at most one size larger (trip, overrun, bull rush). */
export function sizeLimited(maneuver: Maneuver): boolean {
  return maneuver === 'trip' || maneuver === 'overrun' || maneuver === 'bullRush'
}

/** A rolled maneuver: its event, the outcome, the margin (total − CMD) and the natural face. */
export interface ManeuverResult {
  events: GameEvent[]
  success: boolean
  margin: number
  natural: number
}

/**
 * Rolls a maneuver check (one d20) against `cmd`. An automatic success rolls nothing and counts as a
 * natural 20 (its margin too).
 */
export function rollManeuver(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  bonus: number,
  cmd: number,
  opts: ManeuverOptions = {}
): ManeuverResult {
  if (opts.autoSuccess === true) return { events: [], success: true, margin: 20 + bonus - cmd, natural: 20 }
  const natural = dice.roll(20, { purpose, actorId })
  const strict = opts.strict === true
  const success = faceSucceeds(natural, bonus, cmd, strict)
  const decided =
    natural === 20 ? { natural: 'success' as const } : natural === 1 ? { natural: 'failure' as const } : {}
  return {
    events: [
      {
        type: 'dice.rolled',
        actorId,
        purpose,
        sides: 20,
        result: natural + bonus,
        target: strict ? cmd + 1 : cmd,
        success,
        ...decided
      }
    ],
    success,
    margin: natural + bonus - cmd,
    natural
  }
}

/** §4.11 feint: the DC is 10 + BAB + Wis, or 10 + Sense Motive when that is higher. */
export function feintDc(target: Combatant): number {
  const s = readStats(target)
  const base = 10 + s.bab + abilityMod(s.abilities.wis)
  const senseMotive = s.skills.senseMotive
  return senseMotive === undefined ? base : Math.max(base, 10 + senseMotive)
}

/**
 * §4.11 feint: the Bluff penalty against this target: −8 against animal intelligence (Int 1–2), −4 against
 * other non-humanoids, 0 against humanoids; null when a feint is impossible (mindless, Int 0).
 */
export function feintPenalty(target: Combatant): number | null {
  const s = readStats(target)
  if (s.abilities.int === 0) return null
  if (s.abilities.int <= 2) return -8
  return s.creatureType === 'humanoid' ? 0 : -4
}

/** The feinter's Bluff bonus: its `bluff` skill total, or its Cha modifier when it has none. */
export function bluffBonus(attacker: Combatant): number {
  const s = readStats(attacker)
  return s.skills.bluff ?? abilityMod(s.abilities.cha)
}
