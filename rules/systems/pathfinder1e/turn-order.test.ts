import { describe, expect, it } from 'vitest'
import { openEconomy } from '../../core/economy'
import { applyEvents, type GameEvent } from '../../core/events'
import type { Ruleset } from '../../core/ruleset'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { economy, type PfEconomyEvent } from './economy.machine'
import { defaultSettings, settingsSchema } from './settings'
import { startTurn } from './start-turn'
import { readStats, statsSchema } from './stats'
import { pfFigure, pfState } from './test-fixtures'
import { delayedInitiative, isSurpriseRound, opensTurn, pfTurnOrder, readiedInitiative } from './turn-order'

const END: PfEconomyEvent = { type: 'economy.end', end: 1 }
const flow = { ...economy, charge: () => END }

/** The state with `actorId`'s turn open (its economy records the count it opened at). */
function turnOf(state: EncounterState, actorId: string): EncounterState {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`no ${actorId}`)
  const opened = openEconomy(flow, state, actor)
  return applyEvents(state, [{ type: 'turn.started', sideId: actor.side, actorId, economy: opened }])
}

const changed = (id: string, total: number, reason: string): GameEvent => ({
  type: 'initiative.changed',
  id,
  total,
  reason
})

const who = (r: { actorId: string } | null) => r?.actorId ?? null

/** Whole rounds of actor ids as the turn order walks them from `first` (each turn opened in turn). */
function round(state: EncounterState): string[] {
  const ids: string[] = []
  let next = pfTurnOrder.first({ ...state, turn: null })
  let s = state
  while (next) {
    ids.push(next.actorId)
    s = turnOf(s, next.actorId)
    next = pfTurnOrder.next(s)
  }
  return ids
}

const ally = (id: string) => pfFigure(id, { side: 'heroes' })
const enemy = (id: string) => pfFigure(id, { side: 'monsters' })

describe('pfTurnOrder (pathfinder1e.md §3.1)', () => {
  it('§3.1 highest initiative first, down the counts; canSelect never hands a turn over', () => {
    const state = pfState([ally('a'), enemy('e'), ally('b')], { initiative: { a: 12, e: 18.01, b: 18 } })
    expect(round(state)).toEqual(['e', 'b', 'a'])
    expect(pfTurnOrder.canSelect?.(state, 'a')).toBe(false)
  })

  it('equal counts (set by hand; rolled ones never tie) fall back to roster order, skipping nobody', () => {
    const state = pfState([ally('a'), enemy('e'), ally('b')], { initiative: { a: 10, e: 10, b: 12 } })
    expect(round(state)).toEqual(['b', 'a', 'e'])
  })

  it('§3.1 the dead open no turn; dying, paralyzed and held figures do (their rolls); removed ones do not', () => {
    const dead = { ...pfFigure('dead', { life: -10, stats: { conditions: ['dead'] } }), out: true }
    const dying = { ...pfFigure('dying', { life: -2 }), out: true }
    const paralyzed = pfFigure('para', { stats: { conditions: ['paralyzed'] } })
    const removed = { ...enemy('fled'), out: true }
    const state = pfState([dead, dying, paralyzed, removed, enemy('e')], {
      initiative: { dead: 20, dying: 19, para: 18, fled: 17, e: 16 }
    })
    expect(round(state)).toEqual(['dying', 'para', 'e'])
    expect(opensTurn(pfFigure('new'), state)).toBe(false)
  })

  it('§3.1 surprise round: only figures not surprised act in round 1, everyone from round 2', () => {
    const unaware = pfFigure('u', { side: 'monsters' })
    const state = {
      ...pfState([ally('a'), unaware, enemy('e')], { initiative: { a: 5, u: 20, e: 10 } }),
      surprised: ['u']
    }
    expect(isSurpriseRound(state)).toBe(true)
    expect(round(state)).toEqual(['e', 'a'])
    expect(round({ ...state, round: 2 })).toEqual(['u', 'e', 'a'])
  })

  it('§3.1 no surprise round when nobody or everybody is surprised, or with the setting off', () => {
    const surprised = (state: EncounterState, ids: string[]) => ({ ...state, surprised: ids })
    expect(isSurpriseRound(pfState([ally('a'), enemy('e')]))).toBe(false)
    expect(isSurpriseRound(surprised(pfState([ally('a'), enemy('e')]), ['a', 'e']))).toBe(false)
    const off = pfState([ally('a'), enemy('e')], { settings: { surpriseRound: false } })
    expect(isSurpriseRound(surprised(off, ['e']))).toBe(false)
  })

  it('§3.1 a stat block marked unaware opens no surprise round the encounter settings do not list', () => {
    const unaware = pfFigure('u', { side: 'monsters', stats: { aware: false } })
    const state = pfState([ally('a'), unaware, enemy('e')], { initiative: { a: 5, u: 20, e: 10 } })
    expect(isSurpriseRound(state)).toBe(false)
    expect(round(state)).toEqual(['u', 'e', 'a'])
  })
})

