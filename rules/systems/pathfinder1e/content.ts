import { z } from 'zod'
import { contentFields, dropUndefined, loadDocuments, once } from '../../core/content'
import type { Combatant, Controller, Vec3 } from '../../core/types'
import { bundledSpells, spellDocSchema, type PfSpell } from './spells'
import {
  armorSchema,
  sizes,
  SIZE_TABLE,
  statsSchema,
  weaponFields,
  weaponSchema,
  type PfArmor,
  type PfStats,
  type PfWeapon
} from './stats'
import bandedMail from './content/banded-mail.json'
import banditPriest from './content/bandit-priest.json'
import bandit from './content/bandit.json'
import battleaxe from './content/battleaxe.json'
import breastplate from './content/breastplate.json'
import buckler from './content/buckler.json'
import bugbear from './content/bugbear.json'
import chainShirtBroken from './content/chain-shirt-broken.json'
import chainShirt from './content/chain-shirt.json'
import chainmail from './content/chainmail.json'
import club from './content/club.json'
import compositeLongbow from './content/composite-longbow.json'
import dagger from './content/dagger.json'
import direRat from './content/dire-rat.json'
import direWolf from './content/dire-wolf.json'
import falchion from './content/falchion.json'
import flail from './content/flail.json'
import fullPlate from './content/full-plate.json'
import ghoul from './content/ghoul.json'
import giantCentipede from './content/giant-centipede.json'
import giantSpider from './content/giant-spider.json'
import glaive from './content/glaive.json'
import gnoll from './content/gnoll.json'
import goblinArcher from './content/goblin-archer.json'
import goblinDog from './content/goblin-dog.json'
import goblin from './content/goblin.json'
import greataxe from './content/greataxe.json'
import greatclubLarge from './content/greatclub-large.json'
import greatclub from './content/greatclub.json'
import greatsword from './content/greatsword.json'
import halberd from './content/halberd.json'
import halfPlate from './content/half-plate.json'
import halflingRogue from './content/halfling-rogue.json'
import handaxe from './content/handaxe.json'
import heavyCrossbow from './content/heavy-crossbow.json'
import heavyFlail from './content/heavy-flail.json'
import heavyMace from './content/heavy-mace.json'
import heavySteelShield from './content/heavy-steel-shield.json'
import heavyWoodenShield from './content/heavy-wooden-shield.json'
import hide from './content/hide.json'
import hobgoblin from './content/hobgoblin.json'
import humanCleric from './content/human-cleric.json'
import humanFighter from './content/human-fighter.json'
import humanWizard from './content/human-wizard.json'
import javelinLarge from './content/javelin-large.json'
import javelin from './content/javelin.json'
import kobold from './content/kobold.json'
import lance from './content/lance.json'
import leather from './content/leather.json'
import lightCrossbow from './content/light-crossbow.json'
import lightHorse from './content/light-horse.json'
import lightMace from './content/light-mace.json'
import lightSteelShield from './content/light-steel-shield.json'
import lightWarhorse from './content/light-warhorse.json'
import lightWoodenShield from './content/light-wooden-shield.json'
import lizardfolk from './content/lizardfolk.json'
import longbow from './content/longbow.json'
import longspear from './content/longspear.json'
import longsword from './content/longsword.json'
import morningstar from './content/morningstar.json'
import ogre from './content/ogre.json'
import orc from './content/orc.json'
import owlbear from './content/owlbear.json'
import padded from './content/padded.json'
import quarterstaff from './content/quarterstaff.json'
import rapierSmall from './content/rapier-small.json'
import rapier from './content/rapier.json'
import ridingDog from './content/riding-dog.json'
import sap from './content/sap.json'
import scaleMail from './content/scale-mail.json'
import scimitar from './content/scimitar.json'
import shortbowSmall from './content/shortbow-small.json'
import shortbow from './content/shortbow.json'
import shortspear from './content/shortspear.json'
import shortswordSmall from './content/shortsword-small.json'
import shortsword from './content/shortsword.json'
import sickle from './content/sickle.json'
import skeleton from './content/skeleton.json'
import slingSmall from './content/sling-small.json'
import sling from './content/sling.json'
import spearSmall from './content/spear-small.json'
import spear from './content/spear.json'
import splintMail from './content/splint-mail.json'
import studdedLeather from './content/studded-leather.json'
import towerShield from './content/tower-shield.json'
import trident from './content/trident.json'
import unarmedStrike from './content/unarmed-strike.json'
import warhammer from './content/warhammer.json'
import wolf from './content/wolf.json'
import worg from './content/worg.json'
import zombie from './content/zombie.json'

