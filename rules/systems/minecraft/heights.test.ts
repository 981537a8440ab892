import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState, Vec3 } from '../../core/types'
import { minecraft } from '.'
import { planAttack } from './attack'
import { hasLineOfSight } from './board'
import { actionCost } from './economy.machine'
import { readSettings, type McSettings } from './settings'
import { figure, makeEncounter, type FigureSpec } from './test-fixtures'

// Heights (minecraft.md §2 voxel grid; the movement post's climbing and falling rules are [GAP] → settings):
// every case runs on a board with `elevation`, figures standing on their square's ground.

const bow = { id: 'minecraft:bow', kind: 'ranged' as const, skillKey: 'bow', fa: 3 }
const archer = { hcRanged: 3, weaponSkill: { bow: 2 }, rangedWeapon: bow }

/** Digit rows of a width × height board, flat except the given `x,y` heights. */
function heights(width: number, height: number, cells: Record<string, number> = {}): string[] {
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => String(cells[`${x},${y}`] ?? 0)).join('')
  )
}

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z })
const types = (events: GameEvent[]) => events.map((e) => e.type)

describe('§2 / G-7 [GAP] moves over heights', () => {
  // Row 0 climbs 0-1-2-3-4 then drops to 0; rows 1 and 2 are flat.
  const hill = ['01234000', '00000000', '00000000']
  const at = (start: readonly [number, number], settings: Partial<McSettings> = {}) =>
    makeEncounter({
      elevation: hill,
      settings,
      figures: [
        { id: 'a', side: 'h', at: start },
        { id: 'b', side: 'z', at: [7, 2] }
      ]
    })
  const move = (...path: Vec3[]): Action => ({ kind: 'move', actorId: 'a', path })

  // The cost column is what the economy charges from the squares' ground, legal or not.
  it.each([
    ['G-7 a level step costs moveCostPerSquare', [0, 1], [v(1, 1, 0)], {}, null, 1],
    ['G-7 a 1-block step up costs 1 + climbCostPerBlock', [0, 0], [v(1, 0, 1)], {}, null, 2],
    ['G-7 two steps up: 2 + 2 = 4 AP', [0, 0], [v(1, 0, 1), v(2, 0, 2)], { apPerTurn: 4 }, null, 4],
    ['G-7 … which 3 AP cannot pay', [0, 0], [v(1, 0, 1), v(2, 0, 2)], {}, 'notEnoughAp', 4],
    ['G-7 climbCostPerBlock 0: climbing is free', [0, 0], [v(1, 0, 1)], { climbCostPerBlock: 0 }, null, 1],
    ['[GAP] maxStepUp 1: a 2-block rise is refused', [1, 1], [v(2, 0, 2)], {}, 'tooSteep', 3],
    ['[GAP] maxStepUp 2 allows it at 1 + 2 AP', [1, 1], [v(2, 0, 2)], { maxStepUp: 2 }, null, 3],
    ['G-4 a 1-block drop is a plain step', [4, 0], [v(3, 0, 3)], {}, null, 1],
    ['G-4 a 3-block drop (= maxDropWithoutFall) is a plain step', [3, 0], [v(4, 1, 0)], {}, null, 1],
    ['G-4 a 4-block drop is a fall: refused by default', [4, 0], [v(5, 0, 0)], {}, 'dropTooHigh', 1],
    ['G-4 voluntaryFalls: the fall is a legal step', [4, 0], [v(5, 0, 0)], { voluntaryFalls: true }, null, 1],
    ['G-4 maxDropWithoutFall 4: no fall at all', [4, 0], [v(5, 0, 0)], { maxDropWithoutFall: 4 }, null, 1],
    ['§2 a step must land on the ground (z = elevation)', [0, 0], [v(1, 0, 0)], {}, 'invalidPath', 2],
    ['§2 … not above it', [0, 1], [v(1, 1, 1)], {}, 'invalidPath', 1]
  ] as const)('%s', (_label, start, path, settings, code, cost) => {
    const state = at(start, settings)
    expect(minecraft.validate(state, move(...path))?.code ?? null).toBe(code)
    expect(actionCost(state, move(...path))).toBe(cost)
  })

  it('legal moves follow the cheapest path over heights and never list what validate refuses', () => {
    const moves = minecraft.legalActions(at([0, 1]), 'a').filter((a) => a.kind === 'move')
    const to = (x: number, y: number) => moves.find((m) => m.path?.at(-1)?.x === x && m.path.at(-1)?.y === y)
    expect(to(1, 0)?.path).toEqual([v(1, 0, 1)])
    expect(to(2, 0)).toBeUndefined()
    // (3, 1) is three flat steps along row 1, not over the hill.
    expect(to(3, 1)?.path).toEqual([v(1, 1, 0), v(2, 1, 0), v(3, 1, 0)])
    const richer = minecraft.legalActions(at([0, 1], { apPerTurn: 4 }), 'a')
    expect(richer.find((m) => m.path?.at(-1)?.x === 2 && m.path.at(-1)?.y === 0)?.path).toEqual([
      v(1, 0, 1),
      v(2, 0, 2)
    ])
    for (const m of moves) expect(actionCost(at([0, 1]), m)).toBeLessThanOrEqual(3)
  })

  it('from the top of the hill only the drops that are no fall are listed (voluntaryFalls off)', () => {
    const ends = minecraft
      .legalActions(at([4, 0]), 'a')
      .filter((a) => a.kind === 'move' && a.path?.length === 1)
      .map((a) => a.path?.[0])
    expect(ends).toEqual([v(3, 0, 3)])
  })

  it('a move ends on the ground of the last square (the reducer stores its z)', () => {
    const state = at([0, 0])
    const events = resolveEvents(minecraft, state, move(v(1, 0, 1)), forcedDice([]))
    expect(figure(applyEvents(state, events), 'a').pos).toEqual(v(1, 0, 1))
  })
})

