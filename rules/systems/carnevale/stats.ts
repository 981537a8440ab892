import { z } from 'zod'

// A Carnevale character (carnevale.md §10). The profile is what a card prints and goes in
// `Combatant.stats`; the status is what changes during a round (AP, counters, water). `Combatant` already
// carries id, name, side, position, Life and the base size, so the profile repeats none of them; the full
// §10 record (`characterSchema`) joins the three for tests and imports.

const int = z.number().int()
const attribute = int.min(0).max(10)
const key = z.string().min(1).max(60)

/** carnevale.md §5.2 [TEXT L53]: the weapon ability that allows use while swimming. */
export const AQUATIC = 'Aquatic'

/** carnevale.md §5.4 [TEXT L97]: the character ability that makes a character immune to Drown. */
export const WATER_CREATURE = 'Water Creature'

/** A weapon profile (carnevale.md §5.2): a blank Evasion, Damage or Penetration is 0. */
export const weaponSchema = z.strictObject({
  name: z.string().min(1).max(120),
  /** Effective range in inches; 0 = base contact only [TEXT L61]. */
  rangeIn: z.number().min(0).max(72),
  /** Added to the target's DEX for this attack: + helps the target, − hurts it [TEXT L63]. */
  evasion: int.min(-10).max(10),
  /** +1 Damage per point on a Success or Critical [TEXT L65]. */
  damage: int.min(-5).max(10),
  /** Added to the target's Protection dice: − reduces armour [TEXT L67]. */
  penetration: int.min(-10).max(10),
  abilities: z.array(key).max(20)
})

/** A validated weapon profile. */
export type CarnevaleWeapon = z.infer<typeof weaponSchema>

/** carnevale.md §5.2 [TEXT L71–74]: "Sin armas", always available even when the card does not list it. */
export const UNARMED: CarnevaleWeapon = {
  name: 'Sin armas',
  rangeIn: 0,
  evasion: 0,
  damage: 0,
  penetration: 1,
  abilities: [AQUATIC]
}

/** carnevale.md §7, §10: counters a character can hold. */
export const countersSchema = z.strictObject({
  guard: z.boolean(),
  /** Stunned (Atontado) counters; §7 [REC] one is enough for the penalty, the count is kept for display. */
  stunned: int.min(0).max(10),
  /** In play: the round the Guard counter was taken (it lasts until the holder's next activation starts). */
  guardRound: int.min(0).max(100000).optional(),
  /** In play: the log length when the character was Stunned (its next activation is counted from there). */
  stunnedAt: int.min(0).max(10000000).optional()
})

/** Validated counters. */
export type CarnevaleCounters = z.infer<typeof countersSchema>

/** The printed profile of a character (carnevale.md §10), stored in `Combatant.stats`. */
export const statsSchema = z.strictObject({
  /** Inches per Move action (§4 [GAP-PUB]). */
  mov: int.min(0).max(20),
  /** Dexterity: the Ace target of attacks against it, and its dice for Disengage. */
  dex: attribute,
  /** Attack: dice of Combat, Grapple and Drown. */
  att: attribute,
  /** Protection (armour): dice rolled against Damage (§5.1 step 6). */
  pro: attribute,
  mind: attribute,
  apMax: int.min(0).max(10),
  willPoints: int.min(0).max(20).optional(),
  commandPoints: int.min(0).max(20).optional(),
  /** Character abilities ("Water Creature", ...). */
  abilities: z.array(key).max(40),
  /** The card's weapons; `UNARMED` is added by `weaponsOf`, never stored. */
  weapons: z.array(weaponSchema).max(10),
  /** What play adds to the card (§7): the Guard and Stunned counters; absent = none. */
  counters: countersSchema.optional()
})

/** A validated printed profile. */
export type CarnevaleStats = z.infer<typeof statsSchema>

/** What changes during play (carnevale.md §10): AP, counters, water, whether the character has activated. */
export const statusSchema = z.strictObject({
  ap: int.min(0).max(10),
  apSpentThisActivation: int.min(0).max(10),
  counters: countersSchema,
  inWater: z.boolean(),
  swimming: z.boolean(),
  activatedThisRound: z.boolean()
})

/** A validated status. */
export type CarnevaleStatus = z.infer<typeof statusSchema>

/** The whole §10 record: identity, position, Life, base, profile and status. */
export const characterSchema = z
  .strictObject({
    id: z.string().min(1).max(120),
    player: z.string().min(1).max(120),
    name: z.string().min(1).max(120),
    /** Base diameter in millimetres. */
    baseMm: z.number().min(10).max(200),
    /** Position in inches; z is the height of the base. */
    pos: z.strictObject({ x: z.number(), y: z.number(), z: z.number() }),
    lifeMax: int.min(1).max(50),
    life: int.min(0).max(50)
  })
  .extend(statsSchema.shape)
  .extend(statusSchema.shape)
  .refine((c) => c.life <= c.lifeMax, { message: 'life above lifeMax' })

/** A validated §10 character. */
export type CarnevaleCharacter = z.infer<typeof characterSchema>

/** The weapons a character may choose from: its card's, then the unarmed profile (§5.2 [TEXT L71]). */
export function weaponsOf(stats: Pick<CarnevaleStats, 'weapons'>): CarnevaleWeapon[] {
  return [...stats.weapons, UNARMED]
}

/** True when the weapon has the ability (case-insensitive: cards print "Aquatic", the source "Acuática"). */
export function weaponHas(weapon: CarnevaleWeapon, ability: string): boolean {
  const wanted = ability.toLowerCase()
  return weapon.abilities.some((a) => a.toLowerCase() === wanted)
}

/** carnevale.md §6 [TEXT L97]: whether the character is a Water Creature (and so cannot be drowned). */
export function isWaterCreature(stats: Pick<CarnevaleStats, 'abilities'>): boolean {
  const wanted = WATER_CREATURE.toLowerCase()
  return stats.abilities.some((a) => a.toLowerCase() === wanted)
}

/**
 * carnevale.md §4, §6 [TEXT L53]: a swimming character may use only Aquatic weapons, unless the action
 * started out of the water (jumping from the canal side into contact, say).
 */
export function weaponUsable(
  weapon: CarnevaleWeapon,
  swimming: boolean,
  startedOutOfWater: boolean
): boolean {
  return !swimming || startedOutOfWater || weaponHas(weapon, AQUATIC) || weaponHas(weapon, 'Acuática')
}

const statsCache = new WeakMap<object, CarnevaleStats>()

/** A figure's validated profile (parsed once per stats object; a bad profile is a content bug and throws). */
export function readStats(figure: { stats: Record<string, unknown> }): CarnevaleStats {
  const hit = statsCache.get(figure.stats)
  if (hit) return hit
  const stats = statsSchema.parse(figure.stats)
  statsCache.set(figure.stats, stats)
  return stats
}

/** The counters a figure holds (none when its stats carry no `counters`). */
export function countersOf(figure: { stats: Record<string, unknown> }): CarnevaleCounters {
  return readStats(figure).counters ?? { guard: false, stunned: 0 }
}
