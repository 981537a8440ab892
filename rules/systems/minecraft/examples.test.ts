import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { expectation, probability, repeatSum } from '../../core/distribution'
import { snapDirection } from '../../core/geometry'
import { forcedDice } from '../../core/rng'
import { rollUnderDist } from '../../core/roll-under'
import { formatFraction, type Fraction } from '../../core/fraction'
import type { Action } from '../../core/types'
import { d10Rule, planAttack } from './attack'
import { knockbackStep, rangedDistance } from './board'
import { minecraft } from '.'
import { damageOnHit } from './odds'
import { readSettings } from './settings'
import { makeEncounter } from './test-fixtures'

// minecraft.md §10: the public acceptance tests, each computed through the ruleset's odds and dice algebra.

const f = (p: Fraction): string => formatFraction(p)

function headline(state: Parameters<typeof minecraft.odds>[0], action: Action): Record<string, string> {
  const odds = minecraft.odds(state, action)
  if (!odds) throw new Error('no odds')
  return Object.fromEntries(odds.headline.map((h) => [h.key, f(h.p)]))
}

function plan(state: Parameters<typeof minecraft.odds>[0], action: Action) {
  const p = planAttack(state, readSettings(state), action)
  if (!p) throw new Error('no plan')
  return p
}

// A human (HC 3, unarmed HA 2) and a zombie (HC 1, unarmed HA 2), facing each other across one square.
const human = { hc: 3, weaponSkill: { unarmed: 2 } }
const zombie = { hc: 1, weaponSkill: { unarmed: 2 } }

