import { z } from 'zod'
import { contentFields, dropUndefined, loadDocuments, once } from '../../core/content'
import type { Combatant, Controller, Vec3 } from '../../core/types'
import {
  armorFields,
  armorSchema,
  conditionNames,
  rangedHasRange,
  statsSchema,
  weaponFields,
  weaponSchema,
  type ConditionName,
  type Hq2Stats
} from './stats'
import barbarian from './content/barbarian.json'
import battleAxe from './content/battle-axe.json'
import boneShield from './content/bone-shield.json'
import bracers from './content/bracers.json'
import broadsword from './content/broadsword.json'
import chainMail from './content/chain-mail.json'
import chaosWarrior from './content/chaos-warrior.json'
import claws from './content/claws.json'
import crossbow from './content/crossbow.json'
import dagger from './content/dagger.json'
import dwarf from './content/dwarf.json'
import elf from './content/elf.json'
import fimir from './content/fimir.json'
import gargoyle from './content/gargoyle.json'
import goblin from './content/goblin.json'
import handaxe from './content/handaxe.json'
import helmet from './content/helmet.json'
import leatherArmor from './content/leather-armor.json'
import longbow from './content/longbow.json'
import mummy from './content/mummy.json'
import orcArcher from './content/orc-archer.json'
import orc from './content/orc.json'
import plateArmor from './content/plate-armor.json'
import runeSword from './content/rune-sword.json'
import shield from './content/shield.json'
import shortbow from './content/shortbow.json'
import shortsword from './content/shortsword.json'
import skeleton from './content/skeleton.json'
import spear from './content/spear.json'
import staff from './content/staff.json'
import thickHide from './content/thick-hide.json'
import throwingDaggers from './content/throwing-daggers.json'
import wizard from './content/wizard.json'
import zombie from './content/zombie.json'

// Content is data: one JSON document per file, validated strictly (an unknown field fails loudly).

const { contentId, localized, source } = contentFields('hq2')

/** A weapon document (one JSON file). */
export const weaponDocSchema = z
  .strictObject({ ...weaponFields, id: contentId, type: z.literal('weapon'), name: localized, source })
  .refine(rangedHasRange, { message: 'ranged weapons need a range', path: ['range'] })

/** An armor or shield document (one JSON file). */
export const armorDocSchema = z.strictObject({
  ...armorFields,
  id: contentId,
  type: z.literal('armor'),
  name: localized,
  source
})

/** A creature document: a profile whose equipment refers to weapon and armor ids; seats are set on placement. */
export const creatureDocSchema = z.strictObject({
  id: contentId,
  type: z.literal('creature'),
  name: localized,
  role: z.enum(['hero', 'monster']),
  bodyMax: z.number().int().min(1).max(100000),
  stats: z.strictObject({
    ...statsSchema.omit({
      seat: true,
      conditions: true,
      subgroup: true,
      meleeWeapon: true,
      rangedWeapon: true,
      armor: true,
      carried: true
    }).shape,
    meleeWeapon: contentId.optional(),
    rangedWeapon: contentId.optional(),
    armor: z.array(contentId).max(6)
  }),
  source
})

/** Any HQ2 content document (one JSON file). */
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
  broadsword,
  shortsword,
  dagger,
  throwingDaggers,
  battleAxe,
  handaxe,
  staff,
  spear,
  longbow,
  shortbow,
  crossbow,
  claws,
  runeSword,
  helmet,
  shield,
  leatherArmor,
  chainMail,
  plateArmor,
  bracers,
  thickHide,
  boneShield,
  barbarian,
  dwarf,
  elf,
  wizard,
  goblin,
  orc,
  orcArcher,
  fimir,
  skeleton,
  zombie,
  mummy,
  chaosWarrior,
  gargoyle
]

/** HQ2 content by id. */
export interface Hq2Content {
  weapons: ReadonlyMap<string, WeaponDoc>
  armor: ReadonlyMap<string, ArmorDoc>
  creatures: ReadonlyMap<string, CreatureDoc>
}

