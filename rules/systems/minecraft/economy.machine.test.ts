import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { minecraft } from '.'
import { economyMachine } from './economy.machine'
import { makeEncounter } from './test-fixtures'

const spend = (ap: number) => ({ type: 'economy.spend' as const, ap })

describe('minecraft economy machine (minecraft.md §3)', () => {
  it('starts acting with the AP of its input and counts down to spent', () => {
    const [s0] = initialTransition(economyMachine, { ap: 3 })
    expect([s0.value, s0.context.ap]).toEqual(['acting', 3])
    const [s1] = transition(economyMachine, s0, spend(1))
    expect([s1.value, s1.context.ap]).toEqual(['acting', 2])
    const [s2] = transition(economyMachine, s1, spend(2))
    expect([s2.value, s2.context.ap]).toEqual(['spent', 0])
  })

  it('canAfford refuses a cost above the AP left (and negative costs); free actions keep acting', () => {
    const [s0] = initialTransition(economyMachine, { ap: 1 })
    const [over] = transition(economyMachine, s0, spend(2))
    expect([over.value, over.context.ap]).toEqual(['acting', 1])
    const [negative] = transition(economyMachine, s0, spend(-1))
    expect(negative.context.ap).toBe(1)
    const [free] = transition(economyMachine, s0, spend(0))
    expect([free.value, free.context.ap]).toEqual(['acting', 1])
  })

  it('a figure with 0 AP is spent at once; free actions are still accepted, paid ones are not', () => {
    const [s0] = initialTransition(economyMachine, { ap: 0 })
    expect(s0.value).toBe('spent')
    expect(s0.can(spend(0))).toBe(true)
    expect(s0.can(spend(1))).toBe(false)
    const [s1] = transition(economyMachine, s0, spend(0))
    expect([s1.value, s1.context.ap]).toEqual(['spent', 0])
  })

  it('rehydrates from a saved { value, context } and keeps stepping', () => {
    const saved = { value: 'acting', context: { ap: 2 } }
    const restored = economyMachine.resolveState(saved)
    expect(restored.context.ap).toBe(2)
    const [next] = transition(economyMachine, restored, spend(2))
    expect(next.value).toBe('spent')
    expect(minecraft.economy.exhausted({ value: next.value, context: next.context })).toBe(true)
    expect(minecraft.economy.exhausted(saved)).toBe(false)
  })

  it('every reachable state is covered by xstate/graph from 3 AP', () => {
    const paths = getShortestPaths(economyMachine, {
      input: { ap: 3 },
      events: [spend(1), spend(2)]
    })
    const states = new Set(paths.map((p) => `${String(p.state.value)}:${p.state.context.ap}`))
    expect(states).toEqual(new Set(['acting:3', 'acting:2', 'acting:1', 'spent:0']))
  })
})

describe('Economy adapter', () => {
  const state = makeEncounter({
    figures: [
      { id: 'a', at: [1, 1] },
      { id: 'slow', at: [2, 2], stats: { apPerTurn: 1 } }
    ]
  })
  const a = state.combatants[0]
  const slow = state.combatants[1]

  it('input: the figure override, else settings.apPerTurn (G-7)', () => {
    if (!a || !slow) throw new Error('fixture')
    expect(minecraft.economy.input(state, a)).toEqual({ ap: 3 })
    expect(minecraft.economy.input(state, slow)).toEqual({ ap: 1 })
    expect(minecraft.economy.input({ ...state, settings: { apPerTurn: 5 } }, a)).toEqual({ ap: 5 })
  })

  it('charge maps actions to economy.spend and the machine applies it', () => {
    const path = [
      { x: 1, y: 2, z: 0 },
      { x: 1, y: 3, z: 0 }
    ]
    const moveEvent = minecraft.economy.charge(state, { kind: 'move', actorId: 'a', path })
    expect(moveEvent).toEqual(spend(2))
    const [s0] = initialTransition(economyMachine, { ap: 3 })
    const [s1] = transition(economyMachine, s0, spend(2))
    const [s2] = transition(
      economyMachine,
      s1,
      minecraft.economy.charge(state, { kind: 'ranged', actorId: 'a', targetId: 'b' }) as ReturnType<
        typeof spend
      >
    )
    expect([s1.context.ap, s2.context.ap, s2.value]).toEqual([1, 1, 'acting'])
    const [s3] = transition(
      economyMachine,
      s1,
      minecraft.economy.charge(state, { kind: 'melee', actorId: 'a', targetId: 'b' }) as ReturnType<
        typeof spend
      >
    )
    expect(s3.value).toBe('spent')
  })
})
