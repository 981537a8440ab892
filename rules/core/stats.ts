import type { z } from 'zod'
import type { Combatant } from './types'

// `Combatant.stats` is the ruleset's opaque JSON; each ruleset reads it through its own schema many times
// per action, so the parse is cached per stats object (stats are replaced, never mutated, on change).

/** The caches of the readers `cachedParser` made, so `trustStats` can fill one. */
const caches = new WeakMap<object, WeakMap<object, unknown>>()

/** A reader of `Combatant.stats` validated by `schema`; throws naming the combatant and `label` when invalid. */
export function cachedParser<T>(schema: z.ZodType<T>, label: string): (c: Combatant) => T {
  const cache = new WeakMap<object, T>()
  const read = (c: Combatant): T => {
    const hit = cache.get(c.stats)
    if (hit) return hit
    const parsed = schema.safeParse(c.stats)
    if (!parsed.success)
      throw new Error(`combatant ${c.id} has no valid ${label} stats: ${parsed.error.message}`)
    cache.set(c.stats, parsed.data)
    return parsed.data
  }
  caches.set(read, cache)
  return read
}

/**
 * Records `stats` as already valid for `reader` (a `cachedParser` reader), so reading them skips the
 * schema: for stats a ruleset builds from parsed stats by setting fields to values it knows the schema
 * accepts (the turn-start reset, which runs for every hypothetical turn the AI plays). Only for schemas
 * without defaults or transforms, whose parse of a valid object is an equal object. Returns `stats`.
 */
export function trustStats<T extends object>(reader: (c: Combatant) => T, stats: T): T {
  caches.get(reader)?.set(stats, stats)
  return stats
}

/** The fields `stats.set` changes: new values by name, and the names it takes away. */
export interface StatsChanges {
  changes: Record<string, unknown>
  removed?: string[]
}

// The stats a `stats.set` was built to reach, by its `changes` object: applied to the very stats it was
// built from (the usual case), the event hands back that object itself, so the readers' parse caches and
// `trustStats` keep hitting. Folded from a saved log, the same fields are set on a new object.
const builtFrom = new WeakMap<object, { before: object; after: Record<string, unknown> }>()

/**
 * The `stats.set` that takes `figure`'s stats to `next`: only the fields whose value is not the same
 * (`Object.is`), and the names `next` lacks (or holds as undefined) as `removed`. Plain JSON.
 */
export function statsSet(
  figure: { id: string; stats: object },
  next: object
): { type: 'stats.set'; id: string } & StatsChanges {
  const before = figure.stats as Record<string, unknown>
  const after = next as Record<string, unknown>
  const changes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(after))
    if (value !== undefined && !Object.is(before[key], value)) changes[key] = value
  const removed = Object.keys(before).filter((key) => before[key] !== undefined && after[key] === undefined)
  builtFrom.set(changes, { before, after })
  return { type: 'stats.set', id: figure.id, changes, ...(removed.length > 0 ? { removed } : {}) }
}

/** The stats after a `stats.set`'s changes (a new object; `stats` itself is never mutated). */
export function withChanges(stats: Record<string, unknown>, set: StatsChanges): Record<string, unknown> {
  const built = builtFrom.get(set.changes)
  if (built && built.before === stats) return built.after
  const next: Record<string, unknown> = { ...stats, ...set.changes }
  for (const key of set.removed ?? []) delete next[key]
  return next
}