// Content is data (house style): one JSON document per file, validated strictly, with `pathfinder1e:` ids
// and a `source` naming the OGL text its numbers come from. Creatures refer to weapon and armor documents by
// id; a figure gets embedded copies (pathfinder1e.md §9) so a save replays the same if content changes.

const { contentId, localized, source } = contentFields('pathfinder1e')
const int = z.number().int()

/** A weapon document: the §9 weapon fields, names, the wielder size its damage is for, and the source. */
export const weaponDocSchema = z
  .strictObject({
    ...weaponFields,
    id: contentId,
    type: z.literal('weapon'),
    name: localized,
    sizedFor: z.enum(sizes),
    source
  })
  .refine((w) => (w.handedness === 'ranged' || w.thrown === true) === (w.rangeIncrementFt !== undefined), {
    message: 'ranged and thrown weapons, and only they, have a range increment',
    path: ['rangeIncrementFt']
  })
  .refine((w) => !w.reach || w.handedness !== 'ranged', { message: 'reach is for melee weapons' })
  .refine((w) => !w.traits.includes('double') || w.handedness === 'two', {
    message: 'double weapons are two-handed'
  })
  .refine((w) => w.compositeStr === undefined || w.handedness === 'ranged', {
    message: 'only bows are composite'
  })

/** An armor or shield document (Core Rulebook Table 6-6). */
export const armorDocSchema = z
  .strictObject({ ...armorSchema.shape, id: contentId, type: z.literal('armor'), name: localized, source })
  .refine((a) => a.category === 'shield' || a.maxDex !== null, { message: 'armor has a maximum Dex bonus' })

// What a figure gains only in play (pathfinder1e.md §3, §4.11, §4.12): a document never sets it.
const inPlay = {
  weapons: true,
  armor: true,
  shield: true,
  spells: true,
  conditions: true,
  nonlethal: true,
  tempHp: true,
  effects: true,
  aware: true,
  flatFooted: true,
  aooUsed: true,
  aooRound: true,
  readied: true,
  grapple: true,
  mountId: true,
  riderId: true,
  startedFull: true,
  runRounds: true
} as const

/** A creature or ready hero: its profile with equipment and spells referred to by id. */
export const creatureDocSchema = z.strictObject({
  id: contentId,
  type: z.literal('creature'),
  name: localized,
  role: z.enum(['hero', 'monster', 'mount']),
  /** Challenge rating as printed (`1/3`, `2`); heroes have none. */
  cr: z
    .string()
    .regex(/^(1\/[2-8]|[1-9]\d?)$/)
    .optional(),
  /** Hit points: `Combatant.lifeMax`. */
  hp: int.min(1).max(2000),
  stats: z.strictObject({
    ...statsSchema.omit(inPlay).shape,
    weapons: z.array(contentId).max(8),
    armor: contentId.optional(),
    shield: contentId.optional(),
    spells: z
      .array(z.strictObject({ id: contentId, level: int.min(0).max(9), uses: int.min(0).max(20) }))
      .max(20)
      .optional(),
    /** Permanent conditions (a zombie is always staggered). */
    conditions: statsSchema.shape.conditions.optional()
  }),
  /** What the rules engine does not model for this creature, and the folding of bonuses into fields. */
  notes: z.string().min(1).max(600).optional(),
  source
})

/** Any Pathfinder content document (one JSON file). */
export const contentDocSchema = z.discriminatedUnion('type', [
  weaponDocSchema,
  armorDocSchema,
  creatureDocSchema,
  spellDocSchema
])

