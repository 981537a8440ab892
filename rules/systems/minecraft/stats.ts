import { z } from 'zod'
import { cachedParser } from '../../core/stats'
import type { Combatant } from '../../core/types'

// A figure's Minecraft profile (minecraft.md §9), stored in `Combatant.stats`. Weapons and armor are
// embedded (copied from content) so a save replays the same way even if the content files change.

const int = z.number().int()

/** Weapon materials (minecraft.md §4.4; iron is the text's "acero"). */
export const weaponMaterials = ['wood', 'stone', 'steel', 'gold', 'diamond'] as const
/** Armor materials (minecraft.md §4.4). */
export const armorMaterials = ['leather', 'steel', 'chainmail', 'gold', 'diamond'] as const

/** A material of either table. */
export type Material = (typeof weaponMaterials)[number] | (typeof armorMaterials)[number]

/** minecraft.md §4.4 [TEXT L45–46]: Ma for weapons, Ar for armor (null = no such item). */
export const materialTable: Readonly<Record<Material, { weapon: number | null; armor: number | null }>> = {
  wood: { weapon: 1, armor: null },
  stone: { weapon: 2, armor: null },
  leather: { weapon: null, armor: 1 },
  steel: { weapon: 3, armor: 2 },
  chainmail: { weapon: null, armor: 3 },
  gold: { weapon: 4, armor: 4 },
  diamond: { weapon: 5, armor: 5 }
}

/** The fields of a weapon: melee weapons have a material (Ma), ranged/thrown ones a strength Fa. */
export const weaponFields = {
  id: z.string().min(1).max(120),
  kind: z.enum(['melee', 'ranged', 'thrown']),
  /** Key into the figure's weaponSkill (HA). */
  skillKey: z.string().min(1).max(40),
  material: z.enum(weaponMaterials).optional(),
  fa: int.min(0).max(20).optional()
}

/** minecraft.md §4.3: a ranged or thrown weapon's wound roll needs its strength Fa. */
export function hasFaIfRanged(w: { kind: string; fa?: number | undefined }): boolean {
  return w.kind === 'melee' || w.fa !== undefined
}

/** A weapon as a figure carries it. */
export const weaponSchema = z
  .strictObject(weaponFields)
  .refine(hasFaIfRanged, { message: 'ranged and thrown weapons need fa', path: ['fa'] })

/** Armor as a figure wears it. */
export const armorSchema = z.strictObject({
  id: z.string().min(1).max(120),
  material: z.enum(armorMaterials)
})

/** `Combatant.stats` for Minecraft figures (minecraft.md §9). */
export const statsSchema = z.strictObject({
  /** HC: melee combat skill. */
  hc: int.min(-20).max(20),
  /** HC a distancia: ranged combat skill (A3). */
  hcRanged: int.min(-20).max(20),
  /** HA per weapon class ("unarmed", "sword", "bow"...); a missing class counts 0. */
  weaponSkill: z.record(z.string().min(1).max(40), int.min(-20).max(20)),
  /** F: strength. */
  f: int.min(-20).max(20),
  /** R: resistance. */
  r: int.min(-20).max(20),
  /** Overrides settings.apPerTurn for this figure (minecraft.md §3 G-7). */
  apPerTurn: int.min(0).max(50).optional(),
  meleeWeapon: weaponSchema.optional(),
  rangedWeapon: weaponSchema.optional(),
  armor: armorSchema.optional()
})

/** A validated Minecraft profile. */
export type McStats = z.infer<typeof statsSchema>
/** A weapon as carried. */
export type McWeapon = z.infer<typeof weaponSchema>
/** Armor as worn. */
export type McArmor = z.infer<typeof armorSchema>

/** The figure's validated stats; throws a clear error for a figure without a valid Minecraft profile. */
export const readStats: (c: Combatant) => McStats = cachedParser(statsSchema, 'Minecraft')

/** HA: the figure's skill with a weapon class (0 when it has none). */
export function weaponSkill(stats: McStats, skillKey: string): number {
  return stats.weaponSkill[skillKey] ?? 0
}

/** The skill class a figure fights with in melee: its melee weapon's, else "unarmed". */
export function meleeSkillKey(stats: McStats): string {
  return stats.meleeWeapon?.skillKey ?? 'unarmed'
}

/** Ma of the melee weapon in hand (0 unarmed). minecraft.md §4.4 */
export function weaponModifier(stats: McStats): number {
  const material = stats.meleeWeapon?.material
  return material ? (materialTable[material].weapon ?? 0) : 0
}

/** Ar of the armor worn (0 without). minecraft.md §4.4 */
export function armorModifier(stats: McStats): number {
  return stats.armor ? (materialTable[stats.armor.material].armor ?? 0) : 0
}
