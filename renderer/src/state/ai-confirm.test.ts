import { describe, expect, it, vi } from 'vitest'
import type { AiOption, AiStep } from '../../../ai/types'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand } from '../../../rules/flow/engine'
import type { AiPlayer } from '../worker/ai-client'
import { AiTurns, commandOf, type AiProposal, type AiTurnHost } from './ai-turns'
import { play, ruleset, started } from './fixtures'
import type { AiNote } from './log-lines'

// The GM's confirmation and override of AI plans, against the real rules and a fake AI whose trace is
// three legal options: two moves and ending the activation.

/** A fake AI: proposes the first legal move, with a second move and ending the turn as the losers. */
function fakeAi(): AiPlayer & { calls: number } {
  const ai = {
    calls: 0,
    choose: async (state: EncounterState, actorId: string): Promise<AiStep> => {
      ai.calls++
      const moves = ruleset.legalActions(state, actorId).filter((a) => a.kind === 'move')
      const option = (action: AiOption['action'], score: number, key: string): AiOption => ({
        action,
        score,
        reason: { key, params: { actor: actorId, score } },
        terms: [{ key: 'approach', value: score }],
        probabilities: []
      })
      const trace = [
        option(moves[0] ?? null, 0.3, 'approach'),
        { ...option(moves[1] ?? null, 0.2, 'approach'), lostOn: { key: 'approach', by: 0.1 } },
        option(null, 0, 'endTurn')
      ]
      const command: Command = moves[0] ? { type: 'action.declare', action: moves[0] } : { type: 'turn.end' }
      return {
        command,
        reason: trace[0]!.reason,
        trace,
        considered: 3,
        policy: 'normal',
        personality: 'brute'
      }
    },
    dispose: () => {}
  }
  return ai
}

/** An encounter host over the pure engine that confirms every plan and records what it hears. */
function confirmingHost(state: EncounterState) {
  const h = {
    state,
    commands: 0,
    confirm: true,
    sent: [] as { command: Command; note: AiNote; picked?: number }[],
    proposal: null as AiProposal | null,
    takenOver: null as string | null,
    turns: undefined as AiTurns | undefined
  }
  /** Applies a command as any caller would (the AI or a person), poking the AI afterwards. */
  const apply = (command: Command): string | null => {
    const result = applyCommand(h.state, command, ruleset)
    if (!result.ok) return result.violation.code
    h.state = result.state
    h.commands++
    h.turns?.poke()
    return null
  }
  const api: AiTurnHost = {
    current: () => ({ state: h.state, commands: h.commands }),
    send: (command, note, _step, picked) => {
      const refused = apply(command)
      if (!refused) h.sent.push({ command, note, picked })
      return refused
    },
    thinking: () => {},
    confirming: () => h.confirm,
    changed: (proposal, takenOver) => {
      h.proposal = proposal
      h.takenOver = takenOver
    }
  }
  return { h, api, apply }
}

/** Both heroes end their activations: the monsters are up. */
const monstersUp = (): EncounterState => play(started(), { type: 'turn.end' }, { type: 'turn.end' })

async function proposed(state = monstersUp()) {
  const ai = fakeAi()
  const host = confirmingHost(state)
  host.h.turns = new AiTurns(host.api, ai, 0)
  host.h.turns.poke()
  await vi.waitFor(() => expect(host.h.proposal).not.toBeNull())
  return { ...host, ai, turns: host.h.turns }
}

