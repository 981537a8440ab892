import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action } from '../../core/types'
import { minecraft } from '.'
import { figure, makeEncounter, type FigureSpec } from './test-fixtures'

// Scripted-dice scenarios (boardgame.io MockRandom idea): forcedDice throws if the rules roll more
// dice than the script, so every test also pins the number of rolls.

const bow = { id: 'minecraft:bow', kind: 'ranged' as const, skillKey: 'bow', fa: 3 }
const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const ranged = (actorId: string, targetId: string): Action => ({ kind: 'ranged', actorId, targetId })
const types = (events: GameEvent[]) => events.map((e) => e.type)
const rolls = (events: GameEvent[]) =>
  events.flatMap((e) =>
    e.type === 'dice.rolled' ? [`${e.purpose}:${e.result}/${e.target}:${e.success}`] : []
  )

// A hero facing east at (5, 5) and a zombie facing west at (6, 5): the hero attacks the zombie's front.
function duel(extra: Partial<Parameters<typeof makeEncounter>[0]> = {}, zombie: Partial<FigureSpec> = {}) {
  const figures: FigureSpec[] = [
    { id: 'hero', side: 'h', at: [5, 5], facing: 2, stats: { hc: 3, f: 3, weaponSkill: { unarmed: 2 } } },
    {
      id: 'zombie',
      side: 'z',
      at: [6, 5],
      facing: 6,
      life: 3,
      stats: { hc: 1, r: 2, weaponSkill: { unarmed: 2 } }
    },
    ...(extra.figures ?? [])
  ]
  return makeEncounter({
    ...extra,
    figures: figures.map((f) => (f.id === 'zombie' ? { ...f, ...zombie } : f))
  })
}