describe('§2 ranged distance with height, through the board (§10 example 7)', () => {
  // Shooter at (0, 0); the squares named carry the heights.
  const shot = (shooterZ: number, target: readonly [number, number], targetZ: number) => {
    const state = makeEncounter({
      elevation: heights(30, 12, { '0,0': shooterZ, [`${target[0]},${target[1]}`]: targetZ }),
      figures: [
        { id: 'a', side: 'h', at: [0, 0], stats: archer },
        { id: 't', side: 'z', at: target }
      ]
    })
    const action: Action = { kind: 'ranged', actorId: 'a', targetId: 't' }
    return { state, action, plan: planAttack(state, readSettings(state), action) }
  }

  it.each([
    ['§10 ex 7 (10, 4) on the same level → 10, Md 0', 0, [10, 4], 0, 10, 0],
    ['§10 ex 7 the same 3 blocks higher → 13, Md −1', 0, [10, 4], 3, 13, -1],
    ['§10 ex 7 3 blocks lower (shooting down) → 10', 3, [10, 4], 0, 10, 0],
    ['§2 [TEXT L66] a diagonal counts as orthogonal, up 2 → 7 + 2', 0, [7, 7], 2, 9, 0],
    ['§2 A5 shooting down ignores the drop at 20 → 20, Md −2', 9, [20, 2], 0, 20, -2]
  ] as const)('%s', (_label, shooterZ, target, targetZ, d, md) => {
    const { state, action, plan } = shot(shooterZ, target, targetZ)
    expect(figure(state, 't').pos.z).toBe(targetZ)
    expect([plan?.distance, plan?.md]).toEqual([d, md])
    expect(minecraft.validate(state, action)).toBeNull()
  })

  it('§10 ex 7 (18, 0) and 3 blocks up → 21: illegal (over 20, not downhill)', () => {
    const { state, action } = shot(0, [18, 0], 3)
    expect(minecraft.validate(state, action)).toEqual({
      code: 'outOfRange',
      params: { distance: 21, max: 20 }
    })
  })

  it.each([
    ['G-2 downhill beyond 20: legal at Md −3 (T_hit 3 + 2 − 3)', 5, 0, {}, null],
    ['G-2 the same distance on the level is out of range', 0, 0, {}, 'outOfRange'],
    ['G-2 uphill it is further still (25 + 5) and out', 0, 5, {}, 'outOfRange'],
    ['G-2 downhillBeyondMax off', 5, 0, { downhillBeyondMax: false }, 'outOfRange'],
    ['G-2 downhillMaxRange 24 caps it', 5, 0, { downhillMaxRange: 24 }, 'outOfRange']
  ] as const)('%s', (_label, shooterZ, targetZ, settings, code) => {
    const { state: base, action } = shot(shooterZ, [25, 3], targetZ)
    const state = { ...base, settings }
    expect(minecraft.validate(state, action)?.code ?? null).toBe(code)
    if (code === null) {
      const plan = planAttack(state, readSettings(state), action)
      expect([plan?.distance, plan?.md, plan?.hitTarget, plan?.woundTarget]).toEqual([25, -3, 2, 5])
    }
  })
})

