import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../../rules/core/fraction'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { hq2SampleEncounter } from '../../../rules/systems/hq2'
import { play, ruleset, started } from './fixtures'
import { attackOptions, economyCounters, totalCost } from './options'

describe('totalCost', () => {
  it('prices moves per square and attacks by kind', () => {
    const state = started()
    const path = [
      { x: 3, y: 5, z: 0 },
      { x: 4, y: 5, z: 0 }
    ]
    expect(totalCost(ruleset, state, { kind: 'move', actorId: 'steve', path })).toBe(2)
    expect(totalCost(ruleset, state, { kind: 'melee', actorId: 'steve', targetId: 'zombie-1' })).toBe(1)
    expect(totalCost(ruleset, state, { kind: 'ranged', actorId: 'steve', targetId: 'zombie-1' })).toBe(2)
  })
})

describe('attackOptions', () => {
  it('leaves out an attack the figure has no weapon for', () => {
    const options = attackOptions(ruleset, started(), 'steve', 'zombie-1')
    expect(options.map((o) => o.action.kind)).toEqual(['melee'])
    expect(options[0]?.violation?.code).toBe('notAdjacent')
  })

  it('offers a bow shot with its exact odds, and melee with the reason it is refused', () => {
    const alex = play(started(), { type: 'activation.select', actorId: 'alex' })
    const [melee, ranged] = attackOptions(ruleset, alex, 'alex', 'zombie-1')
    expect(melee?.violation?.code).toBe('notAdjacent')
    expect(ranged?.violation).toBeNull()
    expect(ranged?.cost).toBe(2)
    expect(ranged?.odds?.headline.map((h) => h.key)).toEqual(['hit', 'wound'])
    expect(ranged?.odds?.headline.every((h) => /^\d+(\/\d+)?$/.test(formatFraction(h.p)))).toBe(true)
  })
})

describe('economyCounters', () => {
  it('shows the AP left out of the AP the activation started with', () => {
    expect(economyCounters(ruleset, started())).toEqual([{ key: 'ap', value: 3, max: 3 }])
    const moved = play(started(), {
      type: 'action.declare',
      action: { kind: 'move', actorId: 'steve', path: [{ x: 3, y: 5, z: 0 }] }
    })
    expect(economyCounters(ruleset, moved)).toEqual([{ key: 'ap', value: 2, max: 3 }])
  })
})

describe('economyCounters with start-of-turn grants', () => {
  it('counts HQ2 movement points out of what the activation rolled, and hides empty flags', () => {
    const hq2 = getRuleset('hq2')
    const state = applyCommand(hq2SampleEncounter(), { type: 'encounter.start' }, hq2)
    if (!state.ok) throw new Error(state.violation.code)
    const rolled = state.state.log.findLast((e) => e.type === 'economy.changed')
    const mp = rolled?.type === 'economy.changed' ? rolled.economy.context.mp : undefined
    expect(mp).toBeGreaterThan(0)
    const counters = economyCounters(hq2, state.state)
    expect(counters.find((c) => c.key === 'mp')).toEqual({ key: 'mp', value: mp, max: mp })
    expect(counters.map((c) => c.key)).not.toContain('blindFighting')
  })
})
