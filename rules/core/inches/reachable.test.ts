import { describe, expect, it } from 'vitest'
import { findPath } from './find-path'
import { baseContact } from './measure'
import { reachable } from './reachable'
import { base, inchesState, piece } from './test-fixtures'

// Tenths of an inch, 25.4 mm bases (radius 5 units).
const palazzo = piece('palazzo', 'building', 100, 100, 40, 40, 30)
const rio = piece('rio', 'water', 0, 200, 360, 40, 0)

describe('reachable', () => {
  it('on an open table: the 1" grid points within the budget, each at its straight distance', () => {
    const s = inchesState({ figures: [base('m', 'a', 120, 120, 0, 25.4)] })
    const points = reachable(s, 'm', 2)
    expect(points).toHaveLength(12)
    for (const p of points) {
      expect(p.inches).toBeLessThanOrEqual(2)
      expect(p.inches).toBeCloseTo(Math.hypot(p.pos.x - 120, p.pos.y - 120) / 10, 12)
    }
    expect(points).toContainEqual({ pos: { x: 140, y: 120, z: 0 }, inches: 2 })
  })

  it('respects the budget around terrain, on roofs and in water, costing what findPath costs', () => {
    const s = inchesState({
      width: 36,
      height: 36,
      pieces: [palazzo, rio],
      figures: [base('m', 'a', 90, 160, 0, 25.4), base('e', 'b', 60, 150, 0, 25.4)]
    })
    const points = reachable(s, 'm', 6)
    expect(points.length).toBeGreaterThan(50)
    for (const p of points) {
      expect(p.inches).toBeLessThanOrEqual(6 + 1e-9)
      const f = findPath(s, 'm', p.pos, { maxInches: 6 })
      expect(f, JSON.stringify(p)).not.toBeNull()
      expect(f?.inches).toBeLessThanOrEqual(p.inches + 1e-9)
      expect(f?.inches).toBeGreaterThan(p.inches - 0.05)
    }
    const roof = points.filter((p) => p.pos.z === 30)
    expect(roof.length).toBeGreaterThan(0)
    const swim = points.filter((p) => p.pos.y > 200 && p.pos.y < 240 && p.pos.z === 0)
    expect(swim.length).toBeGreaterThan(0)
    // Nothing inside the building at street level, nothing beyond the budget in plan.
    expect(
      points.some((p) => p.pos.z === 0 && p.pos.x > 95 && p.pos.x < 145 && p.pos.y > 95 && p.pos.y < 145)
    ).toBe(false)
    expect(points.every((p) => Math.hypot(p.pos.x - 90, p.pos.y - 160) <= 60)).toBe(true)
  })

  it('reaches the roof only when the budget covers the climb', () => {
    const s = inchesState({
      width: 36,
      height: 36,
      pieces: [palazzo],
      figures: [base('m', 'a', 90, 120, 0, 25.4)]
    })
    const onRoof = (budget: number) =>
      reachable(s, 'm', budget).find((p) => p.pos.x === 110 && p.pos.y === 120 && p.pos.z === 30)
    expect(onRoof(4.9)).toBeUndefined()
    expect(onRoof(5)?.inches).toBeCloseTo(5, 12)
  })

  it('offers points in base contact with the other figures', () => {
    const enemy = base('e', 'b', 150, 50, 0, 25.4)
    const s = inchesState({ figures: [base('m', 'a', 100, 50, 0, 25.4), enemy] })
    const points = reachable(s, 'm', 5)
    const touching = points.filter(
      (p) => baseContact(s.board, { pos: p.pos, baseMm: 25.4 }, enemy).via === 'touch'
    )
    expect(touching.length).toBeGreaterThanOrEqual(8)
    expect(touching.some((p) => p.pos.x === 140 && p.pos.y === 50)).toBe(true)
  })
})
