import { describe, expect, it } from 'vitest'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { carnevale } from './ruleset'
import { countersOf } from './stats'
import { act, at, attacks, cvFigure, cvState, pistol, rolls, sword, withTurn } from './test-fixtures'

// Whole actions with scripted dice (forcedDice throws when the rules roll a die the script lacks):
// carnevale.md §4 AoO windows as decisions asked before the dice and fired when they interrupt.
// Two 30 mm bases 1.2" apart centre to centre are in base contact (their edges 0.02" apart).

const move = (actorId: string, ...points: Array<[number, number]>): Action => ({
  kind: 'move',
  actorId,
  path: points.map(([x, y]) => at(x, y))
})
const miss = [2, 2, 2, 2, 2]

describe('§4 Charge [TEXT L21]: a move into base contact makes one AoO', () => {
  const s = withTurn(cvState([cvFigure('a', 'x', at(5, 5)), cvFigure('b', 'y', at(10, 5))]), 'a')

  it('asks the charger D-4 before any die, then attacks after the move', () => {
    const charge = move('a', [8.8, 5])
    expect(carnevale.decide?.(s, charge, {})).toMatchObject({
      id: 'carnevale.charge',
      deciderId: 'a',
      choices: ['combat:0', 'combat:1', 'grapple', 'pass'],
      default: 'combat:0'
    })
    // Attack 5 dice at DEX 5: the Destiny 7 is the only Ace (Success): Damage 1 + sword 1 = 2;
    // Protection 2 dice at 7+ roll 3 and 4: nothing saved.
    const r = act(s, charge, forcedDice([7, 3, 2, 2, 2, 3, 4]), { 'carnevale.charge': 'combat:0' })
    expect(r.asked).toEqual(['carnevale.charge'])
    expect(r.events.map((e) => e.type).indexOf('moved')).toBeLessThan(
      r.events.map((e) => e.type).indexOf('attack.declared')
    )
    expect(attacks(r.events)).toEqual(['a>b:combat:charge'])
    expect(rolls(r.events)).toHaveLength(7)
    expect(figure(r.state, 'b').life).toBe(4)
    expect(figure(r.state, 'a').pos).toEqual(at(8.8, 5))
  })

  it('A3: the charge AoO may be declined', () => {
    const r = act(s, move('a', [8.8, 5]), forcedDice([]), { 'carnevale.charge': 'pass' })
    expect(attacks(r.events)).toEqual([])
  })

  it('the move ends at the first contact: the rest of the path is lost', () => {
    const r = act(s, move('a', [8.8, 5], [8.8, 6]), forcedDice(miss), { 'carnevale.charge': 'combat:0' })
    expect(figure(r.state, 'a').pos).toEqual(at(8.8, 5))
  })

  it('D-1: contacting two enemies asks the charger which, the lowest DEX + PRO by default', () => {
    // Coming up between them, the mover touches both at once.
    const two = withTurn(
      cvState([
        cvFigure('a', 'x', at(8.8, 2)),
        cvFigure('b', 'y', at(10, 5)),
        cvFigure('c', 'y', at(7.6, 5), { stats: { dex: 3 } })
      ]),
      'a'
    )
    const charge = move('a', [8.8, 5])
    expect(carnevale.decide?.(two, charge, {})).toMatchObject({
      id: 'carnevale.chargeTarget',
      deciderId: 'a',
      choices: ['c', 'b'],
      default: 'c'
    })
    const r = act(two, charge, forcedDice(miss), { 'carnevale.chargeTarget': 'b' })
    expect(attacks(r.events)).toEqual(['a>b:combat:charge'])
  })

  it('a charge action names its target and AoO up front: no decision left to ask', () => {
    const named: Action = {
      ...move('a', [8.8, 5]),
      kind: 'charge',
      targetId: 'b',
      options: { aoo: 'combat:1' }
    }
    expect(carnevale.validate(s, named)).toBeNull()
    expect(carnevale.decide?.(s, named, {})).toBeNull()
    expect(carnevale.validate(s, { ...named, targetId: 'a' })?.code).toBe('chargeTargetNotInContact')
    expect(carnevale.validate(s, { ...move('a', [6, 5]), kind: 'charge' })?.code).toBe('notACharge')
  })
})

