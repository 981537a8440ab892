import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../core/events'
import { stateHash } from '../core/hash'
import { ManualDice } from '../core/rng'
import { bareFigure, bareTurn, defaultSides, testEncounter } from '../core/test-fixtures'
import type { EncounterState } from '../core/types'
import { Step } from './step'

// The engine pays for an action after the ruleset resolved it into the step (the rules price the action
// from the economy they validated), yet logs the pay first: the state must be the one a replay of the log
// reaches, whatever the resolution emitted.

const paid: Extract<GameEvent, { type: 'economy.spent' }> = {
  type: 'economy.spent',
  actorId: 'a',
  cost: { ap: 1 },
  economy: { value: 'acting', context: { ap: 1 } },
  kind: 'melee'
}

function started(): EncounterState {
  const figures = [bareFigure('a', 'a'), bareFigure('b', 'b')].map((f) => ({ ...f, life: 5, lifeMax: 5 }))
  const state = testEncounter(
    'minecraft',
    {},
    { width: 4, height: 4, blocks: [] },
    defaultSides(figures),
    figures
  )
  const turn = bareTurn('a', 'a', ['a'])!
  return { ...state, turn: { ...turn, economy: { value: 'acting', context: { ap: 2 } } } }
}

const handBack: GameEvent = {
  type: 'economy.changed',
  actorId: 'a',
  economy: { value: 'acting', context: { ap: 2, refund: 1 } }
}

describe('Step.payAndResolve', () => {
  it.each<[string, GameEvent[]]>([
    ['nothing happens', []],
    ['a figure is hurt', [{ type: 'damaged', id: 'b', amount: 2, source: 'test' }]],
    ['the resolution hands part of the pay back', [{ type: 'faced', id: 'a', facing: 2 }, handBack]],
    ['it pays for a further step itself', [{ ...paid, economy: { value: 'acting', context: { ap: 0 } } }]],
    ['it sets the activation aside', [{ type: 'activation.paused', actorId: 'a' }]],
    ['the fight ends', [{ type: 'encounter.ended', winner: 'a' }]]
  ])('reaches the state a replay of the log reaches when %s', (_label, resolution) => {
    const before = started()
    const step = new Step(before)
    step.payAndResolve(paid, (chain, dice) => {
      dice.roll(6)
      // The rules see the economy they validated, not the paid one.
      expect(chain.state.turn?.economy.context.ap).toBe(2)
      for (const event of resolution) chain.emit([event])
    })
    expect(step.events).toEqual([paid, ...resolution])
    const replayed = { ...applyEvents(before, [paid, ...resolution]), rng: step.state.rng }
    expect(step.state).toEqual(replayed)
    expect(stateHash(step.state)).toBe(stateHash(replayed))
    expect(step.state.rng).not.toEqual(before.rng)
  })

  it('marks a die entered by hand in the log, as the seeded path would not', () => {
    const roll: GameEvent = {
      type: 'dice.rolled',
      actorId: 'a',
      purpose: 'hit',
      sides: 6,
      result: 4,
      success: true
    }
    const step = new Step(started(), new ManualDice([4]))
    step.payAndResolve(paid, (chain, dice) => {
      chain.emit([{ ...roll, result: dice.roll(6, { purpose: 'hit', actorId: 'a' }) }])
    })
    expect(step.events[1]).toMatchObject({ type: 'dice.rolled', result: 4, entered: 4 })
    expect(step.state.log.at(-1)).toEqual(step.events[1])
  })
})