/** Validates documents and their cross-references; throws on the first bad one. */
export function loadContent(documents: readonly unknown[] = bundledDocuments): Hq2Content {
  const { weapon, armor, creature } = loadDocuments(documents, contentDocSchema, {
    namespace: 'hq2',
    types: ['weapon', 'armor', 'creature']
  })
  const loaded = { weapons: weapon, armor, creatures: creature }
  for (const c of creature.values()) creatureStats(loaded, c, { seat: 0 })
  return loaded
}

/** The bundled content, validated once. */
export const hq2Content: () => Hq2Content = once(() => loadContent())

function weaponRef(content: Hq2Content, id: string | undefined, ranged: boolean, owner: string) {
  if (id === undefined) return undefined
  const doc = content.weapons.get(id)
  if (!doc || doc.ranged !== ranged) throw new Error(`hq2 content: ${owner} refers to unknown weapon ${id}`)
  const { type: _type, name: _name, source: _source, ...weapon } = doc
  return weaponSchema.parse(weapon)
}

/** Per-placement parts of a being's profile (hq2.md §3.1 seat, §6 conditions, A8 sub-group). */
export interface BeingSetup {
  seat: number
  conditions?: ConditionName[]
  subgroup?: string
}

/** A creature's stats with its equipment embedded (what `Combatant.stats` holds). */
export function creatureStats(content: Hq2Content, creature: CreatureDoc, setup: BeingSetup): Hq2Stats {
  const { meleeWeapon, rangedWeapon, armor, ...rest } = creature.stats
  const worn = armor.map((id) => {
    const doc = content.armor.get(id)
    if (!doc) throw new Error(`hq2 content: ${creature.id} refers to unknown armor ${id}`)
    const { type: _type, name: _name, source: _source, ...piece } = doc
    return armorSchema.parse(piece)
  })
  const melee = weaponRef(content, meleeWeapon, false, creature.id)
  // hq2.md §3.2 [TEXT L49–50]: two one-handed weapons or one two-handed; a shield takes a hand.
  const shields = worn.filter((a) => a.tags.includes('shield')).length
  if ((melee?.hands ?? 0) + shields > 2)
    throw new Error(`hq2 content: ${creature.id} needs more than two hands`)
  return statsSchema.parse(
    dropUndefined({
      ...rest,
      seat: setup.seat,
      conditions: setup.conditions ?? [],
      subgroup: setup.subgroup,
      meleeWeapon: melee,
      rangedWeapon: weaponRef(content, rangedWeapon, true, creature.id),
      armor: worn
    })
  )
}

/** Where and for whom a creature is placed on the board. */
export interface Placement extends Partial<BeingSetup> {
  id: string
  side: string
  pos: Vec3
  facing?: number
  controller?: Controller
  name?: string
  color?: number
}

/** A combatant made from a creature document (Spanish name unless one is given; seat 0 = BM by default). */
export function createBeing(
  creatureId: string,
  at: Placement,
  content: Hq2Content = hq2Content()
): Combatant {
  const creature = content.creatures.get(creatureId)
  if (!creature) throw new Error(`hq2 content: unknown creature ${creatureId}`)
  const setup: BeingSetup = {
    seat: at.seat ?? 0,
    ...(at.conditions ? { conditions: at.conditions.filter((c) => conditionNames.includes(c)) } : {}),
    ...(at.subgroup ? { subgroup: at.subgroup } : {})
  }
  return {
    id: at.id,
    name: at.name ?? creature.name.es,
    side: at.side,
    controller: at.controller ?? 'ai',
    pos: at.pos,
    facing: at.facing ?? 0,
    life: creature.bodyMax,
    lifeMax: creature.bodyMax,
    out: false,
    stats: creatureStats(content, creature, setup),
    ...(at.color !== undefined ? { color: at.color } : {})
  }
}