describe('§4 Guard [TEXT L34–36]: AoO at the end of an enemy move in sight, before the charge (A8)', () => {
  const guard = { guard: true, stunned: 0, guardRound: 1 }
  const board = (settings = {}) =>
    withTurn(
      cvState(
        [
          cvFigure('a', 'x', at(5, 5)),
          cvFigure('b', 'y', at(10, 5)),
          cvFigure('g', 'y', at(10, 10), { stats: { weapons: [pistol], counters: guard } })
        ],
        { settings }
      ),
      'a'
    )

  it.each([
    ['any contact: Guard first (guardFirstOnAnyContact)', {}, ['g>a:combat:guard', 'a>b:combat:charge']],
    [
      'narrow A8: the charge did not touch the holder, so the charge goes first',
      { guardFirstOnAnyContact: false },
      ['a>b:combat:charge', 'g>a:combat:guard']
    ]
  ])('%s', (_label, settings, order) => {
    const s = board(settings)
    const charge = move('a', [8.8, 5])
    const r = act(s, charge, forcedDice([...miss, ...miss]))
    expect(r.asked).toEqual(['carnevale.guard#g', 'carnevale.charge'])
    expect(attacks(r.events)).toEqual(order)
    // The counter is spent on the AoO.
    expect(countersOf(figure(r.state, 'g')).guard).toBe(false)
    expect(carnevale.moveInfo?.(s, charge).provokes).toEqual(['g'])
  })

  it('D-2: the holder may let the move pass; a move out of its sight provokes nothing', () => {
    const s = board()
    const r = act(s, move('a', [5, 3]), forcedDice([]), { 'carnevale.guard#g': 'pass' })
    expect(r.asked).toEqual(['carnevale.guard#g'])
    expect(attacks(r.events)).toEqual([])
    const wall = { id: 'w', kind: 'building' as const, x: 60, y: 70, w: 80, h: 10, top: 40 }
    const hidden = withTurn(
      { ...s, board: { ...s.board, inches: { unitsPerInch: 10, pieces: [wall] } } },
      'a'
    )
    expect(carnevale.decide?.(hidden, move('a', [5, 3]), {})).toBeNull()
  })

  it('a holder that made the Disengage AoO has spent its counter: no Guard AoO after it [TEXT L36]', () => {
    const s = withTurn(
      cvState([
        cvFigure('a', 'x', at(10, 5)),
        cvFigure('b', 'y', at(11.2, 5), { stats: { weapons: [sword, pistol], counters: guard } })
      ]),
      'a'
    )
    const r = act(s, move('a', [5, 5]), forcedDice([5, 4, 3, 2, 2, ...miss, ...miss]))
    expect(r.asked).toEqual(['carnevale.disengageAoo#b', 'carnevale.guard#b'])
    expect(attacks(r.events)).toEqual(['b>a:combat:disengage'])
  })

  it('a Guard counter lasts until its holder next activates, and never in the water', () => {
    const s = board()
    expect(carnevale.decide?.({ ...s, round: 2 }, move('a', [5, 3]), {})?.id).toBe('carnevale.guard#g')
    const activated = {
      ...s,
      round: 2,
      log: [
        { type: 'round.started' as const, round: 2 },
        { type: 'turn.started' as const, sideId: 'y', actorId: 'g', economy: s.turn!.economy }
      ]
    }
    expect(carnevale.decide?.(activated, move('a', [5, 3]), {})).toBeNull()
    expect(carnevale.decide?.({ ...s, round: 3 }, move('a', [5, 3]), {})).toBeNull()
  })
})

describe('the engine: every decision is answered before any die of the action is rolled', () => {
  it('a charge halts for its D-4 with no die rolled, then rolls once answered', () => {
    const s = withTurn(cvState([cvFigure('a', 'x', at(5, 5)), cvFigure('b', 'y', at(10, 5))]), 'a')
    const declared = applyCommand(s, { type: 'action.declare', action: move('a', [8.8, 5]) }, carnevale)
    if (!declared.ok) throw new Error(declared.violation.code)
    expect(declared.events.map((e) => e.type)).toEqual(['decision.requested'])
    expect(declared.state.pending?.request.id).toBe('carnevale.charge')
    const answer = { type: 'decision.answer' as const, decisionId: 'carnevale.charge', choice: 'combat:0' }
    const done = applyCommand(declared.state, answer, carnevale)
    if (!done.ok) throw new Error(done.violation.code)
    expect(done.events.map((e) => e.type).slice(0, 4)).toEqual([
      'decision.answered',
      'economy.spent',
      'moved',
      'attack.declared'
    ])
    expect(done.state.turn?.economy.context.ap).toBe(2)
  })
})

