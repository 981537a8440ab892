import { describe, expect, it } from 'vitest'
import { brute, personalities } from '../../../ai/personality'
import { settingsFor } from '../../../ai/settings'
import { defaultWeights, personalityIds, profileFrom, withAiProfile } from './ai-profile'
import { sampleInitial } from './fixtures'

describe('AI profile editing', () => {
  it('offers every personality with its numeric weights as defaults', () => {
    expect(personalityIds()).toEqual(Object.keys(personalities))
    const weights = defaultWeights('brute')
    expect(weights.damage).toBe(brute.damage)
    expect('id' in weights).toBe(false)
  })

  it('keeps only the weights the GM changed, and the AI plays with them', () => {
    const profile = profileFrom({
      personality: 'brute',
      level: 'hard',
      knowledge: 'omniscient',
      weights: { ...defaultWeights('brute'), kill: 3 }
    })
    expect(profile).toEqual({
      personality: 'brute',
      level: 'hard',
      knowledge: 'omniscient',
      weights: { kill: 3 }
    })
    const state = withAiProfile(sampleInitial(), sampleInitial().combatants[0]!.id, profile)
    const settings = settingsFor(state.combatants[0])
    expect(settings.level).toBe('hard')
    expect(settings.knowledge).toBe('omniscient')
    expect(settings.personality.kill).toBe(3)
    expect(settings.personality.damage).toBe(brute.damage)
  })

  it('refuses a weight the campaign schema would refuse', () => {
    const fields = { personality: 'brute', level: 'normal' as const, knowledge: 'fair' as const }
    expect(() => profileFrom({ ...fields, weights: { kill: Number.NaN } })).toThrow()
    expect(() => profileFrom({ ...fields, weights: { kill: 5000 } })).toThrow()
  })

  it('sets and clears one figure’s profile without touching the others', () => {
    const initial = sampleInitial()
    const [first, second] = initial.combatants
    const set = withAiProfile(initial, first!.id, { personality: 'brute', level: 'easy' })
    expect(set.combatants[0]!.ai).toEqual({ personality: 'brute', level: 'easy' })
    expect(set.combatants[1]).toBe(second)
    const cleared = withAiProfile(set, first!.id, null)
    expect('ai' in cleared.combatants[0]!).toBe(false)
    expect(() => withAiProfile(initial, 'nobody', null)).toThrow()
  })

  it('reads Object.prototype names as no personality and no weight (issue 18)', () => {
    expect(defaultWeights('constructor')).toEqual(defaultWeights(undefined))
    const fields = { personality: 'brute', level: 'normal' as const, knowledge: 'fair' as const }
    const profile = profileFrom({ ...fields, weights: { ...defaultWeights('brute'), constructor: 3 } })
    expect(profile.weights).toBeUndefined()
  })
})
