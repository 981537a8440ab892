import { z } from 'zod'
import { contentFields, once } from '../../core/content'
import type { Combatant } from '../../core/types'
import burningHands from './content/burning-hands.json'
import cureLightWounds from './content/cure-light-wounds.json'
import holdPerson from './content/hold-person.json'
import mageArmor from './content/mage-armor.json'
import magicMissile from './content/magic-missile.json'
import sleep from './content/sleep.json'
import {
  abilityMod,
  conditions,
  damageExpression,
  effectSchema,
  readStats,
  statsSchema,
  type PfStats
} from './stats'

// The six spells of issue 9 as data (pathfinder1e.md §3.2 "Spells"; Core Rulebook chapter 10 [SRD]). The
// engine resolves every spell through the same few fields — range, area, save, duration and one effect
// from a small vocabulary — so a new spell is a JSON file, not code.

const { contentId, localized, source } = contentFields('pathfinder1e')
const int = z.number().int()

/** [SRD] range categories; a number is a fixed range in feet (burning hands: 15 ft). */
export const spellRangeSchema = z.union([
  z.enum(['personal', 'touch', 'close', 'medium', 'long']),
  int.min(5).max(1000)
])
/** A spell's range as its JSON file writes it. */
export type SpellRange = z.infer<typeof spellRangeSchema>

const areaSchema = z.discriminatedUnion('shape', [
  z.strictObject({ shape: z.literal('burst'), radiusFt: int.min(5).max(200) }),
  z.strictObject({ shape: z.literal('cone'), lengthFt: int.min(5).max(200) })
])

const durationSchema = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('instantaneous') }),
  z.strictObject({ unit: z.enum(['round', 'minute', 'hour']), perLevel: int.min(1).max(10) })
])

const saveSchema = z.strictObject({
  type: z.enum(['fort', 'ref', 'will']),
  onSuccess: z.enum(['half', 'negates']),
  /** "(harmless)": a willing target may skip it (cure light wounds on the living, mage armor). */
  harmless: z.boolean().optional()
})

/** `NdS` dice counted per caster level (burning hands: 1d4 per level, max 5d4). */
const perLevelDiceSchema = z.strictObject({
  die: z.string().regex(/^d\d{1,3}$/),
  maxDice: int.min(1).max(40)
})

/** One missile at the first level, one more every `everyLevels` levels beyond it, at most `max`. */
const missilesSchema = z.strictObject({
  first: int.min(1).max(10),
  everyLevels: int.min(1).max(10),
  max: int.min(1).max(20)
})

/** The effect vocabulary: each key is resolved generically by the engine. */
export const spellEffectSchema = z.discriminatedUnion('key', [
  z.strictObject({
    key: z.literal('damage'),
    energy: z.enum(['force', 'fire', 'cold', 'acid', 'electricity', 'sonic', 'negative', 'positive']),
    /** Fixed dice per hit (or per missile). */
    dice: damageExpression.optional(),
    /** Or dice that grow with the caster level. */
    perLevel: perLevelDiceSchema.optional(),
    missiles: missilesSchema.optional(),
    /** No attack roll (magic missile). */
    autoHit: z.boolean()
  }),
  z.strictObject({
    key: z.literal('heal'),
    dice: damageExpression,
    /** +1 per caster level, up to `maxBonus` (cure light wounds: +1/level, max +5). */
    bonusPerLevel: int.min(0).max(10),
    maxBonus: int.min(0).max(50),
    /** Positive energy damages undead instead (Will half). */
    harmsUndead: z.boolean()
  }),
  z.strictObject({
    key: z.literal('condition'),
    condition: z.enum(conditions),
    /** The lasting effect that carries the duration and the save DC (hold person: `held`). */
    effect: effectSchema.shape.id.optional(),
    /** Total Hit Dice affected, lowest first (sleep: 4). */
    hdBudget: int.min(1).max(40).optional(),
    /** Creatures with more Hit Dice are never affected (sleep: 4, so 5+ HD are immune). */
    maxTargetHd: int.min(1).max(40).optional(),
    /** A new save at the end of each of the target's turns ends it (hold person). */
    saveEachRound: z.boolean().optional()
  }),
  z.strictObject({
    key: z.literal('armorBonus'),
    bonus: int.min(1).max(20),
    effect: effectSchema.shape.id
  })
])
/** A spell effect. */
export type SpellEffect = z.infer<typeof spellEffectSchema>

