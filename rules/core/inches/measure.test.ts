import { describe, expect, it } from 'vitest'
import { baseContact, contactsOf, edgeDistance, planGap } from './measure'
import { base, inchesState, piece } from './test-fixtures'

// 25.4 mm bases: radius exactly 0.5" (5 units at 10 units per inch, 50 at 100).
const board = inchesState().board
const fine = inchesState({ unitsPerInch: 100 }).board
const at = (x: number, y: number, z = 0) => base('x', 'a', x, y, z, 25.4)

describe('edge-to-edge distance', () => {
  it('is 0 for touching and overlapping bases, the gap otherwise', () => {
    expect(edgeDistance(board, at(50, 50), at(60, 50))).toBe(0)
    expect(planGap(board, at(50, 50), at(55, 50))).toBe(-0.5)
    expect(edgeDistance(board, at(50, 50), at(55, 50))).toBe(0)
    expect(edgeDistance(board, at(50, 50), at(70, 50))).toBe(1)
    expect(edgeDistance(board, at(50, 50), at(50 + 30, 50 + 40))).toBe(4)
  })

  it('combines the plan gap and the height difference as the distance between the two discs', () => {
    expect(edgeDistance(board, at(50, 50), at(60, 50, 10))).toBe(1)
    expect(edgeDistance(board, at(50, 50), at(55, 50, 10))).toBe(1)
    expect(edgeDistance(board, at(50, 50), at(80, 50, 30))).toBeCloseTo(Math.hypot(2, 3), 12)
  })

  it('defaults a missing base size to 30 mm', () => {
    const a = base('a', 'a', 50, 50)
    expect(edgeDistance(board, a, base('b', 'b', 70, 50))).toBeCloseTo(2 - 30 / 25.4, 12)
  })
})

describe('base contact (carnevale.md §3)', () => {
  it('(a) touching, within the 0.05" tolerance and not beyond', () => {
    expect(baseContact(fine, at(500, 500), at(600, 500))).toEqual({ contact: true, via: 'touch' })
    expect(baseContact(fine, at(500, 500), at(605, 500))).toEqual({ contact: true, via: 'touch' })
    expect(baseContact(fine, at(500, 500), at(606, 500))).toEqual({ contact: false, via: null })
    expect(baseContact(fine, at(500, 500), at(606, 500), { touchTolerance: 0.1 }).via).toBe('touch')
  })

  it('(c) overlapping or touching in plan with at most 1" of height between (A7)', () => {
    expect(baseContact(board, at(50, 50), at(52, 50, 10)).via).toBe('vertical')
    expect(baseContact(board, at(50, 50), at(60, 50, 10)).via).toBe('vertical')
    expect(baseContact(board, at(50, 50), at(52, 50, 11)).contact).toBe(false)
    expect(baseContact(board, at(50, 50), at(61, 50, 5)).contact).toBe(false)
    expect(baseContact(board, at(50, 50), at(52, 50, 20), { vertical: 2 }).via).toBe('vertical')
  })

  it('(c) read literally (verticalNeedsOverlap off): within 1" across and up, without overlapping', () => {
    const literal = { verticalNeedsOverlap: false }
    // 0.6" apart in plan, 0.5" up: no contact under A7, contact under the literal reading
    expect(baseContact(board, at(50, 50), at(66, 50, 5)).contact).toBe(false)
    expect(baseContact(board, at(50, 50), at(66, 50, 5), literal).via).toBe('vertical')
    // exactly 1" across and 1" up is still contact; past either, not
    expect(baseContact(board, at(50, 50), at(70, 50, 10), literal).via).toBe('vertical')
    expect(baseContact(board, at(50, 50), at(71, 50, 10), literal).contact).toBe(false)
    expect(baseContact(board, at(50, 50), at(70, 50, 11), literal).contact).toBe(false)
  })

  it('(b) within 1" and both touching the same obstacle at most 1" tall, exactly at the boundaries', () => {
    // A wall 1" thick and 1" tall between two bases that touch its faces: 1" apart edge to edge.
    const wall = (top: number, w = 10) =>
      inchesState({ pieces: [piece('w', 'wall', 60, 0, w, 100, top)] }).board
    expect(baseContact(wall(10), at(55, 50), at(75, 50))).toEqual({ contact: true, via: 'obstacle' })
    expect(baseContact(wall(11), at(55, 50), at(75, 50)).contact).toBe(false)
    expect(baseContact(wall(10, 11), at(55, 50), at(76, 50)).contact).toBe(false)
    // Not touching the wall (one base 0.2" off it).
    expect(baseContact(wall(10, 2), at(55, 50), at(69, 50)).contact).toBe(false)
    expect(baseContact(wall(10, 2), at(55, 50), at(67, 50)).via).toBe('obstacle')
  })

  it('(b) counts low buildings too, not water', () => {
    const low = inchesState({ pieces: [piece('crate', 'building', 60, 40, 4, 20, 8)] }).board
    expect(baseContact(low, at(55, 50), at(69, 50)).via).toBe('obstacle')
    const canal = inchesState({ pieces: [piece('rio', 'water', 60, 0, 4, 100, 0)] }).board
    expect(baseContact(canal, at(55, 50), at(69, 50)).contact).toBe(false)
  })

  it('lists the figures in contact, skipping those out of the fight', () => {
    const state = inchesState({
      pieces: [piece('w', 'wall', 100, 0, 2, 100, 10)],
      figures: [
        base('me', 'a', 50, 50, 0, 25.4),
        base('touch', 'b', 60, 50, 0, 25.4),
        base('above', 'b', 50, 60, 10, 25.4),
        base('far', 'b', 150, 150, 0, 25.4),
        { ...base('dead', 'b', 40, 50, 0, 25.4), out: true },
        base('wallA', 'a', 95, 20, 0, 25.4),
        base('wallB', 'b', 107, 20, 0, 25.4)
      ]
    })
    expect(contactsOf(state, 'me')).toEqual([
      { id: 'touch', via: 'touch' },
      { id: 'above', via: 'vertical' }
    ])
    expect(contactsOf(state, 'wallA')).toEqual([{ id: 'wallB', via: 'obstacle' }])
  })
})
