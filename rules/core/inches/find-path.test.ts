import { describe, expect, it } from 'vitest'
import { findPath } from './find-path'
import { checkPath } from './move-path'
import { base, inchesState, piece } from './test-fixtures'
import type { Combatant, TerrainPiece, Vec3 } from '../types'

// Tenths of an inch; a 25.4 mm mover (radius 5 units) so the exact answers are whole-unit paths.
const P = (x: number, y: number, z = 0): Vec3 => ({ x, y, z })
const palazzo = piece('palazzo', 'building', 100, 100, 40, 40, 30)
const rio = piece('rio', 'water', 0, 200, 360, 40, 0)
const ponte = piece('ponte', 'bridge', 100, 190, 20, 60, 10)
const board = (pieces: TerrainPiece[], at: Vec3, ...others: Combatant[]) =>
  inchesState({ width: 36, height: 36, pieces, figures: [base('m', 'a', at.x, at.y, at.z, 25.4), ...others] })

// Every found path must be legal as the user-facing check judges it.
function found(state: ReturnType<typeof board>, goal: Vec3, opts = {}) {
  const f = findPath(state, 'm', goal, opts)
  expect(f).not.toBeNull()
  if (!f) throw new Error('no path')
  expect(checkPath(state, 'm', f.path, opts)).toBeNull()
  expect(f.path[0]).toEqual(state.combatants[0]?.pos)
  expect(f.path[f.path.length - 1]).toEqual(goal)
  for (const p of f.path) expect([p.x, p.y, p.z].every(Number.isInteger)).toBe(true)
  return f
}

describe('findPath', () => {
  it('goes straight when nothing is in the way', () => {
    const f = found(board([palazzo], P(10, 10)), P(70, 90))
    expect(f.path).toEqual([P(10, 10), P(70, 90)])
    expect(f.inches).toBe(10)
  })

  it('rounds a building corner by the analytic shortest path (tangent to the grown corner)', () => {
    const f = found(board([palazzo], P(90, 120)), P(120, 90))
    expect(f.path).toEqual([P(90, 120), P(95, 95), P(120, 90)])
    expect(f.inches).toBeCloseTo((2 * Math.hypot(5, 25)) / 10, 12)
  })

  it('wraps around two corners', () => {
    const f = found(board([palazzo], P(125, 90)), P(125, 150))
    expect(f.path).toEqual([P(125, 90), P(145, 95), P(145, 145), P(125, 150)])
    expect(f.inches).toBeCloseTo((2 * Math.hypot(20, 5) + 50) / 10, 12)
  })

  it('climbs onto a roof: length = horizontal + height', () => {
    const f = found(board([palazzo], P(90, 120)), P(120, 120, 30))
    expect(f.path).toEqual([P(90, 120), P(95, 120), P(100, 120, 30), P(120, 120, 30)])
    expect(f).toMatchObject({ inches: 6, horizontal: 3, climbed: 3, descended: 0 })
    expect(found(board([palazzo], P(90, 120)), P(120, 120, 30), { climbFactor: 2 }).inches).toBe(9)
  })

  it('climbs down from a roof to the street on the far side', () => {
    const f = found(board([palazzo], P(120, 120, 30)), P(160, 120))
    expect(f.path).toEqual([P(120, 120, 30), P(140, 120, 30), P(145, 120), P(160, 120)])
    expect(f).toMatchObject({ inches: 7, horizontal: 4, climbed: 0, descended: 3 })
  })

  it('crosses a wall by climbing over it', () => {
    const wall = piece('muretto', 'wall', 100, 0, 2, 360, 10)
    const f = found(board([wall], P(80, 100)), P(120, 100))
    expect(f.path).toEqual([
      P(80, 100),
      P(95, 100),
      P(100, 100, 10),
      P(102, 100, 10),
      P(107, 100),
      P(120, 100)
    ])
    expect(f).toMatchObject({ inches: 6, horizontal: 4, climbed: 1, descended: 1 })
  })

  it('swims across a canal at double cost, and prefers the bridge when it is cheaper', () => {
    const swim = found(board([rio, ponte], P(50, 190)), P(50, 250))
    expect(swim.path).toEqual([P(50, 190), P(50, 250)])
    expect(swim.inches).toBeCloseTo(10, 9)
    expect(swim.swum).toBeCloseTo(4, 9)
    const bridge = found(board([rio, ponte], P(110, 180)), P(110, 260))
    expect(bridge.inches).toBeCloseTo(8, 9)
    expect(bridge.swum).toBe(0)
    expect(bridge.path.some((p) => p.z === 10)).toBe(true)
  })

  it('ends in water, entering it where the swim is short', () => {
    const f = found(board([rio], P(110, 180)), P(50, 220))
    expect(f.swum).toBeGreaterThan(0)
    // Better than swimming the straight line: 7.2" of plan with 3.6" in water.
    expect(f.inches).toBeLessThan(Math.hypot(6, 4) * 1.5 - 0.5)
  })

  it('goes around a base in the way, or through the ignored one', () => {
    const blocker = base('b', 'b', 60, 50, 0, 25.4)
    const around = found(board([], P(10, 50), blocker), P(110, 50))
    expect(around.inches).toBeGreaterThan(10)
    expect(around.inches).toBeLessThan(11)
    const through = found(board([], P(10, 50), blocker), P(110, 50), { ignoreId: 'b' })
    expect(through.inches).toBe(10)
  })

  it('reaches base contact with a figure (touching is not overlapping)', () => {
    const enemy = base('e', 'b', 200, 50, 0, 25.4)
    expect(found(board([palazzo], P(10, 50), enemy), P(190, 50)).inches).toBe(18)
  })

  it('returns null for goals inside a building, on a base, off any surface, or beyond the budget', () => {
    const s = board([palazzo], P(90, 120), base('e', 'b', 200, 50, 0, 25.4))
    expect(findPath(s, 'm', P(120, 120))).toBeNull()
    expect(findPath(s, 'm', P(205, 50))).toBeNull()
    expect(findPath(s, 'm', P(60, 60, 30))).toBeNull()
    expect(findPath(s, 'm', P(120, 120, 30), { maxInches: 5.9 })).toBeNull()
    expect(findPath(s, 'm', P(120, 120, 30), { maxInches: 6 })?.inches).toBe(6)
  })

  it('returns the start alone for a goal where the figure already is', () => {
    expect(findPath(board([], P(10, 10)), 'm', P(10, 10))).toMatchObject({ path: [P(10, 10)], inches: 0 })
  })
})

describe('findPath on a busy board (seeded random goals)', () => {
  it('always returns a path checkPath accepts, or none only when the goal cannot hold the base', () => {
    const pieces = [
      palazzo,
      rio,
      ponte,
      piece('torre', 'building', 200, 60, 30, 30, 60),
      piece('muretto', 'wall', 40, 120, 40, 2, 8)
    ]
    const others = [
      base('e1', 'b', 60, 100, 0, 30),
      base('e2', 'b', 170, 150, 0, 40),
      base('f1', 'a', 110, 220, 10)
    ]
    const s = board(pieces, P(20, 20), ...others)
    let seed = 11
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    let found = 0
    for (let k = 0; k < 60; k++) {
      const goal = P(
        Math.round(next() * 350),
        Math.round(next() * 350),
        [0, 0, 10, 30, 60][Math.floor(next() * 5)]
      )
      const f = findPath(s, 'm', goal)
      if (!f) continue
      found++
      expect(checkPath(s, 'm', f.path), JSON.stringify(f.path)).toBeNull()
    }
    expect(found).toBeGreaterThan(15)
  })
})
