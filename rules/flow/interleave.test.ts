import { describe, expect, it } from 'vitest'
import { stateHash } from '../core/hash'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter } from '../systems/hq2/test-fixtures'
import { applyCommand, replay } from './engine'

// Interleaving (hq2.md §3 [REC]): a controller may set a half-spent activation aside, act with another
// of its beings, and come back to it. Exercised through HQ2, whose seat order allows it.
const hq2 = getRuleset('hq2')

function table(strictSequentialBeings = false): EncounterState {
  const s = makeEncounter({
    width: 14,
    height: 10,
    settings: { strictSequentialBeings },
    beings: [
      { id: 'a', side: 'heroes', at: [1, 1], stats: { kind: 'hero', seat: 1 } },
      { id: 'b', side: 'heroes', at: [1, 3], stats: { kind: 'hero', seat: 1 } },
      { id: 'c', side: 'heroes', at: [1, 5], stats: { kind: 'hero', seat: 2 } },
      { id: 'o', side: 'bm', at: [12, 8], stats: { kind: 'monster', seat: 0, defenseFace: 'black' } }
    ],
    activeId: null
  })
  return { ...s, phase: 'setup', round: 0 }
}

const step = (actorId: string, x: number, y: number): Command => ({
  type: 'action.declare',
  action: { kind: 'move', actorId, path: [{ x, y, z: 0 }] }
})

function run(state: EncounterState, commands: Command[]) {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, hq2)
    if (!r.ok) throw new Error(`${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

describe('interleaving a controller’s beings', () => {
  const commands: Command[] = [
    { type: 'encounter.start' },
    step('a', 2, 1),
    { type: 'activation.select', actorId: 'b' },
    step('b', 2, 3),
    { type: 'activation.select', actorId: 'a' }
  ]

  it('sets a half-spent activation aside and resumes it with what it had left', () => {
    const started = run(table(), commands.slice(0, 2))
    const mpLeft = started.turn!.economy.context.mp
    const back = run(table(), commands)
    expect(back.turn).toMatchObject({ activeId: 'a', actions: 1, activated: ['a', 'b'] })
    expect(back.turn!.economy.context.mp).toBe(mpLeft)
    expect(back.turn!.paused).toEqual([expect.objectContaining({ actorId: 'b', actions: 1 })])
  })

  it('ending an activation resumes the one set aside before the turn order moves on', () => {
    const s = run(table(), [...commands, { type: 'turn.end' }])
    expect(s.turn).toMatchObject({ activeId: 'b', paused: [] })
    const next = run(s, [{ type: 'turn.end' }])
    expect(next.turn?.activeId).toBe('c')
  })

  it('another seat’s being cannot take the activation, and the GM option forbids interleaving', () => {
    const s = run(table(), commands.slice(0, 2))
    expect(applyCommand(s, { type: 'activation.select', actorId: 'c' }, hq2)).toMatchObject({
      ok: false,
      violation: { code: 'alreadyActivated' }
    })
    const strict = run(table(true), commands.slice(0, 2))
    expect(applyCommand(strict, { type: 'activation.select', actorId: 'b' }, hq2)).toMatchObject({
      ok: false,
      violation: { code: 'activationStarted' }
    })
  })

  it('replays to the same hash', () => {
    const s = run(table(), [...commands, { type: 'turn.end' }, { type: 'turn.end' }])
    expect(stateHash(replay(table(), [...commands, { type: 'turn.end' }, { type: 'turn.end' }], hq2))).toBe(
      stateHash(s)
    )
  })
})
