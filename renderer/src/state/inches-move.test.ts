import { describe, expect, it } from 'vitest'
import { baseRadius } from '../../../rules/core/inches'
import type { Action, EncounterState } from '../../../rules/core/types'
import { fixtureRules, inchesFixture } from './inches-fixture'
import { endContacts, previewMove, snapGoal } from './inches-move'

const state = inchesFixture()
const legal = fixtureRules.legalActions(state, 'capitano')
const preview = (x: number, y: number, actions: readonly Action[] = legal, s: EncounterState = state) =>
  previewMove(s, fixtureRules, actions, 'capitano', { x, y })
const figure = (id: string) => state.combatants.find((c) => c.id === id)!

describe('snapGoal', () => {
  it('rounds to whole units on the highest surface under the pointer', () => {
    expect(snapGoal(state, 'capitano', { x: 140.4, y: 199.6 })).toEqual({ x: 140, y: 200, z: 0 })
    // the Palazzo's roof, and the bridge deck over the canal (not the water under it)
    expect(snapGoal(state, 'capitano', { x: 60, y: 90 })).toEqual({ x: 60, y: 90, z: 40 })
    expect(snapGoal(state, 'capitano', { x: 170, y: 170 })).toEqual({ x: 170, y: 170, z: 10 })
    expect(snapGoal(state, 'capitano', { x: 180, y: 100 })).toEqual({ x: 180, y: 100, z: 0 })
  })

  it('keeps the whole base on the table', () => {
    const r = Math.ceil(baseRadius(state.board, figure('capitano')))
    expect(snapGoal(state, 'capitano', { x: -20, y: 500 })).toEqual({ x: r, y: 360 - r, z: 0 })
  })

  it('slides a point on another base out to touch it, on the pointer side', () => {
    const enemy = figure('tritone-3')
    const goal = snapGoal(state, 'capitano', { x: enemy.pos.x - 2, y: enemy.pos.y })
    const gap = Math.hypot(goal.x - enemy.pos.x, goal.y - enemy.pos.y)
    const reach = baseRadius(state.board, enemy) + baseRadius(state.board, figure('capitano'))
    expect(goal.z).toBe(enemy.pos.z)
    expect(goal.x).toBeLessThan(enemy.pos.x)
    expect(gap).toBeGreaterThanOrEqual(reach)
    expect(gap).toBeLessThanOrEqual(reach + 0.5)
  })
})