describe('§2 [REC] melee needs |Δz| ≤ meleeMaxDz on the board', () => {
  const duel = (targetGround: number, settings: Partial<McSettings> = {}) =>
    makeEncounter({
      elevation: heights(6, 6, { '3,2': targetGround }),
      settings,
      figures: [
        { id: 'a', side: 'h', at: [2, 2], stats: { rangedWeapon: bow } },
        { id: 't', side: 'z', at: [3, 2] },
        { id: 'far', side: 'z', at: [5, 5] }
      ]
    })
  const melee: Action = { kind: 'melee', actorId: 'a', targetId: 't' }

  it.each([
    ['§2 Δz 0', 0, {}, null],
    ['§2 Δz 1 (one block up)', 1, {}, null],
    ['§2 Δz 2 is out of reach', 2, {}, 'heightDifference'],
    ['§2 meleeMaxDz 2 reaches it', 2, { meleeMaxDz: 2 }, null]
  ] as const)('%s', (_label, ground, settings, code) => {
    expect(minecraft.validate(duel(ground, settings), melee)?.code ?? null).toBe(code)
  })

  it('§6 [REC] an enemy 2 blocks up next door does not engage: the archer may shoot', () => {
    const state = duel(2)
    expect(minecraft.validate(state, { kind: 'ranged', actorId: 'a', targetId: 'far' })).toBeNull()
    expect(minecraft.validate(duel(1), { kind: 'ranged', actorId: 'a', targetId: 'far' })).toEqual({
      code: 'engaged'
    })
  })
})

describe('§3 [REC] / A13 line of sight over heights (eyes eyeHeight above the ground)', () => {
  // Shooter at (0, 0), target at (10, 0) on row 0 of an 11 × 3 board; `cells` raise squares on the way.
  const sight = (cells: Record<string, number>, settings: Partial<McSettings> = {}, target = [10, 0]) => {
    const state = makeEncounter({
      elevation: heights(11, 3, cells),
      settings,
      figures: [
        { id: 'a', side: 'h', at: [0, 0], stats: archer },
        { id: 't', side: 'z', at: [target[0] ?? 0, target[1] ?? 0] }
      ]
    })
    return hasLineOfSight(state, readSettings(state), figure(state, 'a').pos, figure(state, 't').pos)
  }

  it.each([
    ['flat ground', {}, {}, true],
    ['a 1-block bump under eyes at 1.5 does not block', { '5,0': 1 }, {}, true],
    ['a 2-block column blocks', { '5,0': 2 }, {}, false],
    ['eyeHeight 2.5 sees over it', { '5,0': 2 }, { eyeHeight: 2.5 }, true],
    [
      'from a 4-block tower, a 4-block column halfway blocks (line at 3.5)',
      { '0,0': 4, '5,0': 4 },
      {},
      false
    ],
    ['… a 3-block one does not', { '0,0': 4, '5,0': 3 }, {}, true],
    ['a raised target sees over what a level one could not', { '5,0': 2, '10,0': 3 }, {}, true],
    ['the end squares never block (both figures on high ground)', { '0,0': 9, '10,0': 9 }, {}, true]
  ])('%s', (_label, cells, settings, visible) => {
    expect(sight(cells, settings)).toBe(visible)
  })

  it('a target under the lip of a cliff is hidden; one further out is seen', () => {
    const cliff = { '0,0': 4, '1,0': 4, '2,0': 4 }
    expect(sight(cliff, {}, [3, 0])).toBe(false)
    expect(sight({ '0,0': 4, '1,0': 4 }, {}, [3, 0])).toBe(true)
  })

  it('a hidden target cannot be shot (noLineOfSight), unless sight is not required', () => {
    const state = makeEncounter({
      elevation: heights(11, 3, { '5,0': 2 }),
      figures: [
        { id: 'a', side: 'h', at: [0, 0], stats: archer },
        { id: 't', side: 'z', at: [10, 0] }
      ]
    })
    const shot: Action = { kind: 'ranged', actorId: 'a', targetId: 't' }
    expect(minecraft.validate(state, shot)).toEqual({ code: 'noLineOfSight', params: { targetId: 't' } })
    expect(minecraft.validate({ ...state, settings: { requireLineOfSight: false } }, shot)).toBeNull()
  })
})

