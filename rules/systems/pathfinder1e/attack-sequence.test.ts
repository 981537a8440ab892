import { describe, expect, it } from 'vitest'
import type { Action, Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { pathfinder1e } from '.'
import { withTurn } from './flow-fixtures'
import type { PfStats } from './stats'
import { basePfStats, longsword, pfFigure, pfState, shortSword } from './test-fixtures'

// pathfinder1e.md §3.2 "Deciding between an attack and a full attack" [SRD]: the attacks of a full attack
// may be declared one at a time, each at its own iterative bonus (0, −5, −10...), and with two weapons
// each at the two-weapon table's penalty, the off hand's extra attack among them. Issue 20 bug 1: declared
// one at a time, BAB +11 Str 16 swung +14/+9/+9 (the second iterative repeated), and a two-weapon fighter
// swung +9/+2/+2 with the main weapon and never with the off hand.

const dummyAc = { natural: 30, deflection: 0, dodge: 0, misc: 0 }

function duel(fighter: Partial<PfStats>): EncounterState {
  const state = pfState(
    [
      pfFigure('fighter', { side: 'a', pos: { x: 5, y: 5 }, stats: fighter }),
      pfFigure('dummy', { side: 'b', pos: { x: 6, y: 5 }, stats: { ac: dummyAc } })
    ],
    { initiative: { fighter: 20, dummy: 1 }, settings: { gmPrompts: 'auto' } }
  )
  return withTurn({ ...state, phase: 'running' }, 'fighter')
}

/** The attack bonuses of each swing, declared one action at a time (every d20 a 10: all miss). */
function swings(start: EncounterState, actions: Action[]): { bonus: number; hand: string }[] {
  let state = start
  const out: { bonus: number; hand: string }[] = []
  for (const action of actions) {
    const before = state.log.length
    const faces = action.kind === 'fullAttack' ? [10, 10, 10] : [10]
    const command: Command = { type: 'action.declare', action, dice: faces }
    const result = applyCommand(state, command, pathfinder1e)
    if (!result.ok) throw new Error(`refused: ${result.violation.code}`)
    state = result.state
    for (const e of state.log.slice(before))
      if (e.type === 'dice.rolled' && e.purpose === 'pf1.attack')
        out.push({ bonus: e.result - 10, hand: String(action.options?.twoWeapon ?? '') })
  }
  return out
}

const strike = (options?: Action['options']): Action => ({
  kind: 'attack',
  actorId: 'fighter',
  targetId: 'dummy',
  ...(options ? { options } : {})
})

describe('a full attack declared one attack at a time (§3.2)', () => {
  it('BAB +11, Str 16: +14, +9, +4, as the full-attack action', () => {
    const stats = { bab: 11, abilities: { ...basePfStats.abilities, str: 16 } }
    expect(swings(duel(stats), [strike(), strike(), strike()]).map((s) => s.bonus)).toEqual([14, 9, 4])
    const full = swings(duel(stats), [{ kind: 'fullAttack', actorId: 'fighter', targetId: 'dummy' }])
    expect(full.map((s) => s.bonus)).toEqual([14, 9, 4])
  })

  it('a fourth attack is refused once the iteratives are spent', () => {
    const stats = { bab: 11, abilities: { ...basePfStats.abilities, str: 16 } }
    let state = duel(stats)
    for (let i = 0; i < 3; i++) {
      const r = applyCommand(state, { type: 'action.declare', action: strike(), dice: [10] }, pathfinder1e)
      if (!r.ok) throw new Error(r.violation.code)
      state = r.state
    }
    expect(state.turn?.activeId === 'fighter' && pathfinder1e.validate(state, strike()) === null).toBe(false)
  })

  const twoWeapons: Partial<PfStats> = {
    bab: 6,
    abilities: { ...basePfStats.abilities, str: 16 },
    feats: ['TwoWeaponFighting'],
    weapons: [longsword, shortSword],
    wielding: { main: longsword.id, off: shortSword.id }
  }

  it('two weapons, declared as two-weapon fighting: +7, +2 main and +7 off hand, as the full attack', () => {
    const first = strike({ twoWeapon: 1 })
    expect(pathfinder1e.legalActions(duel(twoWeapons), 'fighter')).toContainEqual(first)
    const oneByOne = swings(duel(twoWeapons), [first, strike(), strike()]).map((s) => s.bonus)
    const full = swings(duel(twoWeapons), [{ kind: 'fullAttack', actorId: 'fighter', targetId: 'dummy' }])
    expect(oneByOne).toEqual([7, 2, 7])
    expect(full.map((s) => s.bonus)).toEqual([7, 2, 7])
  })

  it('two weapons, the first attack without two-weapon fighting: the main weapon only, +9 then +4', () => {
    const state = duel(twoWeapons)
    expect(swings(state, [strike(), strike()]).map((s) => s.bonus)).toEqual([9, 4])
    let after = state
    for (const action of [strike(), strike()]) {
      const r = applyCommand(after, { type: 'action.declare', action, dice: [10] }, pathfinder1e)
      if (!r.ok) throw new Error(r.violation.code)
      after = r.state
    }
    expect(after.turn?.activeId === 'fighter' && pathfinder1e.validate(after, strike()) === null).toBe(false)
  })
})
