import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { carnevaleSampleEncounter } from '../../../rules/systems/carnevale/sample'
import { previewMove } from './inches-move'

// The drag against the real Carnevale rules on their sample canal: the map's moves must be the rules' own.

const rules = getRuleset('carnevale')

/** The sample fight started, then played on (turns ended) until a figure of the Bauta (people) is active. */
function bautaTurn(): EncounterState {
  const started = applyCommand(carnevaleSampleEncounter(), { type: 'encounter.start' }, rules)
  if (!started.ok) throw new Error(started.violation.code)
  let state = started.state
  for (let i = 0; i < 20; i++) {
    if (state.combatants.find((c) => c.id === state.turn?.activeId)?.side === 'bauta') return state
    const next = applyCommand(state, { type: 'turn.end' }, rules)
    if (!next.ok) throw new Error(next.violation.code)
    state = next.state
  }
  throw new Error('no Bauta figure got a turn')
}

describe('dragging on the Carnevale sample', () => {
  const state = bautaTurn()
  const active = state.combatants.find((c) => c.id === state.turn?.activeId)!
  const legal = rules.legalActions(state, active.id)

  it('declares a move the rules take, written as their own moves are, and the engine plays it', () => {
    const to = { x: active.pos.x + 30, y: active.pos.y - 20 }
    const p = previewMove(state, rules, legal, active.id, to)!
    expect(p.violation).toBeNull()
    const own = legal.find((a) => a.kind === 'move')
    expect(own?.path?.[0]).not.toEqual(active.pos)
    expect(p.action).toEqual({ kind: 'move', actorId: active.id, path: [{ ...p.goal }] })
    expect(p.info?.cost).toBeCloseTo(p.measure?.inches ?? NaN, 1)
    const played = applyCommand(state, { type: 'action.declare', action: p.action! }, rules)
    expect(played.ok && played.state.combatants.find((c) => c.id === active.id)?.pos).toEqual(p.goal)
  })

  it('carries the rules refusal of a drag beyond the move', () => {
    const p = previewMove(state, rules, legal, active.id, { x: 300, y: 60 })!
    expect(p.measure).not.toBeNull()
    expect(p.violation?.code).toBe('pathTooFar')
  })
})