/** A validated weapon document (one JSON file). */
export type WeaponDoc = z.infer<typeof weaponDocSchema>
/** A validated armor or shield document (one JSON file). */
export type ArmorDoc = z.infer<typeof armorDocSchema>
/** A validated creature document (one JSON file). */
export type CreatureDoc = z.infer<typeof creatureDocSchema>
/** Any validated content document (one JSON file). */
export type Pf1ContentDoc = z.infer<typeof contentDocSchema>

/** The bundled documents, as imported (unvalidated). */
export const bundledDocuments: readonly unknown[] = [
  ...[
    unarmedStrike,
    dagger,
    lightMace,
    sickle,
    club,
    heavyMace,
    morningstar,
    shortspear,
    longspear,
    quarterstaff
  ],
  ...[spear, lightCrossbow, heavyCrossbow, javelin, sling, handaxe, shortsword, sap, battleaxe, flail],
  ...[longsword, rapier, scimitar, trident, warhammer, falchion, glaive, greataxe, greatclub, greatsword],
  ...[halberd, heavyFlail, lance, longbow, compositeLongbow, shortbow],
  ...[shortswordSmall, shortbowSmall, rapierSmall, spearSmall, slingSmall, greatclubLarge, javelinLarge],
  ...[padded, leather, studdedLeather, chainShirt, hide, scaleMail, chainmail, breastplate, splintMail],
  ...[bandedMail, halfPlate, fullPlate, chainShirtBroken],
  ...[buckler, lightWoodenShield, lightSteelShield, heavyWoodenShield, heavySteelShield, towerShield],
  ...[humanFighter, halflingRogue, humanCleric, humanWizard],
  ...[goblin, goblinArcher, orc, skeleton, zombie, wolf, ogre, giantSpider, hobgoblin, gnoll, bugbear],
  ...[direRat, owlbear, kobold, worg, bandit, lizardfolk, ghoul, direWolf, giantCentipede, banditPriest],
  ...[lightHorse, lightWarhorse, goblinDog, ridingDog],
  ...bundledSpells
]

/** Pathfinder content by id, one map per document type, and every document in `byId`. */
export interface Pf1Content {
  weapons: ReadonlyMap<string, WeaponDoc>
  armor: ReadonlyMap<string, ArmorDoc>
  creatures: ReadonlyMap<string, CreatureDoc>
  spells: ReadonlyMap<string, PfSpell>
  byId: ReadonlyMap<string, Pf1ContentDoc>
}

function need<T>(map: ReadonlyMap<string, T>, id: string, owner: string, what: string): T {
  const doc = map.get(id)
  if (!doc) throw new Error(`pathfinder1e content: ${owner} refers to unknown ${what} ${id}`)
  return doc
}

/** Validates documents and their cross-references (equipment, grips, spells); throws on the first bad one. */
export function loadContent(documents: readonly unknown[] = bundledDocuments): Pf1Content {
  const { weapon, armor, creature, spell } = loadDocuments(documents, contentDocSchema, {
    namespace: 'pathfinder1e',
    types: ['weapon', 'armor', 'creature', 'spell']
  })
  const byId = new Map<string, Pf1ContentDoc>([...weapon, ...armor, ...creature, ...spell])
  const loaded: Pf1Content = { weapons: weapon, armor, creatures: creature, spells: spell, byId }
  for (const c of creature.values()) {
    checkCreature(loaded, c)
    creatureStats(loaded, c)
  }
  return loaded
}

function checkCreature(content: Pf1Content, c: CreatureDoc): void {
  const s = c.stats
  for (const grip of [s.wielding.main, s.wielding.off]) {
    if (grip !== null && !s.weapons.includes(grip))
      throw new Error(`pathfinder1e content: ${c.id} wields ${grip}, which it does not carry`)
  }
  if (s.armor && need(content.armor, s.armor, c.id, 'armor').category === 'shield')
    throw new Error(`pathfinder1e content: ${c.id} wears the shield ${s.armor} as armor`)
  if (s.shield && need(content.armor, s.shield, c.id, 'shield').category !== 'shield')
    throw new Error(`pathfinder1e content: ${c.id} carries ${s.shield} as a shield`)
  if ((s.spells !== undefined) !== (s.castingAbility !== undefined && s.casterLevel !== undefined))
    throw new Error(
      `pathfinder1e content: ${c.id} needs spells, a caster level and a casting ability together`
    )
  const list = s.castingAbility === 'wis' ? 'cleric' : 'wizard'
  for (const slot of s.spells ?? []) {
    const level = need(content.spells, slot.id, c.id, 'spell').level[list]
    if (level !== slot.level)
      throw new Error(
        `pathfinder1e content: ${c.id} prepares ${slot.id} at level ${slot.level}, not ${level}`
      )
  }
}

