import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { applyCommand } from '../../flow/engine'
import { carnevale } from './ruleset'
import { economyMachine } from './economy.machine'
import { at, cvFigure, cvState } from './test-fixtures'

// carnevale.md §4 [GAP-PUB]: AP per character, at most 3 spent per activation, the rest lost; Guard costs 1
// and ends the activation [TEXT L34]; AoOs cost nothing (they never reach the machine).

const spend = (ap: number) => ({ type: 'economy.spend' as const, ap })
const guard = { type: 'economy.guard' as const, ap: 1 }
const end = { type: 'economy.end' as const, ap: 0 }

describe('Carnevale economy machine (§4)', () => {
  it.each([
    ['AP 3, cap 3', 3, 3, 3],
    ['AP 4, cap 3: at most 3 per activation', 4, 3, 3],
    ['AP 2, cap 3', 2, 3, 2],
    ['AP 0: the activation has nothing to spend', 0, 3, 0]
  ])('%s', (_label, apMax, maxPerActivation, ap) => {
    const [s0] = initialTransition(economyMachine, { apMax, maxPerActivation })
    expect([s0.value, s0.context.ap]).toEqual([ap > 0 ? 'acting' : 'ended', ap])
  })

  it('spends down to ended; refuses more than is left', () => {
    const [s0] = initialTransition(economyMachine, { apMax: 3, maxPerActivation: 3 })
    const [over] = transition(economyMachine, s0, spend(4))
    expect(over.context.ap).toBe(3)
    const [s1] = transition(economyMachine, s0, spend(1))
    const [s2] = transition(economyMachine, s1, spend(2))
    expect([s2.value, s2.context.ap]).toEqual(['ended', 0])
  })

  it('Guard costs 1 and ends the activation at once; End leaves the rest unspent', () => {
    const [s0] = initialTransition(economyMachine, { apMax: 3, maxPerActivation: 3 })
    const [g] = transition(economyMachine, s0, guard)
    expect([g.value, g.context.ap]).toEqual(['ended', 2])
    expect(g.can(spend(1))).toBe(false)
    const [e] = transition(economyMachine, s0, end)
    expect([e.value, e.context.ap]).toEqual(['ended', 3])
  })

  it('xstate/graph reaches every state from 3 AP', () => {
    const paths = getShortestPaths(economyMachine, {
      input: { apMax: 3, maxPerActivation: 3 },
      events: [spend(1), spend(2), guard, end]
    })
    const states = new Set(paths.map((p) => `${String(p.state.value)}:${p.state.context.ap}`))
    expect(states).toEqual(
      new Set(['acting:3', 'acting:2', 'acting:1', 'ended:0', 'ended:1', 'ended:2', 'ended:3'])
    )
  })
})

describe('the economy in the flow', () => {
  const started = () => {
    const s = cvState([cvFigure('a', 'x', at(2, 2)), cvFigure('b', 'y', at(20, 20))], {
      settings: { roundOpener: 'sideOrder' }
    })
    const r = applyCommand({ ...s, phase: 'setup', round: 0 }, { type: 'encounter.start' }, carnevale)
    if (!r.ok) throw new Error(r.violation.code)
    return r.state
  }

  it('Guard ends the activation: the other side activates next', () => {
    const s = started()
    expect(s.turn?.activeId).toBe('a')
    const r = applyCommand(s, { type: 'action.declare', action: { kind: 'guard', actorId: 'a' } }, carnevale)
    if (!r.ok) throw new Error(r.violation.code)
    expect(r.state.turn?.activeId).toBe('b')
    expect(r.events.filter((e) => e.type === 'economy.spent')).toMatchObject([
      { cost: { ap: 1 }, kind: 'guard' }
    ])
  })

  it('three moves spend the activation; a fourth is refused before that', () => {
    let s = started()
    for (const x of [4, 6, 8]) {
      const action = { kind: 'move', actorId: 'a', path: [at(x, 2)] }
      expect(s.turn?.activeId).toBe('a')
      const r = applyCommand(s, { type: 'action.declare', action }, carnevale)
      if (!r.ok) throw new Error(r.violation.code)
      s = r.state
    }
    expect(s.turn?.activeId).toBe('b')
  })
})
