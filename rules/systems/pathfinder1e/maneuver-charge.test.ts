import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { formatFraction, ONE, ZERO } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { act, answerAll, withTurn } from './flow-fixtures'
import {
  chargeManeuverActions,
  chargeManeuverOf,
  chargeManeuverViolation,
  overrunThrough
} from './maneuver-charge'
import { attacker, defender } from './maneuver-fixtures'
import { chargeManeuverOdds } from './maneuver-odds'
import { readStats } from './stats'
import { pfState, type PfStateOptions } from './test-fixtures'

// pathfinder1e.md §4.11: a bull rush ("or as part of a charge", +2 [TEXT L415, L453]) and an overrun ("during
// your move, or as part of a charge" [TEXT L441]) in place of a charge's attack. att (CMB +5, speed 30) at
// (2,5) charges def (CMD 15) at (6,5): the lane is (3,5)–(5,5); the +2 makes a face of 8 reach 15.

const lane = [3, 4, 5].map((x) => ({ x, y: 5, z: 0 }))
const charge = (options: Record<string, string | number>, extra: Partial<Action> = {}): Action => ({
  kind: 'charge',
  actorId: 'att',
  targetId: 'def',
  path: lane,
  options,
  ...extra
})
const setting = (figures = [attacker({}, { x: 2, y: 5 }), defender()], opts: PfStateOptions = {}) =>
  withTurn(pfState(figures, { initiative: { att: 20, def: 10 }, ...opts }), 'att')
const figure = (state: EncounterState, id: string) => {
  const c = state.combatants.find((f) => f.id === id)
  if (!c) throw new Error(`no ${id}`)
  return c
}
const at = (state: EncounterState, id: string) => ({ x: figure(state, id).pos.x, y: figure(state, id).pos.y })
const pass = { 'pf1.aoo#def': 'pass' }
const rolls = (events: ReturnType<typeof act>['events']) =>
  events.flatMap((e) =>
    e.type === 'dice.rolled' ? [`${e.actorId}:${e.purpose}:${e.result}:${e.success}`] : []
  )

describe('which charges may end in a maneuver (§4.11)', () => {
  it('the turn offers a bull rush (also following the push) and an overrun at a foe it can charge', () => {
    const state = setting()
    const offered = chargeManeuverActions(state, figure(state, 'att'))
    expect(offered.map((a) => a.options)).toEqual([
      { maneuver: 'bullRush' },
      { maneuver: 'bullRush', follow: 1 },
      { maneuver: 'overrun' }
    ])
    expect(offered.every((a) => a.kind === 'charge' && a.targetId === 'def')).toBe(true)
    expect(offered[0]?.path).toEqual(lane)
    // Through the whole ruleset: validated and affordable.
    const legal = pathfinder1e.legalActions(state, 'att').filter((a) => a.kind === 'charge')
    expect(legal.map((a) => a.options?.maneuver ?? 'attack')).toEqual([
      'attack',
      'bullRush',
      'bullRush',
      'overrun'
    ])
  })

  it('not once the figure has moved, nor when the turn is restricted', () => {
    const state = setting()
    const economy = state.turn!.economy
    for (const patch of [{ _moved: 1 }, { _restricted: 1 }, { move: 0 }] as Record<string, number>[]) {
      const spent = {
        ...state,
        turn: { ...state.turn!, economy: { ...economy, context: { ...economy.context, ...patch } } }
      }
      expect(chargeManeuverActions(spent, figure(spent, 'att'))).toEqual([])
    }
  })

  it.each([
    // options, why not (null = allowed)
    [{ maneuver: 'bullRush' }, null],
    [{ maneuver: 'overrun' }, null],
    [{ maneuver: 'trip' }, 'chargeManeuver'],
    [{}, null]
  ] as const)('charge %o: %s', (options, code) => {
    const state = setting()
    const violation = chargeManeuverViolation(state, figure(state, 'att'), charge({ ...options }))
    expect(violation?.code ?? null).toBe(code)
  })

  it('§4.11 limits: the target at most one size larger; an overrun needs a way through past it', () => {
    const huge = setting([attacker({}, { x: 1, y: 5 }), defender({ size: 'H' }, { x: 5, y: 4 })])
    expect(chargeManeuverViolation(huge, figure(huge, 'att'), charge({ maneuver: 'bullRush' }))).toEqual({
      code: 'tooLarge'
    })
    const walled = setting(undefined, { blocks: [[7, 5]] })
    expect(overrunThrough(walled, figure(walled, 'att'), figure(walled, 'def'), lane)).toBeNull()
    expect(chargeManeuverViolation(walled, figure(walled, 'att'), charge({ maneuver: 'overrun' }))).toEqual({
      code: 'overrunNoWay'
    })
    expect(overrunThrough(setting(), figure(setting(), 'att'), figure(setting(), 'def'), lane)).toEqual([
      { x: 6, y: 5 },
      { x: 7, y: 5 }
    ])
  })

  it('reads only bull rush and overrun as charge maneuvers', () => {
    expect(chargeManeuverOf(charge({ maneuver: 'bullRush' }))).toBe('bullRush')
    expect(chargeManeuverOf(charge({ maneuver: 'trip' }))).toBeNull()
    expect(
      chargeManeuverOf({ kind: 'bullRush', actorId: 'att', options: { maneuver: 'overrun' } })
    ).toBeNull()
  })
})

