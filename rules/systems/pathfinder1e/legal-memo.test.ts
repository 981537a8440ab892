import { describe, expect, it } from 'vitest'
import { spendEconomy } from '../../core/economy'
import type { EncounterState } from '../../core/types'
import { legalActions } from './actions'
import { economy } from './economy'
import type { PfEconomyEvent } from './economy.machine'
import { withTurn } from './flow-fixtures'
import { pfFigure, pfState } from './test-fixtures'

/** An economy event as the engine sends it (the machine's own event types). */
const pay = (event: PfEconomyEvent) => event

// legalActions keeps whether the turn can pay each candidate per economy snapshot object (actions.ts
// turnCanPay): a new snapshot (the engine's way of spending) must be asked again.

describe('legalActions payment memo (never stale)', () => {
  const hero = pfFigure('h', { pos: { x: 0, y: 0 } })
  const foe = pfFigure('f', { pos: { x: 8, y: 8 }, side: 'b' })
  const kinds = (s: EncounterState) => new Set(legalActions(s, 'h').map((a) => a.kind))

  it('once the standard action is spent, the same roster offers no total defense (a standard action)', () => {
    const state = withTurn(pfState([hero, foe], { settings: { terrain: [] } }), 'h')
    expect(kinds(state).has('totalDefense')).toBe(true)
    const turn = state.turn!
    const after = spendEconomy(economy, turn.economy, pay({ type: 'economy.standard', standard: 1 }))
    expect(after).not.toBeNull()
    const spent: EncounterState = { ...state, turn: { ...turn, economy: after! } }
    expect(kinds(spent).has('totalDefense')).toBe(false)
    expect(kinds(state).has('totalDefense')).toBe(true)
  })

  it('once the move and the standard action are spent, the same roster offers no move', () => {
    const state = withTurn(pfState([hero, foe], { settings: { terrain: [] } }), 'h')
    expect(kinds(state).has('move')).toBe(true)
    const turn = state.turn!
    const after = spendEconomy(
      economy,
      turn.economy,
      pay({ type: 'economy.doubleMove', move: 2, squares: 0, _parity: 0 })
    )
    expect(after).not.toBeNull()
    const spent: EncounterState = { ...state, turn: { ...turn, economy: after! } }
    expect(kinds(spent).has('move')).toBe(false)
    expect(kinds(state).has('move')).toBe(true)
  })
})
