import { describe, expect, it } from 'vitest'
import { openEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { economy } from './economy.machine'
import { healthOf } from './health'
import { readStats, type PfEffect, type PfStats } from './stats'
import { expireEffects, startTurn } from './start-turn'
import { basePfStats, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'
import type { PfSettings } from './settings'

const flow = { ...economy, charge: () => ({ type: 'economy.end', end: 1 }) }

/** `actorId` opening its turn in round 3, as the flow does before calling `startTurn`. */
function opening(figures: Combatant[], actorId: string, settings: Partial<PfSettings> = {}): EncounterState {
  const state = { ...pfState(figures, { settings, initiative: { a: 15, b: 10 } }), round: 3 }
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error('no actor')
  const economySnapshot = openEconomy(flow, state, actor)
  return applyEvents(state, [{ type: 'turn.started', sideId: actor.side, actorId, economy: economySnapshot }])
}

function statsOf(state: EncounterState, events: GameEvent[], id: string): PfStats {
  const c = applyEvents(state, events).combatants.find((x) => x.id === id)
  if (!c) throw new Error('no figure')
  return readStats(c)
}

const a = (patch: PfFigurePatch = {}) => pfFigure('a', patch)
const b = (patch: PfFigurePatch = {}) => pfFigure('b', { side: 'b', ...patch })
const spent = (events: GameEvent[]) => events.some((e) => e.type === 'economy.changed')

describe('startTurn bookkeeping (pathfinder1e.md §3.5 TURN_START)', () => {
  it('§3.1 clears flat-footed; §3.4 resets the AoOs of the round; §3.2 a readied action expires', () => {
    const state = opening(
      [
        a({
          stats: {
            flatFooted: true,
            aooUsed: 2,
            aooRound: 2,
            readied: { action: 'attack', trigger: 'casts' }
          }
        }),
        b()
      ],
      'a'
    )
    const events = startTurn(state, 'a', forcedDice([]))
    expect(events.map((e) => e.type)).toEqual(['stats.set'])
    const s = statsOf(state, events, 'a')
    expect(s).toMatchObject({ flatFooted: false, aooUsed: 0, aooRound: 3 })
    expect(s.readied).toBeUndefined()
  })

  it('nothing to change: no events', () => {
    const state = opening([a({ stats: { aooRound: 3 } }), b()], 'a')
    expect(startTurn(state, 'a', forcedDice([]))).toEqual([])
  })

  const mine: PfEffect[] = [
    { id: 'charged', until: 'a', value: -2 },
    { id: 'totalDefense', until: 'a', value: 4 },
    { id: 'fightingDefensively', until: 'a', value: 2 },
    { id: 'mageArmor', until: 'a', rounds: 3, value: 4 },
    { id: 'running', until: 'b' }
  ]
  it('§3.2 charge, total defense and fighting defensively end; timed effects tick; others stay', () => {
    expect(expireEffects(mine, 'a')).toEqual([
      { id: 'mageArmor', until: 'a', rounds: 2, value: 4 },
      { id: 'running', until: 'b' }
    ])
    expect(expireEffects([{ id: 'mageArmor', until: 'a', rounds: 1 }], 'a')).toEqual([])
    const untouched = [{ id: 'running' as const, until: 'b' }]
    expect(expireEffects(untouched, 'a')).toBe(untouched)
  })

  it('§4.11 a feint this figure gave ends on its target, which gets its own stats.set', () => {
    const state = opening(
      [a({ stats: { aooRound: 3 } }), b({ stats: { effects: [{ id: 'feinted', until: 'a' }] } })],
      'a'
    )
    const events = startTurn(state, 'a', forcedDice([]))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'stats.set', id: 'b' })
    expect(statsOf(state, events, 'b').effects).toEqual([])
  })
})

