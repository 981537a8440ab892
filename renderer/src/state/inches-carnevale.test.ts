import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { carnevaleSampleEncounter } from '../../../rules/systems/carnevale/sample'
import { cvFigure, cvState, withTurn } from '../../../rules/systems/carnevale/test-fixtures'
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

describe('dragging across a gap between two roofs', () => {
  // Two 4" palazzi 2" apart: walking means climbing down and up again (past the Move), so the drag leaps.
  const palazzo = (id: string, x: number) => ({
    id,
    kind: 'building' as const,
    x,
    y: 100,
    w: 60,
    h: 60,
    top: 40
  })
  const state = withTurn(
    cvState([cvFigure('a', 'x', { x: 156, y: 130, z: 40 }), cvFigure('far', 'y', { x: 20, y: 20, z: 0 })], {
      pieces: [palazzo('west', 100), palazzo('east', 180)]
    }),
    'a'
  )
  const legal = rules.legalActions(state, 'a')

  it('declares the jump the rules offer, measured straight, and the engine plays it', () => {
    const p = previewMove(state, rules, legal, 'a', { x: 184, y: 130 })!
    expect(p.violation).toBeNull()
    expect(p.action?.kind).toBe('jump')
    expect(p.goal.z).toBe(40)
    expect(p.measure?.inches).toBeCloseTo(2.8, 5)
    const played = applyCommand(state, { type: 'action.declare', action: p.action! }, rules)
    expect(played.ok && played.state.combatants.find((c) => c.id === 'a')?.pos).toEqual(p.goal)
  })

  it('still walks where walking works (along the same roof)', () => {
    expect(previewMove(state, rules, legal, 'a', { x: 120, y: 130 })?.action?.kind).toBe('move')
  })
})
