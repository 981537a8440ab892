import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import type { GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action, Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { pathfinder1e } from '.'
import { act, answerAll, withTurn } from './flow-fixtures'
import { readStats } from './stats'
import { longbow, pfFigure, pfState } from './test-fixtures'

// Whole-action scenarios with scripted dice (forcedDice throws when the rules roll a die the script does
// not have): pathfinder1e.md §3.4 attacks of opportunity and §3.2 Ready/Delay as decision requests the
// engine pauses for, fired mid-action.

const at = (x: number, y: number) => ({ x, y, z: 0 })
const move = (actorId: string, ...cells: Array<[number, number]>): Action => ({
  kind: 'move',
  actorId,
  path: cells.map(([x, y]) => at(x, y))
})
const rolls = (events: GameEvent[]) =>
  events.flatMap((e) =>
    e.type === 'dice.rolled' ? [`${e.actorId}:${e.purpose}:${e.result}:${e.success}`] : []
  )
const pos = (s: EncounterState, id: string) => [figure(s, id).pos.x, figure(s, id).pos.y]

// A hero at (5,5) next to an orc at (6,5); both Medium with longswords, AC 10, 10 HP.
function duel(orc: Parameters<typeof pfFigure>[1] = {}) {
  return withTurn(
    pfState(
      [
        pfFigure('hero', { pos: { x: 5, y: 5 } }),
        pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 }, ...orc })
      ],
      { initiative: { hero: 20, orc: 10 } }
    ),
    'hero'
  )
}

describe('attacks of opportunity (pathfinder1e.md §3.4)', () => {
  it('leaving a threatened square asks the threatening figure; its swing lands before the move goes on', () => {
    const s = duel()
    const action = move('hero', [4, 5], [3, 5])
    expect(pathfinder1e.decide?.(s, action, {})).toMatchObject({
      id: 'pf1.aoo#orc',
      deciderId: 'orc',
      choices: ['attack', 'trip', 'pass'],
      default: 'attack'
    })
    // The orc's d20 15 (+0 vs AC 10) hits; 1d8 = 5.
    const { events, state } = act(s, action, forcedDice([15, 5]))
    expect(rolls(events)).toEqual(['orc:pf1.attack:15:true', 'orc:pf1.damage:5:true'])
    expect(figure(state, 'hero').life).toBe(5)
    expect(pos(state, 'hero')).toEqual([3, 5])
    expect(readStats(figure(state, 'orc')).aooUsed).toBe(1)
  })

  it('a 5-foot step does not provoke (§3.2 [TEXT L235])', () => {
    const s = duel()
    const step: Action = { kind: 'step', actorId: 'hero', path: [at(4, 5)] }
    expect(pathfinder1e.decide?.(s, step, {})).toBeNull()
    const { state } = act(s, step, forcedDice([]))
    expect(pos(state, 'hero')).toEqual([4, 5])
  })

  it('the reactor may pass, or trip instead: a tripped mover falls prone and stops', () => {
    const s = duel()
    const action = move('hero', [4, 5], [3, 5])
    expect(act(s, action, forcedDice([]), { 'pf1.aoo#orc': 'pass' }).state.combatants[0]?.pos).toEqual(
      at(3, 5)
    )
    // Trip: d20 18 + CMB 0 vs CMD 10 succeeds.
    const tripped = act(s, action, forcedDice([18]), { 'pf1.aoo#orc': 'trip' }).state
    expect(pos(tripped, 'hero')).toEqual([5, 5])
    expect(readStats(figure(tripped, 'hero')).conditions).toContain('prone')
  })

  it('one attack of opportunity per round unless Combat Reflexes (§3.4 Limit)', () => {
    const used = duel({ stats: { aooUsed: 1, aooRound: 1 } })
    expect(pathfinder1e.decide?.(used, move('hero', [4, 5], [3, 5]), {})).toBeNull()
    const reflexes = duel({
      stats: {
        aooUsed: 1,
        aooRound: 1,
        feats: ['CombatReflexes'],
        abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 }
      }
    })
    expect(pathfinder1e.decide?.(reflexes, move('hero', [4, 5], [3, 5]), {})?.id).toBe('pf1.aoo#orc')
  })

  it('a flat-footed figure makes no attack of opportunity (§3.1)', () => {
    const s = duel({ stats: { flatFooted: true } })
    expect(pathfinder1e.decide?.(s, move('hero', [4, 5], [3, 5]), {})).toBeNull()
  })

  it('standing up provokes (§3.4 (b)); shooting in melee provokes', () => {
    const prone = withTurn(
      pfState(
        [
          pfFigure('hero', { pos: { x: 5, y: 5 }, stats: { conditions: ['prone'] } }),
          pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 } })
        ],
        { initiative: { hero: 20, orc: 10 } }
      ),
      'hero'
    )
    expect(pathfinder1e.decide?.(prone, { kind: 'standUp', actorId: 'hero' }, {})?.id).toBe('pf1.aoo#orc')
    const archer = withTurn(
      pfState(
        [
          pfFigure('hero', {
            pos: { x: 5, y: 5 },
            stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } }
          }),
          pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 } })
        ],
        { initiative: { hero: 20, orc: 10 }, settings: { gmPrompts: 'auto' } }
      ),
      'hero'
    )
    expect(pathfinder1e.decide?.(archer, { kind: 'attack', actorId: 'hero', targetId: 'orc' }, {})?.id).toBe(
      'pf1.aoo#orc'
    )
  })

  it('an AoO that drops the mover ends its move where it stood', () => {
    const s = duel()
    // d20 20 threatens, confirm d20 15 hits: a crit, 2 × 1d8 = 6 + 6 = 12 ≥ 10 HP.
    const { state } = act(s, move('hero', [4, 5], [3, 5]), forcedDice([20, 15, 6, 6]))
    expect(figure(state, 'hero').out).toBe(true)
    expect(pos(state, 'hero')).toEqual([5, 5])
  })
})