describe('melee resolution (minecraft.md §4.2)', () => {
  it('hit, knockback into a block: impact roll, then the wound roll; both wounds applied', () => {
    const state = duel({ blocks: [[7, 5]] })
    // T_hit 7, impact T = 5 + 4 − 2 = 7, T_w = 5 + 3 − 2 = 6.
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([7, 7, 6]))
    expect(types(events)).toEqual([
      'attack.declared',
      'dice.rolled',
      'attack.hit',
      'collided',
      'dice.rolled',
      'damaged',
      'dice.rolled',
      'damaged'
    ])
    expect(events[0]).toEqual({
      type: 'attack.declared',
      attackerId: 'hero',
      targetId: 'zombie',
      mode: 'melee',
      sector: 'front'
    })
    expect(rolls(events)).toEqual(['hit:7/7:true', 'impact:7/7:true', 'wound:6/6:true'])
    expect(events).toContainEqual({
      type: 'collided',
      id: 'zombie',
      at: { x: 7, y: 5, z: 0 },
      obstacle: 'block'
    })
    const after = applyEvents(state, events)
    expect(figure(after, 'zombie').life).toBe(1)
    expect(figure(after, 'zombie').pos).toEqual({ x: 6, y: 5, z: 0 })
  })

  it('hit into open ground pushes one square and the wound roll can fail', () => {
    const state = duel()
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([2, 7]))
    expect(types(events)).toEqual(['attack.declared', 'dice.rolled', 'attack.hit', 'pushed', 'dice.rolled'])
    const after = applyEvents(state, events)
    expect(figure(after, 'zombie')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, life: 3 })
  })

  it('a miss ends the attack: no knockback, no wound roll', () => {
    const events = resolveEvents(minecraft, duel(), melee('hero', 'zombie'), forcedDice([8]))
    expect(types(events)).toEqual(['attack.declared', 'dice.rolled', 'attack.missed'])
  })

  it('a natural 0 misses even with T above 10, and a natural 1 hits with T below 1', () => {
    const strong = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { hc: 9 } },
        { id: 'b', side: 'z', at: [6, 5], facing: 6 }
      ]
    })
    const miss = resolveEvents(minecraft, strong, melee('a', 'b'), forcedDice([10]))
    expect(miss[1]).toMatchObject({
      purpose: 'hit',
      result: 10,
      target: 14,
      success: false,
      natural: 'failure'
    })
    const weak = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2 },
        { id: 'b', side: 'z', at: [6, 5], facing: 6, stats: { hc: 9 } }
      ]
    })
    const hit = resolveEvents(minecraft, weak, melee('a', 'b'), forcedDice([1, 10]))
    expect(hit[1]).toMatchObject({ purpose: 'hit', result: 1, target: -4, success: true, natural: 'success' })
  })

  it('a back attack hits automatically: no hit roll in the events', () => {
    // The zombie faces east (2); the hero at (5, 5) is west of it, offset 4: straight behind.
    const state = duel({}, { facing: 2 })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([6]))
    expect(events[0]).toMatchObject({ sector: 'back' })
    expect(events).toContainEqual({
      type: 'attack.hit',
      attackerId: 'hero',
      targetId: 'zombie',
      automatic: true
    })
    expect(rolls(events)).toEqual(['wound:6/6:true'])
  })

  it('backAutoHit off: the back gets a roll with backBonus', () => {
    const state = duel({ settings: { backAutoHit: false, backBonus: 2 } }, { facing: 2 })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([9, 10]))
    expect(rolls(events)).toEqual(['hit:9/9:true', 'wound:10/6:false'])
  })

  it('knockback into another figure: collision with a figure, that figure unaffected', () => {
    const state = duel({ figures: [{ id: 'other', side: 'z', at: [7, 5], life: 2 }] })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([1, 3, 10]))
    expect(events).toContainEqual({
      type: 'collided',
      id: 'zombie',
      at: { x: 7, y: 5, z: 0 },
      obstacle: 'figure'
    })
    expect(rolls(events)).toEqual(['hit:1/7:true', 'impact:3/7:true', 'wound:10/6:false'])
    const after = applyEvents(state, events)
    expect(figure(after, 'other')).toMatchObject({ life: 2, pos: { x: 7, y: 5, z: 0 } })
    expect(figure(after, 'zombie').life).toBe(2)
  })

  it('figuresBlockKnockback off: no push and no impact against a figure', () => {
    const state = duel({
      settings: { figuresBlockKnockback: false },
      figures: [{ id: 'other', side: 'z', at: [7, 5] }]
    })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([1, 1]))
    expect(types(events)).toEqual(['attack.declared', 'dice.rolled', 'attack.hit', 'dice.rolled', 'damaged'])
  })

  it('the board edge is an obstacle', () => {
    const state = makeEncounter({
      width: 7,
      figures: [
        { id: 'hero', side: 'h', at: [5, 5], facing: 2 },
        { id: 'zombie', side: 'z', at: [6, 5], facing: 6 }
      ]
    })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([1, 9, 9]))
    expect(events).toContainEqual({
      type: 'collided',
      id: 'zombie',
      at: { x: 7, y: 5, z: 0 },
      obstacle: 'edge'
    })
  })

  it('a wound that takes life to 0 puts the figure out', () => {
    const state = duel({}, { life: 1 })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([1, 1]))
    expect(events.slice(-2)).toEqual([
      { type: 'damaged', id: 'zombie', amount: 1, source: 'wound' },
      { type: 'combatant.out', id: 'zombie' }
    ])
    const after = applyEvents(state, events)
    expect(figure(after, 'zombie')).toMatchObject({ life: 0, out: true })
    expect(minecraft.validate(after, melee('hero', 'zombie'))).toEqual({
      code: 'targetOut',
      params: { targetId: 'zombie' }
    })
  })

  it('an impact that kills ends the attack: no wound roll on a figure already out', () => {
    const state = duel({ blocks: [[7, 5]] }, { life: 1 })
    const events = resolveEvents(minecraft, state, melee('hero', 'zombie'), forcedDice([1, 1]))
    expect(types(events).slice(-3)).toEqual(['dice.rolled', 'damaged', 'combatant.out'])
    expect(rolls(events)).toEqual(['hit:1/7:true', 'impact:1/7:true'])
  })

  it('the attacker turns to face its target, only when it was not already facing it', () => {
    const turned = resolveEvents(
      minecraft,
      makeEncounter({
        figures: [
          { id: 'a', side: 'h', at: [5, 5], facing: 0 },
          { id: 'b', side: 'z', at: [4, 6], facing: 2 }
        ]
      }),
      melee('a', 'b'),
      forcedDice([10])
    )
    expect(turned[1]).toEqual({ type: 'faced', id: 'a', facing: 5 })
    expect(types(resolveEvents(minecraft, duel(), melee('hero', 'zombie'), forcedDice([10])))).not.toContain(
      'faced'
    )
  })

  it('autoRuleScope meleeHitOnly: a wound roll of 0 succeeds when T_w ≥ 10', () => {
    const state = makeEncounter({
      settings: { autoRuleScope: 'meleeHitOnly' },
      figures: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { f: 7 } },
        { id: 'b', side: 'z', at: [6, 5], facing: 6 }
      ]
    })
    const events = resolveEvents(minecraft, state, melee('a', 'b'), forcedDice([5, 10]))
    expect(rolls(events)).toEqual(['hit:5/5:true', 'wound:10/12:true'])
  })
})

