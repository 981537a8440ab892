import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { stateHash } from '../../core/hash'
import { forcedDice } from '../../core/rng'
import type { Action, Command, EncounterState } from '../../core/types'
import { applyCommand, replay } from '../../flow/engine'
import { hq2 } from '.'
import { figure, makeEncounter, withActive, type BeingSpec } from './test-fixtures'

// The HQ2 turn through the real flow (applyCommand): seat order, the movement roll as an activation
// opens, movement split around the action, multi-attacks with movement between (hq2.md §3).

const hero = (id: string, seat: number, at: [number, number], more: BeingSpec['stats'] = {}): BeingSpec => ({
  id,
  side: 'heroes',
  at,
  facing: 2,
  stats: { seat, movement: { dice: 2 }, attackBase: 4, defenseBase: 2, ...more }
})
const monster = (id: string, at: [number, number], more: BeingSpec['stats'] = {}): BeingSpec => ({
  id,
  side: 'bm',
  at,
  facing: 6,
  life: 30,
  stats: {
    kind: 'monster',
    seat: 0,
    defenseFace: 'black',
    movement: { fixed: 8 },
    attackBase: 4,
    defenseBase: 2,
    ...more
  }
})

function setup(beings: BeingSpec[], settings = {}): EncounterState {
  const s = makeEncounter({ beings, activeId: null, settings, width: 16, height: 12 })
  return { ...s, phase: 'setup', round: 0 }
}

