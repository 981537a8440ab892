import { describe, expect, it } from 'vitest'
import { getRuleset, rulesets } from '.'
import { minecraft } from './minecraft'

describe('ruleset registry', () => {
  it('finds minecraft', () => {
    expect(getRuleset('minecraft')).toBe(minecraft)
    expect(rulesets.minecraft?.id).toBe('minecraft')
  })

  it('throws a clear error for an unimplemented or unknown system', () => {
    expect(() => getRuleset('carnevale')).toThrow(/no ruleset for system "carnevale".*minecraft/)
    expect(() => getRuleset('toString')).toThrow(/no ruleset/)
  })
})
