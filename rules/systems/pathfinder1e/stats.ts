import { z } from 'zod'
import { cachedParser } from '../../core/stats'
import type { Combatant } from '../../core/types'

// A figure's Pathfinder profile (pathfinder1e.md §9), stored in `Combatant.stats`. Weapons, armor and
// spells are embedded (copied from content) so a save replays the same way even if content changes.
// HP is `Combatant.life` / `lifeMax`; everything else the rules read lives here.

const int = z.number().int()
const key = z.string().min(1).max(60)

/** pathfinder1e.md §2 size table, smallest first. */
export const sizes = ['F', 'D', 'T', 'S', 'M', 'L', 'H', 'G', 'C'] as const
/** A size category. */
export type Size = (typeof sizes)[number]

/** pathfinder1e.md §2 Table 8-1 [SRD]: attack/AC mod, special CMB/CMD mod, space (squares), reach (ft). */
export const SIZE_TABLE: Readonly<
  Record<Size, { mod: number; special: number; space: number; reachTall: number; reachLong: number }>
> = {
  F: { mod: 8, special: -8, space: 0.5, reachTall: 0, reachLong: 0 },
  D: { mod: 4, special: -4, space: 0.5, reachTall: 0, reachLong: 0 },
  T: { mod: 2, special: -2, space: 0.5, reachTall: 0, reachLong: 0 },
  S: { mod: 1, special: -1, space: 1, reachTall: 5, reachLong: 5 },
  M: { mod: 0, special: 0, space: 1, reachTall: 5, reachLong: 5 },
  L: { mod: -1, special: 1, space: 2, reachTall: 10, reachLong: 5 },
  H: { mod: -2, special: 2, space: 3, reachTall: 15, reachLong: 10 },
  G: { mod: -4, special: 4, space: 4, reachTall: 20, reachLong: 15 },
  C: { mod: -8, special: 8, space: 6, reachTall: 30, reachLong: 20 }
}

/** pathfinder1e.md §9 feats the combat rules read. */
export const feats = [
  'CombatReflexes',
  'ImprovedUnarmedStrike',
  'ImprovedTrip',
  'ImprovedDisarm',
  'ImprovedBullRush',
  'GreaterBullRush',
  'ImprovedOverrun',
  'ImprovedGrapple',
  'ImprovedSunder',
  'ImprovedFeint',
  'TwoWeaponFighting',
  'PreciseShot',
  'Run',
  'QuickDraw',
  'UncannyDodge',
  'PowerAttack',
  'CombatExpertise',
  'WeaponFinesse',
  'CombatCasting',
  'SneakAttack'
] as const

/** pathfinder1e.md §6 conditions a figure can be in between turns (turn-scoped facts live elsewhere). */
export const conditions = [
  'prone',
  'grappled',
  'pinned',
  'tiedUp',
  'stunned',
  'paralyzed',
  'asleep',
  'blinded',
  'dazzled',
  'entangled',
  'shaken',
  'frightened',
  'invisible',
  'stable',
  'unconscious',
  'dead',
  'staggered',
  'squeezing',
  'mounted'
] as const
/** A condition id. */
export type Condition = (typeof conditions)[number]

/** A damage expression: NdS, NdS+K, NdS-K or a constant (e.g. `1d8`, `2d6+4`, `1`). */
export const damageExpression = z.string().regex(/^(\d{1,2}d\d{1,3}([+-]\d{1,3})?|\d{1,3})$/, 'e.g. 1d8+2')

/** pathfinder1e.md §9 PfWeapon [SRD]. */
export const weaponFields = {
  id: z.string().min(1).max(120),
  damage: damageExpression,
  /** Lowest natural roll that threatens: 20 = 20 only, 19 = 19–20, 18 = 18–20. */
  critRange: int.min(2).max(20),
  critMult: int.min(2).max(4),
  types: z
    .array(z.enum(['B', 'P', 'S']))
    .min(1)
    .max(3),
  handedness: z.enum(['unarmed', 'light', 'one', 'two', 'ranged']),
  /** A reach weapon: threatens at twice the natural reach but not adjacent (§2). */
  reach: z.boolean(),
  /** Range increment in feet (ranged and thrown weapons). */
  rangeIncrementFt: int.min(5).max(500).optional(),
  thrown: z.boolean().optional(),
  /** Composite bow Strength rating (§4.4). */
  compositeStr: int.min(0).max(10).optional(),
  traits: z.array(z.enum(['brace', 'trip', 'disarm', 'double', 'lance', 'nonlethal', 'monk', 'finesse'])),
  enhancement: int.min(0).max(5),
  /** Hardness and HP for sunder (§4.11). */
  hardness: int.min(0).max(50).optional(),
  hp: int.min(1).max(200).optional(),
  /** Sunder (§4.11): the hit points left once damaged; absent = `hp`, undamaged. */
  hpLeft: int.min(1).max(200).optional(),
  /** Sunder (§4.11): broken, at half its hit points or fewer. */
  broken: z.boolean().optional()
}
/** A weapon as carried. */
export const weaponSchema = z.strictObject(weaponFields)

