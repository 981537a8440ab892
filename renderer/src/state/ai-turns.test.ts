import { describe, expect, it, vi } from 'vitest'
import { chooseStep } from '../../../ai'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import type { AiPlayer } from '../worker/ai-client'
import { AiTurns, type AiTurnHost } from './ai-turns'
import { play, ruleset, started } from './fixtures'
import type { AiNote } from './log-lines'

/** An encounter host over the pure engine, recording what the AI sent and why. */
function host(state: EncounterState) {
  const h = {
    state,
    commands: 0,
    notes: [] as AiNote[],
    thinking: [] as boolean[],
    turns: undefined as AiTurns | undefined
  }
  const api: AiTurnHost = {
    current: () => ({ state: h.state, commands: h.commands }),
    send: (command: Command, note: AiNote) => {
      const result = applyCommand(h.state, command, ruleset)
      if (!result.ok) return result.violation.code
      h.state = result.state
      h.commands++
      h.notes.push(note)
      h.turns?.poke()
      return null
    },
    thinking: (on) => void h.thinking.push(on)
  }
  return { h, api }
}

/** The real AI, in-process instead of in a worker. */
const realAi: AiPlayer = {
  choose: async (state, actorId) => chooseStep(state, ruleset, actorId),
  dispose: () => {}
}

/** Both heroes end their activations: the monsters are up. */
const monstersUp = (): EncounterState => play(started(), { type: 'turn.end' }, { type: 'turn.end' })

describe('AiTurns', () => {
  it('does nothing on a person’s turn', () => {
    const { h, api } = host(started())
    const turns = new AiTurns(api, realAi, 0)
    turns.poke()
    expect(h.thinking).toEqual([])
  })

  it('plays every monster, one step at a time with a reason, until the heroes are up', async () => {
    const { h, api } = host(monstersUp())
    h.turns = new AiTurns(api, realAi, 0)
    h.turns.poke()
    await vi.waitFor(() => expect(h.state.turn?.sideId).toBe('heroes'), { timeout: 10000 })
    expect(h.notes.length).toBeGreaterThanOrEqual(4)
    expect(h.notes.every((n) => typeof n.reason.key === 'string' && n.at >= 0)).toBe(true)
    expect(h.state.round).toBe(2)
    await vi.waitFor(() => expect(h.thinking.at(-1)).toBe(false))
  })

  it('ends the activation when the AI fails, with the failure as its reason', async () => {
    const broken: AiPlayer = { choose: () => Promise.reject(new Error('boom')), dispose: () => {} }
    const { h, api } = host(monstersUp())
    const active = h.state.turn?.activeId
    new AiTurns(api, broken, 0).poke()
    await vi.waitFor(() => expect(h.state.turn?.activeId).not.toBe(active))
    expect(h.notes[0]?.reason).toEqual({ key: 'failed', params: { detail: 'boom' } })
  })

  it('drops a step once stopped', async () => {
    const { h, api } = host(monstersUp())
    const turns = new AiTurns(api, realAi, 0)
    turns.poke()
    turns.stop()
    await new Promise((done) => setTimeout(done, 20))
    expect(h.commands).toBe(0)
  })
})
