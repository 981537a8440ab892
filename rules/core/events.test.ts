import { describe, expect, it } from 'vitest'
import { makeEncounter } from '../systems/minecraft/test-fixtures'
import { applyEvents, type GameEvent } from './events'
import { gameEventSchema } from './schemas'
import { statsSet, withChanges } from './stats'

const base = () =>
  makeEncounter({
    figures: [
      { id: 'a', at: [1, 1], lifeMax: 5, life: 2 },
      { id: 'b', side: 'b', at: [3, 3] }
    ]
  })
const a = (s: ReturnType<typeof base>) => s.combatants.find((c) => c.id === 'a')!

describe('reducer: life and presence', () => {
  it.each([
    ['damage floors at 0', [{ type: 'damaged', id: 'a', amount: 7, source: 'wound' }], 0],
    ['healing adds life', [{ type: 'healed', id: 'a', amount: 2, source: 'firstAid' }], 4],
    ['healing stops at the maximum', [{ type: 'healed', id: 'a', amount: 9, source: 'potion' }], 5]
  ] as const)('%s', (_label, events, life) => {
    expect(a(applyEvents(base(), events)).life).toBe(life)
  })

  it('a figure put out can come back, and every event is logged', () => {
    const s = applyEvents(base(), [
      { type: 'combatant.out', id: 'a' },
      { type: 'combatant.back', id: 'a' }
    ])
    expect(a(s).out).toBe(false)
    expect(s.log.map((e) => e.type)).toEqual(['combatant.out', 'combatant.back'])
  })
})

describe('reducer: a figure profile', () => {
  it('stats.changed replaces the ruleset-owned stats and nothing else', () => {
    const before = base()
    const s = applyEvents(before, [{ type: 'stats.changed', id: 'a', stats: { hc: 9 } }])
    expect(a(s).stats).toEqual({ hc: 9 })
    expect({ ...a(s), stats: null }).toEqual({ ...a(before), stats: null })
  })

  it('stats.set changes the named fields, removes the listed ones, keeps the rest', () => {
    const before = applyEvents(base(), [
      { type: 'stats.changed', id: 'a', stats: { hc: 9, mp: 3, gear: ['axe'] } }
    ])
    const event: GameEvent = { type: 'stats.set', id: 'a', changes: { mp: 1, bow: true }, removed: ['gear'] }
    const s = applyEvents(before, [event])
    expect(a(s).stats).toEqual({ hc: 9, mp: 1, bow: true })
    expect(a(before).stats).toEqual({ hc: 9, mp: 3, gear: ['axe'] })
    expect({ ...a(s), stats: null }).toEqual({ ...a(before), stats: null })
    // Plain JSON: a log saved and read back folds to the same stats.
    const saved = gameEventSchema.parse(JSON.parse(JSON.stringify(event)))
    expect(a(applyEvents(before, [saved])).stats).toEqual(a(s).stats)
  })

  it('statsSet builds the smallest stats.set reaching the new stats, the very object when folded at once', () => {
    const figure = { ...a(base()), stats: { hc: 9, mp: 3, gear: ['axe'], gone: undefined } }
    const next = { hc: 9, mp: 2, bow: true, gear: undefined }
    const event = statsSet(figure, next)
    expect(event).toEqual({ type: 'stats.set', id: 'a', changes: { mp: 2, bow: true }, removed: ['gear'] })
    expect(withChanges(figure.stats, event)).toBe(next)
    expect(withChanges({ ...figure.stats }, event)).toEqual({ hc: 9, mp: 2, bow: true })
    expect(statsSet(figure, figure.stats)).toEqual({ type: 'stats.set', id: 'a', changes: {} })
  })
})