/** A spell document (one JSON file). */
export const spellDocSchema = z
  .strictObject({
    id: contentId,
    type: z.literal('spell'),
    name: localized,
    school: z.enum(['abjuration', 'conjuration', 'enchantment', 'evocation', 'necromancy', 'transmutation']),
    descriptors: z.array(z.enum(['force', 'fire', 'mindAffecting', 'healing'])).max(4),
    /** Spell level by class list; a class without the spell has no key. */
    level: z
      .strictObject({ wizard: int.min(0).max(9).optional(), cleric: int.min(0).max(9).optional() })
      .refine((l) => l.wizard !== undefined || l.cleric !== undefined, 'a spell is on some class list'),
    /** §3.2: a standard action, or a full-round action. */
    action: z.enum(['standard', 'full']),
    /** §3.2 [TEXT]: casting time 1 round — a full-round action that takes effect just before the next turn. */
    oneRound: z.boolean().optional(),
    /** §3.4: casting provokes (unless cast defensively). */
    provokes: z.boolean(),
    range: spellRangeSchema,
    area: areaSchema.optional(),
    target: z.enum(['creature', 'creatures', 'self', 'area']),
    /** 'creatures': at most this many, no two farther apart than `targetSpreadFt`. */
    maxTargets: int.min(1).max(20).optional(),
    targetSpreadFt: int.min(5).max(200).optional(),
    /** Who can be affected: creature types, living only (not undead), mind-affecting (mindless immune). */
    affects: z
      .strictObject({
        creatureTypes: z.array(statsSchema.shape.creatureType).min(1).optional(),
        living: z.boolean().optional(),
        mindAffecting: z.boolean().optional()
      })
      .optional(),
    duration: durationSchema,
    save: saveSchema.nullable(),
    spellResistance: z.boolean(),
    effect: spellEffectSchema,
    source
  })
  .refine(
    (s) => s.effect.key !== 'damage' || (s.effect.dice === undefined) !== (s.effect.perLevel === undefined),
    {
      message: 'damage has either fixed dice or dice per level',
      path: ['effect']
    }
  )
  .refine((s) => (s.target === 'area') === (s.area !== undefined), {
    message: 'area spells, and only they, have an area',
    path: ['area']
  })
  .refine((s) => s.action === 'full' || !s.oneRound, { message: '1-round spells are full-round actions' })

/** A validated spell document (one JSON file). */
export type PfSpell = z.infer<typeof spellDocSchema>

/** The bundled spell documents, as imported (unvalidated). */
export const bundledSpells: readonly unknown[] = [
  magicMissile,
  burningHands,
  cureLightWounds,
  sleep,
  holdPerson,
  mageArmor
]

const spellMap = once(() => {
  const map = new Map<string, PfSpell>()
  for (const raw of bundledSpells) {
    const spell = spellDocSchema.parse(raw)
    map.set(spell.id, spell)
  }
  return map
})

/** Every bundled spell, validated, by id. */
export function allSpells(): ReadonlyMap<string, PfSpell> {
  return spellMap()
}

/** The bundled spell with this id (`pathfinder1e:sleep`), or undefined. */
export function spellById(id: string): PfSpell | undefined {
  return spellMap().get(id)
}

/** [SRD] range in feet: close 25 + 5 per 2 levels, medium 100 + 10/level, long 400 + 40/level; touch 5. */
export function rangeFt(range: SpellRange, casterLevel: number): number {
  if (typeof range === 'number') return range
  switch (range) {
    case 'personal':
      return 0
    case 'touch':
      return 5
    case 'close':
      return 25 + 5 * Math.floor(casterLevel / 2)
    case 'medium':
      return 100 + 10 * casterLevel
    case 'long':
      return 400 + 40 * casterLevel
  }
}

const MAGIC_MISSILE = 'pathfinder1e:magic-missile'
const SLEEP = 'pathfinder1e:sleep'

function bundled(id: string): PfSpell {
  const spell = spellById(id)
  if (!spell) throw new Error(`pathfinder1e: no bundled spell ${id}`)
  return spell
}

/** [SRD] magic missile: 1 missile, +1 per two levels beyond 1st (3rd, 5th, 7th, 9th), at most 5. */
export function missilesFor(casterLevel: number, spell: PfSpell = bundled(MAGIC_MISSILE)): number {
  if (spell.effect.key !== 'damage' || !spell.effect.missiles) return 1
  const { first, everyLevels, max } = spell.effect.missiles
  return Math.min(max, first + Math.floor(Math.max(0, casterLevel - 1) / everyLevels))
}

