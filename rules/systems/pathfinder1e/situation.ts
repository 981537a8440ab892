import type { Answers, Combatant, EncounterState } from '../../core/types'
import { maxRangeIncrements, rangeIncrementsFor, situationalAttack, type AttackMods } from './attack-math'
import type { AttackSlot } from './attack-routine'
import { concealmentOf, coverBetween, type CoverLevel } from './cover'
import { armorClass, losesDexToAc } from './defense'
import { distanceFt } from './grid'
import { inSaddle, mountedVsSmallerOnFoot, mountMoveOf } from './mount'
import { readSettings } from './settings'
import { hasFeat, readStats } from './stats'
import { isFlanking } from './flanking'
import { engagedInMelee } from './threat'

// Everything about one swing that depends on where the figures stand (§4.1 range, §4.5 concealment,
// §4.6 cover, §4.7 flanking, higher ground, shooting into melee) and the GM's adjudication of it (G-2
// partial cover, G-4 concealment percentage), gathered once for the roll, the odds and the AI alike.

/** Decision key of the GM's cover adjudication (G-2): normal cover or partial. */
export const COVER_CALL = 'pf1.cover'
/** Decision key of the GM's confirmation of improved cover from tagged terrain (G-3). */
export const IMPROVED_COVER_CALL = 'pf1.improvedCover'
/** Decision key of the GM's concealment percentage (G-4). */
export const CONCEALMENT_CALL = 'pf1.concealment'

/** Options of the attacking action that change the swing. */
export interface SwingOptions {
  charging?: boolean
  defensive?: boolean
  nonlethal?: boolean
  /** Coup de grace: an automatic critical hit (§4.8). */
  autoCrit?: boolean
  answers?: Answers
}

/** The numbers of one swing: situational modifiers, the AC it must reach, and why it may be impossible. */
export interface AttackSetup {
  mods: AttackMods
  ac: number
  cover: CoverLevel | 'total'
  concealment: 0 | 'partial' | 'total'
  flanking: boolean
  /** Set when the swing cannot be made (total cover, out of range): an i18n violation code. */
  violation?: string
}

/** §4.1: the range increment the target is in (1 = the first; 0 for melee), or null beyond the maximum. */
export function rangeIncrements(distance: number, slot: AttackSlot): number | null {
  const increment = slot.rangeIncrementFt
  if (!slot.ranged || !increment) return 0
  // The increment the target is in is one more than the full increments beyond the first: 105 ft with a
  // 100-ft bow is in the second (−2), and a shot in the 11th (6th thrown) is out of range.
  const n = rangeIncrementsFor(distance, increment) + 1
  return n > maxRangeIncrements(slot) ? null : n
}

/** The sneak attack dice that apply: flanking or a target denied its Dex, within 30 ft for ranged. */
function precisionDice(
  attacker: Combatant,
  target: Combatant,
  flanking: boolean,
  distance: number,
  slot: AttackSlot
) {
  const dice = readStats(attacker).sneakAttackDice ?? 0
  if (dice === 0 || readStats(target).immuneCrit) return undefined
  if (slot.ranged && distance > 30) return undefined
  return flanking || losesDexToAc(target, {}) ? { count: dice, sides: 6 } : undefined
}

/** The setup of a swing of `slot` by `attacker` at `target` in `state`. */
export function attackSetup(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  slot: AttackSlot,
  opts: SwingOptions
): AttackSetup {
  // §4.12 [TEXT L485]: a rider shares its mount's space: distance, cover and flanking are measured from it.
  return setupOf(state, inSaddle(state, attacker), inSaddle(state, target), slot, opts)
}

function setupOf(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  slot: AttackSlot,
  opts: SwingOptions
): AttackSetup {
  const settings = readSettings(state)
  const answers = opts.answers ?? {}
  const distance = distanceFt(attacker, target)
  let cover: CoverLevel | 'total' = coverBetween(state, attacker, target, slot.ranged ? 'ranged' : 'melee')
  if (cover === 'normal' && answers[COVER_CALL] === 'partial') cover = 'partial'
  if (cover === 'improved' && answers[IMPROVED_COVER_CALL] === 'normal') cover = 'normal'
  const concealment = concealmentOf(state, attacker, target)
  const flanking = !slot.ranged && isFlanking(state, attacker, target)
  const increments = rangeIncrements(distance, slot)
  const shooter = readStats(attacker)
  const higherGround = !slot.ranged && attacker.pos.z > target.pos.z
  const attack = situationalAttack(
    attacker,
    slot,
    {
      flanking,
      charging: opts.charging === true,
      higherGround,
      // §4.12 [TEXT L487–491]: the saddle is higher ground (not added twice); ranged while the mount moves.
      mountedVsSmallerOnFoot: !higherGround && mountedVsSmallerOnFoot(state, attacker, target),
      mountMove: mountMoveOf(state, attacker),
      shootingIntoMelee:
        slot.ranged && !hasFeat(shooter, 'PreciseShot') && engagedInMelee(state, target, attacker.side),
      rangeIncrements: Math.max(0, (increments ?? 1) - 1),
      fightingDefensively: opts.defensive === true,
      nonlethalSwap: opts.nonlethal === true ? !slot.nonlethal : false
    },
    settings
  )
  const called = answers[CONCEALMENT_CALL]
  const percent =
    concealment === 0
      ? 0
      : typeof called === 'number'
        ? called
        : concealment === 'total'
          ? settings.totalConcealmentPercent
          : settings.concealmentPercent
  const precision = precisionDice(attacker, target, flanking, distance, slot)
  const mods: AttackMods = {
    attack,
    concealmentPercent: percent,
    ...(precision ? { precisionDice: precision } : {})
  }
  const feinted = readStats(target).effects.some((e) => e.id === 'feinted' && e.until === attacker.id)
  const ac = armorClass(target, {
    touch: slot.touch,
    vsRanged: slot.ranged,
    cover: cover === 'total' ? 'none' : cover,
    coverAc: settings.coverAc,
    feinted: feinted && !slot.ranged
  })
  const violation = cover === 'total' ? 'totalCover' : increments === null ? 'outOfRange' : undefined
  return { mods, ac, cover, concealment, flanking, ...(violation ? { violation } : {}) }
}
