import { contentName, type LabelTranslator } from './action-label'
import { humanize } from './stat-form'

// A limited resource the simulation counts as spent (Ruleset.resourcesLeft: spells per day, potions,
// charges) in words. Its key is a path into the figure's stats such as
// `spells.pathfinder1e:magic-missile.uses`: the content it names reads as that content's name ("Proyectil
// mágico"), and a plain stat as its label, never the path itself (issue 21 bug 8).

const CONTENT_ID = /[a-z0-9]+:[a-z0-9-]+/

/** A resource key as a person reads it. */
export function resourceName(tr: LabelTranslator, key: string): string {
  const id = CONTENT_ID.exec(key)?.[0]
  if (id) return contentName(tr, id)
  const last = key.split('.').at(-1) ?? key
  const text = tr.code('stat', last)
  return text === last ? humanize(last) : text
}