describe('ranged resolution (minecraft.md §4.3)', () => {
  const range = (shooterAt: FigureSpec['at'], targetAt: FigureSpec['at'], more: FigureSpec[] = []) =>
    makeEncounter({
      width: 40,
      height: 40,
      figures: [
        {
          id: 'skel',
          side: 'z',
          at: shooterAt,
          stats: { hcRanged: 3, weaponSkill: { bow: 2 }, rangedWeapon: bow }
        },
        { id: 'steve', side: 'h', at: targetAt, facing: 2, stats: { r: 2 } },
        ...more
      ]
    })

  it('is refused while engaged, and allowed once the enemy is gone', () => {
    const state = range([5, 5], [15, 5], [{ id: 'alex', side: 'h', at: [5, 6] }])
    expect(minecraft.validate(state, ranged('skel', 'steve'))).toEqual({ code: 'engaged' })
    const alexOut = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 'alex' ? { ...c, out: true } : c))
    }
    expect(minecraft.validate(alexOut, ranged('skel', 'steve'))).toBeNull()
  })

  it('ignores facing (no sector, no flank or back effects) by default', () => {
    // Steve faces east, so the skeleton west of him is behind him; at range this does not matter.
    const events = resolveEvents(
      minecraft,
      range([5, 5], [15, 5]),
      ranged('skel', 'steve'),
      forcedDice([6, 1])
    )
    expect(events[0]).toEqual({
      type: 'attack.declared',
      attackerId: 'skel',
      targetId: 'steve',
      mode: 'ranged'
    })
    // d = 10 → Md 0: T_hit = 5, T_w = 5 + 3 − 2 = 6.
    expect(rolls(events)).toEqual(['hit:6/5:false'])
  })

  it('rangedUsesFacing: a shot into the back hits automatically', () => {
    const state = { ...range([5, 5], [15, 5]), settings: { rangedUsesFacing: true } }
    const events = resolveEvents(minecraft, state, ranged('skel', 'steve'), forcedDice([6]))
    expect(events[0]).toMatchObject({ sector: 'back' })
    expect(rolls(events)).toEqual(['wound:6/6:true'])
  })

  it('a downhill shot beyond 20 is legal and takes Md −3', () => {
    const state = range([0, 0, 5], [25, 3, 0])
    expect(minecraft.validate(state, ranged('skel', 'steve'))).toBeNull()
    const events = resolveEvents(minecraft, state, ranged('skel', 'steve'), forcedDice([2, 3]))
    // T_hit = 3 + 2 − 3 = 2; T_w = 5 + (3 − 3) − 2 = 3.
    expect(rolls(events)).toEqual(['hit:2/2:true', 'wound:3/3:true'])
    expect(events).toContainEqual({
      type: 'pushed',
      id: 'steve',
      from: { x: 25, y: 3, z: 0 },
      to: { x: 26, y: 3, z: 0 }
    })
  })

  it('a shot up a cliff counts the height (13 squares → Md −1)', () => {
    const events = resolveEvents(
      minecraft,
      range([0, 0, 0], [10, 4, 3]),
      ranged('skel', 'steve'),
      forcedDice([4, 6])
    )
    // T_hit = 3 + 2 − 1 = 4; T_w = 5 + (3 − 1) − 2 = 5.
    expect(rolls(events)).toEqual(['hit:4/4:true', 'wound:6/5:false'])
  })
})

describe('moves', () => {
  const board = () =>
    makeEncounter({
      blocks: [[6, 5]],
      figures: [
        { id: 'hero', side: 'h', at: [5, 5] },
        { id: 'ally', side: 'h', at: [5, 6] }
      ]
    })
  const move = (...path: Array<[number, number]>): Action => ({
    kind: 'move',
    actorId: 'hero',
    path: path.map(([x, y]) => ({ x, y, z: 0 }))
  })

  it('refuses paths through blocks, figures, off the board, or with gaps', () => {
    expect(minecraft.validate(board(), move([6, 5], [7, 5]))).toEqual({
      code: 'blocked',
      params: { x: 6, y: 5 }
    })
    expect(minecraft.validate(board(), move([5, 6], [5, 7]))).toEqual({
      code: 'occupied',
      params: { x: 5, y: 6, by: 'ally' }
    })
    expect(minecraft.validate(board(), move([7, 5]))).toEqual({ code: 'invalidPath', params: { step: 0 } })
    const corner = makeEncounter({ figures: [{ id: 'hero', side: 'h', at: [0, 0] }] })
    expect(minecraft.validate(corner, move([-1, 0]))).toEqual({ code: 'offBoard', params: { x: -1, y: 0 } })
    expect(minecraft.validate(board(), move())).toEqual({ code: 'emptyPath' })
    expect(minecraft.validate(board(), move([6, 4], [7, 4], [8, 4], [9, 4]))).toEqual({
      code: 'notEnoughAp',
      params: { need: 4, have: 3 }
    })
  })

  it('moves around the block and ends facing the last step; an asked facing wins', () => {
    const state = board()
    const path = move([6, 4], [7, 5])
    expect(minecraft.validate(state, path)).toBeNull()
    const events = resolveEvents(minecraft, state, path, forcedDice([]))
    expect(events).toEqual([{ type: 'moved', id: 'hero', path: path.path, facing: 3 }])
    expect(figure(applyEvents(state, events), 'hero')).toMatchObject({ pos: { x: 7, y: 5, z: 0 }, facing: 3 })
    expect(resolveEvents(minecraft, state, { ...path, facing: 6 }, forcedDice([]))[0]).toMatchObject({
      facing: 6
    })
  })

  it('face is free and sets the facing', () => {
    const state = board()
    const face: Action = { kind: 'face', actorId: 'hero', facing: 5 }
    expect(minecraft.economy.charge(state, face)).toEqual({ type: 'economy.spend', ap: 0 })
    expect(resolveEvents(minecraft, state, face, forcedDice([]))).toEqual([
      { type: 'faced', id: 'hero', facing: 5 }
    ])
  })

  it('an illegal action is refused by validate, before anything resolves it', () => {
    expect(minecraft.validate(board(), move([6, 5]))).toMatchObject({ code: 'blocked' })
  })
})
