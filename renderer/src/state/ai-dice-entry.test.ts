import { describe, expect, it, vi } from 'vitest'
import { chooseStep } from '../../../ai'
import type { Command, EncounterState } from '../../../rules/core/types'
import { dryRunDice, withEnteredDice } from '../../../rules/flow/dice-dry-run'
import { applyCommand } from '../../../rules/flow/engine'
import type { AiPlayer } from '../worker/ai-client'
import { AiGate } from './ai-gate'
import { AiTurns, type AiTurnHost } from './ai-turns'
import { play, ruleset, started } from './fixtures'
import type { AiNote } from './log-lines'

// Dice automation below `auto`: the AI's commands wait for the table's dice. The AI chooses first (from
// the state alone), the host asks for the dice of that command, and only then does it go, with the faces.

interface Asked {
  command: Command
  actorId: string
  note: AiNote
  answer(command: Command | null): void
}

/** A host over the pure engine whose dice entry holds every command that rolls until the test answers. */
function host(state: EncounterState, confirming = false) {
  const h = {
    state,
    commands: 0,
    sent: [] as Command[],
    asked: [] as Asked[],
    turns: undefined as AiTurns | undefined
  }
  const api: AiTurnHost = {
    current: () => ({ state: h.state, commands: h.commands }),
    send: (command) => {
      const result = applyCommand(h.state, command, ruleset)
      if (!result.ok) return result.violation.code
      h.state = result.state
      h.commands++
      h.sent.push(command)
      h.turns?.poke()
      return null
    },
    thinking: () => {},
    confirming: () => confirming,
    enterDice: (command, actorId, note) => {
      const run = dryRunDice(h.state, command, ruleset)
      if (!run.ok || run.dice.length === 0) return null
      return new Promise((answer) => h.asked.push({ command, actorId, note, answer }))
    }
  }
  return { h, api }
}

const realAi: AiPlayer = {
  choose: async (state, actorId) => chooseStep(state, ruleset, actorId),
  dispose: () => {}
}

const monstersUp = (): EncounterState => play(started(), { type: 'turn.end' }, { type: 'turn.end' })

/** Faces that differ from every die the seeded stream would roll for `command` (so "by hand" shows). */
function otherFaces(state: EncounterState, command: Command): number[] {
  const run = dryRunDice(state, command, ruleset)
  if (!run.ok) throw new Error(run.violation.code)
  return run.dice.map((d) => (d.drawn === 1 ? 2 : 1))
}

/** Plays the monsters until the AI's first command that rolls is held for its dice. */
async function firstRoll(h: ReturnType<typeof host>['h']): Promise<Asked> {
  await vi.waitFor(() => expect(h.asked.length).toBe(1), { timeout: 10000 })
  return h.asked[0]!
}

describe('the AI waits for dice entered by hand', () => {
  it('asks for the dice of the command it chose, then sends that command with the faces', async () => {
    const { h, api } = host(monstersUp())
    h.turns = new AiTurns(api, realAi, 0)
    h.turns.poke()
    const asked = await firstRoll(h)
    const before = h.state
    // The AI chose before any face was known: the command asked for is its choice in this state, bare.
    expect(asked.command).toEqual(chooseStep(before, ruleset, asked.actorId).command)
    expect('dice' in asked.command && asked.command.dice).toBeFalsy()
    expect(before.turn?.activeId).toBe(asked.actorId)
    const sentBefore = h.sent.length
    await new Promise((done) => setTimeout(done, 20))
    expect(h.sent.length).toBe(sentBefore)

    const faces = otherFaces(before, asked.command)
    asked.answer(withEnteredDice(asked.command, faces))
    await vi.waitFor(() => expect(h.sent.length).toBeGreaterThan(sentBefore))
    expect(h.sent[sentBefore]).toEqual({ ...asked.command, dice: faces })
    const entered = h.state.log
      .slice(before.log.length)
      .flatMap((e) => (e.type === 'dice.rolled' && e.entered !== undefined ? [e.entered] : []))
    expect(entered.length).toBeGreaterThan(0)
    h.turns.stop()
  })

  it('a cancelled entry sends nothing; a paused gate holds the AI, and resuming asks again', async () => {
    const { h, api } = host(monstersUp())
    const gate = new AiGate(realAi)
    h.turns = new AiTurns(api, gate, 0)
    h.turns.poke()
    const asked = await firstRoll(h)
    const sent = h.sent.length
    // What the automation's cancel does: pause the AI, then drop the entry.
    gate.pause()
    asked.answer(null)
    await new Promise((done) => setTimeout(done, 30))
    expect(h.sent.length).toBe(sent)
    expect(h.asked.length).toBe(1)
    gate.resume()
    await vi.waitFor(() => expect(h.asked.length).toBe(2))
    // The same state, the same choice: the step was paused, not lost.
    expect(h.asked[1]!.command).toEqual(asked.command)
    h.turns.stop()
  })

  it('drops the entered command when the fight moved on meanwhile (an undo, say)', async () => {
    const { h, api } = host(monstersUp())
    h.turns = new AiTurns(api, realAi, 0)
    h.turns.poke()
    const asked = await firstRoll(h)
    const sent = h.sent.length
    h.commands += 1
    asked.answer(withEnteredDice(asked.command, otherFaces(h.state, asked.command)))
    await new Promise((done) => setTimeout(done, 30))
    expect(h.sent.slice(sent)).not.toContainEqual(expect.objectContaining({ dice: expect.anything() }))
    h.turns.stop()
  })

  it('a plan the GM accepts asks for its dice too, and no other step starts meanwhile', async () => {
    const { h, api } = host(monstersUp(), true)
    h.turns = new AiTurns(api, realAi, 0)
    // Accept plans until one rolls.
    for (let i = 0; i < 20 && h.asked.length === 0; i++) {
      h.turns.poke()
      await vi.waitFor(() => expect(h.turns?.proposal ?? h.asked[0]).toBeTruthy(), { timeout: 10000 })
      if (h.turns.proposal) expect(h.turns.accept()).toBe(true)
    }
    const asked = h.asked[0]!
    expect(asked).toBeDefined()
    expect(h.turns.proposal).toBeNull()
    h.turns.poke()
    await new Promise((done) => setTimeout(done, 30))
    expect(h.turns.proposal).toBeNull()
    const faces = otherFaces(h.state, asked.command)
    asked.answer(withEnteredDice(asked.command, faces))
    await vi.waitFor(() => expect(h.sent.at(-1)).toEqual({ ...asked.command, dice: faces }))
    h.turns.stop()
  })
})
