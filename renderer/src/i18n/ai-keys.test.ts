import { describe, expect, it } from 'vitest'
import { personalities } from '../../../ai/personality'
import { aiLevels } from '../../../ai/policy'
import * as registry from '../../../ai/reason-keys'
import { en } from './en'
import { es } from './es'

// Every code the AI shows a person must read in both languages: the registry in ai/reason-keys.ts, the
// personalities (name, one-line description, and each weight the profile editor offers) and the levels.

/** The catalogue prefix of each registry list; a list not named here fails, so it gets one. */
const prefixes: Record<string, string> = {
  aiReasonKeys: 'ai',
  aiWhyKeys: 'ai.why',
  aiTermKeys: 'ai.term',
  aiProbabilityKeys: 'odds'
}

function required(): string[] {
  const keys: string[] = []
  for (const [name, list] of Object.entries(registry)) {
    if (!Array.isArray(list)) continue
    const prefix = prefixes[name]
    expect(prefix, `ai/reason-keys.ts exports ${name}: give it a catalogue prefix here`).toBeDefined()
    for (const key of list as readonly string[]) keys.push(`${prefix}.${key}`)
  }
  for (const [id, personality] of Object.entries(personalities)) {
    keys.push(`ai.personality.${id}`, `ai.personality.${id}.about`)
    for (const [weight, value] of Object.entries(personality))
      if (typeof value === 'number') keys.push(`ai.weight.${weight}`)
  }
  for (const level of aiLevels) keys.push(`ai.level.${level}`)
  return [...new Set(keys)]
}

describe('AI codes in the catalogues', () => {
  it('the registry and the personalities are not empty (the check below checks something)', () => {
    expect(registry.aiReasonKeys.length).toBeGreaterThan(0)
    expect(registry.aiTermKeys.length).toBeGreaterThan(0)
    expect(Object.keys(personalities).length).toBeGreaterThan(0)
  })

  it.each([
    ['es', es as Record<string, string>],
    ['en', en as Record<string, string>]
  ])('%s has an entry for every AI code', (_locale, catalogue) => {
    const missing = required().filter((key) => !catalogue[key]?.trim())
    expect(missing).toEqual([])
  })
})
