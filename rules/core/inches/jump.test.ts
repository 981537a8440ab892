import { describe, expect, it } from 'vitest'
import type { Combatant, Vec3 } from '../types'
import { checkJump, jumpTargets } from './jump'
import { baseContact } from './measure'
import { base, inchesState, piece } from './test-fixtures'

// Tenths of an inch, 25.4 mm bases (radius 5 units). Two 4" roofs with a 2" street between them, a 2"
// roof south of the first, a canal south of that.
const roofA = piece('a', 'building', 20, 20, 40, 40, 40)
const roofB = piece('b', 'building', 80, 20, 40, 40, 40)
const roofC = piece('c', 'building', 20, 80, 40, 40, 20)
const canal = piece('rio', 'water', 0, 140, 240, 40, 0)
const pieces = [roofA, roofB, roofC, canal]
const fig = (id: string, x: number, y: number, z = 0, side = 'a') => base(id, side, x, y, z, 25.4)
const table = (mover: Combatant, ...others: Combatant[]) =>
  inchesState({ pieces, figures: [mover, ...others] })
const p = (x: number, y: number, z: number): Vec3 => ({ x, y, z })

describe('checkJump', () => {
  const onA = table(fig('m', 55, 40, 40))
  const reach = { maxInches: 3 }

  it.each([
    ['roof to roof across the gap, at reach', onA, p(85, 40, 40), reach, true, 3, 0, false, undefined],
    ['roof to roof beyond reach', onA, p(95, 40, 40), reach, false, 4, 0, false, 'tooFar'],
    ['roof down to the street', onA, p(70, 40, 0), reach, true, 1.5, 4, false, undefined],
    [
      'roof down to a lower roof',
      table(fig('m', 40, 55, 40)),
      p(40, 85, 20),
      reach,
      true,
      3,
      2,
      false,
      undefined
    ],
    [
      'lower roof into the canal',
      table(fig('m', 40, 115, 20)),
      p(40, 145, 0),
      reach,
      true,
      3,
      2,
      true,
      undefined
    ],
    ['bank into the canal', table(fig('m', 40, 135, 0)), p(40, 160, 0), reach, true, 2.5, 0, true, undefined],
    ['into the air', onA, p(70, 40, 40), reach, false, 1.5, 0, false, 'noSurface'],
    ['against the wall it leaves', onA, p(62, 40, 0), reach, false, 0.7, 4, false, 'terrain'],
    ['off the table', table(fig('m', 25, 25, 40)), p(2, 25, 0), reach, false, 2.3, 4, false, 'offTable'],
    ['up to a higher roof', table(fig('m', 40, 85, 20)), p(40, 55, 40), reach, false, 3, 0, false, 'tooHigh'],
    [
      'up with a 2" rise allowed',
      table(fig('m', 40, 85, 20)),
      p(40, 55, 40),
      { maxInches: 3, maxRise: 2 },
      true,
      3,
      0,
      false,
      undefined
    ],
    ['nowhere', onA, p(55, 40, 40), reach, false, 0, 0, false, 'empty']
  ])('%s', (_label, state, landing, opts, legal, horizontal, drop, intoWater, problem) => {
    const c = checkJump(state, 'm', landing, opts)
    expect(c.legal).toBe(legal)
    expect(c.horizontal).toBeCloseTo(horizontal, 6)
    expect(c.drop).toBeCloseTo(drop, 6)
    expect(c.intoWater).toBe(intoWater)
    expect(c.problem).toBe(problem)
  })

  it('is blocked by a building taller than the take-off in between, not by one as tall', () => {
    const tower = (top: number) => piece('t', 'building', 65, 30, 10, 20, top)
    const state = (top: number) =>
      inchesState({ pieces: [...pieces, tower(top)], figures: [fig('m', 55, 40, 40)] })
    expect(checkJump(state(60), 'm', p(85, 40, 40), reach).problem).toBe('blocked')
    expect(checkJump(state(40), 'm', p(85, 40, 40), reach).legal).toBe(true)
    // Passing beside it, the base radius clear of its side, is fine.
    const beside = inchesState({ pieces: [...pieces, tower(60)], figures: [fig('m', 55, 22, 40)] })
    expect(checkJump(beside, 'm', p(85, 22, 40), reach).legal).toBe(true)
  })

  it('refuses a landing on another base at that height, friend or enemy, and flies over figures', () => {
    expect(
      checkJump(table(fig('m', 55, 40, 40), fig('x', 85, 40, 40)), 'm', p(85, 40, 40), reach).problem
    ).toBe('occupied')
    expect(
      checkJump(table(fig('m', 55, 40, 40), fig('x', 90, 40, 40, 'b')), 'm', p(85, 40, 40), reach).problem
    ).toBe('occupied')
    // Touching is not overlapping; a figure on the street below the flight does not block it.
    expect(
      checkJump(table(fig('m', 55, 40, 40), fig('x', 95, 40, 40)), 'm', p(85, 40, 40), reach).legal
    ).toBe(true)
    expect(checkJump(table(fig('m', 55, 40, 40), fig('x', 70, 40, 0)), 'm', p(85, 40, 40), reach).legal).toBe(
      true
    )
  })
})

describe('jumpTargets', () => {
  it('samples the gap to the next roof and the street below, never a plain walk on the same roof', () => {
    const state = table(fig('m', 55, 40, 40))
    const targets = jumpTargets(state, 'm', 3)
    expect(targets.length).toBeGreaterThan(0)
    for (const t of targets) {
      expect(checkJump(state, 'm', t.pos, { maxInches: 3 }).legal, JSON.stringify(t)).toBe(true)
      expect(t.pos.x >= 20 && t.pos.x <= 60 && t.pos.y >= 20 && t.pos.y <= 60 && t.pos.z === 40).toBe(false)
    }
    expect(targets.some((t) => t.pos.z === 40 && t.pos.x >= 80)).toBe(true)
    expect(targets.some((t) => t.pos.z === 0 && t.drop === 4)).toBe(true)
  })

  it('samples the canal from a roof and landings in base contact with a figure below', () => {
    const swimmer = fig('s', 40, 150, 0, 'b')
    const state = table(fig('m', 40, 115, 20), swimmer)
    const targets = jumpTargets(state, 'm', 3)
    expect(targets.some((t) => t.intoWater)).toBe(true)
    const touching = targets.filter(
      (t) => baseContact(state.board, { pos: t.pos, baseMm: 25.4 }, swimmer).via
    )
    expect(touching.length).toBeGreaterThan(0)
    expect(touching.every((t) => t.drop === 2 && t.pos.z === 0)).toBe(true)
    expect(touching.some((t) => t.intoWater)).toBe(true)
  })

  it('offers nothing from the middle of a wide roof beyond reach of any edge', () => {
    const wide = piece('w', 'building', 20, 20, 100, 100, 40)
    const state = inchesState({ pieces: [wide], figures: [fig('m', 70, 70, 40)] })
    expect(jumpTargets(state, 'm', 3)).toEqual([])
  })
})
