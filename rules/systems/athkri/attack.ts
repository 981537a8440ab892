import { ownValue } from '../../core/own-key'
import { doubledCentre } from '../../core/footprint'
import { snapDirection, type Sector } from '../../core/geometry'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { amongAdjacent, coverBetween, distanceMetres, isPointBlank, meleeThreats, sectorOf } from './board'
import type { Check } from './dice'
import { factsOf } from './health'
import { readSettings, type AthkriSettings } from './settings'
import { hasRideBonus, isMoving, isProne, isUnaware, ownLevel, usesSplitMajor } from './situation'
import {
  alcanceOf,
  attribute,
  hasTrait,
  lightPair,
  readStats,
  sizeOf,
  skill,
  weaponOf,
  type AthkriWeapon
} from './stats'

// Planning an attack (athkri.md §5.2–5.3): the roll, its modifiers, and what it must beat.

/** The attack modes. */
export type AttackMode = 'melee' | 'ranged'

/** One named modifier (i18n `mod.<key>`), for the odds panel and the tests. */
export interface Modifier {
  key: string
  value: number
}

/** athkri.md §5.3 distance bands. */
export type Band = 'pointBlank' | 'short' | 'medium' | 'long'

/** Everything an attack rolls against, fixed at declaration. */
export interface AttackPlan {
  mode: AttackMode
  attacker: Combatant
  target: Combatant
  weapon: AthkriWeapon
  /** The attacker's roll: die level and flat part (attribute + skill + modifiers − penalties). */
  check: Check
  mods: Modifier[]
  /** Defensa (melee) or Cobertura (ranged, GM change excluded). */
  difficulty: number
  /** Ranged: the band and the situational cover parts. */
  band?: Band
  coverParts?: Modifier[]
  /** The defender's Agilidad + Esquivar roll, when it may take the opposed defence (melee). */
  dodge: Check | null
  sector: Sector
  /** The direction the attacker turns to. */
  facing: number
  distanceM: number
}

/** Extra inputs of a plan: the two-weapon penalty, a GM bonus. */
export interface PlanExtras {
  weapon?: AthkriWeapon
  extraMods?: Modifier[]
  /** The attack is a free basic attack (an ambush), not a paid Major: no split die. */
  free?: boolean
}

function sumMods(mods: readonly Modifier[]): number {
  return mods.reduce((a, m) => a + m.value, 0)
}

/** athkri.md §5.3 step 2 A9: the band of a distance for a weapon's Alcance S/M/L. */
export function bandOf(weapon: AthkriWeapon, metres: number, pointBlank: boolean): Band {
  if (pointBlank) return 'pointBlank'
  const range = weapon.range
  if (!range || metres <= range.short) return 'short'
  return metres <= range.medium ? 'medium' : 'long'
}

/** athkri.md §5.3 steps 2–3: base Cobertura by band plus the situational table (A10, A11). */
export function coverOf(
  state: EncounterState,
  settings: AthkriSettings,
  attacker: Combatant,
  target: Combatant,
  band: Band
): Modifier[] {
  const table = settings.situationalCover
  const parts: Modifier[] = [{ key: `band.${band}`, value: settings.bandCover[band] }]
  if (amongAdjacent(state, target, attacker))
    parts.push({ key: 'cover.amongAdjacent', value: table.amongAdjacent })
  if (isMoving(state, target)) parts.push({ key: 'cover.moving', value: table.moving })
  if (isProne(target)) parts.push({ key: 'cover.prone', value: table.prone })
  const obstacle = coverBetween(state, attacker, target)
  if (obstacle) parts.push({ key: `cover.${obstacle}`, value: table[obstacle] })
  return parts
}

/** athkri.md §3 [REC]: the direction from the attacker's centre to the target's. */
export function facingToward(attacker: Combatant, target: Combatant): number {
  const a = doubledCentre(attacker.pos, sizeOf(attacker))
  const b = doubledCentre(target.pos, sizeOf(target))
  return a.x === b.x && a.y === b.y ? attacker.facing : snapDirection(b.x - a.x, b.y - a.y)
}

/** athkri.md §5.2 step 2, §5.3 step 5: the modifiers both kinds of attack share. */
function commonMods(
  state: EncounterState,
  settings: AthkriSettings,
  plan: { attacker: Combatant; target: Combatant; sector: Sector }
): Modifier[] {
  const mods: Modifier[] = []
  const fromBehind = settings.facingEnabled && plan.sector === 'back'
  if (fromBehind || isUnaware(state, plan.target)) mods.push({ key: 'mod.back', value: settings.backBonus })
  if (hasRideBonus(state, plan.attacker)) mods.push({ key: 'mod.mounted', value: settings.mountedBonus })
  return mods
}

