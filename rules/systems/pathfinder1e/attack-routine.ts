import type { Combatant } from '../../core/types'
import { effectiveDex } from './defense'
import { parseDamage, type DamageDice } from './dice-expr'
import {
  abilityMod,
  hasFeat,
  readStats,
  SIZE_TABLE,
  type PfNaturalAttack,
  type PfStats,
  type PfWeapon,
  type Size
} from './stats'

// Which attacks a figure makes and at what bonus (pathfinder1e.md §3.2 iteratives and two-weapon table,
// §4.1, §4.4). The bonus here is the figure's own; situational modifiers (flanking, charge, range...) are
// added by attack-math's `situationalAttack`.

/** One attack of a routine, with everything the odds and the roll need. */
export interface AttackSlot {
  /** The weapon id, the natural attack id, or 'unarmed'. */
  id: string
  source: 'weapon' | 'natural' | 'unarmed'
  /** Total attack bonus before situational modifiers. */
  bonus: number
  /** Damage dice with every static modifier (Str share, enhancement) in `bonus`. */
  damage: DamageDice
  /** Lowest natural roll that threatens (19 = 19–20). */
  critRange: number
  critMult: number
  ranged: boolean
  thrown: boolean
  touch: boolean
  hand: 'main' | 'off' | 'two' | 'natural'
  nonlethal: boolean
  rangeIncrementFt?: number
  reach: boolean
}

/** Options of `attackRoutine`. */
export interface RoutineOptions {
  /** A weapon id, a natural attack id or 'unarmed'; default: the main-hand weapon, else naturals, else unarmed. */
  weaponId?: string
  /** Throw the weapon (it must be a thrown weapon) instead of attacking in melee with it. */
  thrown?: boolean
  /** A full attack with the one weapon only, leaving the off hand out (no two-weapon fighting, §3.2). */
  oneWeapon?: boolean
}

/** §4.1 [SRD] unarmed strike damage by the striker's size (Medium 1d3, Small 1d2). */
export const UNARMED_DAMAGE: Readonly<Record<Size, string>> = {
  F: '1',
  D: '1',
  T: '1',
  S: '1d2',
  M: '1d3',
  L: '1d4',
  H: '1d6',
  G: '1d8',
  C: '2d6'
}

/** §3.2 [SRD]: attacks of a full attack from BAB alone: one more at +6, +11 and +16 (at most 4). */
export function iterativeCount(bab: number): number {
  return Math.min(4, 1 + Math.max(0, Math.floor((bab - 1) / 5)))
}

/** §3.2 [SRD] two-weapon table: the penalties of the primary hand and the off hand. */
export function twoWeaponPenalties(offLight: boolean, feat: boolean): { main: number; off: number } {
  if (feat) return offLight ? { main: -2, off: -2 } : { main: -4, off: -4 }
  return offLight ? { main: -4, off: -8 } : { main: -6, off: -10 }
}

/** How much of the Strength modifier a hit adds to damage (§4.1, §4.4). */
type StrShare = 'full' | 'half' | 'oneAndHalf' | 'penaltyOnly' | 'none' | { cap: number }

/** §4.4: the Str part of damage; only bonuses are halved or multiplied, a penalty always applies whole. */
export function strDamage(strMod: number, share: StrShare): number {
  if (share === 'none') return 0
  if (strMod <= 0) return strMod
  if (share === 'full') return strMod
  if (share === 'half') return Math.floor(strMod / 2)
  if (share === 'oneAndHalf') return Math.floor((strMod * 3) / 2)
  if (share === 'penaltyOnly') return 0
  return Math.min(strMod, share.cap)
}

/** §4.4: a ranged (non-thrown) weapon's Str share: composite bows up to the rating, slings full, crossbows none. */
function launcherShare(w: PfWeapon): StrShare {
  if (w.compositeStr !== undefined) return { cap: w.compositeStr }
  if (/sling/.test(w.id)) return 'full'
  if (/crossbow/.test(w.id)) return 'none'
  return 'penaltyOnly'
}

/** The ability modifier to hit: Dex at range; Str in melee, or Dex with Weapon Finesse on a light weapon. */
function attackAbility(c: Combatant, s: PfStats, ranged: boolean, finessable: boolean): number {
  const str = abilityMod(s.abilities.str)
  const dex = abilityMod(effectiveDex(c))
  if (ranged) return dex
  return finessable && hasFeat(s, 'WeaponFinesse') ? Math.max(str, dex) : str
}

/** BAB + size modifier: the part of every attack bonus that does not depend on the weapon. */
function baseBonus(s: PfStats): number {
  return s.bab + SIZE_TABLE[s.size].mod
}