describe('a bull rush as part of a charge (§4.11 [TEXT L415, L453])', () => {
  it('+2 on the check: a face of 8 reaches CMD 15 and pushes def 5 ft; the charger keeps its −2 AC', () => {
    const state = setting()
    const { events, state: after } = act(state, charge({ maneuver: 'bullRush' }), forcedDice([8]), pass)
    expect(rolls(events)).toEqual(['att:pf1.bullRush:15:true'])
    expect(at(after, 'att')).toEqual({ x: 5, y: 5 })
    expect(at(after, 'def')).toEqual({ x: 7, y: 5 })
    expect(readStats(figure(after, 'att')).effects).toEqual([{ id: 'charged', until: 'att', value: 2 }])
    expect(rolls(act(state, charge({ maneuver: 'bullRush' }), forcedDice([7]), pass).events)).toEqual([
      'att:pf1.bullRush:14:false'
    ])
  })

  it('following the push is free in a charge: no move action is spent', () => {
    const follow = charge({ maneuver: 'bullRush', follow: 1 })
    const { events, state: after } = act(setting(), follow, forcedDice([13]), pass)
    // 13 + 7 = 20, by 5: 10 ft; the charger follows 10 ft.
    expect(at(after, 'def')).toEqual({ x: 8, y: 5 })
    expect(at(after, 'att')).toEqual({ x: 7, y: 5 })
    expect(events.some((e) => e.type === 'economy.changed')).toBe(false)
  })

  it('§4.10 step 4: the target’s attack of opportunity fires at the end of the charge, its damage a penalty', () => {
    // def: d20 15 + 3 = 18 against att's AC 10 − 2 (charging), 1d8+1 = 5; then 13 + 7 − 5 = 15: success.
    const answers = { 'pf1.aoo#def': 'attack' }
    const out = resolveEvents(
      pathfinder1e,
      setting(),
      charge({ maneuver: 'bullRush' }),
      forcedDice([15, 4, 13]),
      answers
    )
    expect(rolls(out)).toEqual([
      'def:pf1.attack:18:true',
      'def:pf1.damage:4:true',
      'att:pf1.bullRush:15:true'
    ])
    // With Improved Bull Rush nothing is provoked (and the feat's +2 adds to the charge's).
    const improved = setting([attacker({ feats: ['ImprovedBullRush'] }, { x: 2, y: 5 }), defender()])
    expect(
      rolls(resolveEvents(pathfinder1e, improved, charge({ maneuver: 'bullRush' }), forcedDice([6]), answers))
    ).toEqual(['att:pf1.bullRush:15:true'])
  })

  it('the decisions: the target’s attack of opportunity against the maneuver, asked as made from the lane’s end', () => {
    const state = setting()
    expect(answerAll(state, charge({ maneuver: 'bullRush' })).asked).toEqual(['pf1.aoo#def'])
    expect(pathfinder1e.decide?.(state, charge({ maneuver: 'bullRush' }), {})).toEqual({
      id: 'pf1.aoo#def',
      deciderId: 'def',
      choices: ['attack', 'pass'],
      default: 'attack',
      params: { reactor: 'def', actor: 'att' }
    })
    const improved = setting([attacker({ feats: ['ImprovedBullRush'] }, { x: 2, y: 5 }), defender()])
    expect(answerAll(improved, charge({ maneuver: 'bullRush' })).asked).toEqual([])
    // A plain charge asks nothing here: def does not threaten the lane.
    expect(answerAll(state, { ...charge({}), options: {} }).asked).toEqual([])
  })

  it('odds: the check from the lane’s end at +2 (13/20 against 12/20 standing)', () => {
    const odds = chargeManeuverOdds(setting(), charge({ maneuver: 'bullRush' }), pass)
    expect(odds?.headline.map((h) => `${h.key}=${formatFraction(h.p)}`)).toEqual([
      'success=13/20',
      'push10=2/5',
      'push15=3/20'
    ])
    // Unanswered, the target's attack of opportunity is assumed taken: its damage may spoil the check.
    const risked = chargeManeuverOdds(setting(), charge({ maneuver: 'bullRush' }))?.headline[0]?.p ?? ONE
    const clear = odds?.headline[0]?.p ?? ZERO
    expect(risked.n * clear.d < clear.n * risked.d).toBe(true)
    expect(chargeManeuverOdds(setting(), { ...charge({}), options: {} })).toBeNull()
  })
})

