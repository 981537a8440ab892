import { describe, expect, it } from 'vitest'
import { commandSchema, encounterStateSchema } from '../../rules/core/schemas'
import type { Combatant, Command, EncounterState } from '../../rules/core/types'
import { applyCommand } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import { afterTheEnd, encounterVariant } from './fight-end'
import { hostileCommand } from './hostile-commands'
import { InvariantError } from './invariant-error'
import { sampleEncounters, TUNING } from './plan'
import { playRandom } from './random-play'
import { checkStateSaveable, checkWholeStateSaveable, savedCommand } from './save-contract'
import { assertEndedShare, MIN_ENDED_SHARE, type Tally } from './suite'

// Issue 18's checks in the random player, proven able to fail, and its helpers proven to do what the
// suite counts on: hostile commands the schema refuses, encounter variants the schema takes, an ended
// share that is enforced.

const encounters = sampleEncounters()
const [initial] = encounters as [EncounterState]
const ruleset = getRuleset(initial.system)
const game = playRandom(initial, ruleset, [[70, 0, 0]], TUNING[initial.system]!)
const before = game.states[game.states.length - 2]!
const state = game.states[game.states.length - 1]!
const [a] = state.combatants as [Combatant]

describe('the save contract checks', () => {
  it.each<[string, Partial<EncounterState>]>([
    ['a facing off the compass', { combatants: [{ ...a, facing: 8 }, ...state.combatants.slice(1)] }],
    ['a life past the schema', { combatants: [{ ...a, life: 200000 }, ...state.combatants.slice(1)] }],
    ['a round that is no whole number', { round: 1.5 }],
    ['a field the schema does not know', { extra: 1 } as Partial<EncounterState>]
  ])('catch a state with %s', (_name, patch) => {
    expect(() => checkStateSaveable(before, { ...state, ...patch }, [], game.commands)).toThrow(
      /fails the save schema/
    )
  })

  it('catch an event the schema refuses, naming its place in the log', () => {
    const bad = { type: 'faced', id: a.id, facing: 9 } as const
    const after = { ...state, log: [...state.log, bad] }
    expect(() => checkStateSaveable(state, after, [bad], game.commands)).toThrow(
      new RegExp(`log\\.${state.log.length}\\.facing`)
    )
  })

  it('pass the states of a game, and the whole of its last state', () => {
    expect(() => checkStateSaveable(before, state, state.log.slice(before.log.length), [])).not.toThrow()
    expect(() => checkWholeStateSaveable(state, [])).not.toThrow()
  })

  it('catch a command that would not come back from a save as itself', () => {
    const facing8: Command = { type: 'action.declare', action: { kind: 'face', actorId: a.id, facing: 8 } }
    expect(() => savedCommand(facing8, [])).toThrow(InvariantError)
    const undefinedKey = { type: 'turn.end', dice: undefined } as Command
    expect(savedCommand(undefinedKey, [])).toEqual({ type: 'turn.end' })
    expect(savedCommand({ type: 'life.set', id: a.id, life: 3 }, [])).toEqual({
      type: 'life.set',
      id: a.id,
      life: 3
    })
  })
})

describe('the hostile commands', () => {
  it.each(encounters.map((e) => [e.id, e] as const))(
    'are each refused by the schema, and by the engine with the contract’s code, in %s',
    (_id, sample) => {
      const rules = getRuleset(sample.system)
      const started = applyCommand(sample, { type: 'encounter.start' }, rules)
      if (!started.ok) throw new Error(started.violation.code)
      const figure = started.state.combatants[0]!
      for (let n = 0; n < 40; n++) {
        const { command, code } = hostileCommand(started.state, figure, n)
        expect(commandSchema.safeParse(command).success, JSON.stringify(command)).toBe(false)
        const result = applyCommand(started.state, command, rules)
        expect(result.ok ? 'accepted' : result.violation.code, JSON.stringify(command)).toBe(code)
      }
    }
  )
})

describe('the end of the fight', () => {
  it('offers variants the save schema takes, each objective on a side of the sample', () => {
    for (const sample of encounters)
      for (let pick = 0; pick < 512; pick += 7) {
        const { kind, state: variant } = encounterVariant(sample, pick)
        expect(encounterStateSchema.safeParse(variant).success, `${sample.id} ${kind}`).toBe(true)
        for (const o of variant.objectives ?? [])
          if ('side' in o) expect(sample.sides.map((s) => s.id)).toContain(o.side)
      }
  })

  it('tries, after the end, only commands the engine refuses', () => {
    const ended = { ...state, phase: 'ended' as const, turn: null, winner: a.side }
    for (let roll = 0; roll < 100; roll += 5) {
      const planned = afterTheEnd(ended, [roll, roll * 7, roll * 13])
      const result = applyCommand(ended, planned.command, ruleset)
      expect(result.ok).toBe(false)
      if (!result.ok && planned.code) expect(result.violation.code).toBe(planned.code)
    }
  })

  it('fails a run where fewer than a fifth of the games ended, once there are games enough to judge', () => {
    const tally = (runs: number, ended: number) => ({ runs, ended }) as Tally
    expect(MIN_ENDED_SHARE).toBeGreaterThanOrEqual(0.2)
    expect(() => assertEndedShare('e', tally(100, 19))).toThrow(/only 19 of 100 games/)
    expect(() => assertEndedShare('e', tally(100, 20))).not.toThrow()
    expect(() => assertEndedShare('e', tally(10, 0))).not.toThrow()
  })
})
