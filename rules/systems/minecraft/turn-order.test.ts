import { describe, expect, it } from 'vitest'
import { sliceFromLog } from '../../core/system-state'
import type { Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { minecraft } from '.'
import type { McSettings } from './settings'
import { makeEncounter } from './test-fixtures'
import { activatedThisRound, mcRoundModel, reactivated } from './turn-order'

// minecraft.md §3 [REC] / A13: whole side turns by default; alternating single activations as an option.

function fresh(settings: Partial<McSettings>): EncounterState {
  const s = makeEncounter({
    activeId: null,
    settings,
    figures: [
      { id: 'h1', side: 'h', at: [1, 1] },
      { id: 'h2', side: 'h', at: [1, 3] },
      { id: 'z1', side: 'z', at: [9, 9] }
    ]
  })
  return { ...s, phase: 'setup', round: 0 }
}

function run(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, minecraft)
    if (!r.ok) throw new Error(r.violation.code)
    return r.state
  }, state)
}

/** Who is active after the start and each `turn.end`, with the round. */
function order(settings: Partial<McSettings>, ends: number): string[] {
  let s = run(fresh(settings), [{ type: 'encounter.start' }])
  const seen = [`${s.round}:${s.turn?.activeId}`]
  for (let i = 0; i < ends; i++) {
    s = run(s, [{ type: 'turn.end' }])
    seen.push(`${s.round}:${s.turn?.activeId}`)
  }
  return seen
}

describe('§3 turn order by turnMode', () => {
  it.each([
    [
      '§3 [REC] sideTurns: a side activates all its figures, then the next side',
      'sideTurns',
      ['1:h1', '1:h2', '1:z1', '2:h1']
    ],
    [
      '§3 [REC] alternateActivations: one figure per side in turn; a side with nobody left is skipped',
      'alternateActivations',
      ['1:h1', '1:z1', '1:h2', '2:h1']
    ]
  ] as const)('%s', (_label, turnMode, expected) => {
    expect(order({ turnMode }, 3)).toEqual(expected)
  })

  it('alternateActivations: a figure that already acted this round cannot be handed the activation again', () => {
    // Round 1: h1, z1, then h2 opens untouched; h1 already had its activation this round.
    const s = run(fresh({ turnMode: 'alternateActivations' }), [
      { type: 'encounter.start' },
      { type: 'turn.end' },
      { type: 'turn.end' }
    ])
    expect(s.turn?.activeId).toBe('h2')
    expect(applyCommand(s, { type: 'activation.select', actorId: 'h1' }, minecraft)).toMatchObject({
      ok: false,
      violation: { code: 'alreadyActivated' }
    })
    // Without the hand-over guard the rules themselves still refuse a second activation's actions.
    const forced = { ...s, turn: { ...s.turn!, activeId: 'h1' } }
    const face: Command = { type: 'action.declare', action: { kind: 'face', actorId: 'h1', facing: 3 } }
    expect(applyCommand(forced, face, minecraft)).toMatchObject({
      ok: false,
      violation: { code: 'alreadyActedThisRound', params: { actorId: 'h1' } }
    })
  })
})

describe('§3 the round’s activations, kept in the encounter’s Minecraft slice', () => {
  it('§3 [REC] each opened activation is listed in order; the next round starts the list again', () => {
    let s = run(fresh({ turnMode: 'alternateActivations' }), [{ type: 'encounter.start' }])
    expect(activatedThisRound(s)).toEqual(['h1'])
    s = run(s, [{ type: 'turn.end' }, { type: 'turn.end' }])
    expect(activatedThisRound(s)).toEqual(['h1', 'z1', 'h2'])
    // h2 holds its first activation of the round: not a second one.
    expect(reactivated(s, 'h2')).toBe(false)
    s = run(s, [{ type: 'turn.end' }])
    expect(s.round).toBe(2)
    expect(activatedThisRound(s)).toEqual(['h1'])
  })

  it('§3: an activation handed to another figure replaces the untouched one in the list', () => {
    const s = run(fresh({}), [{ type: 'encounter.start' }, { type: 'activation.select', actorId: 'h2' }])
    expect(activatedThisRound(s)).toEqual(['h2'])
  })

  it('the kept slice is the whole log read again (the save migration)', () => {
    const s = run(fresh({}), [
      { type: 'encounter.start' },
      { type: 'activation.select', actorId: 'h2' },
      { type: 'turn.end' },
      { type: 'turn.end' }
    ])
    expect(activatedThisRound(s)).toEqual(['h2', 'h1', 'z1'])
    const { systemState: _kept, ...old } = s
    expect(sliceFromLog(old, mcRoundModel)).toEqual(s.systemState)
    expect(mcRoundModel.schema.parse(JSON.parse(JSON.stringify(s.systemState)))).toEqual(s.systemState)
  })
})