function play(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, hq2)
    if (!r.ok) throw new Error(`${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}

const opened = (log: GameEvent[]) => log.flatMap((e) => (e.type === 'turn.started' ? [e.actorId] : []))
const movementRolls = (log: GameEvent[], id: string) =>
  log.flatMap((e) =>
    e.type === 'dice.rolled' && e.purpose === 'movement' && e.actorId === id ? [e.result] : []
  )
const step = (x: number, y: number) => ({ x, y, z: 0 })

describe('seat order (hq2.md §3.1, A13)', () => {
  it('players from the BM’s right in seating order, each with all its beings, the BM last', () => {
    // Roster order is scrambled on purpose: seats decide.
    const state = setup([
      monster('orc', [12, 5]),
      hero('wizard', 2, [1, 1]),
      hero('barbarian', 1, [1, 3]),
      monster('goblin', [12, 7]),
      hero('familiar', 2, [1, 5])
    ])
    const s = play(state, [{ type: 'encounter.start' }, ...Array<Command>(5).fill({ type: 'turn.end' })])
    expect(opened(s.log)).toEqual(['barbarian', 'wizard', 'familiar', 'orc', 'goblin', 'barbarian'])
    expect(s.round).toBe(2)
  })

  it('beings that fall are skipped', () => {
    const state = setup([hero('a', 1, [1, 1]), hero('b', 2, [1, 3]), monster('orc', [12, 5])])
    const down = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 'b' ? { ...c, out: true } : c))
    }
    const s = play(down, [{ type: 'encounter.start' }, { type: 'turn.end' }])
    expect(opened(s.log)).toEqual(['a', 'orc'])
  })
})

describe('movement points (hq2.md §3.2, G2, A8)', () => {
  it('a hero rolls its movement dice as its activation opens; BM beings keep their fixed MP', () => {
    const s = play(setup([hero('barbarian', 1, [1, 1]), monster('orc', [12, 5])]), [
      { type: 'encounter.start' }
    ])
    const dice = movementRolls(s.log, 'barbarian')
    expect(dice).toHaveLength(2)
    expect(s.turn?.economy.context.mp).toBe((dice[0] ?? 0) + (dice[1] ?? 0))
    const bm = play(s, [{ type: 'turn.end' }])
    expect(movementRolls(bm.log, 'orc')).toEqual([])
    expect(bm.turn?.economy.context.mp).toBe(8)
  })

  it('startTurn with scripted dice: two d6 set the MP of the fresh economy (forcedDice)', () => {
    const state = makeEncounter({ beings: [hero('h', 1, [1, 1]), monster('orc', [12, 5])] })
    const events = hq2.startTurn?.(state, 'h', forcedDice([3, 5])) ?? []
    expect(events).toEqual([
      { type: 'dice.rolled', actorId: 'h', purpose: 'movement', sides: 6, result: 3, success: true },
      { type: 'dice.rolled', actorId: 'h', purpose: 'movement', sides: 6, result: 5, success: true },
      {
        type: 'economy.changed',
        actorId: 'h',
        economy: { value: 'ready', context: { mp: 8, attacks: 1, blindFighting: 0 } }
      }
    ])
    // Sub-group: each member rolls, everyone gets the minimum (4 + 1 = 5 < 3 + 5).
    const pair = makeEncounter({
      beings: [
        hero('a', 1, [1, 1], { subgroup: 'g' }),
        hero('b', 1, [1, 3], { subgroup: 'g' }),
        monster('orc', [12, 5])
      ]
    })
    const grouped = hq2.startTurn?.(pair, 'a', forcedDice([3, 5, 4, 1])) ?? []
    expect(grouped.at(-1)).toMatchObject({ type: 'economy.changed', economy: { context: { mp: 5 } } })
    // BM beings with fixed MP roll nothing.
    expect(hq2.startTurn?.(withActive(state, 'orc'), 'orc', forcedDice([]))).toEqual([])
  })

  it('a sub-group moves at its slowest member’s MP, rolled once per round', () => {
    const beings = [
      hero('a', 1, [1, 1], { subgroup: 'twins' }),
      hero('b', 1, [1, 3], { subgroup: 'twins' }),
      monster('orc', [12, 5])
    ]
    const s = play(setup(beings), [{ type: 'encounter.start' }])
    const [a1 = 0, a2 = 0] = movementRolls(s.log, 'a')
    const [b1 = 0, b2 = 0] = movementRolls(s.log, 'b')
    expect(s.turn?.economy.context.mp).toBe(Math.min(a1 + a2, b1 + b2))
    const s2 = play(s, [{ type: 'turn.end' }])
    expect(s2.turn?.activeId).toBe('b')
    expect(movementRolls(s2.log, 'b')).toHaveLength(2)
    expect(s2.turn?.economy.context.mp).toBe(s.turn?.economy.context.mp)
    const individual = play(setup(beings, { subgroupMovement: 'individual' }), [{ type: 'encounter.start' }])
    expect(movementRolls(individual.log, 'b')).toEqual([])
  })

  it('moves, attacks, then spends the rest of its MP; the activation ends when nothing is left', () => {
    const s = play(setup([monster('orc', [5, 5]), hero('hero', 1, [9, 5], { seat: 1 })]), [])
    // The BM acts last, so open on the orc by starting and ending the hero's activation.
    let state = play(s, [{ type: 'encounter.start' }, { type: 'turn.end' }])
    expect(state.turn?.activeId).toBe('orc')
    const move = (path: Array<[number, number]>): Command => ({
      type: 'action.declare',
      action: { kind: 'move', actorId: 'orc', path: path.map(([x, y]) => step(x, y)) }
    })
    state = play(state, [
      move([
        [6, 5],
        [7, 5],
        [8, 5]
      ])
    ])
    expect(state.turn?.economy).toMatchObject({ value: 'ready', context: { mp: 5 } })
    state = play(state, [
      { type: 'action.declare', action: { kind: 'melee', actorId: 'orc', targetId: 'hero' } }
    ])
    expect(state.turn?.economy).toMatchObject({ value: 'acted', context: { mp: 5 } })
    expect(hq2.validate(state, { kind: 'melee', actorId: 'orc', targetId: 'hero' })).toEqual({
      code: 'actionUsed'
    })
    expect(
      hq2.validate(state, {
        kind: 'move',
        actorId: 'orc',
        path: [step(8, 4), step(8, 3), step(8, 2), step(8, 1), step(8, 0), step(9, 0)]
      })
    ).toEqual({
      code: 'notEnoughMp',
      params: { need: 6, have: 5 }
    })
    state = play(state, [
      move([
        [8, 4],
        [8, 3],
        [8, 2],
        [8, 1],
        [8, 0]
      ])
    ])
    // Spent: the flow opened the next round's first activation.
    expect(state.turn?.activeId).toBe('hero')
    expect(figure(state, 'orc').pos).toEqual(step(8, 0))
  })

  it('orthogonal steps only by default (G6); allowDiagonalMove makes a diagonal cost 1', () => {
    const state = makeEncounter({ beings: [monster('orc', [5, 5]), hero('hero', 1, [9, 9])] })
    const diagonal: Action = { kind: 'move', actorId: 'orc', path: [step(6, 6)] }
    expect(hq2.validate(state, diagonal)).toEqual({ code: 'invalidPath', params: { step: 0 } })
    expect(hq2.validate({ ...state, settings: { allowDiagonalMove: true } }, diagonal)).toBeNull()
    const targets = hq2.legalActions(state, 'orc').filter((a) => a.kind === 'move')
    expect(targets.every((a) => (a.path?.length ?? 0) <= 8)).toBe(true)
    expect(
      targets.some((a) => a.path?.at(-1)?.x === 6 && a.path.at(-1)?.y === 6 && a.path.length === 2)
    ).toBe(true)
  })
})

describe('multiple attacks as one action, with movement between (hq2.md §3.2 [TEXT L24, L32])', () => {
  it('two attacks on two enemies with a move between them; a third is refused', () => {
    const warrior = monster('gargoyle', [5, 5], { attacksPerTurn: 2 })
    let state = makeEncounter({
      beings: [warrior, hero('a', 1, [6, 5]), hero('b', 1, [6, 8])],
      activeId: 'gargoyle'
    })
    state = play(state, [
      { type: 'action.declare', action: { kind: 'melee', actorId: 'gargoyle', targetId: 'a' } }
    ])
    expect(state.turn?.economy).toMatchObject({ value: 'attacking', context: { attacks: 1, mp: 8 } })
    expect(hq2.validate(state, { kind: 'interact', actorId: 'gargoyle' })).toEqual({ code: 'actionUsed' })
    state = play(state, [
      {
        type: 'action.declare',
        action: { kind: 'move', actorId: 'gargoyle', path: [step(5, 6), step(5, 7), step(5, 8)] }
      },
      { type: 'action.declare', action: { kind: 'melee', actorId: 'gargoyle', targetId: 'b' } }
    ])
    expect(state.turn?.economy).toMatchObject({ value: 'acted', context: { attacks: 0, mp: 5 } })
    expect(hq2.validate(state, { kind: 'melee', actorId: 'gargoyle', targetId: 'b' })).toEqual({
      code: 'actionUsed'
    })
    const attacks = state.log
      .filter((e) => e.type === 'attack.declared')
      .map((e) => e.type === 'attack.declared' && e.targetId)
    expect(attacks).toEqual(['a', 'b'])
  })

  it('a "1/3" thrown weapon gives three throws in the one action (A9)', () => {
    const daggers = {
      id: 'hq2:daggers',
      hands: 1 as const,
      attackBonus: 0,
      ranged: true,
      range: 6,
      throwsPerHand: 3,
      tags: [],
      unsuitedAgainst: [],
      suitedAgainst: [],
      hooks: []
    }
    let state = makeEncounter({
      beings: [
        hero('thrower', 1, [2, 5], { rangedWeapon: daggers, movement: { fixed: 0 } }),
        monster('orc', [6, 5])
      ]
    })
    const shoot: Command = {
      type: 'action.declare',
      action: { kind: 'ranged', actorId: 'thrower', targetId: 'orc' }
    }
    state = play(state, [shoot, shoot])
    expect(state.turn?.economy).toMatchObject({ value: 'attacking', context: { attacks: 1 } })
    state = play(state, [shoot])
    // The third throw spent the action and no MP is left: the BM's turn has opened.
    expect(state.turn?.activeId).toBe('orc')
  })

  it('a whole exchange replays from its commands to the same state hash', () => {
    const initial = setup([hero('barbarian', 1, [3, 5]), monster('orc', [8, 5])])
    const commands: Command[] = [
      { type: 'encounter.start' },
      { type: 'turn.end' },
      {
        type: 'action.declare',
        action: { kind: 'move', actorId: 'orc', path: [step(7, 5), step(6, 5), step(5, 5), step(4, 5)] }
      },
      { type: 'action.declare', action: { kind: 'melee', actorId: 'orc', targetId: 'barbarian' } }
    ]
    const end = play(initial, commands)
    expect(stateHash(replay(initial, commands, hq2))).toBe(stateHash(end))
  })
})
