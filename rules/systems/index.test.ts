import { describe, expect, it } from 'vitest'
import { getRuleset, rulesets } from '.'
import { carnevale } from './carnevale'
import { minecraft } from './minecraft'

describe('ruleset registry', () => {
  it('finds minecraft', () => {
    expect(getRuleset('minecraft')).toBe(minecraft)
    expect(rulesets.minecraft?.id).toBe('minecraft')
  })

  it('finds all five systems, Carnevale the fifth plug-in', () => {
    expect(getRuleset('carnevale')).toBe(carnevale)
    expect(Object.keys(rulesets).sort()).toEqual(['athkri', 'carnevale', 'hq2', 'minecraft', 'pathfinder1e'])
    for (const [id, ruleset] of Object.entries(rulesets)) expect(ruleset?.id).toBe(id)
  })

  it('throws a clear error for an unknown system', () => {
    expect(() => getRuleset('dnd5e')).toThrow(/no ruleset for system "dnd5e".*carnevale/)
    expect(() => getRuleset('toString')).toThrow(/no ruleset/)
  })
})
