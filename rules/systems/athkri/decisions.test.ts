import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import type { Command, EncounterState } from '../../core/types'
import { applyCommand, whoDecides } from '../../flow/engine'
import { athkri } from '.'
import { figure, longbow, makeEncounter } from './test-fixtures'

// Decisions and start-of-turn rolls through the engine (rules/flow/engine.ts), as the UI and AI drive them.

function apply(state: EncounterState, command: Command): EncounterState {
  const r = applyCommand(state, command, athkri)
  if (!r.ok) throw new Error(r.violation.code)
  return r.state
}

const shot: Command = { type: 'action.declare', action: { kind: 'ranged', actorId: 'a', targetId: 't' } }

function range(settings = {}) {
  return makeEncounter({
    figures: [
      { id: 'a', at: [2, 2], facing: 2, stats: { weapons: [longbow] } },
      { id: 't', side: 'b', at: [12, 2], facing: 6 }
    ],
    settings
  })
}

describe('GM adjudication points as decisions (athkri.md §8)', () => {
  it('G-3: a ranged attack waits for the GM’s Cobertura change; unattended play takes the default 0', () => {
    const s = apply(range(), shot)
    expect(s.pending?.request).toMatchObject({
      id: 'athkri.coverAdjust',
      deciderId: 'gm',
      range: { min: -10, max: 10 },
      default: 0
    })
    expect(whoDecides(s)).toBe('gm')
    expect(chooseStep(s, athkri, 'gm').command).toEqual({
      type: 'decision.answer',
      decisionId: 'athkri.coverAdjust',
      choice: 0
    })
    expect(s.turn?.economy.context.major).toBe(1)
  })

  it('the GM’s answer raises the Cobertura the shot must reach, and the action is paid once', () => {
    const s = apply(apply(range(), shot), {
      type: 'decision.answer',
      decisionId: 'athkri.coverAdjust',
      choice: 4
    })
    const roll = s.log.find((e) => e.type === 'dice.rolled' && e.purpose === 'attack')
    expect(roll).toMatchObject({ target: 15 + 4 })
    expect(s.log.filter((e) => e.type === 'economy.spent')).toHaveLength(1)
    const action = { kind: 'ranged', actorId: 'a', targetId: 't' }
    const odds = (adjust: number) =>
      athkri.odds(range(), action, { 'athkri.coverAdjust': adjust })?.headline.find((h) => h.key === 'hit')?.p
    expect(odds(4)).not.toEqual(odds(0))
  })

  it('with gmPrompts auto the table values apply at once', () => {
    const s = apply(range({ gmPrompts: 'auto' }), shot)
    expect(s.pending).toBeNull()
    expect(s.log.some((e) => e.type === 'attack.declared')).toBe(true)
  })

  it('an answer outside the range is refused', () => {
    const s = apply(range(), shot)
    const r = applyCommand(
      s,
      { type: 'decision.answer', decisionId: 'athkri.coverAdjust', choice: 11 },
      athkri
    )
    expect(r.ok).toBe(false)
  })
})

describe('bleeding figures still open their activation (athkri.md §4 TURN_START)', () => {
  it('the turn order reaches the unconscious figure, which rolls its save and passes by itself', () => {
    let s = makeEncounter({
      figures: [
        { id: 'a', at: [2, 2] },
        { id: 'down', at: [3, 2], life: 0, out: true },
        { id: 'foe', side: 'b', at: [9, 9] }
      ],
      initiative: { a: 20, down: 15, foe: 10 },
      log: [{ type: 'combatant.out', id: 'down' }]
    })
    s = apply(s, { type: 'turn.end' })
    expect(
      s.log
        .filter((e) => e.type === 'dice.rolled' && e.actorId === 'down')
        .map((e) => e.type === 'dice.rolled' && e.purpose)
    ).toEqual(['bleed'])
    // Its turn opened (the save) with nothing to spend, so the engine passed it on without a command.
    expect(s.log.some((e) => e.type === 'turn.started' && e.actorId === 'down')).toBe(true)
    expect(s.log.some((e) => e.type === 'turn.ended' && e.actorId === 'down')).toBe(true)
    expect(s.turn?.activeId).toBe('foe')
    expect(figure(s, 'down').out).toBe(true)
  })
})
