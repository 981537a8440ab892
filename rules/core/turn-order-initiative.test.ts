import { describe, expect, it } from 'vitest'
import { bareFigure, bareTurn, testEncounter } from './test-fixtures'
import { initiativeOrder, initiativeRanking } from './turn-order'
import type { Combatant, EncounterState } from './types'

const fig = bareFigure
const sides = ['a', 'b'].map((id) => ({ id, name: id.toUpperCase() }))

function state(
  combatants: Combatant[],
  initiative: Record<string, number>,
  activeId?: string
): EncounterState {
  const s = testEncounter('athkri', {}, { width: 5, height: 5, blocks: [] }, sides, combatants)
  const active = combatants.find((c) => c.id === activeId)
  return { ...s, initiative, turn: active ? bareTurn(active.side, active.id, [active.id]) : null }
}

describe('initiativeOrder (athkri.md §4, PF initiative)', () => {
  const figs = [fig('a1', 'a'), fig('b1', 'b'), fig('a2', 'a'), fig('b2', 'b')]
  const totals = { a1: 12, b1: 30, a2: 12, b2: 7 }

  it('ranks by total, highest first; equal totals keep roster order without a tie-break', () => {
    expect(initiativeRanking(state(figs, totals)).map((c) => c.id)).toEqual(['b1', 'a1', 'a2', 'b2'])
  })

  it('a tie-break orders equal totals', () => {
    const order = initiativeRanking(state(figs, totals), (x, y) =>
      x.id === 'a2' ? -1 : y.id === 'a2' ? 1 : 0
    )
    expect(order.map((c) => c.id)).toEqual(['b1', 'a2', 'a1', 'b2'])
  })

  it('first/next walk the ranking across sides and end the round after the last', () => {
    const order = initiativeOrder()
    expect(order.first(state(figs, totals))).toEqual({ sideId: 'b', actorId: 'b1' })
    expect(order.next(state(figs, totals, 'b1'))).toEqual({ sideId: 'a', actorId: 'a1' })
    expect(order.next(state(figs, totals, 'a2'))).toEqual({ sideId: 'b', actorId: 'b2' })
    expect(order.next(state(figs, totals, 'b2'))).toBeNull()
  })

  it('skips figures that cannot act; figures without a total go last', () => {
    const withOut = [fig('a1', 'a', true), fig('b1', 'b'), fig('a2', 'a'), fig('b2', 'b'), fig('late', 'a')]
    const order = initiativeOrder()
    expect(order.next(state(withOut, totals, 'b1'))).toEqual({ sideId: 'a', actorId: 'a2' })
    expect(order.next(state(withOut, totals, 'b2'))).toEqual({ sideId: 'a', actorId: 'late' })
    const custom = initiativeOrder((c) => c.id !== 'b1')
    expect(custom.first(state(figs, totals))).toEqual({ sideId: 'a', actorId: 'a1' })
  })

  it('a figure cannot hand its activation to another of its side (each acts on its own initiative)', () => {
    expect(initiativeOrder().canSelect?.(state(figs, totals, 'a1'), 'a2')).toBe(false)
  })
})
