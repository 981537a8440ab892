import { describe, expect, it } from 'vitest'
import athkriSample from '../../resources/campaigns/athkri-sample.json'
import carnevaleSample from '../../resources/campaigns/carnevale-sample.json'
import hq2Sample from '../../resources/campaigns/hq2-sample.json'
import mcSample from '../../resources/campaigns/minecraft-sample.json'
import pfSample from '../../resources/campaigns/pathfinder1e-sample.json'
import type { GameEvent } from '../core/events'
import { pairRollGroups } from '../core/roll-pairing'
import { ManualDice, seedRng, taggedDice, type RollRecord } from '../core/rng'
import type { Action, Command, EncounterState } from '../core/types'
import { getRuleset } from '../systems'
import { makeEncounter as athkriEncounter } from '../systems/athkri/test-fixtures'
import { at, cvFigure, cvState, withTurn as cvTurn } from '../systems/carnevale/test-fixtures'
import { makeEncounter as hq2Encounter } from '../systems/hq2/test-fixtures'
import { makeEncounter as mcEncounter } from '../systems/minecraft/test-fixtures'
import { withTurn as pfTurn } from '../systems/pathfinder1e/flow-fixtures'
import { pfFigure, pfState } from '../systems/pathfinder1e/test-fixtures'
import { dryRunDice, withEnteredDice } from './dice-dry-run'
import { applyCommand } from './engine'

// Issue 16 item 2: every die says what it is for and whose it is as it is drawn (`RollTag`), so the dice
// dialog and the log read the roll record itself instead of guessing by die sides.

const tagOf = (d: RollRecord): string => `${d.actorId ?? '?'}:${d.purpose ?? '?'}`
const rolled = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'dice.rolled')

/**
 * The dry run's dice, and the events of the same command played with the RNG's own faces. A command that
 * halts on a decision (a counter-attack, a dodge) rolls when it is answered: each is answered by default.
 */
function dryRun(initial: EncounterState, first: Command, entered: readonly number[] = []) {
  const ruleset = getRuleset(initial.system)
  let state = initial
  let command = first
  for (let step = 0; step < 8; step++) {
    const run = dryRunDice(state, command, ruleset, entered)
    if (!run.ok) throw new Error(run.violation.code)
    const records: RollRecord[] = []
    const rolls = run.dice.length > 0
    const played = applyCommand(state, rolls ? withEnteredDice(command, entered) : command, ruleset, (r) =>
      records.push(r)
    )
    if (!played.ok) throw new Error(played.violation.code)
    const pending = played.state.pending
    if (!pending || rolls) return { dice: run.dice, records, events: played.events }
    state = played.state
    command = { type: 'decision.answer', decisionId: pending.request.id, choice: pending.request.default! }
  }
  throw new Error('no dice after eight decisions')
}

const initialOf = (sample: unknown): EncounterState =>
  (sample as { encounters: Array<{ initial: EncounterState }> }).encounters[0]!.initial

const declare = (action: Action): Command => ({ type: 'action.declare', action })

interface Case {
  system: string
  state: () => EncounterState
  command: Command
  /** Faces entered for the first dice (a hit, so the damage dice are rolled too). */
  entered?: number[]
  /** The tags (`actor:purpose`) every die must carry, in order; a trailing `...` lets more dice follow. */
  expected: (state: EncounterState, dice: readonly RollRecord[]) => string[]
}

const living = (state: EncounterState) => state.combatants.filter((c) => !c.out).map((c) => c.id)

const initiative: Case[] = [
  {
    system: 'pathfinder1e',
    state: () => initialOf(pfSample),
    command: { type: 'encounter.start' },
    expected: (s, dice) => [
      ...living(s).map((id) => `${id}:pf1.initiative`),
      ...dice.slice(living(s).length).map((d) => `${d.actorId}:pf1.initiative-tie`)
    ]
  },
  {
    system: 'athkri',
    state: () => initialOf(athkriSample),
    command: { type: 'encounter.start' },
    // 1o3d10 each (an explosion throws three more of the same figure's), then any roll-offs.
    expected: (_s, dice) =>
      dice.map((d) => `${d.actorId}:${d.purpose === 'initiativeTie' ? 'initiativeTie' : 'initiative'}`)
  },
  {
    system: 'carnevale',
    state: () => initialOf(carnevaleSample),
    command: { type: 'encounter.start' },
    expected: (s, dice) => dice.map((_d, i) => `${s.sides[i % s.sides.length]!.id}:rollOff`)
  },
  {
    system: 'hq2',
    state: () => initialOf(hq2Sample),
    command: { type: 'encounter.start' },
    // No initiative: the first hero's movement dice are the start's only dice.
    expected: (_s, dice) => dice.map(() => `${dice[0]!.actorId}:movement`)
  }
]

