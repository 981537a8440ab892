import { describe, expect, it } from 'vitest'
import { bareFigure, bareTurn, testEncounter } from './test-fixtures'
import { sideAlternation } from './turn-order'
import type { Combatant, EncounterState } from './types'

const fig = bareFigure
const sides = ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase() }))

function state(
  combatants: Combatant[],
  turn?: { sideId: string; activeId: string; activated: string[] }
): EncounterState {
  const s = testEncounter('minecraft', {}, { width: 5, height: 5, blocks: [] }, sides, combatants)
  return { ...s, turn: turn ? bareTurn(turn.sideId, turn.activeId, turn.activated) : null }
}

describe('sideAlternation', () => {
  const order = sideAlternation()
  const figs = [fig('b1', 'b'), fig('a1', 'a'), fig('a2', 'a', true), fig('a3', 'a'), fig('c1', 'c', true)]

  it('opens with the first side that has an able figure, in combatant order', () => {
    expect(order.first(state(figs))).toEqual({ sideId: 'a', actorId: 'a1' })
    expect(order.first(state([fig('b1', 'b'), fig('a1', 'a', true)]))).toEqual({ sideId: 'b', actorId: 'b1' })
    expect(order.first(state([fig('a1', 'a', true)]))).toBeNull()
  })

  it('walks the side, skipping figures out or already activated, then the next side, then ends', () => {
    expect(order.next(state(figs, { sideId: 'a', activeId: 'a1', activated: ['a1'] }))).toEqual({
      sideId: 'a',
      actorId: 'a3'
    })
    expect(order.next(state(figs, { sideId: 'a', activeId: 'a3', activated: ['a1', 'a3'] }))).toEqual({
      sideId: 'b',
      actorId: 'b1'
    })
    // Side c has only a figure out: the round ends after side b.
    expect(order.next(state(figs, { sideId: 'b', activeId: 'b1', activated: ['b1'] }))).toBeNull()
  })

  it('without a turn, next is first', () => {
    expect(order.next(state(figs))).toEqual({ sideId: 'a', actorId: 'a1' })
  })

  it('takes a custom predicate for who can act', () => {
    const onlyB = sideAlternation((c) => c.side === 'b')
    expect(onlyB.first(state(figs))).toEqual({ sideId: 'b', actorId: 'b1' })
  })
})