/** pathfinder1e.md §9 PfNaturalAttack: bite, claw, gore... */
export const naturalAttackSchema = z.strictObject({
  id: z.string().min(1).max(120),
  damage: damageExpression,
  primary: z.boolean(),
  critRange: int.min(2).max(20),
  critMult: int.min(2).max(4),
  types: z
    .array(z.enum(['B', 'P', 'S']))
    .min(1)
    .max(3),
  /** How many of this attack the creature has (2 claws). */
  count: int.min(1).max(8),
  /** A trip attempt as a free action on a hit (wolf's bite) [SRD]. */
  trip: z.boolean().optional(),
  /** A grapple attempt as a free action on a hit (grab) [SRD]. */
  grab: z.boolean().optional()
})

/** pathfinder1e.md §9 PfArmor: armor or shield as worn. */
export const armorSchema = z.strictObject({
  id: z.string().min(1).max(120),
  bonus: int.min(0).max(20),
  maxDex: int.min(0).max(20).nullable(),
  checkPenalty: int.min(-20).max(0),
  category: z.enum(['light', 'medium', 'heavy', 'shield']),
  enhancement: int.min(0).max(5)
})

/** A spell the figure can cast, with its casts left today. */
export const spellSlotSchema = z.strictObject({ id: key, level: int.min(0).max(9), uses: int.min(0).max(20) })

/** An effect that lasts until its owner's next turn starts (charge −2 AC, total defense...). */
export const effectSchema = z.strictObject({
  id: z.enum(['charged', 'totalDefense', 'fightingDefensively', 'feinted', 'mageArmor', 'held', 'running']),
  /** The figure whose next turn start ends it (itself for charge; the feinter for feint). */
  until: z.string().min(1).max(120),
  /** Rounds left when it lasts longer than a turn (spells); absent = until `until`'s next turn. */
  rounds: int.min(0).max(1000).optional(),
  value: int.min(-20).max(20).optional(),
  /** Save DC to end it each round (hold person). */
  dc: int.min(0).max(60).optional()
})

