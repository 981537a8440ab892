import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { expectation, probability, type Dist } from '../../core/distribution'
import { variance } from '../../core/dice-pool'
import { formatFraction, type Fraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, Answers, EncounterState } from '../../core/types'
import { hq2 } from '.'
import { planOf } from './actions'
import { acrobaticsOutcome, dodgeDamage } from './defense'
import { damageDist, poolDist } from './odds'
import { rollCounted } from './resolve-attack'
import { defaultSettings } from './settings'
import { makeEncounter } from './test-fixtures'
import type { Hq2Weapon } from './stats'

// hq2.md §10: the public acceptance tests, each computed through the ruleset (plans, odds, dice).

const f = (p: Fraction): string => formatFraction(p)
const law = (d: Dist) => [...d].sort((a, b) => a[0] - b[0]).map(([v, p]) => `${v}:${f(p)}`)
const melee = (actorId = 'a', targetId = 'd'): Action => ({ kind: 'melee', actorId, targetId })

function plan(state: EncounterState, action: Action, answers: Answers = {}) {
  const p = planOf(state, action, answers)
  if (!p) throw new Error('no plan')
  return p
}

function damage(state: EncounterState, action: Action, answers: Answers = {}): Dist {
  return damageDist(defaultSettings, plan(state, action, answers))
}

// Attacker `a` at (5, 5) facing east, defender `d` at (6, 5) facing west: a plain frontal melee.
function duel(
  a: Record<string, unknown>,
  d: Record<string, unknown>,
  extra: Parameters<typeof makeEncounter>[0] = { beings: [] }
) {
  return makeEncounter({
    ...extra,
    beings: [
      { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: a },
      { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: d },
      ...extra.beings
    ]
  })
}

const sword: Hq2Weapon = {
  id: 'hq2:test-sword',
  hands: 1,
  attackBonus: 6,
  ranged: false,
  tags: [],
  unsuitedAgainst: [],
  suitedAgainst: [],
  hooks: []
}

