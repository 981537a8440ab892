import { z } from 'zod'
import { cachedParser } from '../../core/stats'
import type { Combatant } from '../../core/types'

// A being's HQ2 profile (hq2.md §9), stored in `Combatant.stats`; life/lifeMax are its Body Points (§5).
// Weapons and armor are embedded (copied from content) so a save replays the same way if content changes.

const int = z.number().int()
const tag = z.string().min(1).max(40)

/** hq2.md §9: skills the combat chapter refers to (scores; a missing skill is not known). */
export const skillNames = [
  'esquivar',
  'acrobacias',
  'malabarismo',
  'reflejos',
  'luchaACiegas',
  'moverseEnSilencio',
  'apunalar',
  'cargar',
  'esconderseEnSombras',
  'percepcion'
] as const

/** A skill of hq2.md §9. */
export type SkillName = (typeof skillNames)[number]

/** hq2.md §6 / §9: conditions the combat chapter refers to. */
export const conditionNames = [
  'blinded',
  'unbalanced',
  'hindered',
  'criticallyHindered',
  'stuck',
  'prone',
  'asleep',
  'immobilized',
  'ambushed',
  'hidden',
  'covered'
] as const

/** A condition of hq2.md §6. */
export type ConditionName = (typeof conditionNames)[number]

/** The labels of the combat die (hq2.md §4.1). */
export const faceNames = ['skull', 'white', 'black'] as const

/** A face label of the combat die. */
export type FaceName = (typeof faceNames)[number]

/**
 * Gear hooks on the dice result (hq2.md §4.1, §4.7 step 5), `{ key, ...params }` from a small vocabulary:
 * count another face as hits (weapons) or as shields (armor), undefendable fixed damage, a damage
 * multiplier, damage absorbed by armor.
 */
export const weaponHookSchema = z.discriminatedUnion('key', [
  z.strictObject({ key: z.literal('countFace'), face: z.enum(['white', 'black']) }),
  z.strictObject({ key: z.literal('fixedDamage'), amount: int.min(1).max(1000) }),
  z.strictObject({ key: z.literal('damageMultiplier'), factor: int.min(2).max(10) })
])

/** Armor hooks (hq2.md §4.1): count skulls as shields too, or absorb damage. */
export const armorHookSchema = z.discriminatedUnion('key', [
  z.strictObject({ key: z.literal('countFace'), face: z.enum(['skull', 'white', 'black']) }),
  z.strictObject({ key: z.literal('absorb'), amount: int.min(1).max(1000) })
])

/** The fields of a weapon (hq2.md §9 Hq2Weapon). */
export const weaponFields = {
  id: z.string().min(1).max(120),
  hands: z.union([z.literal(1), z.literal(2)]),
  /** Includes permanent changes (hq2.md §4.2). */
  attackBonus: int.min(-100).max(1000),
  ranged: z.boolean(),
  /** Squares (hq2.md §2 [REC] G4); ranged weapons only. */
  range: int.min(1).max(200).optional(),
  /** "1/5" thrown weapons: throws per hand per turn (hq2.md §3.2, A9). */
  throwsPerHand: int.min(1).max(20).optional(),
  /** "polearm", "long", "worn", "poisoned"… (hq2.md §4.4, G-12). */
  tags: z.array(tag).max(20),
  /** Creature tags this weapon is unsuited to (spear vs skeleton, G-12). */
  unsuitedAgainst: z.array(tag).max(20),
  /** Creature tags this weapon is especially suited to (hq2.md §4.4 weapon bonus). */
  suitedAgainst: z.array(tag).max(20),
  hooks: z.array(weaponHookSchema).max(10)
}

/** hq2.md §2: a ranged weapon needs a range. */
export function rangedHasRange(w: { ranged: boolean; range?: number | undefined }): boolean {
  return !w.ranged || w.range !== undefined
}

/** A weapon as a being carries it. */
export const weaponSchema = z
  .strictObject(weaponFields)
  .refine(rangedHasRange, { message: 'ranged weapons need a range', path: ['range'] })

