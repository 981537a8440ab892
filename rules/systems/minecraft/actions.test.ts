import { resolveEvents } from '../../core/chain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEvents } from '../../core/events'
import { chebyshev } from '../../core/geometry'
import { seededDice, seedRng } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { minecraft } from '.'
import { figure, makeEncounter, withActive } from './test-fixtures'

const bow = { id: 'minecraft:bow', kind: 'ranged' as const, skillKey: 'bow', fa: 3 }
const kinds = (actions: Action[], kind: string) => actions.filter((a) => a.kind === kind)
const targets = (actions: Action[], kind: string) => kinds(actions, kind).map((a) => a.targetId)

describe('legalActions', () => {
  it('on an open board lists every square within 3 steps once, with a cheapest path', () => {
    const state = makeEncounter({
      width: 20,
      height: 20,
      figures: [
        { id: 'a', at: [10, 10] },
        { id: 'b', side: 'b', at: [0, 0] }
      ]
    })
    const moves = kinds(minecraft.legalActions(state, 'a'), 'move')
    expect(moves).toHaveLength(48)
    const ends = new Set(moves.map((m) => JSON.stringify(m.path?.at(-1))))
    expect(ends.size).toBe(48)
    for (const m of moves) {
      const end = m.path?.at(-1) ?? { x: 10, y: 10 }
      expect(m.path).toHaveLength(chebyshev(end, { x: 10, y: 10 }))
    }
  })

  it('avoids blocks and figures, and lists only legal attacks', () => {
    const state = makeEncounter({
      blocks: [
        [4, 4],
        [4, 5],
        [4, 6]
      ],
      figures: [
        { id: 'archer', side: 'h', at: [3, 5], stats: { rangedWeapon: bow } },
        { id: 'ally', side: 'h', at: [2, 5] },
        { id: 'near', side: 'z', at: [3, 4] },
        { id: 'far', side: 'z', at: [3, 9] },
        { id: 'gone', side: 'z', at: [2, 6], out: true }
      ]
    })
    const actions = minecraft.legalActions(state, 'archer')
    const stepped = kinds(actions, 'move').flatMap((m) => m.path ?? [])
    for (const p of stepped) {
      expect([`4,4`, `4,5`, `4,6`, `2,5`, `3,4`, '3,9']).not.toContain(`${p.x},${p.y}`)
    }
    expect(stepped).toContainEqual({ x: 2, y: 6, z: 0 })
    expect(targets(actions, 'melee')).toEqual(['near'])
    // Engaged by 'near': no ranged attack at all.
    expect(targets(actions, 'ranged')).toEqual([])
    expect(kinds(actions, 'face')).toHaveLength(7)
    for (const a of actions) expect(minecraft.validate(state, a)).toBeNull()
  })

  it('with 1 AP left: single steps and melee only; with 0 AP only free facing', () => {
    const base = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [5, 5], stats: { rangedWeapon: bow } },
        { id: 'z1', side: 'z', at: [6, 5] },
        { id: 'z2', side: 'z', at: [5, 9] }
      ]
    })
    const one = minecraft.legalActions(withActive(base, 'a', 1), 'a')
    expect(kinds(one, 'move').every((m) => m.path?.length === 1)).toBe(true)
    expect(kinds(one, 'move')).toHaveLength(7)
    expect(targets(one, 'melee')).toEqual(['z1'])
    expect(kinds(one, 'ranged')).toHaveLength(0)
    const none = minecraft.legalActions(withActive(base, 'a', 0), 'a')
    expect(new Set(none.map((a) => a.kind))).toEqual(new Set(['face']))
  })

  it('a free archer can shoot any enemy in range and sight but not a figure behind a wall', () => {
    const state = makeEncounter({
      width: 30,
      blocks: [[10, 2]],
      figures: [
        { id: 'a', side: 'h', at: [5, 2], stats: { rangedWeapon: bow } },
        { id: 'seen', side: 'z', at: [5, 8] },
        { id: 'hidden', side: 'z', at: [15, 2] },
        { id: 'toofar', side: 'z', at: [26, 2] }
      ]
    })
    expect(targets(minecraft.legalActions(state, 'a'), 'ranged')).toEqual(['seen'])
    expect(minecraft.validate(state, { kind: 'ranged', actorId: 'a', targetId: 'hidden' })).toEqual({
      code: 'noLineOfSight',
      params: { targetId: 'hidden' }
    })
    const blind = { ...state, settings: { requireLineOfSight: false } }
    expect(targets(minecraft.legalActions(blind, 'a'), 'ranged')).toEqual(['seen', 'hidden'])
  })

  it('is empty for a figure that is not active, out or unknown', () => {
    const state = makeEncounter({
      figures: [
        { id: 'a', at: [1, 1] },
        { id: 'b', side: 'b', at: [5, 5] }
      ]
    })
    expect(minecraft.legalActions(state, 'b')).toEqual([])
    expect(minecraft.legalActions(state, 'nobody')).toEqual([])
    expect(minecraft.legalActions({ ...state, phase: 'setup' }, 'a')).toEqual([])
  })
})

