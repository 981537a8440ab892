import type { Combatant } from '../../core/types'
import {
  abilityMod,
  hasCondition,
  hasFeat,
  readStats,
  SIZE_TABLE,
  type PfEffect,
  type PfStats
} from './stats'

// Armor Class and CMD (pathfinder1e.md §4.2, §4.7 defender table, §4.8, §4.10 step 2). Geometry (cover,
// the attack being ranged or a feint's target) comes in the context; everything else is read from stats.

/** A cover level as the geometry helper reports it (§4.6). */
export type CoverLevel = 'none' | 'soft' | 'partial' | 'normal' | 'improved'

/** What the AC depends on besides the defender: the attack and the geometry. */
export interface DefenseContext {
  /** A touch attack: no armor, shield or natural armor (§4.2). */
  touch: boolean
  /** A ranged attack (prone +4, helpless no −4, soft cover counts). */
  vsRanged: boolean
  /** The defender loses Dex for a reason outside its stats (an invisible attacker, §4.7). */
  flatFooted?: boolean
  cover: CoverLevel
  /** Cover AC bonuses from the settings (§4.6 G-2). */
  coverAc: { partial: number; normal: number; improved: number }
  /** This attack is the feinter's next melee attack (§4.11 feint): the defender loses Dex. */
  feinted?: boolean
}

/** The value of the figure's first effect `id`, or undefined when it has none. */
function effect(stats: PfStats, id: PfEffect['id']): PfEffect | undefined {
  return stats.effects.find((e) => e.id === id)
}

/**
 * §4.8 / A13: helpless = paralyzed, asleep, unconscious, dead, held (hold person) or out of the fight
 * (dying and stable figures are unconscious), or knocked out by nonlethal damage above current HP (§5).
 */
export function isHelpless(c: Combatant): boolean {
  const s = readStats(c)
  return (
    c.out ||
    hasCondition(s, 'paralyzed') ||
    hasCondition(s, 'asleep') ||
    hasCondition(s, 'unconscious') ||
    hasCondition(s, 'dead') ||
    hasCondition(s, 'tiedUp') ||
    effect(s, 'held') !== undefined ||
    s.nonlethal > c.life
  )
}

/** The Dex score the rules read: 0 while helpless (§4.8), −4 while grappled or entangled (§4.7). */
export function effectiveDex(c: Combatant): number {
  const s = readStats(c)
  if (isHelpless(c)) return 0
  const hampered = hasCondition(s, 'grappled') || hasCondition(s, 'entangled')
  return Math.max(0, s.abilities.dex - (hampered ? 4 : 0))
}

/**
 * Whether the defender loses its Dex bonus (and dodge bonuses) to AC (§3.1, §4.2, §4.7): flat-footed
 * (Uncanny Dodge keeps it), helpless, stunned, blinded, pinned or tied up, feinted, or running without Run.
 */
export function losesDexToAc(
  target: Combatant,
  ctx: Pick<DefenseContext, 'flatFooted' | 'feinted'>
): boolean {
  const s = readStats(target)
  const uncanny = hasFeat(s, 'UncannyDodge')
  return (
    ((ctx.flatFooted === true || s.flatFooted) && !uncanny) ||
    ctx.feinted === true ||
    isHelpless(target) ||
    hasCondition(s, 'stunned') ||
    hasCondition(s, 'blinded') ||
    hasCondition(s, 'pinned') ||
    hasCondition(s, 'tiedUp') ||
    (effect(s, 'running') !== undefined && !hasFeat(s, 'Run'))
  )
}

/** The Dex modifier to AC (capped by armor and shield max Dex) or CMD; only a penalty when Dex is lost (§4.2). */
function dexToDefense(target: Combatant, loses: boolean, capped: boolean): number {
  const s = readStats(target)
  const maxDex = capped ? [s.armor?.maxDex, s.shield?.maxDex] : []
  const caps = maxDex.filter((m): m is number => m !== null && m !== undefined)
  const mod = Math.min(abilityMod(effectiveDex(target)), ...caps)
  return loses ? Math.min(0, mod) : mod
}

/** Dodge bonuses: the profile's plus total defense (+4) and fighting defensively (+2) (§3.2, §4.7). */
function dodgeBonus(s: PfStats): number {
  const totalDefense = effect(s, 'totalDefense')
  const defensive = effect(s, 'fightingDefensively')
  return (
    s.ac.dodge + (totalDefense ? (totalDefense.value ?? 4) : 0) + (defensive ? (defensive.value ?? 2) : 0)
  )
}