describe('hq2.md §10 worked examples', () => {
  it('hq2 example 1', () => {
    const p = plan(duel({ attackBase: 6 }, {}), melee())
    const skulls = poolDist(p.pool)
    expect(law(skulls)).toEqual(['0:1/64', '1:3/32', '2:15/64', '3:5/16', '4:15/64', '5:3/32', '6:1/64'])
    expect(f(expectation(skulls))).toBe('3')
    expect(f(variance(skulls))).toBe('3/2')
    expect(f(probability(skulls, (s) => s >= 4))).toBe('11/32')
  })

  it('hq2 example 2', () => {
    const d = damage(duel({ attackBase: 6 }, { defenseBase: 4, defenseFace: 'white' }), melee())
    expect(law(d)).toEqual([
      '0:43/192',
      '1:197/864',
      '2:1289/5184',
      '3:119/648',
      '4:19/216',
      '5:2/81',
      '6:1/324'
    ])
    expect(f(expectation(d))).toBe('1147/648')
    expect(f(probability(d, (v) => v >= 3))).toBe('97/324')
  })

  it('hq2 example 3', () => {
    const d = damage(
      duel({ attackBase: 5 }, { kind: 'monster', defenseBase: 3, defenseFace: 'black' }),
      melee()
    )
    expect(law(d)).toEqual(['0:841/6912', '1:85/384', '2:173/576', '3:205/864', '4:175/1728', '5:125/6912'])
    expect(f(expectation(d))).toBe('14027/6912')
  })

  it('hq2 example 4', () => {
    // The target stands on lower ground (positional bonus +5A) and the room is dark.
    const state = duel(
      {
        attackBase: 12,
        meleeWeapon: sword,
        magic: { attackBonus: 4, attackBaseMultiplier: 1, defenseBonus: 0, defenseBaseMultiplier: 1 }
      },
      {},
      { beings: [], settings: { darkness: true }, elevation: elevationWith(12, 12, [5, 5], 1) }
    )
    const p = plan(state, melee())
    expect(p.attack.terms.map((t) => `${t.key}:${t.value}`)).toEqual([
      'base:12',
      'weapon:6',
      'magic:4',
      'positionalBonus:5'
    ])
    expect(p.attack.factors.map((x) => `${x.key}:${f(x.factor)}`)).toEqual(['darkness:1/2'])
    expect(p.attack.value).toBe(13)
    const skulls = poolDist(p.pool)
    expect(f(probability(skulls, (s) => s >= 7))).toBe('1/2')
    expect(f(expectation(skulls))).toBe('13/2')
  })

  it('hq2 example 5', () => {
    const state = duel({ attackBase: 40 }, {})
    expect(hq2.decide?.(state, melee(), {})).toMatchObject({
      id: 'hq2.attackMultiplier',
      default: 1,
      range: { min: 1, max: 40 }
    })
    const x10 = poolDist(plan(state, melee(), { 'hq2.attackMultiplier': 10 }).pool)
    expect(law(x10)).toEqual(['0:1/16', '10:1/4', '20:3/8', '30:1/4', '40:1/16'])
    const plain = poolDist(plan(state, melee(), { 'hq2.attackMultiplier': 1 }).pool)
    expect([f(expectation(x10)), f(expectation(plain))]).toEqual(['20', '20'])
    expect([f(variance(x10)), f(variance(plain))]).toEqual(['100', '10'])
    expect(f(probability(x10, (s) => s >= 30))).toBe('5/16')
    expect(f(probability(plain, (s) => s >= 30))).toBe('305311533/274877906944')
  })

  it('hq2 example 6', () => {
    // 800 dice ÷ 100 → 8 dice: 5 skulls (faces 1–3), 2 white shields (4–5), 1 black shield (6).
    const faces = [1, 2, 3, 1, 2, 4, 5, 6]
    const count = (counted: 'skull' | 'white' | 'black') =>
      rollCounted(
        forcedDice(faces),
        { dice: 800, multiplier: 100, scaled: 8, plain: 0, faces: [counted] },
        'naoshimi',
        'attack',
        []
      )
    expect([count('skull'), count('white'), count('black')]).toEqual([500, 200, 100])
    const events: Parameters<typeof rollCounted>[4] = []
    rollCounted(
      forcedDice(faces),
      { dice: 800, multiplier: 100, scaled: 8, plain: 0, faces: ['skull'] },
      'naoshimi',
      'attack',
      events
    )
    expect(events).toHaveLength(8)
  })

  it('hq2 example 7', () => {
    // The stabber stands south of the hero, who faces north: one of its rear squares; the stab maneuver is done.
    const state = makeEncounter({
      beings: [
        { id: 'a', side: 'm', at: [5, 6], facing: 0, stats: { attackBase: 8, skills: { apunalar: 1 } } },
        { id: 'd', side: 'h', at: [5, 5], facing: 0, stats: { defenseBase: 6, defenseFace: 'white' } }
      ],
      spent: [{ type: 'economy.maneuver', maneuver: 'stab', mp: 0 }]
    })
    const p = plan(state, melee())
    expect([p.sector, p.attack.value]).toEqual(['back', 16])
    expect(p.defense.kind === 'basic' && p.defense.total.value).toBe(3)
    const d = damageDist(defaultSettings, p)
    expect(f(expectation(d))).toBe('12386579/1769472')
    expect(f(probability(d, (v) => v === 0))).toBe('577/589824')
    expect(f(probability(d, (v) => v >= 10))).toBe('72521/589824')
    // The same law through the ruleset's odds of the stab maneuver itself (before it is taken).
    const fresh = makeEncounter({
      beings: state.combatants.map((c) => ({
        id: c.id,
        side: c.side,
        at: [c.pos.x, c.pos.y] as const,
        facing: c.facing,
        stats: c.stats
      }))
    })
    const stab = hq2.odds(fresh, { kind: 'stab', actorId: 'a', targetId: 'd' })
    expect(stab && f(expectation(stab.damage))).toBe('12386579/1769472')
  })

  it('hq2 example 8', () => {
    const d = damage(duel({ attackBase: 8 }, { defenseBase: 10, conditions: ['asleep'] }), melee())
    expect(f(probability(d, (v) => v >= 5))).toBe('93/256')
    expect(f(expectation(d))).toBe('4')
  })

  it('hq2 example 9', () => {
    expect(dodgeDamage(defaultSettings, 37, 3, 10)).toBe(7)
    // Through the rules: 37 attack dice all showing skulls, the defender dodges and enters s = 3.
    const state = duel({ attackBase: 37 }, { defenseBase: 5, skills: { esquivar: 2 } })
    const answers = {
      'hq2.attackMultiplier': 1,
      'hq2.defense': 'dodge',
      'hq2.check': 'enter',
      'hq2.checkPoints': 3
    }
    expect(hq2.decide?.(state, melee(), answers)).toBeNull()
    const events = resolveEvents(hq2, state, melee(), forcedDice(Array(37).fill(1)), answers)
    expect(events).toContainEqual({ type: 'damaged', id: 'd', amount: 7, source: 'attack' })
  })

  it('hq2 example 10', () => {
    const capped = acrobaticsOutcome(defaultSettings, 23, 4, 1)
    expect([capped.attackPoints, capped.difficulty, capped.damage]).toEqual([5, 6, 10])
    expect(acrobaticsOutcome({ ...defaultSettings, acrobaticsDamage: 'literal' }, 23, 4, 1).damage).toBe(10)
    // Through the rules: a 3-square flip back (stunt point +1 by default), s = 4 entered.
    const state = duel({ attackBase: 23 }, { skills: { acrobacias: 2 } })
    const answers = {
      'hq2.defense': 'acrobatics',
      'hq2.displacement': 3,
      'hq2.check': 'enter',
      'hq2.checkPoints': 4
    }
    expect(hq2.decide?.(state, melee(), answers)).toMatchObject({ id: 'hq2.stuntPoints', default: 1 })
    const events = resolveEvents(hq2, state, melee(), forcedDice(Array(23).fill(2)), answers)
    expect(events).toContainEqual({ type: 'damaged', id: 'd', amount: 10, source: 'attack' })
    expect(events).toContainEqual({
      type: 'moved',
      id: 'd',
      path: [
        { x: 7, y: 5, z: 0 },
        { x: 8, y: 5, z: 0 },
        { x: 9, y: 5, z: 0 }
      ],
      facing: 6
    })
  })
})

function elevationWith(width: number, height: number, at: [number, number], h: number): number[] {
  const e = Array<number>(width * height).fill(0)
  e[at[1] * width + at[0]] = h
  return e
}