describe('§4.2 step 5 knockback over heights (G-3, G-4)', () => {
  // The attacker on (1, 1) pushes the target on (2, 1) east into (3, 1).
  const push = (
    cells: Record<string, number>,
    settings: Partial<McSettings> = {},
    target: Partial<FigureSpec> = {}
  ) =>
    makeEncounter({
      elevation: heights(6, 3, cells),
      settings,
      figures: [
        { id: 'a', side: 'h', at: [1, 1], facing: 2 },
        { id: 't', side: 'z', at: [2, 1], facing: 6, life: 3, ...target }
      ]
    })
  const plan = (state: EncounterState) =>
    planAttack(state, readSettings(state), { kind: 'melee', actorId: 'a', targetId: 't' })?.knockback

  it.each([
    ['§4.2 level ground: a plain push', {}, {}, { kind: 'push', to: v(3, 1, 0) }],
    ['G-4 a 3-block drop lands lower, no fall', { '1,1': 3, '2,1': 3 }, {}, { kind: 'push', to: v(3, 1, 0) }],
    [
      '§4.2 step 5 [REC] off a 4-block ledge: moved anyway, a fall of 4',
      { '1,1': 4, '2,1': 4 },
      {},
      { kind: 'push', to: v(3, 1, 0), fall: 4 }
    ],
    [
      'G-3 into a square 1 block higher: a collision with a block',
      { '3,1': 1 },
      {},
      { kind: 'collision', at: v(3, 1, 0), obstacle: 'block' }
    ],
    [
      'G-3 knockbackMaxRise 1: pushed up onto it',
      { '3,1': 1 },
      { knockbackMaxRise: 1 },
      { kind: 'push', to: v(3, 1, 1) }
    ],
    [
      'G-3 knockbackMaxRise 1 still stops at 2 blocks',
      { '3,1': 2 },
      { knockbackMaxRise: 1 },
      { kind: 'collision', at: v(3, 1, 0), obstacle: 'block' }
    ]
  ] as const)('%s', (_label, cells, settings, expected) => {
    expect(plan(push(cells, settings))).toEqual(expected)
  })

  it('§4.2 step 5: a push into higher ground rolls the strength-4 impact, then the wound', () => {
    const state = push({ '3,1': 2 })
    // T_hit 5, impact T = 5 + 4 − 0 = 9, T_w = 5.
    const events = resolveEvents(
      minecraft,
      state,
      { kind: 'melee', actorId: 'a', targetId: 't' },
      forcedDice([5, 9, 6])
    )
    expect(types(events)).toEqual([
      'attack.declared',
      'dice.rolled',
      'attack.hit',
      'collided',
      'dice.rolled',
      'damaged',
      'dice.rolled'
    ])
    expect(figure(applyEvents(state, events), 't')).toMatchObject({ pos: v(2, 1, 0), life: 2 })
  })

  it('§4.2 step 5 [REC]: off a ledge the target lands on the low ground; the fall takes the default 0', () => {
    const state = push({ '1,1': 4, '2,1': 4 })
    const events = resolveEvents(
      minecraft,
      state,
      { kind: 'melee', actorId: 'a', targetId: 't' },
      forcedDice([5, 6])
    )
    expect(types(events)).toEqual(['attack.declared', 'dice.rolled', 'attack.hit', 'pushed', 'dice.rolled'])
    expect(figure(applyEvents(state, events), 't')).toMatchObject({ pos: v(3, 1, 0), life: 3 })
  })

  it('§4.3 a ranged hit snaps by angle and can push the target off the hill', () => {
    // The archer at (0, 0) on the low ground; the target on a 5-block hill at (5, 2); (6, 2) is low.
    const state = makeEncounter({
      elevation: heights(8, 5, { '4,1': 5, '4,2': 5, '5,1': 5, '5,2': 5, '4,3': 5, '5,3': 5 }),
      figures: [
        { id: 'a', side: 'h', at: [0, 0], stats: archer },
        { id: 't', side: 'z', at: [5, 2] }
      ]
    })
    const shot: Action = { kind: 'ranged', actorId: 'a', targetId: 't' }
    expect(minecraft.validate(state, shot)).toBeNull()
    const p = planAttack(state, readSettings(state), shot)
    // (5, 2) is 21.8° off east: the push goes east, off the hill: a fall of 5. d = 5 + 5 = 10.
    expect([p?.distance, p?.knockback]).toEqual([10, { kind: 'push', to: v(6, 2, 0), fall: 5 }])
  })
})
