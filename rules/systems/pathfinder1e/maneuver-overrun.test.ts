import { describe, expect, it } from 'vitest'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { maneuverDecision, validateManeuver } from './maneuver-actions'
import { act, attacker, defender, run } from './maneuver-fixtures'
import { overrunLines } from './maneuver-overrun'
import { pfState } from './test-fixtures'

// pathfinder1e.md §4.11 overrun [TEXT L441–443]: through the target's space during a move; the target may
// step aside; success passes, beating the CMD by 5 knocks it prone, failure stops in front of it.

const line = (...xs: number[]) => xs.map((x) => ({ x, y: 5, z: 0 }))
const overrun = (path = line(6, 7)): Action => act('overrun', { path })
const block = { 'pf1.overrun': 'block' }
const fig = (state: EncounterState, id: string) => state.combatants.find((c) => c.id === id) as Combatant

describe('overrun (§4.11)', () => {
  it('asks the target first: block (the default) or avoid; not against Improved Overrun', () => {
    const state = pfState([attacker(), defender()])
    expect(maneuverDecision(state, overrun(), {})).toEqual({
      id: 'pf1.overrun',
      deciderId: 'def',
      choices: ['block', 'avoid'],
      default: 'block',
      params: { actor: 'att', target: 'def' }
    })
    expect(maneuverDecision(state, overrun(), block)).toBeNull()
    expect(maneuverDecision(state, act('trip'), {})).toBeNull()
    const improved = pfState([attacker({ feats: ['ImprovedOverrun'] }), defender()])
    expect(maneuverDecision(improved, overrun(), {})).toBeNull()
  })

  it('avoid: the mover passes through without a roll', () => {
    const out = run(pfState([attacker(), defender()]), overrun(), [], { 'pf1.overrun': 'avoid' })
    expect(out.rolls).toEqual([])
    expect(out.figure('att').pos).toMatchObject({ x: 7, y: 5 })
  })

  it.each([
    // face, roll line, mover ends at x, target prone
    [10, 'att:pf1.overrun:15/15:true', 7, false],
    [15, 'att:pf1.overrun:20/15:true', 7, true],
    [9, 'att:pf1.overrun:14/15:false', 5, false]
  ] as const)('block, face %i: %s', (face, roll, x, prone) => {
    const out = run(pfState([attacker(), defender()]), overrun(), [face], block)
    expect(out.rolls).toEqual([roll])
    expect(out.figure('att').pos).toMatchObject({ x, y: 5 })
    expect(out.stats('def').conditions.includes('prone')).toBe(prone)
  })

  it('a failure stops the mover in the square in front of the target', () => {
    const out = run(
      pfState([attacker({}, { x: 3, y: 5 }), defender()]),
      overrun(line(4, 5, 6, 7)),
      [9],
      block
    )
    expect(out.figure('att').pos).toMatchObject({ x: 5, y: 5 })
  })

  it('the target’s attack of opportunity as the mover leaves the square in front is the check’s penalty', () => {
    const answers = { ...block, 'pf1.aoo#def': 'attack' }
    // def: d20 15 hits AC 10, 1d8+1 = 5; the overrun d20 14: 14 + 5 − 5 = 14 < 15.
    const out = run(
      pfState([attacker({}, { x: 3, y: 5 }), defender()]),
      overrun(line(4, 5, 6, 7)),
      [15, 4, 14],
      answers
    )
    expect(out.rolls).toEqual([
      'def:pf1.attack:18/10:true',
      'def:pf1.damage:4/-:true',
      'att:pf1.overrun:14/15:false'
    ])
    expect(out.figure('att')).toMatchObject({ life: 15, pos: { x: 5, y: 5 } })
  })

  it('Improved Overrun: the target cannot avoid, so the check is rolled anyway', () => {
    const state = pfState([attacker({ feats: ['ImprovedOverrun'] }), defender()])
    expect(run(state, overrun(), [8], { 'pf1.overrun': 'avoid' }).rolls).toEqual([
      'att:pf1.overrun:15/15:true'
    ])
  })
})

describe('overrun paths', () => {
  const state = pfState([attacker(), defender()])
  const check = (action: Action, s = state) => validateManeuver(s, fig(s, 'att'), action)

  it('the path must cross the target’s space, come out of it and fit in one move action', () => {
    expect(check(overrun())).toBeNull()
    expect(check(overrun([]))).toEqual({ code: 'emptyPath' })
    expect(check(overrun([{ x: 5, y: 6, z: 0 }]))).toEqual({ code: 'overrunPath' })
    expect(check(overrun(line(6)))).toEqual({ code: 'overrunPath' })
    expect(check(overrun(line(6, 7, 8, 9, 10, 11, 12)))).toEqual({ code: 'tooFar' })
    const walled = pfState([attacker(), defender()], { blocks: [[7, 5]] })
    expect(check(overrun(), walled)).toEqual({ code: 'blockedPath' })
  })

  it('size (at most one category larger), prone movers and a 5-ft step already taken refuse it', () => {
    const huge = pfState([attacker(), defender({ size: 'H' })])
    expect(check(overrun(line(6, 7, 8, 9)), huge)).toEqual({ code: 'tooLarge' })
    const prone = pfState([attacker({ conditions: ['prone'] }), defender()])
    expect(check(overrun(), prone)).toEqual({ code: 'prone' })
    const economy = { value: 'acting', context: { standard: 1, move: 1, _stepped: 1 } }
    const stepped = {
      ...state,
      turn: { sideId: 'a', activeId: 'att', activated: ['att'], economy, actions: 1 }
    }
    expect(check(overrun(), stepped)).toEqual({ code: 'stepped' })
  })

  it('candidates: the straight lines through the target to the first square past it', () => {
    expect(overrunLines(state, fig(state, 'att'), fig(state, 'def'))).toEqual([
      [
        { x: 6, y: 5 },
        { x: 7, y: 5 }
      ]
    ])
  })
})
