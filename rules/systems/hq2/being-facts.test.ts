import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { sliceFromLog } from '../../core/system-state'
import { blindFoughtLastTurn, hq2FactsModel } from './being-facts'
import { makeEncounter } from './test-fixtures'

// HQ2's slice of the encounter state (being-facts.ts): hq2.md A7, the defender who used Lucha a ciegas in
// its last turn keeps its defense in the dark; the slice says whose latest activation used it.

const eco = (blindFighting: number) => ({ value: 'open', context: { blindFighting } })
const opens = (actorId: string, used = 0): GameEvent => ({
  type: 'turn.started',
  sideId: 'a',
  actorId,
  economy: eco(used)
})
const spends = (actorId: string, used: number): GameEvent => ({
  type: 'economy.spent',
  actorId,
  cost: {},
  economy: eco(used),
  kind: 'blindFighting'
})

const start = () =>
  makeEncounter({
    activeId: null,
    beings: [
      { id: 'a', at: [1, 1] },
      { id: 'd', at: [2, 1], side: 'b' }
    ]
  })

describe('hq2 being facts kept as events are applied', () => {
  it('A7: the maneuver spent marks the being; its next activation without it clears the mark', () => {
    const s = applyEvents(start(), [opens('a'), spends('a', 1)])
    expect(blindFoughtLastTurn(s, 'a')).toBe(true)
    expect(blindFoughtLastTurn(s, 'd')).toBe(false)
    // Another being's turn leaves the mark; the being's own next activation opens without the maneuver.
    const later = applyEvents(s, [{ type: 'turn.ended', actorId: 'a' }, opens('d')])
    expect(blindFoughtLastTurn(later, 'a')).toBe(true)
    expect(blindFoughtLastTurn(applyEvents(later, [opens('a')]), 'a')).toBe(false)
  })

  it('the kept slice is the whole log read again (the save migration)', () => {
    const s = applyEvents(start(), [opens('a'), spends('a', 1), opens('d', 1), spends('d', 0)])
    const { systemState: _kept, ...old } = s
    expect(sliceFromLog(old, hq2FactsModel)).toEqual(s.systemState)
    expect(s.systemState).toEqual({ blindFought: { a: true } })
  })
})
