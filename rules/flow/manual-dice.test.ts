import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../core/events'
import { ManualDice, ManualDieError, seedRng, seededDice, type RollRecord } from '../core/rng'
import type { Action, Command, EncounterState } from '../core/types'
import { pathfinder1e } from '../systems/pathfinder1e'
import { withTurn } from '../systems/pathfinder1e/flow-fixtures'
import { pfFigure, pfState } from '../systems/pathfinder1e/test-fixtures'
import { dryRunDice, withEnteredDice } from './dice-dry-run'
import { applyCommand } from './engine'

// Manual dice entry (issue 7): faces read from physical dice ride on the command and are rolled first.

describe('ManualDice', () => {
  it('hands out the entered faces first, then the seeded stream, and checks each face', () => {
    const seen: RollRecord[] = []
    const manual = new ManualDice([4, 17], (r) => seen.push(r))
    const dice = manual.over(seedRng(9))
    const reference = seededDice(seedRng(9))
    expect(dice.roll(6)).toBe(4)
    expect(dice.roll(20)).toBe(17)
    reference.roll(6)
    reference.roll(20)
    const third = reference.roll(8)
    expect(dice.roll(8)).toBe(third)
    expect(manual.used).toBe(2)
    expect(seen.map((r) => r.manual)).toEqual([true, true, false])
    expect(manual.takeRecords()).toHaveLength(3)
    expect(manual.takeRecords()).toHaveLength(0)
  })

  it('advances the seeded stream for entered faces too, so the state depends only on how many dice rolled', () => {
    const manual = new ManualDice([1, 1, 1]).over(seedRng(3))
    const seeded = seededDice(seedRng(3))
    for (let i = 0; i < 3; i++) {
      manual.roll(20)
      seeded.roll(20)
    }
    expect(manual.state).toEqual(seeded.state)
  })

  it('refuses a face the die cannot show', () => {
    const dice = new ManualDice([7]).over(seedRng(1))
    expect(() => dice.roll(6)).toThrow(ManualDieError)
  })
})

// A hero next to an orc, both PF defaults (longswords 19–20/×2, AC 10): the hero's turn is open.
function duel(): { state: EncounterState; attack: Action } {
  const state = withTurn(
    pfState(
      [pfFigure('hero', { pos: { x: 5, y: 5 } }), pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 } })],
      { initiative: { hero: 20, orc: 10 } }
    ),
    'hero'
  )
  const attack = pathfinder1e.legalActions(state, 'hero').find((a) => a.kind === 'attack' && !a.options)
  if (!attack) throw new Error('no plain attack offered')
  return { state, attack }
}

const declare = (action: Action, dice?: number[]): Command =>
  dice ? { type: 'action.declare', action, dice } : { type: 'action.declare', action }

function apply(state: EncounterState, command: Command) {
  const result = applyCommand(state, command, pathfinder1e)
  if (!result.ok) throw new Error(`refused: ${result.violation.code}`)
  return result
}

const orcLife = (state: EncounterState) => state.combatants.find((c) => c.id === 'orc')!.life
const diceEvents = (events: GameEvent[]) =>
  events.flatMap((e) => (e.type === 'dice.rolled' ? [{ purpose: e.purpose, entered: e.entered }] : []))

describe('a Pathfinder attack with dice entered by hand', () => {
  it('a natural 1 misses whatever the RNG holds, and the log marks the die as entered', () => {
    const { state, attack } = duel()
    expect(dryRunDice(state, declare(attack), pathfinder1e, [1])).toMatchObject({
      ok: true,
      dice: [{ sides: 20, face: 1, manual: true, purpose: 'pf1.attack', actorId: 'hero' }]
    })
    const { events } = apply(state, declare(attack, [1]))
    expect(events.some((e) => e.type === 'attack.missed')).toBe(true)
    expect(diceEvents(events)).toEqual([{ purpose: 'pf1.attack', entered: 1 }])
  })

  it('a threat asks for the confirmation die next, and a confirmed critical asks for the doubled damage dice', () => {
    const { state, attack } = duel()
    const first = dryRunDice(state, declare(attack), pathfinder1e)
    expect(first.ok && first.dice[0]).toMatchObject({ sides: 20, manual: false, purpose: 'pf1.attack' })
    const threat = dryRunDice(state, declare(attack), pathfinder1e, [19])
    expect(threat.ok && threat.dice[1]).toMatchObject({ sides: 20, manual: false, purpose: 'pf1.confirm' })
    const confirmed = dryRunDice(state, declare(attack), pathfinder1e, [19, 20])
    expect(confirmed.ok && confirmed.dice.slice(2).map((d) => [d.sides, d.purpose])).toEqual([
      [8, 'pf1.damage'],
      [8, 'pf1.damage']
    ])
    // Same swing, other damage faces: the orc's loss differs by exactly the faces' difference.
    const low = apply(state, declare(attack, [19, 20, 3, 4]))
    const high = apply(state, declare(attack, [19, 20, 8, 8]))
    expect(orcLife(low.state) - orcLife(high.state)).toBe(8 + 8 - (3 + 4))
    expect(diceEvents(low.events).every((d) => d.entered !== undefined)).toBe(true)
    // An unconfirmed threat rolls one damage die only.
    const plain = dryRunDice(state, declare(attack), pathfinder1e, [19, 1])
    expect(plain.ok && plain.dice.filter((d) => d.purpose === 'pf1.damage')).toHaveLength(1)
  })

  it('refuses a face out of range and faces left over', () => {
    const { state, attack } = duel()
    expect(applyCommand(state, declare(attack, [21]), pathfinder1e)).toEqual({
      ok: false,
      violation: { code: 'manualDieOutOfRange', params: { index: 1, face: 21, sides: 20 } }
    })
    const leftover = applyCommand(state, declare(attack, [1, 5]), pathfinder1e)
    expect(leftover).toEqual({
      ok: false,
      violation: { code: 'manualDiceUnused', params: { entered: 2, used: 1 } }
    })
  })

  it("entering the RNG's own faces lands where automation lands; a command without dice is untouched", () => {
    const { state, attack } = duel()
    const auto = apply(state, declare(attack))
    expect(auto.events.some((e) => e.type === 'dice.rolled' && e.entered !== undefined)).toBe(false)
    const asked = dryRunDice(state, declare(attack), pathfinder1e)
    if (!asked.ok) throw new Error('dry run refused')
    const typed = apply(
      state,
      withEnteredDice(
        declare(attack),
        asked.dice.map((d) => d.face)
      )
    )
    expect(typed.state.rng).toEqual(auto.state.rng)
    expect(typed.state.combatants).toEqual(auto.state.combatants)
    expect(withEnteredDice(declare(attack), [])).toEqual(declare(attack))
  })
})