describe('Delay and Ready move a count mid-round (§3.2)', () => {
  it('§3.2 Delay: a figure delaying after an ally acts right after it, before the enemy', () => {
    const state = pfState([ally('a'), ally('b'), enemy('e')], { initiative: { a: 20, b: 15, e: 10 } })
    const delayed = delayedInitiative(state, 'a', 'b')
    expect(delayed).toBeGreaterThan(10)
    expect(delayed).toBeLessThan(15)
    const aTurn = applyEvents(turnOf(state, 'a'), [changed('a', delayed, 'delay')])
    expect(who(pfTurnOrder.next(aTurn))).toBe('b')
    const bTurn = turnOf(aTurn, 'b')
    expect(who(pfTurnOrder.next(bTurn))).toBe('a')
    expect(who(pfTurnOrder.next(turnOf(bTurn, 'a')))).toBe('e')
    // §3.2: the new count is the delayer's initiative from now on.
    expect(round({ ...bTurn, turn: null })).toEqual(['b', 'a', 'e'])
  })

  it('§3.2 Delay after the last figure: one below it', () => {
    const state = pfState([ally('a'), enemy('e')], { initiative: { a: 20, e: 10 } })
    expect(delayedInitiative(state, 'a', 'e')).toBe(9.5)
  })

  it('§3.2 Ready: the readier now acts immediately before the trigger, and not again this round', () => {
    const state = pfState([ally('a'), enemy('e'), ally('c')], { initiative: { a: 20, e: 15, c: 10 } })
    const readied = readiedInitiative(state, 'a', 'e')
    expect(readied).toBe(15.5)
    const eTurn = applyEvents(turnOf(turnOf(state, 'a'), 'e'), [changed('a', readied, 'ready')])
    expect(who(pfTurnOrder.next(eTurn))).toBe('c')
    expect(round({ ...eTurn, turn: null })).toEqual(['a', 'e', 'c'])
  })

  it('§3.2 Ready triggered next round before its turn: the count moves up and the normal action is lost', () => {
    // a (15) readied in round 1; in round 2 e (20) triggers it before a's turn comes.
    const state = pfState([enemy('e'), ally('a'), enemy('c')], { initiative: { e: 20, a: 15, c: 10 } })
    const readied = readiedInitiative(state, 'a', 'e')
    expect(readied).toBeGreaterThan(20)
    const eTurn = applyEvents(turnOf({ ...state, round: 2 }, 'e'), [changed('a', readied, 'ready')])
    expect(who(pfTurnOrder.next(eTurn))).toBe('c')
    expect(round({ ...eTurn, round: 3, turn: null })).toEqual(['a', 'e', 'c'])
  })

  it('§3.2 Ready between two counts: strictly between the trigger and the next higher', () => {
    const state = pfState([ally('a'), enemy('e'), ally('c')], { initiative: { a: 5, e: 10, c: 12 } })
    expect(readiedInitiative(state, 'a', 'e')).toBe(11)
  })
})

describe('Delay through the engine (applyCommand with a minimal ruleset)', () => {
  // Only what the flow needs: delay ends the turn and moves the count; everything else is a standard action.
  const minimal: Ruleset = {
    id: 'pathfinder1e',
    version: 0,
    schemas: { settings: settingsSchema, stats: statsSchema },
    defaultSettings,
    turnOrder: pfTurnOrder,
    economy: {
      ...economy,
      charge: (_s, action: Action) =>
        action.kind === 'delay' ? END : { type: 'economy.standard', standard: 1 }
    },
    startTurn,
    legalActions: () => [],
    validate: () => null,
    resolve: (chain, action) => {
      if (action.kind === 'delay' && action.targetId)
        chain.emit([
          changed(action.actorId, delayedInitiative(chain.state, action.actorId, action.targetId), 'delay')
        ])
    },
    odds: () => null
  }

  function started(figures: Combatant[], initiative: Record<string, number>): EncounterState {
    const result = applyCommand(
      { ...pfState(figures, { initiative }), phase: 'setup', round: 0 },
      { type: 'encounter.start' },
      minimal
    )
    if (!result.ok) throw new Error(result.violation.code)
    return result.state
  }

  function play(state: EncounterState, command: Parameters<typeof applyCommand>[1]): EncounterState {
    const result = applyCommand(state, command, minimal)
    if (!result.ok) throw new Error(result.violation.code)
    return result.state
  }

  it('a delays after its ally b, acts before the enemy e, and keeps its new place next round', () => {
    const flatFooted = (c: Combatant) => ({ ...c, stats: { ...c.stats, flatFooted: true } })
    let state = started([flatFooted(ally('a')), flatFooted(ally('b')), flatFooted(enemy('e'))], {
      a: 20,
      b: 15,
      e: 10
    })
    const order: string[] = []
    const active = () => state.turn?.activeId ?? '-'
    order.push(active())
    state = play(state, { type: 'action.declare', action: { kind: 'delay', actorId: 'a', targetId: 'b' } })
    order.push(active())
    state = play(state, { type: 'turn.end' })
    order.push(active())
    // a's delayed turn: its flat-footedness ended when its first turn opened (§3.1).
    expect(readStats(state.combatants[0] ?? ally('a')).flatFooted).toBe(false)
    state = play(state, { type: 'turn.end' })
    order.push(active())
    state = play(state, { type: 'turn.end' })
    expect(state.round).toBe(2)
    order.push(active())
    expect(order).toEqual(['a', 'b', 'a', 'e', 'b'])
  })
})
