import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { athkri } from '.'
import {
  chargeOf,
  economyMachine,
  openingBudget,
  type AthkriBudget,
  type AthkriEconomyEvent
} from './economy.machine'
import { figure, makeEncounter } from './test-fixtures'

const major: AthkriEconomyEvent = { type: 'economy.spendMajor', major: 1 }
const minor: AthkriEconomyEvent = { type: 'economy.spendMinor', minor: 1 }
const free: AthkriEconomyEvent = { type: 'economy.spendFree', free: 1 }
const split: AthkriEconomyEvent = { type: 'economy.split', major: 1 }
const ctx = (s: { context: AthkriBudget }) => ({ ...s.context })

describe('athkri economy machine (athkri.md §4)', () => {
  it('1 Major + 1 Minor + free actions; the turn is done once Major and Minor are spent', () => {
    const [s0] = initialTransition(economyMachine, { major: 1, minor: 1, free: 3 })
    expect([s0.value, ctx(s0)]).toEqual(['acting', { major: 1, low: 0, minor: 1, free: 3 }])
    const [s1] = transition(economyMachine, s0, free)
    expect([s1.value, s1.context.free]).toEqual(['acting', 2])
    const [s2] = transition(economyMachine, s1, major)
    expect([s2.value, s2.context.major]).toEqual(['acting', 0])
    const [s3] = transition(economyMachine, s2, minor)
    expect([s3.value, ctx(s3)]).toEqual(['done', { major: 0, low: 0, minor: 0, free: 2 }])
  })

  it('guards refuse what is not left: a second Minor, a Major at 0, a free action at 0', () => {
    const [s0] = initialTransition(economyMachine, { major: 1, minor: 1, free: 0 })
    const [s1] = transition(economyMachine, s0, minor)
    expect(s1.can(minor)).toBe(false)
    expect(s1.can(free)).toBe(false)
    expect(s1.can({ type: 'economy.spendFree', free: 0 })).toBe(true)
    const [s2] = transition(economyMachine, s1, major)
    expect(s2.value).toBe('done')
    expect(s2.can(major)).toBe(false)
    expect(s2.can(split)).toBe(false)
  })

  it('extra Majors from initiative (§4 A2): three Majors take three Major actions', () => {
    let [s] = initialTransition(economyMachine, { major: 3, minor: 1, free: 3 })
    for (let i = 0; i < 3; i++) [s] = transition(economyMachine, s, major)
    expect([s.value, s.context.major, s.context.minor]).toEqual(['acting', 0, 1])
  })

  it('a split turns one Major into two low-die Majors, spent first (§4 [TEXT L61], A19)', () => {
    const [s0] = initialTransition(economyMachine, { major: 2, minor: 0, free: 0 })
    const [s1] = transition(economyMachine, s0, split)
    expect(ctx(s1)).toEqual({ major: 1, low: 2, minor: 0, free: 0 })
    const [s2] = transition(economyMachine, s1, major)
    expect(ctx(s2)).toEqual({ major: 1, low: 1, minor: 0, free: 0 })
    const [s3] = transition(economyMachine, s2, split)
    expect(ctx(s3)).toEqual({ major: 0, low: 3, minor: 0, free: 0 })
    let s = s3
    for (let i = 0; i < 3; i++) [s] = transition(economyMachine, s, major)
    expect(s.value).toBe('done')
  })

  it('rehydrates from a saved { value, context } and keeps stepping', () => {
    const saved = { value: 'acting', context: { major: 1, low: 0, minor: 1, free: 1 } }
    const restored = economyMachine.resolveState(saved)
    const [next] = transition(economyMachine, restored, major)
    const [done] = transition(economyMachine, next, minor)
    expect(athkri.economy.exhausted({ value: done.value, context: { ...done.context } })).toBe(true)
    expect(athkri.economy.exhausted(saved)).toBe(false)
  })

  it('every reachable budget from 2 Majors is covered by xstate/graph', () => {
    const paths = getShortestPaths(economyMachine, {
      input: { major: 2, minor: 1, free: 1 },
      events: [major, minor, free, split]
    })
    const states = new Set(
      paths.map((p) => `${String(p.state.value)}:${Object.values(p.state.context).join(',')}`)
    )
    expect(states.has('done:0,0,0,0')).toBe(true)
    expect(states.has('done:0,0,0,1')).toBe(true)
    expect(states.has('acting:0,4,1,1')).toBe(true)
    expect([...states].every((s) => !s.startsWith('done') || s.startsWith('done:0,0,0'))).toBe(true)
  })
})

describe('Economy adapter', () => {
  const state = makeEncounter({
    figures: [
      { id: 'a', at: [1, 1] },
      { id: 'b', at: [2, 1], side: 'b' }
    ],
    initiative: { a: 27, b: 12 }
  })

  it('input: Majors from the initiative total (A2), the extras every turn or only in round 1 (A3), G-2 free actions', () => {
    expect(openingBudget(state, figure(state, 'a'))).toEqual({ major: 2, minor: 1, free: 3 })
    expect(openingBudget(state, figure(state, 'b'))).toEqual({ major: 1, minor: 1, free: 3 })
    const later = { ...state, round: 2 }
    expect(openingBudget(later, figure(state, 'a')).major).toBe(2)
    const once = { ...later, settings: { extraMajorsEveryTurn: false, freeActionsPerTurn: 1 } }
    expect(openingBudget(once, figure(state, 'a'))).toEqual({ major: 1, minor: 1, free: 1 })
    const strict = { ...state, settings: { majorsRule: 'aboveTwenty' } }
    expect(openingBudget(strict, figure(state, 'a')).major).toBe(1)
  })

  it('charge: attacks and long walks are Major, short walks Minor while one is left, ambush free, split', () => {
    const path = (n: number) => Array.from({ length: n }, (_, i) => ({ x: 1, y: 2 + i, z: 0 }))
    expect(chargeOf(state, { kind: 'melee', actorId: 'a', targetId: 'b' })).toEqual(major)
    expect(chargeOf(state, { kind: 'move', actorId: 'a', path: path(2) })).toEqual(minor)
    expect(chargeOf(state, { kind: 'move', actorId: 'a', path: path(3) })).toEqual(major)
    expect(chargeOf(state, { kind: 'ambush', actorId: 'a', targetId: 'b' })).toEqual(free)
    expect(chargeOf(state, { kind: 'split', actorId: 'a' })).toEqual(split)
    expect(chargeOf(state, { kind: 'face', actorId: 'a', facing: 2 })).toEqual({
      type: 'economy.spendFree',
      free: 0
    })
    const noMinor = {
      ...state,
      turn: state.turn && {
        ...state.turn,
        economy: { value: 'acting', context: { major: 1, low: 0, minor: 0, free: 3 } }
      }
    }
    expect(chargeOf(noMinor, { kind: 'move', actorId: 'a', path: path(2) })).toEqual(major)
  })
})
