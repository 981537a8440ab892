import { z } from 'zod'
import { contentFields, loadDocuments, once } from '../../core/content'
import type { Combatant, Controller, Vec3 } from '../../core/types'
import { ELEMENTS } from './settings'
import { armorSchema, SIZE_TABLE, statsSchema, weaponFields, weaponSchema, type AthkriStats } from './stats'
import arcoCorto from './content/arco-corto.json'
import arcoLargo from './content/arco-largo.json'
import armaduraDeCuero from './content/armadura-de-cuero.json'
import armaduraDePlacas from './content/armadura-de-placas.json'
import arquero from './content/arquero.json'
import baston from './content/baston.json'
import clerigoAcolito from './content/clerigo-acolito.json'
import cotaDeMalla from './content/cota-de-malla.json'
import daga from './content/daga.json'
import espadaCorta from './content/espada-corta.json'
import espadaLarga from './content/espada-larga.json'
import esqueletoArquero from './content/esqueleto-arquero.json'
import garrasDeTroll from './content/garras-de-troll.json'
import garroteDeOgro from './content/garrote-de-ogro.json'
import goblinArquero from './content/goblin-arquero.json'
import golemDePiedra from './content/golem-de-piedra.json'
import guerrera from './content/guerrera.json'
import hachaDeBatalla from './content/hacha-de-batalla.json'
import huargo from './content/huargo.json'
import jineteGoblin from './content/jinete-goblin.json'
import lanza from './content/lanza.json'
import maga from './content/maga.json'
import mordiscoDeHuargo from './content/mordisco-de-huargo.json'
import mordiscoDeRata from './content/mordisco-de-rata.json'
import ogro from './content/ogro.json'
import orco from './content/orco.json'
import picara from './content/picara.json'
import pielGruesa from './content/piel-gruesa.json'
import punoDePiedra from './content/puno-de-piedra.json'
import rataDeCloaca from './content/rata-de-cloaca.json'
import rayoDeFuego from './content/rayo-de-fuego.json'
import toqueImpio from './content/toque-impio.json'
import troll from './content/troll.json'

// Content is data: one JSON document per file, validated strictly (an unknown field fails loudly).

const { contentId, localized, source } = contentFields('athkri')

/** A weapon document (one JSON file). */
export const weaponDocSchema = z
  .strictObject({ ...weaponFields, id: contentId, type: z.literal('weapon'), name: localized, source })
  .refine((w) => w.kind === 'melee' || w.range !== undefined, { message: 'ranged weapons need a range' })

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
  lifeMax: z.number().int().min(1).max(500),
  stats: z.strictObject({
    ...statsSchema.omit({ weapons: true, armor: true, mountId: true }).shape,
    weapons: z.array(contentId).min(1).max(8),
    armor: contentId.optional()
  }),
  source
})

/** Any Athkri content document (one JSON file). */
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
  ...[
    arcoCorto,
    arcoLargo,
    baston,
    daga,
    espadaCorta,
    espadaLarga,
    garrasDeTroll,
    garroteDeOgro,
    hachaDeBatalla
  ],
  ...[lanza, mordiscoDeHuargo, mordiscoDeRata, punoDePiedra, rayoDeFuego, toqueImpio],
  ...[armaduraDeCuero, armaduraDePlacas, cotaDeMalla, pielGruesa],
  ...[guerrera, arquero, picara, maga],
  ...[rataDeCloaca, goblinArquero, jineteGoblin, huargo, orco, esqueletoArquero, ogro, troll, golemDePiedra],
  clerigoAcolito
]

/** Athkri content by id. */
export interface AthkriContent {
  weapons: ReadonlyMap<string, WeaponDoc>
  armor: ReadonlyMap<string, ArmorDoc>
  creatures: ReadonlyMap<string, CreatureDoc>
}

const elements: ReadonlySet<string> = new Set(ELEMENTS)

/** Validates documents and their cross-references (equipment ids, element ids); throws on the first bad one. */
export function loadContent(documents: readonly unknown[] = bundledDocuments): AthkriContent {
  const { weapon, armor, creature } = loadDocuments(documents, contentDocSchema, {
    namespace: 'athkri',
    types: ['weapon', 'armor', 'creature']
  })
  for (const w of weapon.values()) {
    if (w.element !== undefined && !elements.has(w.element))
      throw new Error(`athkri content: ${w.id} has unknown element ${w.element}`)
  }
  const loaded = { weapons: weapon, armor, creatures: creature }
  for (const c of creature.values()) {
    for (const e of [...c.stats.weaknesses, ...c.stats.resistances]) {
      if (!elements.has(e)) throw new Error(`athkri content: ${c.id} has unknown element ${e}`)
    }
    creatureStats(loaded, c)
  }
  return loaded
}

/** The bundled content, validated once. */
export const athkriContent: () => AthkriContent = once(() => loadContent())

/** A creature's stats with its equipment embedded (what `Combatant.stats` holds). */
export function creatureStats(content: AthkriContent, creature: CreatureDoc): AthkriStats {
  const { weapons: weaponIds, armor: armorId, ...rest } = creature.stats
  const weapons = weaponIds.map((id) => {
    const doc = content.weapons.get(id)
    if (!doc) throw new Error(`athkri content: ${creature.id} refers to unknown weapon ${id}`)
    const { type: _type, name: _name, source: _source, ...weapon } = doc
    return weaponSchema.parse(weapon)
  })
  const armorDoc = armorId === undefined ? undefined : content.armor.get(armorId)
  if (armorId !== undefined && !armorDoc)
    throw new Error(`athkri content: ${creature.id} refers to unknown armor ${armorId}`)
  return statsSchema.parse({
    ...rest,
    weapons,
    ...(armorDoc
      ? { armor: { id: armorDoc.id, estorbo: armorDoc.estorbo, reduction: armorDoc.reduction } }
      : {})
  })
}

/** Where and for whom a creature is placed on the board. */
export interface Placement {
  id: string
  side: string
  pos: Vec3
  facing?: number
  controller?: Controller
  name?: string
  color?: number
}

/** A combatant made from a creature document (Spanish name unless one is given; size from its class). */
export function createFigure(
  creatureId: string,
  at: Placement,
  content: AthkriContent = athkriContent()
): Combatant {
  const creature = content.creatures.get(creatureId)
  if (!creature) throw new Error(`athkri content: unknown creature ${creatureId}`)
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
    stats: creatureStats(content, creature),
    size: SIZE_TABLE[creature.stats.sizeClass].space,
    ...(at.color === undefined ? {} : { color: at.color })
  }
}