describe('startTurn: dying (§5 [SRD] stabilization check)', () => {
  const dying = (life: number, patch: Partial<PfStats> = {}) =>
    a({ life, lifeMax: 10, stats: { aooRound: 3, conditions: ['unconscious'], ...patch } })
  const down = (c: Combatant) => ({ ...c, out: true })

  it('success (d20 + Con mod − |HP| ≥ 10): stable, and the turn passes', () => {
    const state = opening([down(dying(-3)), b()], 'a')
    const events = startTurn(state, 'a', forcedDice([13]))
    expect(events[0]).toEqual({
      type: 'dice.rolled',
      actorId: 'a',
      purpose: 'pf1.stabilize',
      sides: 20,
      result: 10,
      target: 10,
      success: true
    })
    const after = applyEvents(state, events)
    expect(healthOf(after.combatants[0] ?? a())).toBe('stable')
    expect(spent(events)).toBe(true)
    expect(after.turn?.economy.value).toBe('done')
  })

  it('failure: loses 1 HP and stays dying', () => {
    const state = opening([down(dying(-3)), b()], 'a')
    const events = startTurn(state, 'a', forcedDice([12]))
    expect(events.map((e) => e.type)).toEqual(['dice.rolled', 'damaged', 'economy.changed'])
    const after = applyEvents(state, events).combatants[0] ?? a()
    expect([after.life, healthOf(after)]).toEqual([-4, 'dying'])
  })

  it('failure at one above −Con: dead', () => {
    const state = opening([down(dying(-9)), b()], 'a')
    const events = startTurn(state, 'a', forcedDice([2]))
    const after = applyEvents(state, events).combatants[0] ?? a()
    expect([after.life, healthOf(after), readStats(after).conditions]).toEqual([
      -10,
      'dead',
      ['unconscious', 'dead']
    ])
  })

  it('a natural 20 always succeeds; the Con modifier counts', () => {
    const hard = opening([down(dying(-5)), b()], 'a', { stabilizeDc: 40 })
    expect(startTurn(hard, 'a', forcedDice([20]))[0]).toMatchObject({ success: true, natural: 'success' })
    const tough = { ...basePfStats.abilities, con: 16 }
    const state = opening([down({ ...dying(-5, { abilities: tough }), lifeMin: -16 }), b()], 'a')
    expect(startTurn(state, 'a', forcedDice([12]))[0]).toMatchObject({ result: 10, success: true })
  })

  it('a stable figure rolls nothing (hourly checks are out of combat) and passes', () => {
    const state = opening([down(dying(-3, { conditions: ['unconscious', 'stable'] })), b()], 'a')
    expect(startTurn(state, 'a', forcedDice([])).map((e) => e.type)).toEqual(['economy.changed'])
  })
})

describe('startTurn: held and helpless figures', () => {
  const held: PfEffect = { id: 'held', until: 'b', rounds: 5, dc: 15 }

  it('[SRD] hold person: a Will save (d20 + Will + Wis mod) ends it, taking the full-round action', () => {
    const state = opening(
      [a({ stats: { aooRound: 3, effects: [held], saves: { fort: 0, ref: 0, will: 2 } } }), b()],
      'a'
    )
    const events = startTurn(state, 'a', forcedDice([13]))
    expect(events[0]).toMatchObject({
      type: 'dice.rolled',
      purpose: 'pf1.hold-save',
      result: 15,
      success: true
    })
    expect(statsOf(state, events, 'a').effects).toEqual([])
    expect(spent(events)).toBe(true)
  })

  it('a failed save keeps it held, and the turn passes', () => {
    const state = opening([a({ stats: { aooRound: 3, effects: [held] } }), b()], 'a')
    const events = startTurn(state, 'a', forcedDice([14]))
    expect(events[0]).toMatchObject({ success: false })
    expect(statsOf(state, events, 'a').effects).toEqual([held])
    expect(spent(events)).toBe(true)
  })

  it('paralyzed or asleep figures pass their turn; a figure that can act keeps its economy', () => {
    const state = opening([a({ stats: { aooRound: 3, conditions: ['paralyzed'] } }), b()], 'a')
    expect(startTurn(state, 'a', forcedDice([])).map((e) => e.type)).toEqual(['economy.changed'])
    const fine = opening([a({ stats: { aooRound: 3 } }), b()], 'a')
    expect(spent(startTurn(fine, 'a', forcedDice([])))).toBe(false)
  })
})