const attacks: Case[] = [
  {
    system: 'pathfinder1e',
    state: () =>
      pfTurn(
        pfState([
          pfFigure('hero', { pos: { x: 5, y: 5 } }),
          pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 } })
        ]),
        'hero'
      ),
    command: declare({ kind: 'attack', actorId: 'hero', targetId: 'orc' }),
    entered: [15],
    expected: (_s, dice) =>
      dice.map((d, i) =>
        i === 0 ? 'hero:pf1.attack' : `hero:${d.sides === 20 ? 'pf1.confirm' : 'pf1.damage'}`
      )
  },
  {
    system: 'athkri',
    state: () =>
      athkriEncounter({
        figures: [
          { id: 'a', side: 'heroes', at: [2, 2] },
          { id: 'b', side: 'monsters', at: [3, 2] }
        ]
      }),
    command: declare({ kind: 'melee', actorId: 'a', targetId: 'b' }),
    entered: [9, 9, 9],
    // The attacker's 1o3d10, the defender's dodge (its own three), then the attacker's damage dice.
    expected: (_s, dice) =>
      dice.map((d) => (d.purpose === 'dodge' ? 'b:dodge' : d.purpose === 'damage' ? 'a:damage' : 'a:attack'))
  },
  {
    system: 'carnevale',
    state: () => cvTurn(cvState([cvFigure('a', 'x', at(5, 5)), cvFigure('b', 'y', at(6.2, 5))]), 'a'),
    command: declare({ kind: 'combat', actorId: 'a', targetId: 'b', options: { weapon: 0 } }),
    expected: (_s, dice) => dice.map((d) => (d.purpose === 'protection' ? 'b:protection' : 'a:attack'))
  },
  {
    system: 'hq2',
    state: () =>
      hq2Encounter({
        beings: [
          { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 3 } },
          { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: { kind: 'monster', seat: 0, defenseBase: 2 } }
        ]
      }),
    command: declare({ kind: 'melee', actorId: 'a', targetId: 'd' }),
    expected: () => ['a:attack', 'a:attack', 'a:attack', 'd:defense', 'd:defense']
  },
  {
    system: 'minecraft',
    state: () =>
      mcEncounter({
        figures: [
          { id: 'a', side: 'h', at: [3, 5] },
          { id: 'z', side: 'z', at: [3, 4] }
        ]
      }),
    command: declare({ kind: 'melee', actorId: 'a', targetId: 'z' }),
    // A melee blow that cannot miss rolls only to wound (and for impact); each die is the attacker's.
    expected: (_s, dice) =>
      dice.map((d) => (['hit', 'impact', 'wound'].includes(d.purpose ?? '') ? `a:${d.purpose}` : 'a:?'))
  }
]

function checkCase({ state: make, command, entered, expected }: Case) {
  const state = make()
  const { dice, records, events } = dryRun(state, command, entered)
  expect(dice.length).toBeGreaterThan(0)
  // The dry run's dice are the roll records themselves: each carries the tag it was drawn with.
  expect(dice.every((d) => d.purpose !== undefined && d.actorId !== undefined)).toBe(true)
  expect(dice.map(tagOf)).toEqual(expected(state, dice))
  expect(records.map(tagOf)).toEqual(dice.map(tagOf))
  // Every die an event logs pairs with a die of that event's own figure and purpose.
  const pairs = pairRollGroups(events, records)
  for (const [index, group] of pairs) {
    const event = events[index]!
    if (event.type !== 'dice.rolled') continue
    for (const at of group) expect(tagOf(records[at]!)).toBe(`${event.actorId}:${event.purpose}`)
  }
  const unpaired = rolled(events).filter((e) => ![...pairs.keys()].some((i) => events[i] === e))
  expect(unpaired.filter((e) => e.purpose !== 'location')).toEqual([])
}

describe('the dice of the start of a fight say whose initiative they are', () => {
  it.each(initiative)('$system', checkCase)

  it('minecraft: the fight opens by side order, with no dice to ask', () => {
    const state = initialOf(mcSample)
    expect(dryRunDice(state, { type: 'encounter.start' }, getRuleset(state.system))).toEqual({
      ok: true,
      dice: []
    })
  })
})

describe('the dice of a typical attack say whose they are and what for', () => {
  it.each(attacks)('$system', checkCase)
})

describe('roll tags', () => {
  it('never change the faces: the same seed gives the same faces, tagged or not', () => {
    const plain = new ManualDice([]).over(seedRng(7))
    const manual = new ManualDice([])
    const tagged = taggedDice(manual.over(seedRng(7)), { purpose: 'pf1.damage', actorId: 'x' })
    const faces = [20, 8, 100, 6, 10].map((s) => [plain.roll(s), tagged.roll(s)])
    expect(faces.map(([a]) => a)).toEqual(faces.map(([, b]) => b))
    expect(plain.state).toEqual(tagged.state)
    expect(manual.takeRecords().map(tagOf)).toEqual(Array(5).fill('x:pf1.damage'))
  })

  it("a die's own tag wins over the one its helper was given", () => {
    const manual = new ManualDice([])
    taggedDice(manual.over(seedRng(1)), { purpose: 'a' }).roll(6, { purpose: 'b', actorId: 'y' })
    expect(manual.takeRecords().map(tagOf)).toEqual(['y:b'])
  })
})
