import { z } from 'zod'
import { contentFields, loadDocuments, once } from '../../core/content'
import type { Combatant, Controller, Vec3 } from '../../core/types'
import { statsSchema, weaponSchema, type CarnevaleStats } from './stats'
import annegatore from './content/annegatore.json'
import archibugiere from './content/archibugiere.json'
import arquebus from './content/arquebus.json'
import borsaiolo from './content/borsaiolo.json'
import brineClaws from './content/brine-claws.json'
import broadsword from './content/broadsword.json'
import capitana from './content/capitana-della-bauta.json'
import contrabbandiere from './content/contrabbandiere.json'
import coralSpear from './content/coral-spear.json'
import cutlass from './content/cutlass.json'
import dagger from './content/dagger.json'
import gondolaOar from './content/gondola-oar.json'
import gondoliere from './content/gondoliere.json'
import harpoon from './content/harpoon.json'
import madreSalmastra from './content/madre-salmastra.json'
import pescatore from './content/pescatore-d-ombra.json'
import rapier from './content/rapier.json'
import spadaccina from './content/spadaccina.json'
import wheellockPistol from './content/wheellock-pistol.json'

// Content is data (carnevale.md §5.2, §10): one JSON document per weapon and per character, validated
// strictly. The two sample gangs are original placeholders, not published cards.

const { contentId, localized, source } = contentFields('carnevale')

/** A weapon document: a §5.2 profile with an id and names (its Spanish name is the one stats carry). */
export const weaponDocSchema = z.strictObject({
  ...weaponSchema.omit({ name: true }).shape,
  id: contentId,
  type: z.literal('weapon'),
  name: localized,
  source
})

/** A character document: a §10 profile whose weapons are weapon ids, with its base and Life. */
export const characterDocSchema = z.strictObject({
  id: contentId,
  type: z.literal('character'),
  name: localized,
  baseMm: z.number().min(10).max(200),
  lifeMax: z.number().int().min(1).max(50),
  stats: z.strictObject({
    ...statsSchema.omit({ weapons: true, counters: true }).shape,
    weapons: z.array(contentId).max(10)
  }),
  source
})

/** Any Carnevale content document (a weapon or a character). */
export const contentDocSchema = z.discriminatedUnion('type', [weaponDocSchema, characterDocSchema])

/** A validated weapon document, as loaded. */
export type WeaponDoc = z.infer<typeof weaponDocSchema>
/** A validated character document, as loaded. */
export type CharacterDoc = z.infer<typeof characterDocSchema>

/** The bundled documents, as imported (unvalidated). */
export const bundledDocuments: readonly unknown[] = [
  rapier,
  dagger,
  broadsword,
  wheellockPistol,
  arquebus,
  gondolaOar,
  harpoon,
  coralSpear,
  brineClaws,
  cutlass,
  capitana,
  spadaccina,
  archibugiere,
  gondoliere,
  borsaiolo,
  madreSalmastra,
  pescatore,
  annegatore,
  contrabbandiere
]

/** Carnevale content by id. */
export interface CarnevaleContent {
  weapons: ReadonlyMap<string, WeaponDoc>
  characters: ReadonlyMap<string, CharacterDoc>
}

/** A character's stats with its weapons embedded (what `Combatant.stats` holds). */
export function characterStats(content: CarnevaleContent, doc: CharacterDoc): CarnevaleStats {
  const weapons = doc.stats.weapons.map((id) => {
    const w = content.weapons.get(id)
    if (!w) throw new Error(`carnevale content: ${doc.id} refers to unknown weapon ${id}`)
    const { id: _id, type: _type, name, source: _source, ...profile } = w
    return { ...profile, name: name.es }
  })
  return statsSchema.parse({ ...doc.stats, weapons })
}

/** Validates documents and their cross-references; throws on the first bad one. */
export function loadContent(documents: readonly unknown[] = bundledDocuments): CarnevaleContent {
  const { weapon, character } = loadDocuments(documents, contentDocSchema, {
    namespace: 'carnevale',
    types: ['weapon', 'character']
  })
  const loaded = { weapons: weapon, characters: character }
  for (const c of character.values()) characterStats(loaded, c)
  return loaded
}

/** The bundled content, validated once. */
export const carnevaleContent: () => CarnevaleContent = once(() => loadContent())

/** Where and for whom a character is placed (board units). */
export interface Placement {
  id: string
  side: string
  pos: Vec3
  controller?: Controller
  name?: string
  color?: number
}

/** A combatant made from a character document (Spanish name unless one is given). */
export function createCharacter(
  characterId: string,
  at: Placement,
  content: CarnevaleContent = carnevaleContent()
): Combatant {
  const doc = content.characters.get(characterId)
  if (!doc) throw new Error(`carnevale content: unknown character ${characterId}`)
  return {
    id: at.id,
    name: at.name ?? doc.name.es,
    side: at.side,
    controller: at.controller ?? 'ai',
    pos: at.pos,
    facing: 0,
    life: doc.lifeMax,
    lifeMax: doc.lifeMax,
    out: false,
    stats: characterStats(content, doc),
    baseMm: doc.baseMm,
    ...(at.color === undefined ? {} : { color: at.color })
  }
}
