import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../core/types'
import { reachableSquares } from './reachable'
import { pfFigure, pfState } from './test-fixtures'

// reachableSquares is kept per map, settings, roster, mover and round (reachable.ts): each test changes
// one of those the way the engine does (a new object) and expects the answer to follow.

const move = { budget: 6, parity: 0 as const, mode: 'move' as const }
const mover = pfFigure('m', { pos: { x: 0, y: 0 } })
const base = () => pfState([mover], { settings: { terrain: [] } })

describe('reachableSquares memo (never stale)', () => {
  it('hands the same answer back for the same inputs, even from a shallow copy of the state', () => {
    const state = base()
    expect(reachableSquares({ ...state }, mover, move)).toBe(reachableSquares(state, mover, move))
  })

  it('follows the roster: a foe moved into the way blocks its square', () => {
    const state = base()
    expect(reachableSquares(state, mover, move).has('1,0')).toBe(true)
    const foe = pfFigure('f', { pos: { x: 1, y: 0 }, side: 'b' })
    const crowded: EncounterState = { ...state, combatants: [...state.combatants, foe] }
    expect(reachableSquares(crowded, mover, move).has('1,0')).toBe(false)
  })

  it('follows the map: a wall placed on a new board is not reached', () => {
    const state = base()
    expect(reachableSquares(state, mover, move).has('1,1')).toBe(true)
    const walled: EncounterState = { ...state, board: { ...state.board, blocks: [{ x: 1, y: 1 }] } }
    expect(reachableSquares(walled, mover, move).has('1,1')).toBe(false)
  })

  it('follows the settings: difficult terrain makes a square dearer', () => {
    const state = base()
    expect(reachableSquares(state, mover, move).get('1,0')?.cost).toBe(1)
    const muddy: EncounterState = {
      ...state,
      settings: { ...state.settings, terrain: [{ x: 1, y: 0, kind: 'difficult' }] }
    }
    expect(reachableSquares(muddy, mover, move).get('1,0')?.cost).toBe(2)
  })

  it('follows the mover, the budget and the mode', () => {
    const state = base()
    const far = reachableSquares(state, mover, move)
    expect(far.has('6,0')).toBe(true)
    expect(reachableSquares(state, mover, { ...move, budget: 2 }).has('6,0')).toBe(false)
    expect(reachableSquares(state, mover, { ...move, mode: 'step', budget: 1 }).has('2,0')).toBe(false)
    const slow = pfFigure('m', { pos: { x: 3, y: 3 } })
    const moved: EncounterState = { ...state, combatants: [slow] }
    expect(reachableSquares(moved, slow, move).get('3,3')?.path).toEqual([])
  })

  it('follows the round: a foe whose attack of opportunity is spent this round provokes again next round', () => {
    const foe = pfFigure('f', {
      pos: { x: 1, y: 1 },
      side: 'b',
      stats: { aooUsed: 1, aooRound: 1 }
    })
    const state: EncounterState = { ...pfState([mover, foe], { settings: { terrain: [] } }), round: 1 }
    // Walking past the foe to the far side of it: free this round, provoking next round.
    const spent = reachableSquares(state, mover, move).get('2,0')
    expect(spent?.provokes).toEqual([])
    const next = reachableSquares({ ...state, round: 2 }, mover, move).get('2,0')
    expect(next?.provokes).toEqual(['f'])
  })
})