describe('an overrun as part of a charge (§4.11 [TEXT L441–443])', () => {
  const overrun = charge({ maneuver: 'overrun' })

  it('its target is asked to block or avoid it, as for any overrun', () => {
    const state = setting()
    expect(pathfinder1e.decide?.(state, overrun, {})).toMatchObject({ id: 'pf1.overrun', deciderId: 'def' })
    expect(answerAll(state, overrun).asked).toEqual(['pf1.overrun', 'pf1.aoo#def'])
  })

  it.each([
    // face, roll line, where att ends, def prone
    [8, 'att:pf1.overrun:15:true', { x: 7, y: 5 }, false],
    [13, 'att:pf1.overrun:20:true', { x: 7, y: 5 }, true],
    [7, 'att:pf1.overrun:14:false', { x: 5, y: 5 }, false]
  ] as const)('face %i at +2: %s, the charger ends at %o (prone: %s)', (face, line, end, prone) => {
    const { events, state } = act(setting(), overrun, forcedDice([face]), { 'pf1.overrun': 'block', ...pass })
    expect(rolls(events)).toEqual([line])
    expect(at(state, 'att')).toEqual(end)
    expect(readStats(figure(state, 'def')).conditions.includes('prone')).toBe(prone)
  })

  it('a target that steps aside lets the charger through without a roll', () => {
    const { events, state } = act(setting(), overrun, forcedDice([]), { 'pf1.overrun': 'avoid' })
    expect(rolls(events)).toEqual([])
    expect(at(state, 'att')).toEqual({ x: 7, y: 5 })
  })

  it('the way on past the target provokes like any movement: a guard beside it strikes as the charger leaves', () => {
    // guard at (7,4) threatens (6,5): the charger leaving it for (7,5) provokes (d20 15 + 0 + 1 = 16 vs AC 8).
    const guard = defender(
      { abilities: { str: 12, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, bab: 0 },
      { x: 7, y: 4 },
      'guard'
    )
    const state = setting([attacker({}, { x: 2, y: 5 }), defender(), guard])
    expect(answerAll(state, overrun).asked).toEqual(['pf1.overrun', 'pf1.aoo#def', 'pf1.aoo#guard'])
    expect(
      pathfinder1e.decide?.(state, overrun, { 'pf1.overrun': 'avoid', 'pf1.aoo#def': 'pass' })
    ).toMatchObject({
      id: 'pf1.aoo#guard',
      choices: ['attack', 'trip', 'pass']
    })
    const answers = { 'pf1.overrun': 'avoid', 'pf1.aoo#guard': 'attack' }
    const events = resolveEvents(pathfinder1e, state, overrun, forcedDice([15, 3]), answers)
    const moved = events.flatMap((e) => (e.type === 'moved' ? [e.path.map((c) => c.x)] : []))
    expect(moved).toEqual([[3, 4, 5], [6], [7]])
    expect(rolls(events)).toEqual(['guard:pf1.attack:16:true', 'guard:pf1.damage:3:true'])
  })
})
