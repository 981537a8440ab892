import { z } from 'zod'
import { cachedParser } from '../../core/stats'
import type { KeepLevel } from '../../core/keep-die'
import type { Combatant } from '../../core/types'

// A figure's Athkri profile (athkri.md §10), stored in `Combatant.stats`. Weapons and armor are embedded
// (copied from content) so a save replays the same way even if the content files change.

const int = z.number().int()
const key = z.string().min(1).max(40)

/** athkri.md §3 [TEXT L5–13]: the size classes. */
export const sizeClasses = ['minusculo', 'pequeno', 'normal', 'grande', 'enorme', 'gigante'] as const

/** A size class id. */
export type SizeClass = (typeof sizeClasses)[number]

/** athkri.md §3 [TEXT L5–13]: space (footprint side, 0.5 = shares a square), Alcance and height. */
export const SIZE_TABLE: Readonly<Record<SizeClass, { space: number; alcance: number; heightM: number }>> = {
  minusculo: { space: 0.5, alcance: -1, heightM: 0.75 },
  pequeno: { space: 1, alcance: 0, heightM: 1.5 },
  normal: { space: 1, alcance: 0, heightM: 3 },
  grande: { space: 2, alcance: 1, heightM: 6 },
  enorme: { space: 3, alcance: 2, heightM: 9 },
  gigante: { space: 4, alcance: 3, heightM: 12 }
}

/** athkri.md §7: conditions a figure can start with (set by the GM). */
export const startConditions = ['prone', 'hidden', 'invisible', 'unaware'] as const

/** A weapon's Alcance in metres (athkri.md §5.3 [TEXT L27–28]), e.g. a longbow 25/50/100. */
export const rangeSchema = z.strictObject({
  short: int.min(1).max(2000),
  medium: int.min(1).max(2000),
  long: int.min(1).max(2000)
})

/** A damage expression: NdS, NdS+K, NdS-K or a constant K (athkri.md §5.4 [GAP] A5). */
export const damageExpression = z.string().regex(/^(\d{1,2}d\d{1,3}([+-]\d{1,3})?|\d{1,3})$/, 'e.g. 1d8+2')

/** The fields of a weapon (athkri.md §10 AthkriWeapon). */
export const weaponFields = {
  id: z.string().min(1).max(120),
  kind: z.enum(['melee', 'ranged']),
  /** athkri.md §4 [TEXT L55]: light weapons can be wielded two at a time. */
  light: z.boolean(),
  damage: damageExpression,
  /** athkri.md §5.4: the element of the damage (an element id), if any. */
  element: key.optional(),
  /** athkri.md §5.2–5.3: the attribute and skill of the attack roll. */
  attackAttribute: key,
  attackSkill: key,
  range: rangeSchema.optional(),
  /** athkri.md §9 A9: no maximum range unless the weapon sets one (metres). */
  maxRangeM: int.min(1).max(5000).optional()
}

/** A weapon as a figure carries it; ranged weapons need their Alcance. */
export const weaponSchema = z
  .strictObject(weaponFields)
  .refine((w) => w.kind === 'melee' || w.range !== undefined, { message: 'ranged weapons need a range' })

/** Armor as worn: Estorbo (encumbrance, athkri.md §4 [TEXT L55]) and reduction (§5.4 [GAP] A5). */
export const armorSchema = z.strictObject({
  id: z.string().min(1).max(120),
  estorbo: int.min(0).max(10),
  reduction: int.min(0).max(30)
})

/** `Combatant.stats` for Athkri figures (athkri.md §10). */
export const statsSchema = z.strictObject({
  /** athkri.md §6: NPCs use the maxHP/4 Malherido threshold. */
  isNpc: z.boolean(),
  sizeClass: z.enum(sizeClasses),
  attributes: z
    .object({ fisico: int.min(0).max(30), agilidad: int.min(0).max(30), mente: int.min(0).max(30) })
    .catchall(int),
  /** Skills by key: combateCuerpoACuerpo, combateADistancia, esquivar, sigilo, cabalgar, magia... */
  skills: z.record(key, int.min(-10).max(30)),
  iniciativa: int.min(-10).max(50),
  defensa: int.min(0).max(60),
  atencion: int.min(-10).max(50),
  /** athkri.md §3 [GAP-PUB]: metres walked with a Major action (a Minor walks half). */
  movimiento: int.min(0).max(200),
  /** athkri.md §2: the kept die by default (effects may grant the high die). */
  baseDieLevel: z.enum(['high', 'mid', 'low']).optional(),
  weaknesses: z.array(key).max(20),
  resistances: z.array(key).max(20),
  /** Traits: 'pointBlankShooter' (§5.3 step 4), 'trainedMount' (§5.6 G-7)... */
  traits: z.array(key).max(20),
  conditions: z.array(z.enum(startConditions)).max(4),
  weapons: z.array(weaponSchema).max(8),
  armor: armorSchema.optional(),
  /** athkri.md §5.6: the figure rides this combatant (its mount). */
  mountId: z.string().min(1).max(120).optional(),
  effortMax: int.min(0).max(200).optional(),
  manaMax: int.min(0).max(200).optional()
})

/** A validated Athkri profile. */
export type AthkriStats = z.infer<typeof statsSchema>
/** A weapon as carried. */
export type AthkriWeapon = z.infer<typeof weaponSchema>
/** Armor as worn. */
export type AthkriArmor = z.infer<typeof armorSchema>

/** The figure's validated stats; throws a clear error for a figure without a valid Athkri profile. */
export const readStats: (c: Combatant) => AthkriStats = cachedParser(statsSchema, 'Athkri')

/** An attribute's value (0 when the figure lacks it). */
export function attribute(stats: AthkriStats, name: string): number {
  return stats.attributes[name] ?? 0
}

/** A skill's value (0 when untrained). */
export function skill(stats: AthkriStats, name: string): number {
  return stats.skills[name] ?? 0
}

/** The footprint side in squares (0.5 for Minúsculo): athkri.md §3 size table. */
export function sizeOf(c: Combatant): number {
  return SIZE_TABLE[readStats(c).sizeClass].space
}

/** Alcance of the figure's size (athkri.md §3). */
export function alcanceOf(c: Combatant): number {
  return SIZE_TABLE[readStats(c).sizeClass].alcance
}

/** The figure's base kept-die level (athkri.md §2), its own or the table's. */
export function baseLevelOf(stats: AthkriStats, fallback: KeepLevel): KeepLevel {
  return stats.baseDieLevel ?? fallback
}

/** The first weapon of a kind the figure carries. */
export function weaponOf(stats: AthkriStats, kind: 'melee' | 'ranged'): AthkriWeapon | undefined {
  return stats.weapons.find((w) => w.kind === kind)
}

/** athkri.md §4 [TEXT L55]: the two light melee weapons of a two-weapon attack, if the figure has them. */
export function lightPair(stats: AthkriStats): [AthkriWeapon, AthkriWeapon] | null {
  const light = stats.weapons.filter((w) => w.kind === 'melee' && w.light)
  const [a, b] = light
  return a && b ? [a, b] : null
}

/** True when the figure has the trait. */
export function hasTrait(stats: AthkriStats, trait: string): boolean {
  return stats.traits.includes(trait)
}