/** The fields of a piece of armor or a shield (hq2.md §9 Hq2Armor). */
export const armorFields = {
  id: z.string().min(1).max(120),
  defenseBonus: int.min(-100).max(1000),
  /** "heavy", "aquatic", "worn", "prepared"… (hq2.md §4.5). */
  tags: z.array(tag).max(20),
  hooks: z.array(armorHookSchema).max(10)
}

/** Armor as a being wears it. */
export const armorSchema = z.strictObject(armorFields)

const magicSchema = z.strictObject({
  attackBonus: int.min(-1000).max(1000),
  /** hq2.md §4.2 / A2: a multiplier on AttackBase (×2 strength); two decimals at most. */
  attackBaseMultiplier: z.number().min(0).max(20),
  defenseBonus: int.min(-1000).max(1000),
  defenseBaseMultiplier: z.number().min(0).max(20)
})

/** `Combatant.stats` for HQ2 beings (hq2.md §9). */
export const statsSchema = z.strictObject({
  kind: z.enum(['hero', 'monster', 'ally', 'summon']),
  /** hq2.md §3.1: 1, 2… = players from the BM's right, in seating order; 0 = the BM (acts last). */
  seat: int.min(0).max(20),
  usesCharacterSheet: z.boolean(),
  level: int.min(0).max(100),
  attackBase: int.min(0).max(10000),
  defenseBase: int.min(0).max(10000),
  /** hq2.md §4.1 / A12: the shield this being counts when defending. */
  defenseFace: z.enum(['white', 'black']),
  /** hq2.md §3.2 / G2: heroes roll d6s, BM beings have fixed MP. */
  movement: z.union([
    z.strictObject({ dice: int.min(0).max(10) }),
    z.strictObject({ fixed: int.min(0).max(50) })
  ]),
  attacksPerTurn: int.min(1).max(20),
  skills: z.partialRecord(z.enum(skillNames), int.min(0).max(100)),
  magic: magicSchema,
  /** hq2.md §4.2 / G-11: mount data. */
  mount: z
    .strictObject({ attackBonus: int.min(0).max(1000), hasOwnAttack: z.boolean(), mountType: tag })
    .optional(),
  meleeWeapon: weaponSchema.optional(),
  rangedWeapon: weaponSchema.optional(),
  /** Armor and shields worn (the "active combat equipment", hq2.md §3.2). */
  armor: z.array(armorSchema).max(6),
  /**
   * hq2.md §3.2 [TEXT L48]: gear carried but not in the active combat equipment, readied with the free
   * `equip` action. Optional: a being without it carries nothing else.
   */
  carried: z
    .strictObject({ weapons: z.array(weaponSchema).max(10), armor: z.array(armorSchema).max(10) })
    .optional(),
  conditions: z.array(z.enum(conditionNames)).max(conditionNames.length),
  /** Healing potions carried (hq2.md §5 [GAP-PUB] dying heroes); those drunk are counted from the log. */
  healingPotions: int.min(0).max(20).optional(),
  /** Creature tags ("skeleton", "undead"…) weapons may be unsuited or suited to. */
  tags: z.array(tag).max(20),
  /** hq2.md §3.2 / A8: beings of one sub-group move together at the slowest member's MP. */
  subgroup: z.string().min(1).max(40).optional()
})

/** A validated HQ2 profile. */
export type Hq2Stats = z.infer<typeof statsSchema>
/** A weapon as carried. */
export type Hq2Weapon = z.infer<typeof weaponSchema>
/** Armor as worn. */
export type Hq2Armor = z.infer<typeof armorSchema>

/** The being's validated stats; throws a clear error for a figure without a valid HQ2 profile. */
export const readStats: (c: Combatant) => Hq2Stats = cachedParser(statsSchema, 'HQ2')

/** The being's score in a skill, or undefined when it does not have it. */
export function skill(c: Combatant, name: SkillName): number | undefined {
  return readStats(c).skills[name]
}

/** True when the being has the condition. */
export function hasCondition(c: Combatant, ...names: ConditionName[]): boolean {
  const own = readStats(c).conditions
  return names.some((n) => own.includes(n))
}

/** hq2.md §3.1: BM beings (seat 0) act last; players' beings by seat. */
export function isBmBeing(c: Combatant): boolean {
  return readStats(c).seat === 0
}