/** A weapon attack in `hand` (`thrown` = thrown at range), at `penalty` (iterative and two-weapon). */
function weaponSlot(
  c: Combatant,
  w: PfWeapon,
  hand: 'main' | 'off' | 'two',
  thrown: boolean,
  penalty: number
): AttackSlot {
  const s = readStats(c)
  const launcher = isLauncher(w)
  const ranged = launcher || thrown
  const finessable = w.handedness === 'light' || w.traits.includes('finesse')
  const share: StrShare = launcher
    ? launcherShare(w)
    : hand === 'off'
      ? 'half'
      : hand === 'two' && w.handedness !== 'light' && !thrown
        ? 'oneAndHalf'
        : 'full'
  const dice = parseDamage(w.damage)
  return {
    id: w.id,
    source: 'weapon',
    bonus: baseBonus(s) + attackAbility(c, s, ranged, finessable) + w.enhancement + penalty,
    damage: { ...dice, bonus: dice.bonus + w.enhancement + strDamage(abilityMod(s.abilities.str), share) },
    critRange: w.critRange,
    critMult: w.critMult,
    ranged,
    thrown,
    touch: false,
    hand,
    nonlethal: w.traits.includes('nonlethal'),
    ...(ranged && w.rangeIncrementFt !== undefined ? { rangeIncrementFt: w.rangeIncrementFt } : {}),
    reach: w.reach && !ranged
  }
}

/**
 * §4.1 natural attacks: primary at full BAB and Str, secondary at −5 and ½ Str; the only natural attack of a
 * creature that makes no other attack uses full BAB and 1½ Str.
 */
function naturalSlot(c: Combatant, n: PfNaturalAttack, secondary: boolean, onlyAttack: boolean): AttackSlot {
  const s = readStats(c)
  const share: StrShare = onlyAttack ? 'oneAndHalf' : secondary ? 'half' : 'full'
  const dice = parseDamage(n.damage)
  return {
    id: n.id,
    source: 'natural',
    bonus: baseBonus(s) + attackAbility(c, s, false, true) + (secondary && !onlyAttack ? -5 : 0),
    damage: { ...dice, bonus: dice.bonus + strDamage(abilityMod(s.abilities.str), share) },
    critRange: n.critRange,
    critMult: n.critMult,
    ranged: false,
    thrown: false,
    touch: false,
    hand: 'natural',
    nonlethal: false,
    reach: false
  }
}

/**
 * §4.1 unarmed strike: 1d3 (Medium) or 1d2 (Small) + Str, 20/×2, a light weapon for Weapon Finesse;
 * nonlethal unless the striker has Improved Unarmed Strike (which lets it deal lethal damage).
 */
function unarmedSlot(c: Combatant, penalty: number): AttackSlot {
  const s = readStats(c)
  const dice = parseDamage(UNARMED_DAMAGE[s.size])
  return {
    id: 'unarmed',
    source: 'unarmed',
    bonus: baseBonus(s) + attackAbility(c, s, false, true) + penalty,
    damage: { ...dice, bonus: dice.bonus + strDamage(abilityMod(s.abilities.str), 'full') },
    critRange: 20,
    critMult: 2,
    ranged: false,
    thrown: false,
    touch: false,
    hand: 'main',
    nonlethal: !hasFeat(s, 'ImprovedUnarmedStrike'),
    reach: false
  }
}

/** Every natural attack, one slot per attack (2 claws = 2 slots); `allSecondary` when a weapon is also used. */
function naturalRoutine(c: Combatant, allSecondary: boolean): AttackSlot[] {
  const s = readStats(c)
  const total = s.naturalAttacks.reduce((n, a) => n + a.count, 0)
  const only = total === 1 && !allSecondary
  return s.naturalAttacks.flatMap((n) =>
    Array.from({ length: n.count }, () => naturalSlot(c, n, allSecondary || !n.primary, only))
  )
}

/** The iterative penalties of a full attack: 0, −5, −10, −15 (§3.2). */
function iterativePenalties(bab: number): number[] {
  return Array.from({ length: iterativeCount(bab) }, (_, i) => -5 * i)
}

/**
 * The weapon gripped in two hands: a two-handed weapon, or a one-handed one whose id is in both hands
 * (`wielding.off === wielding.main`, not a double weapon: that is two ends, §3.2).
 */
function twoHandedGrip(s: PfStats, w: PfWeapon): boolean {
  if (w.handedness === 'two') return true
  return w.handedness === 'one' && s.wielding.main === w.id && s.wielding.off === w.id && !isDouble(w)
}

