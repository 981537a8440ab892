import type { FigureTemplate } from '../../../rules/core/schemas'
import type { Combatant, Controller } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'
import { defaultDraft, formSpecOf, fromDraft, type FieldSpec } from './stat-form'

// The campaign roster's party and bestiary: search and filters over templates, and templates to and from
// the combatants an encounter holds.

/** Which list of the campaign a template belongs to. */
export type RosterList = 'party' | 'bestiary'

/** Text folded for search: lower case, accents off ("Esqueleto Arquéro" finds "arquero"). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** True when every word of the query is in the template's name or source (accent- and case-blind). */
export function matchesQuery(template: FigureTemplate, query: string): boolean {
  const hay = fold(`${template.name} ${template.source ?? ''}`)
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => hay.includes(word))
}

/** A filter the list offers: a top-level choice of the system's stat block (size, creature type, kind). */
export interface Facet {
  key: string
  options: readonly string[]
}

// The stat fields worth filtering on, where a system has them; other enums (shape, die level) are noise.
const FACET_KEYS = ['kind', 'size', 'sizeClass', 'creatureType']

/** The filters of a system's lists, from its stats schema. */
export function facetsOf(system: string): Facet[] {
  const spec = formSpecOf(getRuleset(system).schemas.stats)
  if (spec.kind !== 'object') return []
  return FACET_KEYS.flatMap((key) => {
    const field = spec.fields.find((f) => f.key === key)?.spec
    return field?.kind === 'enum' ? [{ key, options: field.options.map(String) }] : []
  })
}

/** The templates a search and filters keep (`filters`: facet key → wanted value; '' = any), in list order. */
export function filterTemplates(
  list: readonly FigureTemplate[],
  query: string,
  filters: Readonly<Record<string, string>>
): FigureTemplate[] {
  const wanted = Object.entries(filters).filter(([, v]) => v !== '')
  return list.filter(
    (t) => matchesQuery(t, query) && wanted.every(([key, v]) => String(t.stats[key] ?? '') === v)
  )
}

/** An id no template of the list uses, from a name or model id (`goblin`, `goblin-2`...). */
export function freshTemplateId(list: readonly FigureTemplate[], base: string): string {
  const slug =
    fold(base)
      .replace(/^[a-z0-9]+:/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'figure'
  const used = new Set(list.map((t) => t.id))
  if (!used.has(slug)) return slug
  let n = 2
  while (used.has(`${slug}-${n}`)) n++
  return `${slug}-${n}`
}

/** A copy of a template with a fresh id and the name given (the editor's "clone"). */
export function cloneTemplate(
  list: readonly FigureTemplate[],
  template: FigureTemplate,
  name: string
): FigureTemplate {
  return { ...structuredClone(template), id: freshTemplateId(list, template.id), name: name.slice(0, 80) }
}

/** A new, empty template: the stat block's lowest allowed values (the GM fills it in; the form checks it). */
export function blankTemplate(system: string, list: readonly FigureTemplate[], name: string): FigureTemplate {
  const spec: FieldSpec = formSpecOf(getRuleset(system).schemas.stats)
  const stats = fromDraft(spec, defaultDraft(spec)) as Record<string, unknown>
  return { id: freshTemplateId(list, name), name, lifeMax: 1, stats }
}

/** A combatant as a template: what it is, without where it stands, its side or its life now. */
export function templateOf(c: Combatant, source?: string): FigureTemplate {
  const { id, name, lifeMax, lifeMin, stats, color, size, baseMm, ai } = structuredClone(c)
  const optional = { lifeMin, color, size, baseMm, ai, source }
  const present = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined))
  return { id, name, lifeMax, stats, ...present }
}

/** A combatant from a template, for `side` (full life, off the board until placed). */
export function combatantOf(template: FigureTemplate, side: string, controller: Controller): Combatant {
  const { source: _source, notes: _notes, ...rest } = structuredClone(template)
  return {
    ...rest,
    side,
    controller,
    pos: { x: 0, y: 0, z: 0 },
    facing: 0,
    life: template.lifeMax,
    out: false
  }
}

/** Who plays a template placed from a list by default: the party's heroes are people's, the bestiary the AI's. */
export function defaultController(list: RosterList): Controller {
  return list === 'party' ? 'human' : 'ai'
}
