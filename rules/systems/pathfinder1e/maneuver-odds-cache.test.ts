import { describe, expect, it } from 'vitest'
import type { Answers } from '../../core/types'
import { maneuverActionOdds } from './maneuver-actions'
import { act, attacker, defender } from './maneuver-fixtures'
import { pfState } from './test-fixtures'

// The target's attack of opportunity (§4.10 step 4) is worked out once per state and shared by the
// maneuver kinds: asked in any order, with any answers, every kind's odds must be those of a fresh state.

const kinds = ['trip', 'disarm', 'bullRush', 'grapple', 'sunder', 'trip', 'overrun']
const answerSets: Answers[] = [{}, { 'pf1.aoo#def': 'pass' }, { 'pf1.aoo#def': 'trip' }, {}]
/** A copy of the state with new objects throughout, so no cache entry of the original can apply. */
const copy = <T>(x: T): T => structuredClone(x)

describe('maneuver odds with the interruption cached per state', () => {
  it('each kind and answer gives the same odds as on an untouched copy of the state', () => {
    // A defender with a longsword that the maneuvers provoke (no Improved feats): its swing matters.
    const state = pfState([attacker(), defender()])
    for (const answers of answerSets)
      for (const kind of kinds)
        expect(maneuverActionOdds(state, act(kind), answers)).toEqual(
          maneuverActionOdds(copy(state), act(kind), answers)
        )
  })

  it('the answer to the attack of opportunity still changes the odds (the cache keys it)', () => {
    const state = pfState([attacker(), defender()])
    const taken = maneuverActionOdds(state, act('trip'), {})
    const passed = maneuverActionOdds(state, act('trip'), { 'pf1.aoo#def': 'pass' })
    expect(taken).not.toEqual(passed)
  })

  it('Improved Trip does not provoke, so the answer is moot for trip; disarm still provokes in that state', () => {
    const state = pfState([attacker({ feats: ['ImprovedTrip'] }), defender()])
    const pass = { 'pf1.aoo#def': 'pass' }
    expect(maneuverActionOdds(state, act('trip'), {})).toEqual(maneuverActionOdds(state, act('trip'), pass))
    expect(maneuverActionOdds(state, act('disarm'), {})).not.toEqual(
      maneuverActionOdds(state, act('disarm'), pass)
    )
    for (const kind of ['trip', 'disarm'])
      expect(maneuverActionOdds(state, act(kind), {})).toEqual(maneuverActionOdds(copy(state), act(kind), {}))
  })
})
