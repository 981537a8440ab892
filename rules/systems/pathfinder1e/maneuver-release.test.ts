import { describe, expect, it } from 'vitest'
import { applyEvents } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { damageEvents } from './damage'
import { act, attacker, defender, run } from './maneuver-fixtures'
import { releaseHold } from './maneuver-release'
import { readStats, type PfStats } from './stats'
import { pfState } from './test-fixtures'

// pathfinder1e.md §4.11 grapple: a hold lasts only while both figures are in the fight. When either goes out
// (dying, dead, unconscious — and asleep, through the spell's hook), both are let go and a pin is lifted;
// a tied-up figure stays bound.

const bare = () => attacker({ weapons: [], wielding: { main: null, off: null } })
const stats = (state: EncounterState, id: string): PfStats =>
  readStats(state.combatants.find((c) => c.id === id) as Combatant)

/** att holding def pinned (both grappled), as a grapple then a pin leave them. */
function pinned(): EncounterState {
  const held = run(pfState([bare(), defender()]), act('grapple'), [20]).state
  const out = run(held, act('grappleMaintain', { options: { option: 'pin' } }), [20])
  expect(out.stats('def').conditions).toEqual(['grappled', 'pinned'])
  return out.state
}

const expectFree = (state: EncounterState, id: string) => {
  expect(stats(state, id).grapple, id).toBeUndefined()
  expect(
    stats(state, id).conditions.filter((c) => c === 'grappled' || c === 'pinned'),
    id
  ).toEqual([])
}

describe('a grapple ends when a figure goes out of the fight (§4.11, §5)', () => {
  it.each([
    // who is hurt, lethal, nonlethal, the state it is left in
    ['def', 25, 0, 'dying'],
    ['def', 40, 0, 'dead'],
    ['def', 0, 25, 'unconscious (nonlethal)'],
    ['att', 25, 0, 'dying (the grappler)']
  ] as const)('%s takes %i lethal / %i nonlethal: %s — both let go', (id, lethal, nonlethal, _left) => {
    const state = pinned()
    const events = damageEvents(state, id, { lethal, nonlethal }, 'attack', forcedDice([]))
    expect(events.some((e) => e.type === 'combatant.out' && e.id === id)).toBe(true)
    const after = applyEvents(state, events)
    expectFree(after, 'att')
    expectFree(after, 'def')
    // Only the grapple's conditions go: the health ones stay.
    expect(stats(after, id).conditions.some((c) => c === 'unconscious' || c === 'dead')).toBe(true)
  })

  it('damage that leaves it in the fight keeps the hold', () => {
    const state = pinned()
    const after = applyEvents(
      state,
      damageEvents(state, 'def', { lethal: 5, nonlethal: 0 }, 'attack', forcedDice([]))
    )
    expect(stats(after, 'def').conditions).toEqual(['grappled', 'pinned'])
  })

  it('the grappler’s own damage option knocking the target out ends the hold it was maintaining', () => {
    // Unarmed 1d3 + 2 nonlethal against def's 20 HP with 18 nonlethal already: unconscious.
    const state = pinned()
    const hurt = state.combatants.map((c) =>
      c.id === 'def' ? { ...c, stats: { ...readStats(c), nonlethal: 18 } } : c
    )
    const out = run(
      { ...state, combatants: hurt },
      act('grappleMaintain', { options: { option: 'damage' } }),
      [2]
    )
    expect(out.figure('def').out).toBe(true)
    expectFree(out.state, 'att')
    expectFree(out.state, 'def')
  })

  it('asleep (the sleep spell’s path calls releaseHold): both let go', () => {
    const state = pinned()
    const events = releaseHold(state, 'def')
    expect(events.map((e) => e.type === 'stats.set' && e.id)).toEqual(['def', 'att'])
    const after = applyEvents(state, events)
    expectFree(after, 'att')
    expectFree(after, 'def')
  })

  it('a tied-up figure stays bound, and a figure holding no one has nothing to release', () => {
    const held = run(pfState([bare(), defender()]), act('grapple'), [20]).state
    const bound = run(held, act('grappleMaintain', { options: { option: 'tieUp' } }), [20]).state
    expect(releaseHold(bound, 'def')).toEqual([])
    expect(releaseHold(bound, 'att')).toEqual([])
    const after = applyEvents(
      bound,
      damageEvents(bound, 'def', { lethal: 25, nonlethal: 0 }, 'attack', forcedDice([]))
    )
    expect(stats(after, 'def')).toMatchObject({ grapple: { with: 'att', controls: false } })
    expect(stats(after, 'def').conditions).toContain('tiedUp')
    expect(releaseHold(pfState([bare()]), 'att')).toEqual([])
  })
})
