import { describe, expect, it } from 'vitest'
import { forcedDice } from '../../core/rng'
import type { Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { carnevale } from './ruleset'
import { at, cvFigure, cvState } from './test-fixtures'
import { rollOff } from './turn-order'

// carnevale.md §4 [GAP-PUB]: sides alternate activating one character; a side with none left passes; the
// round ends when all have activated. The side picks which figure (`activation.select`); who opens each
// round is `roundOpener`.

function start(settings: Record<string, unknown>, xs = 3, ys = 2): EncounterState {
  const x = [cvFigure('a1', 'x', at(2, 2)), cvFigure('a2', 'x', at(2, 4)), cvFigure('a3', 'x', at(2, 6))]
  const y = [cvFigure('b1', 'y', at(20, 2)), cvFigure('b2', 'y', at(20, 4))]
  const s = cvState([...x.slice(0, xs), ...y.slice(0, ys)], { settings })
  const r = applyCommand({ ...s, phase: 'setup', round: 0 }, { type: 'encounter.start' }, carnevale)
  if (!r.ok) throw new Error(r.violation.code)
  return r.state
}

function run(s: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((state, c) => {
    const r = applyCommand(state, c, carnevale)
    if (!r.ok) throw new Error(`${c.type}: ${r.violation.code}`)
    return r.state
  }, s)
}

const end: Command = { type: 'turn.end' }

describe('§4 alternating activations', () => {
  it('sides alternate; the side with more figures finishes alone; then a new round', () => {
    let s = start({ roundOpener: 'sideOrder' })
    const order: string[] = []
    for (let i = 0; i < 5; i++) {
      order.push(s.turn?.activeId ?? '')
      s = run(s, [end])
    }
    expect(order).toEqual(['a1', 'b1', 'a2', 'b2', 'a3'])
    expect([s.round, s.turn?.activeId]).toEqual([2, 'a1'])
  })

  it('the side picks which figure activates; one already activated cannot again this round', () => {
    let s = start({ roundOpener: 'sideOrder' })
    s = run(s, [{ type: 'activation.select', actorId: 'a3' }, end])
    expect(s.turn?.activeId).toBe('b1')
    s = run(s, [end])
    expect(s.turn?.activeId).toBe('a1')
    expect(applyCommand(s, { type: 'activation.select', actorId: 'a3' }, carnevale)).toMatchObject({
      ok: false,
      violation: { code: 'alreadyActivated' }
    })
  })

  it('rollOffAlternate: the roll-off winner opens round 1, the other side round 2', () => {
    let s = start({}, 1, 1)
    const winner = s.turn?.sideId
    expect(s.log.filter((e) => e.type === 'initiative.rolled')).toHaveLength(2)
    s = run(s, [end, end])
    expect(s.round).toBe(2)
    expect(s.turn?.sideId).not.toBe(winner)
    s = run(s, [end, end])
    expect(s.turn?.sideId).toBe(winner)
  })

  it('the roll-off re-rolls ties among the leaders', () => {
    const s = cvState([cvFigure('a', 'x', at(2, 2)), cvFigure('b', 'y', at(20, 2))])
    const events = rollOff(s, forcedDice([6, 6, 3, 9]))
    expect(
      events.filter((e) => e.type === 'dice.rolled').map((e) => (e.type === 'dice.rolled' ? e.result : 0))
    ).toEqual([6, 6, 3, 9])
    const totals = events.flatMap((e) => (e.type === 'initiative.rolled' ? [[e.id, e.total] as const] : []))
    expect(totals[1]![1]).toBeGreaterThan(totals[0]![1])
    expect(rollOff(cvState([], { settings: { roundOpener: 'sideOrder' } }), forcedDice([]))).toEqual([])
  })
})
