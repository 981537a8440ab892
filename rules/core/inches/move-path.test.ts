import { describe, expect, it } from 'vitest'
import { checkPath, measurePath, type PathMeasure } from './move-path'
import { base, inchesState, piece } from './test-fixtures'

// Units are tenths of an inch; the mover has a 25.4 mm base (radius 0.5" = 5 units) so that corners and
// feet of walls fall on whole units and the expected lengths are exact.
const P = (x: number, y: number, z = 0) => ({ x, y, z })
const palazzo = piece('palazzo', 'building', 100, 100, 40, 40, 30)
const rio = piece('rio', 'water', 0, 200, 360, 40, 0)
const ponte = piece('ponte', 'bridge', 100, 190, 20, 60, 10)
const state = (x: number, y: number, z = 0, ...others: ReturnType<typeof base>[]) =>
  inchesState({
    width: 36,
    height: 36,
    pieces: [palazzo, rio, ponte],
    figures: [base('m', 'a', x, y, z, 25.4), ...others]
  })

// Lengths are sums of square roots and fractions of segments: equal to 1e-9 inch.
function expectMeasure(actual: PathMeasure, expected: PathMeasure): void {
  for (const key of ['inches', 'horizontal', 'climbed', 'descended', 'swum'] as const)
    expect(actual[key], key).toBeCloseTo(expected[key], 9)
}

describe('measurePath', () => {
  it('sums plan lengths', () => {
    const s = state(10, 10)
    expectMeasure(measurePath(s.board, [P(10, 10), P(40, 50), P(40, 60)]), {
      inches: 6,
      horizontal: 6,
      climbed: 0,
      descended: 0,
      swum: 0
    })
  })

  it('adds the height climbed up and down (× climbFactor), free on a bridge ramp', () => {
    const s = state(90, 120)
    const up = [P(90, 120), P(95, 120), P(100, 120, 30), P(120, 120, 30)]
    expectMeasure(measurePath(s.board, up), { inches: 6, horizontal: 3, climbed: 3, descended: 0, swum: 0 })
    expect(measurePath(s.board, up, { climbFactor: 2 }).inches).toBe(9)
    const down = [...up].reverse()
    expectMeasure(measurePath(s.board, down), { inches: 6, horizontal: 3, climbed: 0, descended: 3, swum: 0 })
    const ramp = [P(110, 180), P(110, 190), P(110, 190, 10), P(110, 250, 10), P(110, 260)]
    expectMeasure(measurePath(s.board, ramp), { inches: 8, horizontal: 8, climbed: 0, descended: 0, swum: 0 })
  })

  it('charges water double by default (swimFactor − 1 extra per inch swum)', () => {
    const s = state(50, 190)
    const across = [P(50, 190), P(50, 250)]
    expectMeasure(measurePath(s.board, across), {
      inches: 10,
      horizontal: 6,
      climbed: 0,
      descended: 0,
      swum: 4
    })
    expect(measurePath(s.board, across, { swimFactor: 3 }).inches).toBeCloseTo(14, 9)
    // Walking along the bank is not swimming.
    expect(measurePath(s.board, [P(50, 200), P(90, 200)]).swum).toBe(0)
  })
})