/** `Combatant.stats` for Pathfinder figures (pathfinder1e.md §9). */
export const statsSchema = z.strictObject({
  size: z.enum(sizes),
  shape: z.enum(['tall', 'long']),
  /** Creature type for feints, mindless effects and spells (humanoid for hold person). */
  creatureType: z.enum([
    'humanoid',
    'animal',
    'undead',
    'magicalBeast',
    'monstrousHumanoid',
    'vermin',
    'giant',
    'aberration'
  ]),
  /** Ability scores; Int 0 = mindless. */
  abilities: z.strictObject({
    str: int.min(0).max(60),
    dex: int.min(0).max(60),
    con: int.min(0).max(60),
    int: int.min(0).max(60),
    wis: int.min(0).max(60),
    cha: int.min(0).max(60)
  }),
  /** Hit dice / character level. */
  level: int.min(1).max(40),
  bab: int.min(0).max(40),
  nonlethal: int.min(0).max(1000),
  tempHp: int.min(0).max(1000),
  /** AC parts besides armor/shield items and Dex (§4.2). */
  ac: z.strictObject({
    natural: int.min(0).max(40),
    deflection: int.min(0).max(20),
    dodge: int.min(0).max(20),
    misc: int.min(-20).max(20)
  }),
  /** Base saves (§4.9). */
  saves: z.strictObject({ fort: int.min(-5).max(40), ref: int.min(-5).max(40), will: int.min(-5).max(40) }),
  /** Speeds in feet (land after armor). */
  speed: z.strictObject({
    land: int.min(0).max(200),
    climb: int.min(0).max(200).optional(),
    swim: int.min(0).max(200).optional(),
    fly: int.min(0).max(200).optional()
  }),
  initiativeMisc: int.min(-10).max(40),
  feats: z.array(z.enum(feats)).max(40),
  /** Skill totals the combat rules roll: acrobatics, ride, bluff, senseMotive, escapeArtist, heal, concentration. */
  skills: z.record(key, int.min(-20).max(60)),
  /** Skill ranks the combat rules read (acrobatics: 3 ranks make fighting defensively +3 AC, §3.2). */
  skillRanks: z.record(key, int.min(0).max(40)).optional(),
  weapons: z.array(weaponSchema).max(8),
  naturalAttacks: z.array(naturalAttackSchema).max(8),
  /** Weapons in hand by id: main hand, off hand (two-weapon fighting); a two-handed grip in main. */
  wielding: z.strictObject({ main: z.string().max(120).nullable(), off: z.string().max(120).nullable() }),
  armor: armorSchema.optional(),
  shield: armorSchema.optional(),
  legs: int.min(0).max(100),
  flying: z.boolean(),
  immuneCrit: z.boolean(),
  regeneration: z.boolean(),
  /** G-13: fills its squares completely (cannot be passed, not even with Acrobatics). */
  fillsSquares: z.boolean(),
  /** G-10: a combat-trained mount. */
  combatTrained: z.boolean().optional(),
  /** Sneak attack dice (rogue), added on flanked or Dex-less targets, never multiplied (§4.3). */
  sneakAttackDice: int.min(0).max(10).optional(),
  /** Spellcasting: caster level, the ability of the DCs and concentration, and prepared spells. */
  casterLevel: int.min(0).max(20).optional(),
  castingAbility: z.enum(['int', 'wis', 'cha']).optional(),
  spells: z.array(spellSlotSchema).max(20).optional(),
  conditions: z.array(z.enum(conditions)).max(19),
  effects: z.array(effectSchema).max(20),
  /** §3.1: false = unaware at the start (surprised): no surprise-round action, flat-footed. */
  aware: z.boolean(),
  /** §3.1: flat-footed until its first turn. */
  flatFooted: z.boolean(),
  /** §3.4: attacks of opportunity used in `aooRound`. */
  aooUsed: int.min(0).max(20),
  aooRound: int.min(0).max(100000),
  /** §3.2 Ready: the readied action and its trigger, until its next turn. */
  readied: z
    .strictObject({
      action: z.enum(['attack']),
      trigger: z.enum(['entersReach', 'attacks', 'casts', 'charges'])
    })
    .optional(),
  /** §4.11 grapple: the other figure and who controls it. */
  grapple: z.strictObject({ with: z.string().min(1).max(120), controls: z.boolean() }).optional(),
  /** §4.12: the mount this figure rides, or the rider this mount carries. */
  mountId: z.string().min(1).max(120).optional(),
  riderId: z.string().min(1).max(120).optional(),
  /** §3.2 restricted turn: a full-round action started this turn, completed next turn with a standard. */
  startedFull: z.string().min(1).max(40).optional(),
  /** §3.2 Run: consecutive rounds run (Con-score limit). */
  runRounds: int.min(0).max(100).optional(),
  /** §3.2 Run: rounds of rest left after running to its limit (no run, no double move meanwhile). */
  runRest: int.min(0).max(10).optional()
})

/** A validated Pathfinder profile. */
export type PfStats = z.infer<typeof statsSchema>
/** A weapon as carried. */
export type PfWeapon = z.infer<typeof weaponSchema>
/** A natural attack. */
export type PfNaturalAttack = z.infer<typeof naturalAttackSchema>
/** Armor or shield as worn. */
export type PfArmor = z.infer<typeof armorSchema>
/** A lasting effect. */
export type PfEffect = z.infer<typeof effectSchema>

/** The figure's validated stats; throws a clear error for a figure without a valid Pathfinder profile. */
export const readStats: (c: Combatant) => PfStats = cachedParser(statsSchema, 'Pathfinder')

/** An ability modifier: floor((score − 10) / 2) (§9). */
export function abilityMod(score: number): number {
  return Math.floor((score - 10) / 2)
}

/** Whether the figure has a condition. */
export function hasCondition(stats: PfStats, condition: Condition): boolean {
  return stats.conditions.includes(condition)
}

/** Whether the figure has a feat. */
export function hasFeat(stats: PfStats, feat: (typeof feats)[number]): boolean {
  return stats.feats.includes(feat)
}
