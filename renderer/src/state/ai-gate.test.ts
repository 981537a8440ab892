import { describe, expect, it } from 'vitest'
import type { AiStep } from '../../../ai/types'
import type { EncounterState } from '../../../rules/core/types'
import { AiGate } from './ai-gate'

const step = { command: { type: 'turn.end' } } as AiStep
const state = {} as EncounterState
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/** An AI player that counts its calls. */
function counting() {
  const calls: string[] = []
  return {
    calls,
    player: { choose: async (_s: EncounterState, id: string) => (calls.push(id), step), dispose: () => {} }
  }
}

describe('the AI gate', () => {
  it('asks the AI at once while open', async () => {
    const { calls, player } = counting()
    await expect(new AiGate(player).choose(state, 'goblin')).resolves.toBe(step)
    expect(calls).toEqual(['goblin'])
  })

  it('holds a step while paused and lets it go on resume', async () => {
    const { calls, player } = counting()
    const seen: boolean[] = []
    const gate = new AiGate(player, (paused) => seen.push(paused))
    gate.pause()
    const asked = gate.choose(state, 'goblin')
    await flush()
    expect(calls).toEqual([])
    gate.resume()
    await expect(asked).resolves.toBe(step)
    expect(calls).toEqual(['goblin'])
    expect(seen).toEqual([true, false])
  })

  it('fails the held steps when closed', async () => {
    const { player } = counting()
    const gate = new AiGate(player)
    gate.pause()
    const asked = gate.choose(state, 'goblin')
    gate.dispose()
    await expect(asked).rejects.toThrow()
  })
})
