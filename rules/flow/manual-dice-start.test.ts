import { describe, expect, it } from 'vitest'
import athkriSample from '../../resources/campaigns/athkri-sample.json'
import carnevaleSample from '../../resources/campaigns/carnevale-sample.json'
import hq2Sample from '../../resources/campaigns/hq2-sample.json'
import pfSample from '../../resources/campaigns/pathfinder1e-sample.json'
import type { GameEvent } from '../core/events'
import { diceOf, markEntered, pairRollGroups, pairRolls } from '../core/roll-pairing'
import type { RollRecord } from '../core/rng'
import type { Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { dryRunDice, withEnteredDice } from './dice-dry-run'
import { applyCommand } from './engine'

// The start of a fight with dice entered by hand: each system's opening rolls (initiative, roll-offs,
// HQ2's movement dice) are asked with who rolls them and what for, and the log marks them as entered.

const start: Command = { type: 'encounter.start' }
const initialOf = (sample: unknown): EncounterState =>
  (sample as { encounters: Array<{ initial: EncounterState }> }).encounters[0]!.initial
type DiceEvent = Extract<GameEvent, { type: 'dice.rolled' }>
const rolled = (events: readonly GameEvent[]): DiceEvent[] =>
  events.flatMap((e) => (e.type === 'dice.rolled' ? [e] : []))

/** The dry run of the start, and the start played with faces that differ from the RNG's. */
function startByHand(sample: unknown) {
  const state = initialOf(sample)
  const ruleset = getRuleset(state.system)
  const run = dryRunDice(state, start, ruleset)
  if (!run.ok) throw new Error(run.violation.code)
  const faces = run.dice.map((d) => (d.drawn === d.sides ? d.sides - 1 : d.sides))
  const played = applyCommand(state, withEnteredDice(start, faces), ruleset)
  if (!played.ok) throw new Error(played.violation.code)
  return { state, dice: run.dice, faces, events: played.events }
}

describe('start-of-fight rolls entered by hand', () => {
  it('Pathfinder: one d20 per living figure, labelled as its initiative, and logged as entered', () => {
    const { state, dice, faces, events } = startByHand(pfSample)
    const figures = state.combatants.map((c) => c.id)
    const initiative = dice.filter((d) => d.purpose === 'pf1.initiative')
    expect(initiative.map((d) => d.actorId)).toEqual(figures)
    expect(initiative.every((d) => d.sides === 20)).toBe(true)
    // The event's result is the total (face + modifier); the entered face is the one of its own figure.
    const logged = rolled(events).filter((e) => e.purpose === 'pf1.initiative')
    expect(logged.map((e) => [e.actorId, e.entered])).toEqual(figures.map((id, i) => [id, faces[i]]))
    const totals = new Map(
      events.flatMap((e) => (e.type === 'initiative.rolled' ? [[e.id, Math.floor(e.total)]] : []))
    )
    for (const e of logged) expect(Math.floor(e.result)).toBe(totals.get(e.actorId))
  })

  it('Carnevale: the roll-off dice name their figure and are marked entered', () => {
    const { dice, events } = startByHand(carnevaleSample)
    expect(dice.length).toBeGreaterThan(0)
    expect(dice.every((d) => d.purpose !== undefined && d.actorId !== undefined)).toBe(true)
    const first = rolled(events).slice(0, dice.length)
    expect(first.map((e) => e.actorId)).toEqual(dice.map((d) => d.actorId))
    expect(first.every((e) => e.entered !== undefined)).toBe(true)
  })

  it("HQ2: the first hero's movement dice are asked at the start, with their purpose", () => {
    const { dice, events } = startByHand(hq2Sample)
    expect(dice.length).toBeGreaterThan(0)
    expect(dice.every((d) => d.purpose !== undefined && d.actorId !== undefined)).toBe(true)
    expect(rolled(events).every((e) => e.entered !== undefined)).toBe(true)
  })

  // Athkri's checks throw three d10 (1o3d10) under one `dice.rolled` event that does not count them; each
  // die is tagged with its figure as it is drawn (`RollTag`), so none is labelled as the next figure's.
  it("Athkri: the three d10 of a figure's initiative are all labelled as its own", () => {
    const { state, dice } = startByHand(athkriSample)
    const first = state.combatants.find((c) => !c.out)!.id
    expect(dice.slice(0, 3).map((d) => d.actorId)).toEqual([first, first, first])
  })
})

const roll = (sides: number, face: number, manual = false): RollRecord => ({
  sides,
  face,
  manual,
  drawn: manual ? 1 : face
})
const event = (actorId: string, sides: number, extra: Record<string, unknown> = {}): GameEvent =>
  ({ type: 'dice.rolled', actorId, purpose: 'check', sides, result: 0, success: true, ...extra }) as GameEvent

describe('pairing rolls with their events', () => {
  it('an event takes the next roll of its sides, skipping rolls nobody logged', () => {
    const events = [event('a', 20), { type: 'turn.ended', actorId: 'a' } as GameEvent, event('a', 8)]
    const rolls = [roll(20, 5), roll(6, 3), roll(8, 7)]
    expect([...pairRolls(events, rolls)]).toEqual([
      [0, 0],
      [2, 2]
    ])
  })

  it('a tagged roll pairs only with an event of its figure and purpose; its throw keeps its extra dice', () => {
    const tagged = (actorId: string, face: number, manual = false): RollRecord => ({
      ...roll(10, face, manual),
      purpose: 'check',
      actorId
    })
    // Three d10 each under one event that does not count them, plus a d6 nobody logs.
    const rolls = [
      tagged('a', 1),
      tagged('a', 2),
      tagged('a', 3),
      roll(6, 6),
      tagged('b', 4),
      tagged('b', 5, true)
    ]
    const events = [event('a', 10), event('b', 10)]
    expect([...pairRollGroups(events, rolls)]).toEqual([
      [0, [0, 1, 2]],
      [1, [4, 5]]
    ])
    expect(rolled(markEntered(events, rolls)).map((e) => e.entered)).toEqual([undefined, 5])
    // A roll tagged for another figure or purpose is never taken, whatever its sides.
    const other = { ...tagged('b', 7), purpose: 'dodge' }
    expect([...pairRollGroups([event('a', 10)], [other, tagged('a', 3)])]).toEqual([[0, [1]]])
  })

  it('an event that read several dice (a kept-die throw) takes them all, so the next figure gets its own', () => {
    const events = [event('a', 10, { dice: 3 }), event('b', 10, { dice: 3 })]
    expect(diceOf(events[0] as DiceEvent)).toBe(3)
    expect(diceOf(event('c', 10) as DiceEvent)).toBe(1)
    const rolls = [1, 2, 3, 4, 5, 6].map((f) => roll(10, f, f === 5))
    expect([...pairRollGroups(events, rolls)]).toEqual([
      [0, [0, 1, 2]],
      [1, [3, 4, 5]]
    ])
    const marked = rolled(markEntered(events, rolls))
    expect(marked.map((e) => e.entered)).toEqual([undefined, 5])
  })
})
