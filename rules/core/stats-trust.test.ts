import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cachedParser, trustStats } from './stats'
import type { Combatant } from './types'

// `trustStats`: stats a ruleset built from parsed stats with values it knows valid skip the schema; all
// other stats are still parsed (and refused when invalid).

const schema = z.strictObject({ aooUsed: z.number().int().min(0).max(20) })
const figure = (stats: unknown) => ({ id: 'f', stats }) as unknown as Combatant

describe('trustStats', () => {
  it('a trusted object is read as itself, without a parse (a parse returns a copy)', () => {
    const read = cachedParser(schema, 'test')
    const parsed = read(figure({ aooUsed: 1 }))
    const next = trustStats(read, { ...parsed, aooUsed: 0 })
    expect(read(figure(next))).toBe(next)
    const untrusted = { ...parsed, aooUsed: 0 }
    expect(read(figure(untrusted))).not.toBe(untrusted)
    expect(read(figure(untrusted))).toEqual(untrusted)
  })

  it('objects not trusted are still validated', () => {
    const read = cachedParser(schema, 'test')
    expect(() => read(figure({ aooUsed: 99 }))).toThrow(/no valid test stats/)
  })

  it("trust is per reader: another reader's cache is untouched", () => {
    const one = cachedParser(schema, 'one')
    const two = cachedParser(schema, 'two')
    const bad = trustStats(one, { aooUsed: 99 })
    expect(one(figure(bad))).toBe(bad)
    expect(() => two(figure(bad))).toThrow(/no valid two stats/)
  })
})