describe('validate: every violation code', () => {
  const state = makeEncounter({
    figures: [
      { id: 'a', side: 'h', at: [5, 5], stats: { rangedWeapon: bow } },
      { id: 'friend', side: 'h', at: [4, 5] },
      { id: 'adjacent', side: 'z', at: [6, 5] },
      { id: 'tower', side: 'z', at: [5, 4, 3] },
      { id: 'far', side: 'z', at: [9, 9] },
      { id: 'dead', side: 'z', at: [6, 6], out: true },
      { id: 'b', side: 'z', at: [0, 0] }
    ]
  })
  const noBow = {
    ...state,
    combatants: state.combatants.map((c) => (c.id === 'a' ? { ...c, stats: {} } : c))
  }
  const fullStats = makeEncounter({ figures: [{ id: 'a', at: [5, 5] }] }).combatants[0]?.stats ?? {}
  const unarmed = {
    ...noBow,
    combatants: noBow.combatants.map((c) => (c.id === 'a' ? { ...c, stats: fullStats } : c))
  }
  const cases: Array<[string, EncounterState, Action]> = [
    ['unknownActor', state, { kind: 'melee', actorId: 'ghost', targetId: 'adjacent' }],
    ['actorOut', state, { kind: 'face', actorId: 'dead', facing: 1 }],
    ['notYourTurn', state, { kind: 'melee', actorId: 'adjacent', targetId: 'a' }],
    ['unknownAction', state, { kind: 'dance', actorId: 'a' }],
    ['noTarget', state, { kind: 'melee', actorId: 'a' }],
    ['unknownTarget', state, { kind: 'melee', actorId: 'a', targetId: 'ghost' }],
    ['selfTarget', state, { kind: 'melee', actorId: 'a', targetId: 'a' }],
    ['targetOut', state, { kind: 'melee', actorId: 'a', targetId: 'dead' }],
    ['friendlyTarget', state, { kind: 'melee', actorId: 'a', targetId: 'friend' }],
    ['notAdjacent', state, { kind: 'melee', actorId: 'a', targetId: 'far' }],
    ['heightDifference', state, { kind: 'melee', actorId: 'a', targetId: 'tower' }],
    ['tooClose', state, { kind: 'ranged', actorId: 'a', targetId: 'adjacent' }],
    ['engaged', state, { kind: 'ranged', actorId: 'a', targetId: 'far' }],
    ['noRangedWeapon', unarmed, { kind: 'ranged', actorId: 'a', targetId: 'far' }],
    ['emptyPath', state, { kind: 'move', actorId: 'a', path: [] }],
    ['invalidPath', state, { kind: 'move', actorId: 'a', path: [{ x: 5, y: 6, z: 1 }] }],
    ['occupied', state, { kind: 'move', actorId: 'a', path: [{ x: 6, y: 5, z: 0 }] }],
    ['invalidFacing', state, { kind: 'face', actorId: 'a', facing: 8 }],
    // G-5: a move may say how it ends facing, and that facing is on the compass like any other.
    ['invalidFacing', state, { kind: 'move', actorId: 'a', path: [{ x: 4, y: 6, z: 0 }], facing: 8 }],
    [
      'facingNotFree',
      { ...state, settings: { freeFacing: false } },
      { kind: 'face', actorId: 'a', facing: 2 }
    ],
    ['notEnoughAp', withActive(state, 'a', 0), { kind: 'melee', actorId: 'a', targetId: 'adjacent' }]
  ]
  it.each(cases)('%s', (code, s, action) => expect(minecraft.validate(s, action)?.code).toBe(code))

  it('a figure on a tower beside the archer is not in melee reach, so it can be shot (§2 [REC])', () => {
    const s = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [5, 5], stats: { rangedWeapon: bow } },
        { id: 'tower', side: 'z', at: [5, 4, 3] }
      ]
    })
    expect(minecraft.validate(s, { kind: 'ranged', actorId: 'a', targetId: 'tower' })).toBeNull()
    expect(
      minecraft.validate(
        { ...s, settings: { engagedWhen: 'adjacentSquare' } },
        { kind: 'ranged', actorId: 'a', targetId: 'tower' }
      )
    ).toEqual({ code: 'engaged' })
  })

  it('friendlyFire allows attacking an ally', () => {
    const s = { ...state, settings: { friendlyFire: true } }
    expect(minecraft.validate(s, { kind: 'melee', actorId: 'a', targetId: 'friend' })).toBeNull()
  })
})

