import type { z } from 'zod'
import type { FigureTemplate } from '../../../rules/core/schemas'
import type { Combatant } from '../../../rules/core/types'
import * as athkri from '../../../rules/systems/athkri/content'
import { SIZE_TABLE as ATHKRI_SIZES, type SizeClass } from '../../../rules/systems/athkri/stats'
import * as carnevale from '../../../rules/systems/carnevale/content'
import * as hq2 from '../../../rules/systems/hq2/content'
import * as minecraft from '../../../rules/systems/minecraft/content'
import * as pf from '../../../rules/systems/pathfinder1e/content'
import { SIZE_TABLE as PF_SIZES, type Size } from '../../../rules/systems/pathfinder1e/stats'
import { fieldIssueOf, type FieldIssue } from './stat-form'
import { templateOf } from './roster-templates'

// Each system's content pack seen the same way by the roster: its creatures (characters in Carnevale),
// each turned into a template by the system's own figure factory, and the import of more documents.

/** A creature of a content pack, as the picker lists it. */
export interface PackCreature {
  id: string
  name: { es: string; en: string }
}

interface Adapter {
  bundled: readonly unknown[]
  docSchema: z.ZodType
  /** Validates documents with their cross-references and lists the creatures; throws on a bad one. */
  load(docs: readonly unknown[]): unknown
  creatures(content: unknown): PackCreature[]
  /** The system's own factory: a combatant from a creature of the content. */
  make(content: unknown, id: string): Combatant
}

const at = { id: 'template', side: 'template', pos: { x: 0, y: 0, z: 0 } }

/** What every system's content module offers the roster (bar the names of its creatures and factory). */
interface PackModule<C> {
  bundledDocuments: readonly unknown[]
  contentDocSchema: z.ZodType
  loadContent(documents: readonly unknown[]): C
}

/** One system's adapter: its content module, where a loaded content keeps its creatures, and its factory. */
function adapterFor<C>(
  pack: PackModule<C>,
  creatures: (content: C) => ReadonlyMap<string, PackCreature>,
  make: (id: string, placement: typeof at, content: C) => Combatant
): Adapter {
  return {
    bundled: pack.bundledDocuments,
    docSchema: pack.contentDocSchema,
    load: (docs) => pack.loadContent(docs),
    creatures: (c) => [...creatures(c as C).values()],
    make: (c, id) => make(id, at, c as C)
  }
}

const adapters: Record<string, Adapter> = {
  pathfinder1e: adapterFor(pf, (c) => c.creatures, pf.createFigure),
  hq2: adapterFor(hq2, (c) => c.creatures, hq2.createBeing),
  minecraft: adapterFor(minecraft, (c) => c.creatures, minecraft.createFigure),
  athkri: adapterFor(athkri, (c) => c.creatures, athkri.createFigure),
  // Carnevale's cast are characters, not creatures.
  carnevale: adapterFor(carnevale, (c) => c.characters, carnevale.createCharacter)
}

function adapterOf(system: string): Adapter {
  const adapter = adapters[system]
  if (!adapter) throw new Error(`no content pack for system "${system}"`)
  return adapter
}

const bundledCache = new Map<string, unknown>()

function bundledContent(system: string): unknown {
  if (!bundledCache.has(system)) {
    const adapter = adapterOf(system)
    bundledCache.set(system, adapter.load(adapter.bundled))
  }
  return bundledCache.get(system)
}

/** The creatures of a system's bundled pack, by name in the language given. */
export function bundledCreatures(system: string, lang: 'es' | 'en'): PackCreature[] {
  return adapterOf(system)
    .creatures(bundledContent(system))
    .sort((a, b) => a.name[lang].localeCompare(b.name[lang], lang))
}

/** A template of a bundled creature, named in the language given, its `source` the creature's id. */
export function creatureTemplate(system: string, creatureId: string, lang: 'es' | 'en'): FigureTemplate {
  return templateFrom(system, bundledContent(system), creatureId, lang)
}

function templateFrom(
  system: string,
  content: unknown,
  creatureId: string,
  lang: 'es' | 'en'
): FigureTemplate {
  const adapter = adapterOf(system)
  const creature = adapter.creatures(content).find((c) => c.id === creatureId)
  if (!creature) throw new Error(`${system} content: unknown creature ${creatureId}`)
  const figure = adapter.make(content, creatureId)
  return templateOf({ ...figure, id: creatureId, name: creature.name[lang] }, creatureId)
}

/** The footprint a stat block gives (PF sizes, Athkri size classes); undefined where size is no stat. */
export function footprintOf(system: string, stats: Record<string, unknown>): number | undefined {
  if (system === 'pathfinder1e') return PF_SIZES[stats.size as Size]?.space
  if (system === 'athkri') return ATHKRI_SIZES[stats.sizeClass as SizeClass]?.space
  return undefined
}

/** Why a content pack file was refused (each worded by the UI from its code). */
export type PackProblem =
  | { code: 'json'; detail: string }
  | { code: 'notArray' }
  | { code: 'empty' }
  | { code: 'document'; index: number; issue: FieldIssue }
  | { code: 'references'; detail: string }
  | { code: 'noCreatures' }

/** The creatures of an imported pack as templates, or every problem found (at most 20). */
export function importPack(
  system: string,
  text: string,
  lang: 'es' | 'en'
): { ok: true; templates: FigureTemplate[] } | { ok: false; problems: PackProblem[] } {
  let docs: unknown
  try {
    docs = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [{ code: 'json', detail: (error as Error).message }] }
  }
  if (!Array.isArray(docs)) return { ok: false, problems: [{ code: 'notArray' }] }
  if (!docs.length) return { ok: false, problems: [{ code: 'empty' }] }
  const adapter = adapterOf(system)
  const problems: PackProblem[] = []
  const ids: string[] = []
  docs.forEach((doc, index) => {
    const result = adapter.docSchema.safeParse(doc)
    if (result.success) ids.push((result.data as { id: string }).id)
    else
      for (const issue of result.error.issues)
        problems.push({ code: 'document', index, issue: fieldIssueOf(issue) })
  })
  if (problems.length) return { ok: false, problems: problems.slice(0, 20) }
  // The pack may refer to the bundled weapons and armor, and may replace a bundled document by its id.
  const mine = new Set(ids)
  const keep = adapter.bundled.filter((d) => !mine.has((d as { id: string }).id))
  let content: unknown
  try {
    content = adapter.load([...keep, ...docs])
  } catch (error) {
    return { ok: false, problems: [{ code: 'references', detail: (error as Error).message }] }
  }
  const creatures = adapter.creatures(content).filter((c) => mine.has(c.id))
  if (!creatures.length) return { ok: false, problems: [{ code: 'noCreatures' }] }
  return { ok: true, templates: creatures.map((c) => templateFrom(system, content, c.id, lang)) }
}