describe('previewMove', () => {
  it('is null when the pointer is back where the figure stands', () => {
    expect(preview(100.2, 159.8)).toBeNull()
  })

  it('walks straight across open table, measured in inches, in band 0 within a move', () => {
    const p = preview(140, 200)!
    expect(p.path).toEqual([
      { x: 100, y: 160, z: 0 },
      { x: 140, y: 200, z: 0 }
    ])
    expect(p.measure?.horizontal).toBeCloseTo(Math.hypot(4, 4), 9)
    expect(p.violation).toBeNull()
    expect(p.info).toMatchObject({ band: 0, provokes: [] })
    expect(p.action).toEqual({ kind: 'move', actorId: 'capitano', path: p.path })
  })

  it('goes round by the bridge ramp to reach the deck', () => {
    const p = preview(180, 170)!
    expect(p.goal).toEqual({ x: 180, y: 170, z: 10 })
    expect(p.path[0]).toEqual({ x: 100, y: 160, z: 0 })
    expect(p.path.at(-1)).toEqual(p.goal)
    expect(p.path.some((w) => w.z === 0 && w.x === 145)).toBe(true)
    expect(p.info?.band).toBe(1)
  })

  it('ends in base contact with the enemy dragged onto, and marks it as an enemy', () => {
    const p = preview(195, 175)!
    expect(p.contacts).toEqual([{ id: 'tritone-3', via: 'touch', enemy: true }])
    expect(p.violation).toBeNull()
  })

  it('keeps the path it found but carries the rules refusal when it is too long', () => {
    const p = preview(60, 90)!
    expect(p.goal.z).toBe(40)
    expect(p.measure?.inches).toBeGreaterThan(10)
    expect(p.violation).toEqual({ code: 'tooFar' })
    expect(p.info).toBeNull()
  })

  it('says why when no path gets there: a gap between two buildings too narrow for the base', () => {
    const narrow: EncounterState = {
      ...state,
      board: {
        width: 6,
        height: 3,
        blocks: [],
        inches: {
          unitsPerInch: 10,
          pieces: [
            { id: 'a', kind: 'building', x: 0, y: 0, w: 25, h: 30, top: 30 },
            { id: 'b', kind: 'building', x: 33, y: 0, w: 27, h: 30, top: 30 }
          ]
        }
      },
      combatants: [{ ...figure('capitano'), pos: { x: 10, y: 15, z: 30 } }]
    }
    const p = preview(29, 15, [], narrow)!
    expect(p.goal).toEqual({ x: 29, y: 15, z: 0 })
    expect(p.measure).toBeNull()
    expect(p.action).toBeNull()
    expect(p.path).toEqual([{ x: 10, y: 15, z: 30 }, p.goal])
    expect(p.violation).toEqual({ code: 'terrain' })
  })

  it('snaps to a reachable point near one the figure cannot stand on', () => {
    // just outside the Palazzo's south wall, where a 30 mm base would overlap it
    const p = preview(75, 112)!
    expect(p.violation).toBeNull()
    expect(Math.hypot(p.goal.x - 75, p.goal.y - 112)).toBeLessThanOrEqual(10)
  })

  it('drops the start when the rules write paths without it, as on the square grid', () => {
    const own: Action = { kind: 'walk', actorId: 'capitano', path: [{ x: 110, y: 160, z: 0 }] }
    const p = preview(140, 200, [own])!
    expect(p.action).toEqual({ kind: 'walk', actorId: 'capitano', path: [{ x: 140, y: 200, z: 0 }] })
  })

  it('keeps the plain move into contact when the rules take it, so they ask the person about the charge', () => {
    const charge: Action = {
      kind: 'charge',
      actorId: 'capitano',
      targetId: 'tritone-3',
      path: [],
      options: { a: 1 }
    }
    const rules = { ...fixtureRules, validate: () => null }
    const p = previewMove(state, rules, [...legal, charge], 'capitano', { x: 195, y: 175 })!
    expect(p.action?.kind).toBe('move')
    expect(p.contacts.some((c) => c.enemy && c.id === 'tritone-3')).toBe(true)
  })

  it('declares the charge the rules offer at the contacted enemy when they refuse the plain move', () => {
    const charge: Action = {
      kind: 'charge',
      actorId: 'capitano',
      targetId: 'tritone-3',
      path: [],
      options: { a: 1 }
    }
    const rules = {
      ...fixtureRules,
      validate: (_s: EncounterState, a: Action) => (a.kind === 'charge' ? null : { code: 'mustCharge' })
    }
    const p = previewMove(state, rules, [...legal, charge], 'capitano', { x: 195, y: 175 })!
    // its own path leaves the start out, so the dragged one does too
    expect(p.action).toEqual({ ...charge, path: p.path.slice(1) })
    expect(p.violation).toBeNull()
  })

  it('keeps the plain move when the rules refuse the charge along this path', () => {
    const charge: Action = { kind: 'charge', actorId: 'capitano', targetId: 'tritone-3', path: [] }
    const rules = {
      ...fixtureRules,
      validate: (s: EncounterState, a: Action) => (a.kind === 'charge' ? { code: 'invalidAoo' } : null)
    }
    const p = previewMove(state, rules, [...legal, charge], 'capitano', { x: 195, y: 175 })!
    expect(p.action?.kind).toBe('move')
    expect(p.violation).toBeNull()
  })
})

describe('endContacts', () => {
  it('lists friends and enemies a base would touch there', () => {
    const capitano = figure('capitano')
    const bravo = figure('bravo')
    const gap = baseRadius(state.board, bravo) + baseRadius(state.board, capitano)
    const contacts = endContacts(state, capitano, { x: bravo.pos.x + Math.ceil(gap), y: bravo.pos.y, z: 0 })
    expect(contacts).toEqual([{ id: 'bravo', via: 'touch', enemy: false }])
  })
})
