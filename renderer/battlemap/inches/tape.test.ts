import { describe, expect, it } from 'vitest'
import { baseUnder, readTape, tapeEnd } from './tape'
import type { BaseView } from './view'

// 10 units per inch; a 30 mm base has a radius of 150 / 25.4 ≈ 5.9 units.
const R30 = 150 / 25.4
const base = (id: string, x: number, y: number, z = 0, out = false): BaseView => ({
  id,
  name: id,
  side: 'a',
  x,
  y,
  z,
  radius: R30,
  color: 0,
  life: 1,
  lifeMax: 1,
  out,
  active: false,
  swimming: false
})
const tokens = [
  base('a', 50, 50),
  base('b', 110, 50),
  base('roof', 50, 130, 30),
  base('gone', 200, 200, 0, true)
]

describe('the measuring tape', () => {
  it('snaps an end inside a base to its centre, and leaves other points free', () => {
    expect(tapeEnd(tokens, { x: 53, y: 48 })).toEqual({ x: 50, y: 50, baseId: 'a' })
    expect(tapeEnd(tokens, { x: 70, y: 70 })).toEqual({ x: 70, y: 70, baseId: null })
  })

  it('ignores figures out of the fight', () => {
    expect(baseUnder(tokens, { x: 200, y: 200 })).toBeNull()
  })

  it('reads edge to edge between two bases', () => {
    const reading = readTape(
      tokens,
      tapeEnd(tokens, { x: 50, y: 50 }),
      tapeEnd(tokens, { x: 110, y: 50 }),
      10
    )
    expect(reading.edge).toBe(true)
    expect(reading.inches).toBeCloseTo((60 - 2 * R30) / 10, 9)
  })

  it('adds the height difference between bases in 3D', () => {
    const reading = readTape(
      tokens,
      tapeEnd(tokens, { x: 50, y: 50 }),
      tapeEnd(tokens, { x: 50, y: 130 }),
      10
    )
    const gap = 80 - 2 * R30
    expect(reading.inches).toBeCloseTo(Math.hypot(gap, 30) / 10, 9)
  })

  it('reads point to point, or from a base rim to a point', () => {
    expect(readTape(tokens, tapeEnd(tokens, { x: 0, y: 0 }), tapeEnd(tokens, { x: 30, y: 40 }), 10)).toEqual({
      inches: 5,
      edge: false
    })
    const fromBase = readTape(
      tokens,
      tapeEnd(tokens, { x: 50, y: 50 }),
      tapeEnd(tokens, { x: 50, y: 90 }),
      10
    )
    expect(fromBase.edge).toBe(false)
    expect(fromBase.inches).toBeCloseTo((40 - R30) / 10, 9)
  })
})
