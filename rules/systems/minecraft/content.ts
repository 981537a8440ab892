import { z } from 'zod'
import { contentFields, dropUndefined, loadDocuments, once } from '../../core/content'
import type { Combatant, Controller, Vec3 } from '../../core/types'
import { armorSchema, statsSchema, hasFaIfRanged, weaponFields, weaponSchema, type McStats } from './stats'
import alex from './content/alex.json'
import bow from './content/bow.json'
import chainmailArmor from './content/chainmail-armor.json'
import diamondArmor from './content/diamond-armor.json'
import diamondSword from './content/diamond-sword.json'
import goldArmor from './content/gold-armor.json'
import goldSword from './content/gold-sword.json'
import ironArmor from './content/iron-armor.json'
import ironSword from './content/iron-sword.json'
import leatherArmor from './content/leather-armor.json'
import skeleton from './content/skeleton.json'
import steve from './content/steve.json'
import stoneSword from './content/stone-sword.json'
import unarmed from './content/unarmed.json'
import woodSword from './content/wood-sword.json'
import zombie from './content/zombie.json'
import creeper from './content/creeper.json'
import crossbow from './content/crossbow.json'
import drowned from './content/drowned.json'
import enderman from './content/enderman.json'
import husk from './content/husk.json'
import ironAxe from './content/iron-axe.json'
import kai from './content/kai.json'
import noor from './content/noor.json'
import pillager from './content/pillager.json'
import spider from './content/spider.json'
import splashPotion from './content/splash-potion.json'
import trident from './content/trident.json'
import vindicator from './content/vindicator.json'
import witch from './content/witch.json'

// Content is data: one JSON document per file, validated strictly (an unknown field fails loudly).

const { contentId, localized, source } = contentFields('minecraft')

/** A weapon document (one JSON file). */
export const weaponDocSchema = z
  .strictObject({ ...weaponFields, id: contentId, type: z.literal('weapon'), name: localized, source })
  .refine(hasFaIfRanged, { message: 'ranged and thrown weapons need fa', path: ['fa'] })

/** An armor document (one JSON file). */
export const armorDocSchema = z.strictObject({
  ...armorSchema.shape,
  id: contentId,
  type: z.literal('armor'),
  name: localized,
  source
})

/** A creature document: a profile whose equipment refers to weapon and armor ids. */
export const creatureDocSchema = z.strictObject({
  id: contentId,
  type: z.literal('creature'),
  name: localized,
  role: z.enum(['hero', 'monster']),
  lifeMax: z.number().int().min(1).max(100),
  stats: z.strictObject({
    ...statsSchema.omit({ meleeWeapon: true, rangedWeapon: true, armor: true }).shape,
    meleeWeapon: contentId.optional(),
    rangedWeapon: contentId.optional(),
    armor: contentId.optional()
  }),
  source
})

/** Any Minecraft content document (one JSON file). */
export const contentDocSchema = z.discriminatedUnion('type', [
  weaponDocSchema,
  armorDocSchema,
  creatureDocSchema
])

/** A validated weapon document (one JSON file). */
export type WeaponDoc = z.infer<typeof weaponDocSchema>
/** A validated armor document (one JSON file). */
export type ArmorDoc = z.infer<typeof armorDocSchema>
/** A validated creature document (one JSON file). */
export type CreatureDoc = z.infer<typeof creatureDocSchema>

/** The bundled documents, as imported (unvalidated). */
export const bundledDocuments: readonly unknown[] = [
  woodSword,
  stoneSword,
  ironSword,
  goldSword,
  diamondSword,
  ironAxe,
  unarmed,
  bow,
  crossbow,
  trident,
  splashPotion,
  leatherArmor,
  ironArmor,
  chainmailArmor,
  goldArmor,
  diamondArmor,
  steve,
  alex,
  noor,
  kai,
  zombie,
  skeleton,
  creeper,
  spider,
  enderman,
  witch,
  husk,
  drowned,
  pillager,
  vindicator
]

/** Minecraft content by id. */
export interface McContent {
  weapons: ReadonlyMap<string, WeaponDoc>
  armor: ReadonlyMap<string, ArmorDoc>
  creatures: ReadonlyMap<string, CreatureDoc>
}

/** Validates documents and their cross-references; throws on the first bad one. */
export function loadContent(documents: readonly unknown[] = bundledDocuments): McContent {
  const { weapon, armor, creature } = loadDocuments(documents, contentDocSchema, {
    namespace: 'minecraft',
    types: ['weapon', 'armor', 'creature']
  })
  const loaded = { weapons: weapon, armor, creatures: creature }
  for (const c of creature.values()) creatureStats(loaded, c)
  return loaded
}

/** The bundled content, validated once. */
export const minecraftContent: () => McContent = once(() => loadContent())

function weaponRef(content: McContent, id: string | undefined, kinds: readonly string[], owner: string) {
  if (id === undefined) return undefined
  const doc = content.weapons.get(id)
  if (!doc || !kinds.includes(doc.kind))
    throw new Error(`minecraft content: ${owner} refers to unknown weapon ${id}`)
  return weaponSchema.parse(
    dropUndefined({ id: doc.id, kind: doc.kind, skillKey: doc.skillKey, material: doc.material, fa: doc.fa })
  )
}

/** A creature's stats with its equipment embedded (what `Combatant.stats` holds). */
export function creatureStats(content: McContent, creature: CreatureDoc): McStats {
  const { meleeWeapon, rangedWeapon, armor, ...rest } = creature.stats
  const armorDoc = armor === undefined ? undefined : content.armor.get(armor)
  if (armor !== undefined && !armorDoc)
    throw new Error(`minecraft content: ${creature.id} refers to unknown armor ${armor}`)
  return statsSchema.parse(
    dropUndefined({
      ...rest,
      meleeWeapon: weaponRef(content, meleeWeapon, ['melee'], creature.id),
      rangedWeapon: weaponRef(content, rangedWeapon, ['ranged', 'thrown'], creature.id),
      armor: armorDoc ? { id: armorDoc.id, material: armorDoc.material } : undefined
    })
  )
}

/** Where and for whom a creature is placed on the board. */
export interface Placement {
  id: string
  side: string
  pos: Vec3
  facing?: number
  controller?: Controller
  name?: string
}

/** A combatant made from a creature document (Spanish name unless one is given). */
export function createFigure(
  creatureId: string,
  at: Placement,
  content: McContent = minecraftContent()
): Combatant {
  const creature = content.creatures.get(creatureId)
  if (!creature) throw new Error(`minecraft content: unknown creature ${creatureId}`)
  return {
    id: at.id,
    name: at.name ?? creature.name.es,
    side: at.side,
    controller: at.controller ?? 'ai',
    pos: at.pos,
    facing: at.facing ?? 0,
    life: creature.lifeMax,
    lifeMax: creature.lifeMax,
    out: false,
    stats: creatureStats(content, creature)
  }
}