/**
 * Builds the plan of one attack (`action.kind` melee or ranged; two-weapon and ambush attacks pass their
 * weapon and extra modifiers); null when a figure or the weapon is missing. Legality is `attackViolation`'s.
 */
export function planAttack(
  state: EncounterState,
  mode: AttackMode,
  action: Action,
  extras: PlanExtras = {}
): AttackPlan | null {
  const settings = readSettings(state)
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target || attacker.id === target.id) return null
  const stats = readStats(attacker)
  const weapon = extras.weapon ?? weaponOf(stats, mode)
  if (!weapon) return null
  const sector = sectorOf(attacker, target)
  const pointBlank = isPointBlank(attacker, target)
  const distanceM = distanceMetres(settings, attacker, target)
  const split = !extras.free && usesSplitMajor(state, action)
  const pointBlankPenalty = mode === 'ranged' && pointBlank && !hasTrait(stats, 'pointBlankShooter')
  const steps = (pointBlankPenalty ? 1 : 0) + (split && settings.splitMode === 'reduceOneLevel' ? 1 : 0)
  const level = ownLevel(state, attacker, steps, split && settings.splitMode === 'forceLow')
  const mods = [...commonMods(state, settings, { attacker, target, sector }), ...(extras.extraMods ?? [])]
  let difficulty: number
  let band: Band | undefined
  let coverParts: Modifier[] | undefined
  if (mode === 'melee') {
    // athkri.md §5.2 A12: flanking when enough hostile figures reach the target.
    if (meleeThreats(state, target).length >= settings.flankMinAttackers)
      mods.push({ key: 'mod.flank', value: settings.flankBonus })
    if (settings.alcanceRule === 'attackModifier' && alcanceOf(attacker) !== 0)
      mods.push({ key: 'mod.alcance', value: alcanceOf(attacker) })
    difficulty = readStats(target).defensa
  } else {
    // athkri.md §5.3 A13: the 2nd and later shooters at the same target this round.
    const shooters = ownValue(factsOf(state).shotThisRound, target.id)
    if (shooters?.some((id) => id !== attacker.id))
      mods.push({ key: 'mod.volley', value: settings.volleyBonus })
    band = bandOf(weapon, distanceM, pointBlank)
    coverParts = coverOf(state, settings, attacker, target, band)
    difficulty = sumMods(coverParts)
  }
  if (level.penalty > 0) mods.push({ key: 'mod.lowStep', value: -level.penalty })
  const base = attribute(stats, weapon.attackAttribute) + skill(stats, weapon.attackSkill)
  return {
    mode,
    attacker,
    target,
    weapon,
    check: { level: level.level, flat: base + sumMods(mods) },
    mods,
    difficulty,
    ...(band ? { band } : {}),
    ...(coverParts ? { coverParts } : {}),
    dodge: mode === 'melee' ? dodgeCheck(state, settings, target) : null,
    sector,
    facing: facingToward(attacker, target),
    distanceM
  }
}

/** athkri.md §5.2 step 3 [TEXT L59]: the defender's Agilidad + Esquivar roll, if it may defend actively. */
function dodgeCheck(state: EncounterState, settings: AthkriSettings, target: Combatant): Check | null {
  if (!settings.opposedDodgeEnabled || target.out || isUnaware(state, target)) return null
  const stats = readStats(target)
  const level = ownLevel(state, target)
  return { level: level.level, flat: attribute(stats, 'agilidad') + skill(stats, 'esquivar') - level.penalty }
}

/** athkri.md §4 [TEXT L55]: the two plans of a two-weapon attack (one per light weapon, −4 each). */
export function planTwoWeapons(state: EncounterState, action: Action): [AttackPlan, AttackPlan] | null {
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  if (!attacker) return null
  const pair = lightPair(readStats(attacker))
  if (!pair) return null
  const penalty = { key: 'mod.twoWeapons', value: -readSettings(state).twoWeaponPenalty }
  const first = planAttack(state, 'melee', action, { weapon: pair[0], extraMods: [penalty] })
  const second = planAttack(state, 'melee', action, { weapon: pair[1], extraMods: [penalty] })
  return first && second ? [first, second] : null
}
