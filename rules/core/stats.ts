import type { z } from 'zod'
import type { Combatant } from './types'

// `Combatant.stats` is the ruleset's opaque JSON; each ruleset reads it through its own schema many times
// per action, so the parse is cached per stats object (stats are replaced, never mutated, on change).

/** A reader of `Combatant.stats` validated by `schema`; throws naming the combatant and `label` when invalid. */
export function cachedParser<T>(schema: z.ZodType<T>, label: string): (c: Combatant) => T {
  const cache = new WeakMap<object, T>()
  return (c) => {
    const hit = cache.get(c.stats)
    if (hit) return hit
    const parsed = schema.safeParse(c.stats)
    if (!parsed.success)
      throw new Error(`combatant ${c.id} has no valid ${label} stats: ${parsed.error.message}`)
    cache.set(c.stats, parsed.data)
    return parsed.data
  }
}