/** [SRD] sleep: the Hit Dice it can put to sleep (4). */
export function sleepHdBudget(spell: PfSpell = bundled(SLEEP)): number {
  return spell.effect.key === 'condition' ? (spell.effect.hdBudget ?? 0) : 0
}

/** A creature an HD-budget spell may catch: its Hit Dice and its distance to the point of origin. */
export interface HdCandidate {
  id: string
  hd: number
  distanceFt: number
}

/**
 * [SRD] sleep: creatures with the fewest HD first, ties to the closest to the point of origin; HD too few
 * for the next creature are wasted, and creatures above `maxTargetHd` are never affected. The budget is
 * spent before the saves (a creature that saves still used its share). Returns the chosen ids in order.
 */
export function pickByHitDice(spell: PfSpell, candidates: readonly HdCandidate[]): string[] {
  if (spell.effect.key !== 'condition' || spell.effect.hdBudget === undefined)
    return candidates.map((c) => c.id)
  const cap = spell.effect.maxTargetHd ?? Number.POSITIVE_INFINITY
  const ordered = candidates
    .filter((c) => c.hd <= cap)
    .toSorted((a, b) => a.hd - b.hd || a.distanceFt - b.distanceFt || a.id.localeCompare(b.id))
  const chosen: string[] = []
  let left = spell.effect.hdBudget
  for (const c of ordered) {
    if (c.hd > left) break
    chosen.push(c.id)
    left -= c.hd
  }
  return chosen
}

/**
 * The dice of one application at this caster level: burning hands `3d4` at 3rd; magic missile `1d4+1` per
 * missile; cure light wounds `1d8+3` at 3rd. Undefined for spells without dice.
 */
export function effectDice(spell: PfSpell, casterLevel: number): string | undefined {
  const e = spell.effect
  if (e.key === 'damage') {
    if (e.dice !== undefined) return e.dice
    if (e.perLevel) return `${Math.min(e.perLevel.maxDice, Math.max(1, casterLevel))}${e.perLevel.die}`
  }
  if (e.key === 'heal') {
    const bonus = Math.min(e.maxBonus, e.bonusPerLevel * casterLevel)
    return bonus === 0 ? e.dice : `${e.dice}+${bonus}`
  }
  return undefined
}

/** The duration in rounds (1 minute = 10 rounds, 1 hour = 600), or undefined when instantaneous. */
export function durationRounds(spell: PfSpell, casterLevel: number): number | undefined {
  const d = spell.duration
  if (d.unit === 'instantaneous') return undefined
  const perUnit = { round: 1, minute: 10, hour: 600 }[d.unit]
  return perUnit * d.perLevel * casterLevel
}

/** The class list a caster draws from: Intelligence and Charisma casters use the sorcerer/wizard list. */
function classOf(stats: PfStats): 'wizard' | 'cleric' {
  if (!stats.castingAbility) throw new Error('pathfinder1e: this figure casts no spells')
  return stats.castingAbility === 'wis' ? 'cleric' : 'wizard'
}

/** The level the caster casts the spell at: its prepared slot's level, else its class list's level. */
export function spellLevelFor(stats: PfStats, spell: PfSpell): number {
  const slot = stats.spells?.find((s) => s.id === spell.id)
  if (slot) return slot.level
  const level = spell.level[classOf(stats)]
  if (level === undefined) throw new Error(`pathfinder1e: ${spell.id} is not on the ${classOf(stats)} list`)
  return level
}

/** [SRD] save DC = 10 + spell level + the caster's casting ability modifier. */
export function spellDc(caster: Combatant, spell: PfSpell): number {
  const stats = readStats(caster)
  if (!stats.castingAbility) throw new Error(`pathfinder1e: ${caster.id} casts no spells`)
  return 10 + spellLevelFor(stats, spell) + abilityMod(stats.abilities[stats.castingAbility])
}

/**
 * Whether the spell can affect this target at all (before saves): hold person only humanoids; sleep only
 * living (not undead), minded (Int > 0) creatures of at most `maxTargetHd` HD.
 */
export function canAffect(spell: PfSpell, target: PfStats): boolean {
  const a = spell.affects
  if (a?.creatureTypes && !a.creatureTypes.includes(target.creatureType)) return false
  if (a?.living && target.creatureType === 'undead') return false
  if (a?.mindAffecting && target.abilities.int === 0) return false
  if (spell.effect.key === 'condition' && spell.effect.maxTargetHd !== undefined)
    return target.level <= spell.effect.maxTargetHd
  return true
}