describe('§4 Disengage [TEXT L25–30]: leaving contact is an opposed DEX roll', () => {
  const s = withTurn(cvState([cvFigure('a', 'x', at(10, 5)), cvFigure('b', 'y', at(11.2, 5))]), 'a')
  const away = move('a', [5, 5])

  it('Fail: the enemy answered its AoO before the dice; it strikes, then the mover goes', () => {
    expect(carnevale.decide?.(s, away, {})).toMatchObject({
      id: 'carnevale.disengageAoo#b',
      deciderId: 'b',
      choices: ['combat:0', 'combat:1', 'pass']
    })
    // DEX 5 vs 5 at 7+: no Aces either side (Destiny 5: a Fail). The AoO's Destiny 7 hits: 2 Damage.
    const r = act(s, away, forcedDice([5, 4, 3, 2, 2, ...miss, 7, 2, 2, 2, 2, 2, 2]))
    expect(rolls(r.events).map((x) => x.split(':').slice(0, 2).join(':'))).toEqual([
      ...Array(5).fill('a:disengage'),
      ...Array(5).fill('b:disengageResist'),
      ...Array(5).fill('b:attack'),
      ...Array(2).fill('a:protection')
    ])
    expect(attacks(r.events)).toEqual(['b>a:combat:disengage'])
    expect(figure(r.state, 'a').life).toBe(4)
    expect(figure(r.state, 'a').pos).toEqual(at(5, 5))
    expect(carnevale.moveInfo?.(s, away)).toEqual({ band: 0, provokes: ['b'], cost: 5 })
  })

  it('Fumble: the AoO, and the mover stays where it was', () => {
    const r = act(s, away, forcedDice([1, 4, 3, 2, 2, ...miss, ...miss]))
    expect(attacks(r.events)).toEqual(['b>a:combat:disengage'])
    expect(r.events.some((e) => e.type === 'moved')).toBe(false)
    expect(figure(r.state, 'a').pos).toEqual(at(10, 5))
  })

  it.each([
    ['Success: MOV inches of a longer path', [7, 2, 2, 2, 2], 5],
    ['Critical: one more inch (the path may be declared for it)', [10, 7, 2, 2, 2], 4]
  ])('%s', (_label, mover, endX) => {
    const long = move('a', [4, 5])
    expect(carnevale.validate(s, long)).toBeNull()
    expect(carnevale.validate(s, move('a', [3.9, 5]))?.code).toBe('pathTooFar')
    const r = act(s, long, forcedDice([...mover, ...miss]))
    expect(attacks(r.events)).toEqual([])
    expect(figure(r.state, 'a').pos).toEqual(at(endX, 5))
  })

  it('D-3: with several enemies in contact the OPPONENT picks who rolls, highest DEX by default', () => {
    const crowd = withTurn(
      cvState([
        cvFigure('a', 'x', at(10, 5)),
        cvFigure('b', 'y', at(11.2, 5)),
        cvFigure('c', 'y', at(10, 6.2), { stats: { dex: 7 } })
      ]),
      'a'
    )
    expect(carnevale.decide?.(crowd, away, {})).toMatchObject({
      id: 'carnevale.disengageBy',
      deciderId: 'c',
      choices: ['c', 'b'],
      default: 'c'
    })
    const r = act(crowd, away, forcedDice([7, 2, 2, 2, 2, ...miss]), { 'carnevale.disengageBy': 'b' })
    expect(r.asked).toEqual(['carnevale.disengageBy', 'carnevale.disengageAoo#b'])
    expect(rolls(r.events)[5]).toBe('b:disengageResist:2')
  })
})

describe('§5.1 [TEXT L47]: a fumbled Combat gives the target an AoO, nested up to the limit (A11)', () => {
  const duel = (settings = {}) =>
    withTurn(cvState([cvFigure('a', 'x', at(5, 5)), cvFigure('b', 'y', at(6.2, 5))], { settings }), 'a')
  const fumble = [1, 2, 2, 2, 2]
  const combat: Action = { kind: 'combat', actorId: 'a', targetId: 'b', options: { weapon: 0 } }

  it.each([
    ['limit 2: the counter, and the counter to it', {}, 3, [4, 5]],
    ['limit 1: the counter only', { aooNestingLimit: 1 }, 2, [5, 5]],
    ['the target declines its counter', { answer: 'pass' }, 1, [5, 6]]
  ])('%s', (_label, opts, n, [lifeA, lifeB]) => {
    const { answer, ...settings } = opts as { answer?: string }
    const s = duel(settings)
    expect(carnevale.decide?.(s, combat, {})).toMatchObject({ id: 'carnevale.counter#b', deciderId: 'b' })
    const faces = Array.from({ length: n }, () => fumble).flat()
    const r = act(s, combat, forcedDice(faces), answer ? { 'carnevale.counter#b': answer } : {})
    expect(attacks(r.events)).toEqual(['a>b:combat', 'b>a:combat:counter', 'a>b:combat:counter'].slice(0, n))
    // Every fumble costs its attacker 1 Life (§5.1).
    expect([figure(r.state, 'a').life, figure(r.state, 'b').life]).toEqual([lifeA, lifeB])
  })
})

describe('sanity of the fixtures', () => {
  it('the plain figure carries a sword', () => {
    expect(sword.damage).toBe(1)
  })
})
