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