describe('checkPath', () => {
  it('accepts a walk around a building, a climb onto its roof, a ramp and a swim', () => {
    expect(checkPath(state(90, 120), 'm', [P(90, 120), P(95, 95), P(120, 90)])).toBeNull()
    expect(
      checkPath(state(90, 120), 'm', [P(90, 120), P(95, 120), P(100, 120, 30), P(120, 120, 30)])
    ).toBeNull()
    const ramp = [P(110, 180), P(110, 190), P(110, 190, 10), P(110, 250, 10), P(110, 260)]
    expect(checkPath(state(110, 180), 'm', ramp)).toBeNull()
    // One leg straight from the street up onto the deck crosses the end: also a ramp.
    expect(checkPath(state(110, 180), 'm', [P(110, 180), P(110, 220, 10)])).toBeNull()
    expect(checkPath(state(50, 190), 'm', [P(50, 190), P(50, 250)])).toBeNull()
    // Descending from the roof straight into the canal is a climb down.
    const s = inchesState({
      width: 36,
      height: 36,
      pieces: [piece('b', 'building', 0, 150, 40, 50, 30), rio]
    })
    const down = inchesState({
      ...s,
      width: 36,
      height: 36,
      pieces: s.board.inches?.pieces,
      figures: [base('m', 'a', 20, 200, 30, 25.4)]
    })
    expect(checkPath(down, 'm', [P(20, 200, 30), P(20, 205), P(20, 230)])).toBeNull()
  })

  it('refuses walking through a building, off a roof, or up a wall without climbing', () => {
    expect(checkPath(state(90, 120), 'm', [P(90, 120), P(120, 90)])).toEqual({ code: 'terrain', leg: 0 })
    // A base brushing the corner: its centre 0.4" from both sides.
    expect(checkPath(state(90, 120), 'm', [P(90, 120), P(96, 96), P(120, 90)])).toEqual({
      code: 'terrain',
      leg: 0
    })
    const roof = state(120, 120, 30)
    expect(checkPath(roof, 'm', [P(120, 120, 30), P(150, 120, 30)])).toEqual({ code: 'noSurface', leg: 0 })
    expect(checkPath(state(90, 120), 'm', [P(90, 120), P(90, 120, 30)])).toEqual({
      code: 'levelChange',
      leg: 0
    })
    // Climbing from too far from the side.
    expect(checkPath(state(80, 120), 'm', [P(80, 120), P(100, 120, 30)])).toEqual({
      code: 'levelChange',
      leg: 0
    })
    // Up the side of a bridge is not a ramp.
    expect(checkPath(state(90, 210), 'm', [P(90, 210), P(100, 210, 10)])).toEqual({
      code: 'levelChange',
      leg: 0
    })
  })

  it('refuses crossing water into a building', () => {
    const s = inchesState({
      width: 36,
      height: 36,
      pieces: [rio, piece('casa', 'building', 60, 240, 40, 40, 30)],
      figures: [base('m', 'a', 80, 190, 0, 25.4)]
    })
    expect(checkPath(s, 'm', [P(80, 190), P(80, 230)])).toBeNull()
    expect(checkPath(s, 'm', [P(80, 190), P(80, 260)])).toEqual({ code: 'terrain', leg: 0 })
  })

  it('refuses passing through or ending on another base, friend or foe, but may end touching one', () => {
    const friend = base('f', 'a', 50, 50, 0, 25.4)
    const s = state(10, 50, 0, friend)
    expect(checkPath(s, 'm', [P(10, 50), P(90, 50)])).toEqual({ code: 'base', leg: 0 })
    expect(checkPath(s, 'm', [P(10, 50), P(45, 50)])).toEqual({ code: 'occupied', leg: 0 })
    expect(checkPath(s, 'm', [P(10, 50), P(40, 50)])).toBeNull()
    expect(checkPath(s, 'm', [P(10, 50), P(90, 50)], { ignoreId: 'f' })).toBeNull()
    expect(checkPath(s, 'm', [P(10, 50), P(45, 50)], { ignoreId: 'f' })).toEqual({ code: 'occupied', leg: 0 })
    // A base on the deck does not block a swimmer under the bridge.
    const s2 = state(110, 260, 0, base('d', 'b', 110, 220, 10, 25.4))
    expect(checkPath(s2, 'm', [P(110, 260), P(110, 180)])).toBeNull()
  })

  it('refuses a path that does not start at the figure, leaves the table or is over budget', () => {
    expect(checkPath(state(10, 10), 'm', [P(10, 10)])).toEqual({ code: 'empty', leg: -1 })
    expect(checkPath(state(10, 10), 'm', [P(11, 10), P(20, 10)])).toEqual({ code: 'notStart', leg: -1 })
    expect(checkPath(state(10, 10), 'm', [P(10, 10), P(3, 10)])).toEqual({ code: 'offTable', leg: 0 })
    expect(checkPath(state(10, 10), 'm', [P(10, 10), P(70, 10)], { maxInches: 6 })).toBeNull()
    expect(checkPath(state(10, 10), 'm', [P(10, 10), P(71, 10)], { maxInches: 6 })).toEqual({
      code: 'tooFar',
      leg: -1
    })
  })

  it('lets a figure placed overlapping another step away from it', () => {
    const s = state(10, 50, 0, base('f', 'b', 17, 50, 0, 25.4))
    expect(checkPath(s, 'm', [P(10, 50), P(5, 50)])).toBeNull()
    expect(checkPath(s, 'm', [P(10, 50), P(12, 50)])).toEqual({ code: 'occupied', leg: 0 })
  })
})
