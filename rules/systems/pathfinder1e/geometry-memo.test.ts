import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../core/types'
import { coverBetween } from './cover'
import { longsword, pfFigure, pfState } from './test-fixtures'
import { isFlanking } from './flanking'

// coverBetween's line tracing and isFlanking are kept per map, settings, roster and the two figures
// (cover.ts, threat.ts): each test asks once, then changes one input the engine's way (a new object)
// and expects the answer to follow.

const fig = (id: string, x: number, y: number, side = 'a') => pfFigure(id, { pos: { x, y }, side })

describe('cover memo (never stale)', () => {
  const spear = { ...longsword, id: 'pf1:longspear', reach: true, handedness: 'two' as const }
  const a = pfFigure('a', {
    pos: { x: 0, y: 0 },
    stats: { weapons: [spear], wielding: { main: spear.id, off: null } }
  })
  const t = fig('t', 2, 0, 'b')

  it('a creature stepping in between gives soft cover; stepping away, none again', () => {
    const open = pfState([a, t])
    expect(coverBetween(open, a, t, 'ranged')).toBe('none')
    const screened: EncounterState = { ...open, combatants: [a, t, fig('o', 1, 0, 'b')] }
    expect(coverBetween(screened, a, t, 'ranged')).toBe('soft')
    expect(coverBetween({ ...screened, combatants: [a, t, fig('o', 1, 3, 'b')] }, a, t, 'ranged')).toBe(
      'none'
    )
  })

  it('a wall on a new board gives cover the old board did not', () => {
    const open = pfState([a, t])
    expect(coverBetween(open, a, t, 'ranged')).toBe('none')
    const walled: EncounterState = { ...open, board: { ...open.board, blocks: [{ x: 1, y: 0 }] } }
    expect(coverBetween(walled, a, t, 'ranged')).not.toBe('none')
  })
})

describe('flanking memo (never stale)', () => {
  const attacker = fig('a', 4, 5)
  const defender = fig('d', 5, 5, 'b')

  it('an ally moving to the opposite side makes a flank; moving off breaks it', () => {
    const alone = pfState([attacker, fig('b', 5, 6), defender])
    expect(isFlanking(alone, attacker, defender)).toBe(false)
    const across: EncounterState = { ...alone, combatants: [attacker, fig('b', 6, 5), defender] }
    expect(isFlanking(across, attacker, defender)).toBe(true)
    expect(isFlanking(alone, attacker, defender)).toBe(false)
  })

  it('the attacker or the defender moved (a new object) is asked again', () => {
    const state = pfState([attacker, fig('b', 6, 5), defender])
    expect(isFlanking(state, attacker, defender)).toBe(true)
    const moved = fig('a', 4, 3)
    expect(isFlanking({ ...state, combatants: [moved, fig('b', 6, 5), defender] }, moved, defender)).toBe(
      false
    )
  })
})
