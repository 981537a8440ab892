import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Combatant } from '../../core/types'
import { initiativeModifier, rollInitiative } from './initiative'
import { readStats } from './stats'
import { basePfStats, pfFigure, pfState } from './test-fixtures'

const dex = (score: number) => ({ abilities: { ...basePfStats.abilities, dex: score } })

const totals = (events: GameEvent[]) =>
  Object.fromEntries(events.flatMap((e) => (e.type === 'initiative.rolled' ? [[e.id, e.total]] : [])))
const rolls = (events: GameEvent[], purpose: string) =>
  events.flatMap((e) => (e.type === 'dice.rolled' && e.purpose === purpose ? [[e.actorId, e.result]] : []))

describe('rollInitiative (pathfinder1e.md §3.1)', () => {
  it('§3.1 [SRD] d20 + Dex modifier + misc, logged per figure', () => {
    const a = pfFigure('a', { stats: { ...dex(14), initiativeMisc: 4 } })
    const b = pfFigure('b', { side: 'b', stats: dex(8) })
    expect(initiativeModifier(a)).toBe(6)
    expect(initiativeModifier(b)).toBe(-1)
    const events = rollInitiative(pfState([a, b]), forcedDice([10, 3]))
    expect(rolls(events, 'pf1.initiative')).toEqual([
      ['a', 16],
      ['b', 2]
    ])
    expect(totals(events)).toEqual({ a: 16, b: 2 })
  })

  it('§3.1 ties go to the higher modifier, written as hundredths (UI shows the floor)', () => {
    const slow = pfFigure('slow', { stats: dex(10) })
    const quick = pfFigure('quick', { side: 'b', stats: dex(14) })
    const events = rollInitiative(pfState([slow, quick]), forcedDice([15, 13]))
    expect(totals(events)).toEqual({ slow: 15, quick: 15.01 })
    expect(rolls(events, 'pf1.initiative-tie')).toEqual([])
  })

  it('G-5: equal totals and modifiers roll off (seeded d20, logged), highest first', () => {
    const a = pfFigure('a')
    const b = pfFigure('b', { side: 'b' })
    const events = rollInitiative(pfState([a, b]), forcedDice([12, 12, 7, 15]))
    expect(rolls(events, 'pf1.initiative-tie')).toEqual([
      ['a', 7],
      ['b', 15]
    ])
    expect(totals(events)).toEqual({ a: 12, b: 12.01 })
  })

  it('G-5: a roll-off tie rolls again among those still tied', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((id) => pfFigure(id, { side: id === 'a' ? 'a' : 'b' })) as [
      Combatant,
      Combatant,
      Combatant
    ]
    // All three roll 9; the roll-off gives 11, 11, 4; a and b roll again: 3 and 18.
    const events = rollInitiative(pfState([a, b, c]), forcedDice([9, 9, 9, 11, 11, 4, 3, 18]))
    expect(totals(events)).toEqual({ b: 9.02, a: 9.01, c: 9 })
  })

  it('§3.1 initiativeTieBreak roster: no roll-off, roster order among equal modifiers', () => {
    const a = pfFigure('a')
    const b = pfFigure('b', { side: 'b' })
    const state = pfState([a, b], { settings: { initiativeTieBreak: 'roster' } })
    // Only two faces: a roll-off would run out of scripted dice and throw.
    const events = rollInitiative(state, forcedDice([12, 12]))
    expect(totals(events)).toEqual({ a: 12.01, b: 12 })
  })

  it('§3.1 everyone is flat-footed until its first turn; the dead do not roll', () => {
    const a = pfFigure('a')
    const dead = pfFigure('d', { side: 'b', life: -10, lifeMax: 10, stats: { conditions: ['dead'] } })
    const state = pfState([a, dead])
    const events = rollInitiative(state, forcedDice([5]))
    expect(Object.keys(totals(events))).toEqual(['a'])
    const after = applyEvents(state, events)
    expect(after.initiative).toEqual({ a: 5 })
    expect(readStats(after.combatants[0] ?? a).flatFooted).toBe(true)
  })
})