describe('odds', () => {
  it('null for moves and facing; a distribution that sums to 1 for attacks', () => {
    const state = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [1, 1] },
        { id: 'b', side: 'z', at: [2, 1] }
      ]
    })
    expect(minecraft.odds(state, { kind: 'move', actorId: 'a', path: [{ x: 1, y: 2, z: 0 }] })).toBeNull()
    expect(minecraft.odds(state, { kind: 'face', actorId: 'a', facing: 2 })).toBeNull()
    const odds = minecraft.odds(state, { kind: 'melee', actorId: 'a', targetId: 'b' })
    const total = [...(odds?.damage.values() ?? [])].reduce((s, p) => s + Number(p.n) / Number(p.d), 0)
    expect(total).toBeCloseTo(1, 12)
  })

  it('damage never exceeds the life left (an impact that kills skips the wound)', () => {
    const state = makeEncounter({
      blocks: [[3, 1]],
      figures: [
        { id: 'a', side: 'h', at: [1, 1] },
        { id: 'b', side: 'z', at: [2, 1], life: 1 }
      ]
    })
    const odds = minecraft.odds(state, { kind: 'melee', actorId: 'a', targetId: 'b' })
    expect([...(odds?.damage.keys() ?? [])].sort()).toEqual([0, 1])
  })
})

describe('property: random legal play never breaks the board', () => {
  it('every legal action validates, resolves and keeps figures on free, distinct squares', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (seed, picks) => {
          let state = makeEncounter({
            width: 8,
            height: 8,
            blocks: [
              [3, 3],
              [4, 3],
              [3, 4]
            ],
            figures: [
              { id: 'steve', side: 'h', at: [1, 1], creature: 'minecraft:steve' },
              { id: 'alex', side: 'h', at: [1, 6], creature: 'minecraft:alex' },
              { id: 'zombie', side: 'z', at: [6, 2], creature: 'minecraft:zombie' },
              { id: 'skeleton', side: 'z', at: [6, 6], creature: 'minecraft:skeleton' }
            ]
          })
          let rng = seedRng(seed)
          for (const pick of picks) {
            const active = state.turn?.activeId ?? ''
            const legal = minecraft.legalActions(state, active)
            const action = legal[pick % Math.max(1, legal.length)]
            if (!action || figure(state, active).out) break
            expect(minecraft.validate(state, action)).toBeNull()
            const dice = seededDice(rng)
            const events = resolveEvents(minecraft, state, action, dice)
            rng = dice.state
            expect(events.some((e) => e.type.startsWith('economy.') || e.type.startsWith('turn.'))).toBe(
              false
            )
            state = applyEvents(state, events)
            const live = state.combatants.filter((c) => !c.out)
            const squares = new Set(live.map((c) => `${c.pos.x},${c.pos.y}`))
            expect(squares.size).toBe(live.length)
            for (const c of live) {
              expect(c.pos.x >= 0 && c.pos.y >= 0 && c.pos.x < 8 && c.pos.y < 8).toBe(true)
              expect(state.board.blocks.some((b) => b.x === c.pos.x && b.y === c.pos.y)).toBe(false)
              expect(c.life).toBeGreaterThan(0)
            }
            // Rotate activations so every figure acts.
            const next = state.combatants.find((c) => !c.out && c.id !== active)
            if (!next) break
            state = withActive(state, next.id)
          }
        }
      ),
      { numRuns: 60 }
    )
  })
})