describe('minecraft.md §10 worked examples', () => {
  it('minecraft example 1', () => {
    const state = makeEncounter({
      figures: [
        { id: 'human', side: 'h', at: [5, 5], facing: 2, stats: human },
        { id: 'zombie', side: 'z', at: [6, 5], facing: 6, stats: zombie }
      ]
    })
    const attack = { kind: 'melee', actorId: 'human', targetId: 'zombie' }
    expect(plan(state, attack).hitTarget).toBe(7)
    expect(headline(state, attack).hit).toBe('7/10')
  })

  it('minecraft example 2', () => {
    const state = makeEncounter({
      activeId: 'zombie',
      figures: [
        { id: 'human', side: 'h', at: [5, 5], facing: 2, stats: human },
        { id: 'zombie', side: 'z', at: [6, 5], facing: 6, stats: zombie }
      ]
    })
    const attack = { kind: 'melee', actorId: 'zombie', targetId: 'human' }
    expect(plan(state, attack).hitTarget).toBe(3)
    expect(headline(state, attack).hit).toBe('3/10')
  })

  it('minecraft example 3', () => {
    const state = makeEncounter({
      figures: [
        {
          id: 'human',
          side: 'h',
          at: [5, 5],
          facing: 2,
          stats: {
            hc: 3,
            f: 3,
            weaponSkill: { sword: 3 },
            meleeWeapon: { id: 'minecraft:stone-sword', kind: 'melee', skillKey: 'sword', material: 'stone' }
          }
        },
        {
          id: 'zombie',
          side: 'z',
          at: [6, 5],
          facing: 6,
          life: 4,
          stats: { ...zombie, r: 2, armor: { id: 'minecraft:leather-armor', material: 'leather' } }
        }
      ]
    })
    const attack = { kind: 'melee', actorId: 'human', targetId: 'zombie' }
    const p = plan(state, attack)
    expect([p.hitTarget, p.woundTarget]).toEqual([8, 7])
    expect(headline(state, attack)).toEqual({ hit: '4/5', wound: '14/25' })
    const odds = minecraft.odds(state, attack)
    if (!odds) throw new Error('no odds')
    const three = repeatSum(odds.damage, 3)
    expect(f(probability(three, (v) => v >= 2))).toBe('9212/15625')
    expect(f(expectation(three))).toBe('42/25')
  })

  it('minecraft example 4', () => {
    // The zombie attacks from the human's right flank: the human faces north (0), the zombie is east (2).
    const state = makeEncounter({
      activeId: 'zombie',
      figures: [
        { id: 'human', side: 'h', at: [5, 5], facing: 0, stats: human },
        { id: 'zombie', side: 'z', at: [6, 5], facing: 6, stats: zombie }
      ]
    })
    const attack = { kind: 'melee', actorId: 'zombie', targetId: 'human' }
    const p = plan(state, attack)
    expect(p.sector).toBe('flank')
    expect(p.hitTarget).toBe(6)
    expect(headline(state, attack).hit).toBe('3/5')
  })

  it('minecraft example 5', () => {
    // The human faces north; the zombie stands south-east of it, one of the three rear squares.
    const state = makeEncounter({
      activeId: 'zombie',
      figures: [
        {
          id: 'human',
          side: 'h',
          at: [5, 5],
          facing: 0,
          life: 5,
          stats: { ...human, r: 2, armor: { id: 'minecraft:iron-armor', material: 'steel' } }
        },
        { id: 'zombie', side: 'z', at: [6, 6], facing: 7, stats: { ...zombie, f: 3 } }
      ]
    })
    const attack = { kind: 'melee', actorId: 'zombie', targetId: 'human' }
    const p = plan(state, attack)
    expect([p.sector, p.autoHit, p.woundTarget]).toEqual(['back', true, 4])
    expect(headline(state, attack)).toEqual({ hit: '1', wound: '2/5' })
    const events = resolveEvents(minecraft, state, attack, forcedDice([4]))
    expect(
      events.filter((e) => e.type === 'dice.rolled').map((e) => e.type === 'dice.rolled' && e.purpose)
    ).toEqual(['wound'])
  })

  it('minecraft example 6', () => {
    // Skeleton HCr 3, bow HA 2, 12 squares away: Md = −1; target R 2 + leather.
    const state = makeEncounter({
      width: 30,
      figures: [
        {
          id: 'skeleton',
          side: 'm',
          at: [0, 5],
          stats: {
            hcRanged: 3,
            weaponSkill: { bow: 2 },
            rangedWeapon: { id: 'minecraft:bow', kind: 'ranged', skillKey: 'bow', fa: 3 }
          }
        },
        {
          id: 'steve',
          side: 'h',
          at: [12, 5],
          stats: { r: 2, armor: { id: 'minecraft:leather-armor', material: 'leather' } }
        }
      ]
    })
    const attack = { kind: 'ranged', actorId: 'skeleton', targetId: 'steve' }
    const p = plan(state, attack)
    expect([p.distance, p.md, p.hitTarget, p.woundTarget]).toEqual([12, -1, 4, 4])
    expect(headline(state, attack)).toEqual({ hit: '2/5', wound: '4/25' })
  })

  it('minecraft example 7', () => {
    const o = { x: 0, y: 0, z: 0 }
    expect(rangedDistance(o, { x: 10, y: 4, z: 0 })).toBe(10)
    expect(rangedDistance(o, { x: 10, y: 4, z: 3 })).toBe(13)
    expect(rangedDistance(o, { x: 10, y: 4, z: -3 })).toBe(10)
    expect(rangedDistance(o, { x: 18, y: 0, z: 3 })).toBe(21)
    const state = makeEncounter({
      width: 30,
      figures: [
        {
          id: 'archer',
          side: 'h',
          at: [0, 0, 0],
          stats: { rangedWeapon: { id: 'minecraft:bow', kind: 'ranged', skillKey: 'bow', fa: 3 } }
        },
        { id: 'up3', side: 'm', at: [18, 0, 3] },
        { id: 'level', side: 'm', at: [10, 4, 0] }
      ]
    })
    expect(minecraft.validate(state, { kind: 'ranged', actorId: 'archer', targetId: 'up3' })).toEqual({
      code: 'outOfRange',
      params: { distance: 21, max: 20 }
    })
    expect(minecraft.validate(state, { kind: 'ranged', actorId: 'archer', targetId: 'level' })).toBeNull()
  })

  it('minecraft example 8', () => {
    // Attacker F 3 + stone (Ma 2) vs R 2 + steel (Ar 2): T_w = 6; the knockback square is a block: T = 5.
    const state = makeEncounter({
      blocks: [[7, 5]],
      figures: [
        {
          id: 'attacker',
          side: 'h',
          at: [5, 5],
          stats: {
            f: 3,
            meleeWeapon: { id: 'minecraft:stone-sword', kind: 'melee', skillKey: 'sword', material: 'stone' }
          }
        },
        {
          id: 'target',
          side: 'm',
          at: [6, 5],
          facing: 6,
          life: 5,
          stats: { r: 2, armor: { id: 'minecraft:iron-armor', material: 'steel' } }
        }
      ]
    })
    const p = plan(state, { kind: 'melee', actorId: 'attacker', targetId: 'target' })
    expect(p.knockback).toEqual({ kind: 'collision', at: { x: 7, y: 5, z: 0 }, obstacle: 'block' })
    expect([p.impactTarget, p.woundTarget]).toEqual([5, 6])
    const onHit = damageOnHit(p)
    expect(f(probability(onHit, (v) => v >= 1))).toBe('4/5')
    expect(f(expectation(onHit))).toBe('11/10')
  })

  it('minecraft example 9', () => {
    const natural = d10Rule(true)
    expect(f(probability(rollUnderDist(12, natural), (v) => v === 1))).toBe('9/10')
    expect(f(probability(rollUnderDist(-2, natural), (v) => v === 1))).toBe('1/10')
    // The same through an attack: T_hit = 5 + 7 = 12, and 5 − 7 = −2.
    const state = makeEncounter({
      figures: [
        { id: 'ace', side: 'h', at: [5, 5], stats: { hc: 7 } },
        { id: 'dummy', side: 'm', at: [6, 5], facing: 6 },
        { id: 'master', side: 'm', at: [4, 5], facing: 2, stats: { hc: 7 } }
      ]
    })
    expect(headline(state, { kind: 'melee', actorId: 'ace', targetId: 'dummy' }).hit).toBe('9/10')
    const rookie = makeEncounter({
      figures: [
        { id: 'rookie', side: 'h', at: [5, 5] },
        { id: 'master', side: 'm', at: [6, 5], facing: 6, stats: { hc: 7 } }
      ]
    })
    expect(headline(rookie, { kind: 'melee', actorId: 'rookie', targetId: 'master' }).hit).toBe('1/10')
  })

  it('minecraft example 10', () => {
    const push = (dx: number, dy: number) => knockbackStep('ranged', { x: 0, y: 0 }, { x: dx, y: dy })
    expect(push(5, 2)).toEqual({ x: 1, y: 0 })
    expect(push(-4, 1)).toEqual({ x: -1, y: 0 })
    expect(push(2, -5)).toEqual({ x: 0, y: -1 })
    expect(knockbackStep('melee', { x: 0, y: 0 }, { x: 1, y: 1 })).toEqual({ x: 1, y: 1 })
    expect(snapDirection(5, 2)).toBe(2)
    // And through resolution: an archer at (5, 6) hits each target (face 1), fails the wound (face 10).
    const targets = [
      { id: 't1', at: [10, 8] as const, to: { x: 11, y: 8, z: 0 } },
      { id: 't2', at: [1, 7] as const, to: { x: 0, y: 7, z: 0 } },
      { id: 't3', at: [7, 1] as const, to: { x: 7, y: 0, z: 0 } }
    ]
    for (const t of targets) {
      const state = makeEncounter({
        figures: [
          {
            id: 'archer',
            side: 'h',
            at: [5, 6],
            stats: { rangedWeapon: { id: 'minecraft:bow', kind: 'ranged', skillKey: 'bow', fa: 3 } }
          },
          { id: t.id, side: 'm', at: t.at }
        ]
      })
      const events = resolveEvents(
        minecraft,
        state,
        { kind: 'ranged', actorId: 'archer', targetId: t.id },
        forcedDice([1, 10])
      )
      const moved = events.find((e) => e.type === 'pushed' || e.type === 'collided')
      expect(moved).toEqual({ type: 'pushed', id: t.id, from: { x: t.at[0], y: t.at[1], z: 0 }, to: t.to })
    }
    const melee = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [5, 5] },
        { id: 'b', side: 'm', at: [6, 6] }
      ]
    })
    const events = resolveEvents(
      minecraft,
      melee,
      { kind: 'melee', actorId: 'a', targetId: 'b' },
      forcedDice([1, 10])
    )
    expect(events).toContainEqual({
      type: 'pushed',
      id: 'b',
      from: { x: 6, y: 6, z: 0 },
      to: { x: 7, y: 7, z: 0 }
    })
  })
})
