import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { applyEvents, type GameEvent } from './events'
import { stateHash } from './hash'
import {
  foldRoundActivations,
  inSet,
  registerSystemState,
  sliceFromLog,
  systemStateOf,
  withMember,
  withoutMember,
  withSystemState,
  type SystemStateModel
} from './system-state'
import { bareFigure, testEncounter } from './test-fixtures'

// The engine keeps a ruleset's slice of the encounter state as events are applied (core/system-state.ts).
// A counting model stands in for a ruleset here (Pathfinder has no slice of its own, so its id is free).

interface Tally {
  rounds: number
  moves: Record<string, true>
}

const tally: SystemStateModel<Tally> = {
  schema: z.strictObject({ rounds: z.number().int(), moves: z.record(z.string(), z.literal(true)) }),
  initial: () => ({ rounds: 0, moves: {} }),
  fold(t, e) {
    if (e.type === 'round.started') return { ...t, rounds: t.rounds + 1 }
    if (e.type === 'moved') return { ...t, moves: withMember(t.moves, e.id) }
    return t
  }
}
registerSystemState('pathfinder1e', tally)

const state = () =>
  testEncounter(
    'pathfinder1e',
    {},
    { width: 5, height: 5, blocks: [] },
    [
      { id: 'a', name: 'a' },
      { id: 'b', name: 'b' }
    ],
    [bareFigure('x', 'a'), bareFigure('y', 'b')]
  )
const round = (n: number): GameEvent => ({ type: 'round.started', round: n })
const moved = (id: string): GameEvent => ({ type: 'moved', id, path: [{ x: 1, y: 1, z: 0 }], facing: 0 })

describe('a ruleset’s slice of the encounter state', () => {
  it('folds in each applied event, one by one or in a batch, leaving earlier states as they were', () => {
    const one = applyEvents(state(), [round(1), moved('x')])
    expect(one.systemState).toEqual({ rounds: 1, moves: { x: true } })
    const two = applyEvents(one, [round(2)])
    expect(two.systemState).toEqual({ rounds: 2, moves: { x: true } })
    expect(one.systemState).toEqual({ rounds: 1, moves: { x: true } })
    // An event that changes nothing keeps the very same slice.
    expect(applyEvents(two, [{ type: 'turn.ended', actorId: 'x' }]).systemState).toBe(two.systemState)
  })

  it('is rebuilt from the log for a state without it, once, and kept from there', () => {
    const { systemState: _gone, ...old } = applyEvents(state(), [round(1), moved('y'), round(2)])
    expect(systemStateOf(old, tally)).toEqual({ rounds: 2, moves: { y: true } })
    expect(systemStateOf(old, tally)).toBe(sliceFromLog(old, tally))
    expect(applyEvents(old, [round(3)]).systemState).toEqual({ rounds: 3, moves: { y: true } })
    expect(withSystemState(old).systemState).toEqual({ rounds: 2, moves: { y: true } })
  })

  it('a load checks a carried slice with the ruleset’s schema', () => {
    const s = applyEvents(state(), [round(1)])
    expect(withSystemState(s)).toBe(s)
    expect(() => withSystemState({ ...s, systemState: { rounds: 'one' } })).toThrow()
  })

  it('is left out of the state hash: it follows from the log, which the hash covers', () => {
    const s = applyEvents(state(), [round(1), moved('x')])
    const { systemState: _derived, ...without } = s
    expect(stateHash(s)).toBe(stateHash(without))
    expect(stateHash(applyEvents(s, [moved('y')]))).not.toBe(stateHash(s))
  })

  it('sets as JSON records read only their own members and stay unchanged when nothing changes', () => {
    const set = withMember({}, 'constructor')
    expect(inSet(set, 'constructor')).toBe(true)
    expect(inSet({}, 'toString')).toBe(false)
    expect(withMember(set, 'constructor')).toBe(set)
    expect(withoutMember(set, 'x')).toBe(set)
    expect(withoutMember(set, 'constructor')).toEqual({})
  })

  it('the round’s activations: listed in order, a handed-over one replaced, emptied as a round starts', () => {
    const economy = { value: 'open', context: {} }
    let ids: readonly string[] = []
    for (const e of [
      { type: 'turn.started', sideId: 'a', actorId: 'x', economy },
      { type: 'turn.started', sideId: 'b', actorId: 'y', economy },
      { type: 'activation.changed', actorId: 'z', economy }
    ] as GameEvent[])
      ids = foldRoundActivations(ids, e)
    expect(ids).toEqual(['x', 'z'])
    expect(foldRoundActivations(ids, round(2))).toEqual([])
  })
})
