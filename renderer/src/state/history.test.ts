import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai/choose'
import { stateHash } from '../../../rules/core/hash'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand, replay, whoDecides } from '../../../rules/flow/engine'
import { ruleset, sampleInitial } from './fixtures'
import { aiDecidesNext, Timeline, UndoRedo } from './history'

/** Plays `n` commands (the start first), every figure choosing as the AI would: a real fight's record. */
function playFor(initial: EncounterState, rules: Ruleset, n: number): Command[] {
  const commands: Command[] = [{ type: 'encounter.start' }]
  let state = replay(initial, commands, rules)
  while (commands.length < n && state.phase === 'running') {
    const decider = whoDecides(state)
    if (!decider) break
    const { command } = chooseStep(state, rules, decider)
    const result = applyCommand(state, command, rules)
    if (!result.ok) throw new Error(`refused ${command.type}: ${result.violation.code}`)
    commands.push(command)
    state = result.state
  }
  return commands
}

const sample = sampleInitial()
const fight = playFor(sample, ruleset, 60)
const live = (commands: readonly Command[]): EncounterState => replay(sample, commands, ruleset)

describe('the timeline', () => {
  it('gives the state after any prefix, the same as a replay from the start', () => {
    const timeline = new Timeline(sample, ruleset, 7)
    timeline.sync(fight)
    for (const n of [0, 1, 6, 7, 8, 30, fight.length, 13])
      expect(stateHash(timeline.stateAt(n))).toBe(stateHash(live(fight.slice(0, n))))
  })

  it('keeps what a shared prefix holds when the list changes, and forgets the rest', () => {
    const timeline = new Timeline(sample, ruleset, 5)
    timeline.sync(fight)
    timeline.stateAt(fight.length)
    const shorter = fight.slice(0, 12)
    timeline.sync(shorter)
    expect(timeline.stateAt(40)).toEqual(live(shorter))
  })
})

describe('undo and redo', () => {
  it('undo k steps then redo k returns to the same state hash, for every k', () => {
    const before = stateHash(live(fight))
    for (const k of [1, 3, 8]) {
      const history = new UndoRedo(new Timeline(sample, ruleset))
      let commands: Command[] = fight
      for (let i = 0; i < k; i++) commands = history.undo(commands, [])?.commands ?? commands
      expect(commands.length).toBeLessThan(fight.length)
      expect(history.redoCount).toBe(k)
      for (let i = 0; i < k; i++) {
        const move = history.redo(commands, [])
        if (!move) throw new Error('nothing to redo')
        commands = move.commands
        expect(stateHash(move.state)).toBe(stateHash(live(commands)))
      }
      expect(stateHash(live(commands))).toBe(before)
      expect(history.redo(commands, [])).toBeNull()
    }
  })

  it('restores the dice: the command played again after an undo rolls what it rolled before', () => {
    // the first command of the fight whose events roll a die
    const rolls = (i: number): boolean => {
      const result = applyCommand(live(fight.slice(0, i)), fight[i] as Command, ruleset)
      return result.ok && result.events.some((e) => e.type === 'dice.rolled')
    }
    const i = fight.findIndex((_c, k) => k > 0 && rolls(k))
    expect(i).toBeGreaterThan(0)
    const rolled = live(fight.slice(0, i + 1)).log.filter((e) => e.type === 'dice.rolled')
    const history = new UndoRedo(new Timeline(sample, ruleset))
    let commands = fight.slice(0, i + 1)
    while (commands.length > i) commands = history.undo(commands, [])?.commands ?? []
    // a new command clears the redo stack; the same command again meets the same dice
    history.clearRedo()
    expect(history.redoCount).toBe(0)
    const again = live([...commands, ...fight.slice(commands.length, i + 1)])
    expect(again.log.filter((e) => e.type === 'dice.rolled')).toEqual(rolled)
  })

  it("undoes an AI figure's whole activation as one step, and takes its reasons with it", () => {
    // the sample's monsters are AI-controlled; find an AI activation of several commands that ends the fight's record
    const timeline = new Timeline(sample, ruleset)
    const aiCommand = (commands: readonly Command[], k: number): boolean => {
      const state = live(commands.slice(0, k))
      const decider = state.combatants.find((c) => c.id === whoDecides(state))
      return decider?.controller === 'ai'
    }
    let end = fight.length
    // cut the record right after an AI activation that took at least two commands
    for (; end > 2; end--) {
      if (aiCommand(fight, end - 1) && aiCommand(fight, end - 2) && !aiCommand(fight, end)) break
    }
    const record = fight.slice(0, end)
    let first = end - 1
    const activeAt = (k: number): string | undefined => live(record.slice(0, k)).turn?.activeId
    while (first > 1 && aiCommand(record, first - 1) && activeAt(first - 1) === activeAt(end - 1)) first--
    expect(end - first).toBeGreaterThanOrEqual(2)
    const logAtStart = live(record.slice(0, first)).log.length
    const notes = [
      { at: logAtStart - 1, reason: { key: 'kept', params: {} } },
      { at: logAtStart, reason: { key: 'dropped', params: {} } }
    ]
    const move = new UndoRedo(timeline).undo(record, notes)
    expect(move?.commands.length).toBe(first)
    expect(move?.notes.map((n) => n.reason.key)).toEqual(['kept'])
  })

  it('never undoes the start: the fight stays running (Restart sets it up again)', () => {
    const history = new UndoRedo(new Timeline(sample, ruleset))
    expect(history.canUndo(fight.slice(0, 1))).toBe(false)
    expect(history.undo(fight.slice(0, 1), [])).toBeNull()
    expect(history.canUndo([])).toBe(false)
  })

  it('holds the AI after an undo only where an AI figure decides next', () => {
    const history = new UndoRedo(new Timeline(sample, ruleset))
    const decidesAi = (state: EncounterState): boolean =>
      state.combatants.find((c) => c.id === whoDecides(state))?.controller === 'ai'
    let commands: Command[] = fight
    const seen = new Set<boolean>()
    for (let i = 0; i < 12; i++) {
      const move = history.undo(commands, [])
      if (!move) break
      expect(aiDecidesNext(move.state)).toBe(decidesAi(move.state))
      seen.add(aiDecidesNext(move.state))
      commands = move.commands
    }
    // both cases came up: an undo back to a monster's turn and one back to a hero's
    expect([...seen].sort()).toEqual([false, true])
    expect(aiDecidesNext(sample)).toBe(false)
  })
})