describe('AiTurns with the GM confirming each plan', () => {
  it('holds the step as a proposal and sends nothing until the GM accepts', async () => {
    const { h, ai, turns } = await proposed()
    const active = h.state.turn?.activeId
    expect(h.proposal?.actorId).toBe(active)
    await new Promise((done) => setTimeout(done, 20))
    expect(h.sent).toEqual([])
    expect(ai.calls).toBe(1)
    const step = h.proposal!.step
    expect(turns.accept()).toBe(true)
    expect(h.sent[0]).toMatchObject({ command: step.command, note: { reason: step.reason }, picked: 0 })
    // The next step is asked for and waits in its turn.
    await vi.waitFor(() => expect(h.proposal).not.toBeNull())
    expect(ai.calls).toBe(2)
  })

  it('plays another option of the trace when the GM picks it', async () => {
    const { h, turns } = await proposed()
    const option = h.proposal!.step.trace[1]!
    expect(option.action).not.toBeNull()
    expect(turns.pick(1)).toBe(true)
    expect(h.sent[0]).toMatchObject({
      command: { type: 'action.declare', action: option.action },
      note: { reason: option.reason },
      picked: 1
    })
    const mover = h.state.combatants.find((c) => c.id === option.action!.actorId)
    expect(mover?.pos).toEqual(option.action!.path!.at(-1))
  })

  it('ends the activation when the GM picks the trace’s “end turn” option', async () => {
    const { h, turns } = await proposed()
    const actor = h.proposal!.actorId
    turns.pick(2)
    expect(h.sent[0]?.command).toEqual({ type: 'turn.end' })
    expect(h.state.turn?.activeId).not.toBe(actor)
  })

  it('drops a proposal once the state moves on without it', async () => {
    const { h, apply, turns } = await proposed()
    const old = h.proposal!
    // Someone else moves the fight on (the GM ends the activation from the panel).
    expect(apply({ type: 'turn.end' })).toBeNull()
    expect(h.proposal).toBeNull()
    expect(turns.accept()).toBe(false)
    expect(h.sent).toEqual([])
    // The AI thinks again for whoever is up now; the old plan never comes back.
    await vi.waitFor(() => expect(h.proposal).not.toBeNull())
    expect(h.proposal).not.toBe(old)
    expect(h.proposal!.commands).toBe(h.commands)
  })

  it('lets the GM take over the figure until its activation ends, then the AI resumes', async () => {
    const { h, ai, apply, turns } = await proposed()
    const actor = h.proposal!.actorId
    expect(turns.takeOver()).toBe(true)
    expect(h.proposal).toBeNull()
    expect(h.takenOver).toBe(actor)
    expect(turns.accept()).toBe(false)
    await new Promise((done) => setTimeout(done, 20))
    expect(ai.calls).toBe(1)
    // The GM plays the figure by hand, as a person would: the AI stays out of it.
    const move = ruleset.legalActions(h.state, actor).find((a) => a.kind === 'move')!
    expect(apply({ type: 'action.declare', action: move })).toBeNull()
    expect(h.takenOver).toBe(actor)
    expect(ai.calls).toBe(1)
    expect(apply({ type: 'turn.end' })).toBeNull()
    expect(h.takenOver).toBeNull()
    await vi.waitFor(() => expect(h.proposal?.actorId).toBe(h.state.turn?.activeId))
    expect(h.proposal?.actorId).not.toBe(actor)
  })

  it('hands a taken-over figure back to the AI', async () => {
    const { h, turns } = await proposed()
    const actor = h.proposal!.actorId
    turns.takeOver()
    turns.release()
    expect(h.takenOver).toBeNull()
    await vi.waitFor(() => expect(h.proposal?.actorId).toBe(actor))
  })

  it('plays straight on when confirmation is off', async () => {
    const ai = fakeAi()
    const { h, api } = confirmingHost(monstersUp())
    h.confirm = false
    h.turns = new AiTurns(api, ai, 0)
    h.turns.poke()
    await vi.waitFor(() => expect(h.sent.length).toBeGreaterThan(0))
    expect(h.proposal).toBeNull()
  })
})

describe('commandOf', () => {
  const step = (command: Command): AiStep => ({
    command,
    reason: { key: 'answer', params: {} },
    trace: [],
    considered: 0,
    policy: 'normal',
    personality: 'brute'
  })
  const option = (params: Record<string, string | number>): AiOption => ({
    action: null,
    score: 0,
    reason: { key: 'answer', params },
    terms: [],
    probabilities: []
  })

  it('answers a decision with the choice the option names', () => {
    const answer: Command = { type: 'decision.answer', decisionId: 'd1', choice: 'dodge' }
    expect(commandOf(option({ choice: 'parry' }), step(answer))).toEqual({
      type: 'decision.answer',
      decisionId: 'd1',
      choice: 'parry'
    })
    expect(commandOf(option({}), step(answer))).toBeNull()
  })

  it('ends the activation for an option without an action outside a decision', () => {
    expect(commandOf(option({}), step({ type: 'turn.end' }))).toEqual({ type: 'turn.end' })
  })
})