/** A bow, crossbow or sling: a ranged weapon that is not thrown (a javelin is 'ranged' but thrown). */
function isLauncher(w: PfWeapon): boolean {
  return w.handedness === 'ranged' && w.thrown !== true
}

/** Whether this attack with `w` is a throw: asked for, or the only way to use it (a javelin). */
function throws(w: PfWeapon, asked: boolean | undefined): boolean {
  return w.thrown === true && (asked === true || w.handedness === 'ranged')
}

function isDouble(w: PfWeapon): boolean {
  return w.traits.includes('double')
}

/** The off-hand weapon of a two-weapon full attack with `main`, if any (a double weapon's other end). */
function offHandWeapon(s: PfStats, main: PfWeapon): PfWeapon | undefined {
  if (s.wielding.main !== main.id || s.wielding.off === null) return undefined
  if (s.wielding.off === main.id) return isDouble(main) ? main : undefined
  const off = s.weapons.find((w) => w.id === s.wielding.off)
  return off && !isLauncher(off) && off.handedness !== 'two' ? off : undefined
}

/** A full attack with a weapon: iteratives, the off hand (two-weapon table) and naturals as secondary. */
function weaponFullAttack(c: Combatant, w: PfWeapon, thrown: boolean, oneWeapon: boolean): AttackSlot[] {
  const s = readStats(c)
  const launcher = isLauncher(w)
  // Two weapons at range only when both are thrown (a dagger in each hand); never with a launcher.
  const offCandidate = launcher || oneWeapon ? undefined : offHandWeapon(s, w)
  const off = thrown && offCandidate?.thrown !== true ? undefined : offCandidate
  if (!off) {
    const hand = twoHandedGrip(s, w) ? 'two' : 'main'
    const slots = iterativePenalties(s.bab).map((p) => weaponSlot(c, w, hand, thrown, p))
    return launcher || thrown ? slots : [...slots, ...naturalRoutine(c, true)]
  }
  // §3.2: a double weapon's other end counts as a light off-hand weapon.
  const offLight = isDouble(off) || off.handedness === 'light'
  const pen = twoWeaponPenalties(offLight, hasFeat(s, 'TwoWeaponFighting'))
  return [
    ...iterativePenalties(s.bab).map((p) => weaponSlot(c, w, 'main', thrown, p + pen.main)),
    weaponSlot(c, off, 'off', thrown, pen.off),
    ...naturalRoutine(c, true)
  ]
}

/**
 * The attacks a figure makes (§3.2, §4.1). `single`: one attack at the best bonus with the chosen weapon (the
 * main-hand weapon by default; else the first primary natural attack; else unarmed). `full`: the full attack
 * with that weapon (iteratives, two-weapon fighting, naturals as secondary), or all natural attacks, or
 * unarmed iteratives. Ranged full attacks take no natural attacks.
 */
export function attackRoutine(
  attacker: Combatant,
  mode: 'single' | 'full',
  opts: RoutineOptions = {}
): AttackSlot[] {
  const s = readStats(attacker)
  const chosenNatural = s.naturalAttacks.find((n) => n.id === opts.weaponId)
  const weaponId = opts.weaponId ?? s.wielding.main
  const weapon = s.weapons.find((w) => w.id === weaponId)
  if (opts.weaponId === 'unarmed' || (!weapon && !chosenNatural && s.naturalAttacks.length === 0)) {
    const penalties = mode === 'full' ? iterativePenalties(s.bab) : [0]
    return penalties.map((p) => unarmedSlot(attacker, p))
  }
  if (weapon) {
    const thrown = throws(weapon, opts.thrown)
    if (mode === 'full') return weaponFullAttack(attacker, weapon, thrown, opts.oneWeapon === true)
    return [weaponSlot(attacker, weapon, twoHandedGrip(s, weapon) && !thrown ? 'two' : 'main', thrown, 0)]
  }
  if (mode === 'full') return naturalRoutine(attacker, false)
  const natural = chosenNatural ?? s.naturalAttacks.find((n) => n.primary) ?? s.naturalAttacks[0]
  if (!natural) return [unarmedSlot(attacker, 0)]
  const total = s.naturalAttacks.reduce((n, a) => n + a.count, 0)
  return [naturalSlot(attacker, natural, !natural.primary, total === 1)]
}

/** The weapon a slot swings (its traits: trip, disarm, brace [SRD]), if it is a weapon. */
export function slotWeapon(actor: Combatant, slot: AttackSlot): PfWeapon | undefined {
  return slot.source === 'weapon' ? readStats(actor).weapons.find((w) => w.id === slot.id) : undefined
}