/** The bundled content, validated once. */
export const pathfinder1eContent: () => Pf1Content = once(() => loadContent())

/** A bundled weapon document by id, or undefined. */
export function weaponById(id: string): WeaponDoc | undefined {
  return pathfinder1eContent().weapons.get(id)
}

/** A bundled armor or shield document by id, or undefined. */
export function armorById(id: string): ArmorDoc | undefined {
  return pathfinder1eContent().armor.get(id)
}

/** A bundled creature or hero document by id, or undefined. */
export function creatureById(id: string): CreatureDoc | undefined {
  return pathfinder1eContent().creatures.get(id)
}

/** A weapon as carried in `Combatant.stats` (the document without its names, size and source). */
export function toWeapon(doc: WeaponDoc): PfWeapon {
  const { type: _type, name: _name, source: _source, sizedFor: _sizedFor, ...weapon } = doc
  return weaponSchema.parse(weapon)
}

/** Armor or a shield as worn in `Combatant.stats`. */
export function toArmor(doc: ArmorDoc): PfArmor {
  const { type: _type, name: _name, source: _source, ...worn } = doc
  return armorSchema.parse(worn)
}

/** A creature's stats at the start of a fight: equipment embedded, flat-footed, aware, nothing spent. */
export function creatureStats(content: Pf1Content, creature: CreatureDoc): PfStats {
  const { weapons, armor, shield, conditions, ...rest } = creature.stats
  return statsSchema.parse(
    dropUndefined({
      ...rest,
      weapons: weapons.map((id) => toWeapon(need(content.weapons, id, creature.id, 'weapon'))),
      armor: armor === undefined ? undefined : toArmor(need(content.armor, armor, creature.id, 'armor')),
      shield: shield === undefined ? undefined : toArmor(need(content.armor, shield, creature.id, 'shield')),
      conditions: conditions ?? [],
      nonlethal: 0,
      tempHp: 0,
      effects: [],
      aware: true,
      flatFooted: true,
      aooUsed: 0,
      aooRound: 0
    })
  )
}

/** Where and for whom a creature is placed on the board. */
export interface Placement {
  id: string
  side: string
  pos: Vec3
  controller?: Controller
  name?: string
  /** §3.1: false = surprised (no surprise-round action); default true. */
  aware?: boolean
  facing?: number
  color?: number
}

/**
 * A combatant from a creature document: life = lifeMax = its hp, `lifeMin` = −Con score (§5: dead at −Con;
 * 0 for undead, destroyed at 0), footprint from its size (§2), flat-footed until its first turn (§3.1).
 */
export function createFigure(
  contentId: string,
  at: Placement,
  content: Pf1Content = pathfinder1eContent()
): Combatant {
  const creature = content.creatures.get(contentId)
  if (!creature) throw new Error(`pathfinder1e content: unknown creature ${contentId}`)
  const stats = creatureStats(content, creature)
  const con = stats.abilities.con
  return {
    id: at.id,
    name: at.name ?? creature.name.es,
    side: at.side,
    controller: at.controller ?? 'ai',
    pos: at.pos,
    facing: at.facing ?? 0,
    life: creature.hp,
    lifeMax: creature.hp,
    lifeMin: con === 0 ? 0 : -con,
    out: false,
    stats: at.aware === false ? statsSchema.parse({ ...stats, aware: false }) : stats,
    size: SIZE_TABLE[stats.size].space,
    ...(at.color === undefined ? {} : { color: at.color })
  }
}