/** AC penalties of the defender's conditions and effects (§4.7 defender table, §4.8). */
function conditionAcPenalty(target: Combatant, vsRanged: boolean): number {
  const s = readStats(target)
  const charged = effect(s, 'charged')
  let mod = charged ? -(charged.value ?? 2) : 0
  if (hasCondition(s, 'prone')) mod += vsRanged ? 4 : -4
  if (hasCondition(s, 'stunned')) mod -= 2
  if (hasCondition(s, 'blinded')) mod -= 2
  if (hasCondition(s, 'pinned') || hasCondition(s, 'tiedUp')) mod -= 4
  if (hasCondition(s, 'squeezing')) mod -= 4
  if (isHelpless(target) && !vsRanged) mod -= 4
  return mod
}

/** The armor bonus: the armor's bonus + enhancement, or mage armor's +4, whichever is higher (no stacking). */
function armorBonus(s: PfStats): number {
  const worn = s.armor ? s.armor.bonus + s.armor.enhancement : 0
  const mage = effect(s, 'mageArmor')
  return Math.max(worn, mage ? (mage.value ?? 4) : 0)
}

/**
 * §4.2: 10 + armor + shield + Dex (capped) + size + natural + deflection + dodge + misc, with the §4.7
 * defender modifiers. Touch drops armor, shield and natural armor; losing Dex drops the Dex bonus and every
 * dodge bonus (a Dex penalty stays); helpless is Dex 0 (−5) and −4 more vs melee; soft cover only vs ranged.
 */
export function armorClass(target: Combatant, ctx: DefenseContext): number {
  const s = readStats(target)
  const loses = losesDexToAc(target, ctx)
  const gear = ctx.touch ? 0 : armorBonus(s) + (s.shield ? s.shield.bonus + s.shield.enhancement : 0)
  const natural = ctx.touch ? 0 : s.ac.natural
  return (
    10 +
    gear +
    dexToDefense(target, loses, true) +
    SIZE_TABLE[s.size].mod +
    natural +
    s.ac.deflection +
    (loses ? 0 : dodgeBonus(s)) +
    s.ac.misc +
    conditionAcPenalty(target, ctx.vsRanged) +
    coverBonus(ctx)
  )
}

/** §4.6: the cover AC bonus; soft cover (creatures) counts only against ranged attacks, as normal cover. */
export function coverBonus(ctx: Pick<DefenseContext, 'cover' | 'coverAc' | 'vsRanged'>): number {
  switch (ctx.cover) {
    case 'none':
      return 0
    case 'soft':
      return ctx.vsRanged ? ctx.coverAc.normal : 0
    default:
      return ctx.coverAc[ctx.cover]
  }
}

/**
 * §4.10 step 2: 10 + BAB + Str + Dex + special size + deflection + dodge + misc, with the defender's AC
 * penalties (as against a melee attack: maneuvers are melee). The CMD formula reads the Dex modifier, so the
 * armor's max Dex (an AC rule) does not cap it. Flat-footed or otherwise losing Dex: no Dex
 * bonus and no dodge bonus. Grappled/entangled Dex −4 and helpless Dex 0 apply as for AC.
 */
export function cmd(target: Combatant, opts: { flatFooted?: boolean; feinted?: boolean } = {}): number {
  const s = readStats(target)
  const loses = losesDexToAc(target, opts)
  return (
    10 +
    s.bab +
    abilityMod(s.abilities.str) +
    dexToDefense(target, loses, false) +
    SIZE_TABLE[s.size].special +
    s.ac.deflection +
    (loses ? 0 : dodgeBonus(s)) +
    s.ac.misc +
    conditionAcPenalty(target, false)
  )
}

/** §4.10 step 1: BAB + Str (Dex for Tiny or smaller) + special size modifier. */
export function cmb(attacker: Combatant): number {
  const s = readStats(attacker)
  const tinyOrSmaller = SIZE_TABLE[s.size].space < 1
  const ability = tinyOrSmaller ? effectiveDex(attacker) : s.abilities.str
  return s.bab + abilityMod(ability) + SIZE_TABLE[s.size].special
}
