import { describe, expect, it } from 'vitest'
import { pushAlong, pushToward } from './push'
import { base, inchesState, piece } from './test-fixtures'
import type { Combatant } from '../types'

// Tenths of an inch, 25.4 mm bases (radius 5 units).
const palazzo = piece('palazzo', 'building', 100, 100, 40, 40, 30)
const rio = piece('rio', 'water', 0, 200, 360, 40, 0)
const ponte = piece('ponte', 'bridge', 100, 190, 20, 60, 10)
const table = (t: Combatant, ...others: Combatant[]) =>
  inchesState({ width: 36, height: 36, pieces: [palazzo, rio, ponte], figures: [t, ...others] })
const target = (x: number, y: number, z = 0) => base('t', 'b', x, y, z, 25.4)

describe('pushAlong / pushToward', () => {
  it('slides the full distance over open ground', () => {
    expect(pushAlong(table(target(20, 50)), 't', { x: 1, y: 0 }, 3)).toEqual({
      to: { x: 50, y: 50, z: 0 },
      moved: 3,
      fell: 0,
      intoWater: false,
      stopped: 'distance'
    })
  })

  it('pushes into water', () => {
    const r = pushAlong(table(target(50, 190)), 't', { x: 0, y: 1 }, 3)
    expect(r).toMatchObject({ to: { x: 50, y: 220, z: 0 }, moved: 3, fell: 0, intoWater: true })
  })

  it('pushes off a roof: it falls the roof height and lands clear of the wall', () => {
    const r = pushAlong(table(target(130, 120, 30)), 't', { x: 1, y: 0 }, 2)
    expect(r).toEqual({
      to: { x: 145, y: 120, z: 0 },
      moved: 1.5,
      fell: 3,
      intoWater: false,
      stopped: 'fell'
    })
    // Not far enough to pass the edge: it stays on the roof.
    expect(pushAlong(table(target(130, 120, 30)), 't', { x: 1, y: 0 }, 1)).toMatchObject({
      to: { x: 140, y: 120, z: 30 },
      fell: 0
    })
  })

  it('pushes off the side of a bridge into the canal below', () => {
    const r = pushAlong(table(target(110, 220, 10)), 't', { x: 1, y: 0 }, 2)
    expect(r).toMatchObject({ fell: 1, intoWater: true, stopped: 'fell' })
    expect(r.to.z).toBe(0)
    expect(r.to.x).toBeGreaterThan(120)
  })

  it('follows a bridge ramp down off its end without falling', () => {
    const r = pushAlong(table(target(110, 230, 10)), 't', { x: 0, y: 1 }, 3)
    expect(r).toEqual({
      to: { x: 110, y: 260, z: 0 },
      moved: 3,
      fell: 0,
      intoWater: false,
      stopped: 'distance'
    })
  })

  it('stops before another base, a building side or the table edge', () => {
    expect(
      pushAlong(table(target(50, 50), base('x', 'a', 100, 50, 0, 25.4)), 't', { x: 1, y: 0 }, 5)
    ).toMatchObject({
      to: { x: 90, y: 50, z: 0 },
      moved: 4,
      stopped: 'base'
    })
    expect(pushAlong(table(target(50, 120)), 't', { x: 1, y: 0 }, 8)).toMatchObject({
      to: { x: 95, y: 120, z: 0 },
      moved: 4.5,
      stopped: 'terrain'
    })
    expect(pushAlong(table(target(20, 50)), 't', { x: -1, y: 0 }, 3)).toMatchObject({
      to: { x: 5, y: 50, z: 0 },
      stopped: 'edge'
    })
  })

  it('ignores the grappler it passes through, but never ends on it', () => {
    const grappler = base('g', 'a', 60, 50, 0, 25.4)
    expect(
      pushAlong(table(target(50, 50), grappler), 't', { x: 1, y: 0 }, 3, { ignoreId: 'g' })
    ).toMatchObject({
      to: { x: 80, y: 50, z: 0 },
      stopped: 'distance'
    })
    expect(pushAlong(table(target(50, 50), grappler), 't', { x: 1, y: 0 }, 3)).toMatchObject({
      to: { x: 50, y: 50, z: 0 },
      moved: 0,
      stopped: 'base'
    })
    // A push too short to clear the grappler stops where the base still fits: back where it started.
    const short = pushAlong(table(target(50, 50), grappler), 't', { x: 1, y: 0 }, 1, { ignoreId: 'g' })
    expect(short.to).toEqual({ x: 50, y: 50, z: 0 })
  })

  it('pushes toward a point, no further than the point', () => {
    expect(pushToward(table(target(20, 50)), 't', { x: 40, y: 50 }, 3).to).toEqual({ x: 40, y: 50, z: 0 })
    expect(pushToward(table(target(20, 20)), 't', { x: 80, y: 100 }, 5).to).toEqual({ x: 50, y: 60, z: 0 })
  })
})