describe('readied actions (pathfinder1e.md §3.2 Ready)', () => {
  // The orc readies an attack against a charge; the hero charges it from four squares away.
  function braced(trigger: 'charges' | 'entersReach') {
    const s = pfState(
      [
        pfFigure('hero', { pos: { x: 2, y: 5 } }),
        pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 }, stats: { readied: { action: 'attack', trigger } } })
      ],
      { initiative: { hero: 20, orc: 10 }, settings: { gmPrompts: 'auto' } }
    )
    return withTurn(s, 'hero')
  }

  it('a readied attack interrupts a charge before the charger swings, and the readier moves up the order', () => {
    const s = braced('charges')
    const charge = pathfinder1e.legalActions(s, 'hero').find((a) => a.kind === 'charge')
    expect(charge).toBeDefined()
    const { asked, answers } = answerAll(s, charge!)
    expect(asked).toEqual(['pf1.ready#orc'])
    // Orc: d20 12 hits AC 8 (charging −2), 1d8 3. Hero: d20 10 + 2 charge hits AC 10, 1d8 4.
    const { events, state } = act(s, charge!, forcedDice([12, 3, 10, 4]), answers)
    expect(rolls(events)).toEqual([
      'orc:pf1.attack:12:true',
      'orc:pf1.damage:3:true',
      'hero:pf1.attack:12:true',
      'hero:pf1.damage:4:true'
    ])
    expect(readStats(figure(state, 'orc')).readied).toBeUndefined()
    expect(state.initiative.orc).toBeGreaterThan(20)
    expect(figure(state, 'hero').life).toBe(7)
    expect(figure(state, 'orc').life).toBe(6)
  })

  it('a readied attack that drops the charger stops its attack', () => {
    const s = braced('charges')
    const charge = pathfinder1e.legalActions(s, 'hero').find((a) => a.kind === 'charge')!
    const { state } = act(s, charge, forcedDice([20, 19, 8, 8]), answerAll(s, charge).answers)
    expect(figure(state, 'hero').out).toBe(true)
    expect(figure(state, 'orc').life).toBe(10)
  })

  it('entering the readier’s reach triggers an “enters reach” readied attack', () => {
    const s = braced('entersReach')
    const action = move('hero', [3, 5], [4, 5], [5, 5])
    expect(answerAll(s, action).asked).toEqual(['pf1.ready#orc'])
    const { events } = act(s, action, forcedDice([2]), answerAll(s, action).answers)
    expect(rolls(events)).toEqual(['orc:pf1.attack:2:false'])
  })
})

describe('delay (pathfinder1e.md §3.2 Delay)', () => {
  it('a figure that delays after an ally acts right after it, before the enemy below them', () => {
    let s = pfState(
      [
        pfFigure('a', { pos: { x: 1, y: 1 } }),
        pfFigure('b', { pos: { x: 1, y: 3 } }),
        pfFigure('e', { side: 'z', pos: { x: 9, y: 9 } })
      ],
      { initiative: { a: 20, b: 18, e: 15 } }
    )
    s = withTurn(s, 'a')
    const send = (state: EncounterState, command: Command) => {
      const r = applyCommand(state, command, pathfinder1e)
      if (!r.ok) throw new Error(r.violation.code)
      return r.state
    }
    s = send(s, { type: 'action.declare', action: { kind: 'delay', actorId: 'a', options: { after: 'b' } } })
    expect(s.turn?.activeId).toBe('b')
    s = send(s, { type: 'turn.end' })
    expect(s.turn?.activeId).toBe('a')
    s = send(s, { type: 'turn.end' })
    expect(s.turn?.activeId).toBe('e')
    expect(s.initiative.a).toBeLessThan(18)
    expect(s.initiative.a).toBeGreaterThan(15)
  })
})

describe('the AI reacts', () => {
  it('an AI reactor takes its attack of opportunity', () => {
    const s = duel()
    const r = applyCommand(s, { type: 'action.declare', action: move('hero', [4, 5], [3, 5]) }, pathfinder1e)
    if (!r.ok) throw new Error(r.violation.code)
    expect(r.state.pending?.request.deciderId).toBe('orc')
    const step = chooseStep(r.state, pathfinder1e, 'orc')
    expect(step.command).toEqual({ type: 'decision.answer', decisionId: 'pf1.aoo#orc', choice: 'attack' })
  })
})
