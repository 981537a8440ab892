import { describe, expect, it } from 'vitest'
import {
  chebyshev,
  DIRECTIONS,
  directionIndex,
  directionVector,
  findPath,
  FRONT_FLANK_BACK,
  isAdjacent8,
  lineOfSight,
  neighbours8,
  reachableSquares,
  relativeSector,
  snapDirection,
  squareKey,
  unitStep,
  type PathRules,
  type Vec2
} from './geometry'

describe('directions', () => {
  it('numbers the 8 neighbours clockwise from north with y down', () => {
    expect(DIRECTIONS.map((d) => [d.x, d.y])).toEqual([
      [0, -1],
      [1, -1],
      [1, 0],
      [1, 1],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [-1, -1]
    ])
  })

  it('directionIndex inverts the table and uses signs for longer vectors', () => {
    DIRECTIONS.forEach((d, i) => expect(directionIndex(d.x, d.y)).toBe(i))
    expect(directionIndex(5, -2)).toBe(1)
    expect(() => directionIndex(0, 0)).toThrow(RangeError)
  })

  it('directionVector wraps modulo 8', () => {
    expect(directionVector(9)).toEqual({ x: 1, y: -1 })
    expect(directionVector(-1)).toEqual({ x: -1, y: -1 })
  })

  it('unitStep points from a toward b', () => {
    expect(unitStep({ x: 3, y: 3 }, { x: 1, y: 4 })).toEqual({ x: -1, y: 1 })
  })
})

describe('metric and adjacency', () => {
  it.each([
    [{ x: 0, y: 0 }, { x: 10, y: 4 }, 10],
    [{ x: 2, y: 2 }, { x: 3, y: 3 }, 1],
    [{ x: 2, y: 2 }, { x: 2, y: 2 }, 0],
    [{ x: -1, y: 5 }, { x: 2, y: -3 }, 8]
  ])('chebyshev(%o, %o) = %i', (a, b, d) => expect(chebyshev(a, b)).toBe(d))

  it('8-adjacency includes corners and excludes the square itself', () => {
    const c = { x: 4, y: 4 }
    expect(neighbours8(c).every((n) => isAdjacent8(c, n))).toBe(true)
    expect(isAdjacent8(c, c)).toBe(false)
    expect(isAdjacent8(c, { x: 6, y: 4 })).toBe(false)
  })
})

describe('snapDirection (nearest of 8 by angle, ties to the diagonal)', () => {
  it.each([
    [5, 2, 2, 'minecraft.md §10 example 10: 21.8° → east'],
    [-4, 1, 6, 'example 10 → west'],
    [2, -5, 0, 'example 10 → north'],
    [1, 1, 3, 'example 10 melee diagonal'],
    [12, 5, 3, '22.6° is past the boundary → diagonal'],
    [29, 12, 2, '22.48° → east'],
    [3, 0, 2, 'axis'],
    [0, 7, 4, 'axis south'],
    [-2, -2, 7, 'diagonal north-west']
  ])('(%i, %i) → %i (%s)', (dx, dy, dir) => expect(snapDirection(dx, dy)).toBe(dir))

  it('an exact 22.5° boundary goes to the diagonal', () => {
    for (const t of [Math.tan(Math.PI / 8), Math.SQRT2 - 1]) {
      expect(snapDirection(1, t)).toBe(3)
      expect(snapDirection(-t, -1)).toBe(7)
      expect(snapDirection(1, t * 0.999)).toBe(2)
    }
  })

  it('refuses the zero vector', () => expect(() => snapDirection(0, 0)).toThrow(RangeError))
})

describe('relativeSector (minecraft.md §2: front f±1, flank f±2, back f+3..f+5)', () => {
  const defender = { x: 5, y: 5 }
  const rows: Array<[number, number, string]> = []
  for (let facing = 0; facing < 8; facing++) {
    for (let offset = 0; offset < 8; offset++) {
      const expected = [0, 1, 7].includes(offset) ? 'front' : [2, 6].includes(offset) ? 'flank' : 'back'
      rows.push([facing, offset, expected])
    }
  }
  it.each(rows)('facing %i, attacker at offset %i → %s', (facing, offset, expected) => {
    const d = directionVector(facing + offset)
    const attacker = { x: defender.x + d.x, y: defender.y + d.y }
    expect(relativeSector(attacker, defender, facing, FRONT_FLANK_BACK)).toBe(expected)
  })

  it('uses the snapped direction for a distant attacker', () => {
    expect(relativeSector({ x: 5, y: 15 }, defender, 0, FRONT_FLANK_BACK)).toBe('back')
    expect(relativeSector({ x: 15, y: 6 }, defender, 0, FRONT_FLANK_BACK)).toBe('flank')
  })

  it('takes a custom sector map', () => {
    const allFront = ['front', 'front', 'front', 'front', 'front', 'front', 'front', 'back'] as const
    expect(relativeSector({ x: 4, y: 4 }, defender, 0, allFront)).toBe('back')
  })
})

describe('lineOfSight', () => {
  const walls = (list: Vec2[]) => (p: Vec2) => list.some((w) => w.x === p.x && w.y === p.y)

  it('is blocked by a square the segment crosses', () => {
    expect(lineOfSight({ x: 0, y: 0 }, { x: 4, y: 0 }, walls([{ x: 2, y: 0 }]))).toBe(false)
    expect(lineOfSight({ x: 0, y: 0 }, { x: 4, y: 4 }, walls([{ x: 2, y: 2 }]))).toBe(false)
    expect(lineOfSight({ x: 0, y: 0 }, { x: 0, y: 5 }, walls([{ x: 0, y: 3 }]))).toBe(false)
    expect(lineOfSight({ x: 0, y: 0 }, { x: 5, y: 2 }, walls([{ x: 2, y: 1 }]))).toBe(false)
  })

  it('is not blocked by grazing a corner, by squares off the line, or by the end squares', () => {
    expect(
      lineOfSight(
        { x: 0, y: 0 },
        { x: 2, y: 2 },
        walls([
          { x: 1, y: 0 },
          { x: 0, y: 1 }
        ])
      )
    ).toBe(true)
    expect(lineOfSight({ x: 0, y: 0 }, { x: 4, y: 0 }, walls([{ x: 2, y: 1 }]))).toBe(true)
    expect(
      lineOfSight(
        { x: 0, y: 0 },
        { x: 4, y: 0 },
        walls([
          { x: 0, y: 0 },
          { x: 4, y: 0 }
        ])
      )
    ).toBe(true)
  })

  it('is symmetric', () => {
    const opaque = walls([
      { x: 3, y: 1 },
      { x: 2, y: 4 }
    ])
    for (let x = 0; x < 7; x++) {
      for (let y = 0; y < 7; y++) {
        const a = { x: 0, y: 0 }
        const b = { x, y }
        expect(lineOfSight(a, b, opaque)).toBe(lineOfSight(b, a, opaque))
      }
    }
  })
})

describe('pathfinding', () => {
  const open = (maxCost: number, blocked: Vec2[] = [], size = 10): PathRules => ({
    passable: (_from, to) =>
      to.x >= 0 &&
      to.y >= 0 &&
      to.x < size &&
      to.y < size &&
      !blocked.some((b) => b.x === to.x && b.y === to.y),
    stepCost: () => 1,
    maxCost
  })

  it('reaches every square within the budget with Chebyshev cost, start included at 0', () => {
    const reach = reachableSquares({ x: 5, y: 5 }, open(2))
    expect(reach.size).toBe(25)
    for (const r of reach.values()) {
      expect(r.cost).toBe(chebyshev(r.pos, { x: 5, y: 5 }))
      expect(r.path.length).toBe(r.cost)
    }
    expect(reach.get('5,5')).toEqual({ pos: { x: 5, y: 5 }, cost: 0, path: [] })
  })

  it('goes around walls and returns connected paths', () => {
    const wall = [0, 1, 2, 3, 4].map((y) => ({ x: 3, y }))
    const r = findPath({ x: 1, y: 1 }, { x: 5, y: 1 }, open(20, wall))
    expect(r?.cost).toBe(8)
    let prev = { x: 1, y: 1 }
    for (const step of r?.path ?? []) {
      expect(isAdjacent8(prev, step)).toBe(true)
      expect(wall.some((w) => w.x === step.x && w.y === step.y)).toBe(false)
      prev = step
    }
    expect(prev).toEqual({ x: 5, y: 1 })
  })

  it('uses the step cost function and the budget', () => {
    const diagonalTwo: PathRules = { ...open(3), stepCost: (a, b) => (a.x !== b.x && a.y !== b.y ? 2 : 1) }
    expect(findPath({ x: 0, y: 0 }, { x: 1, y: 1 }, diagonalTwo)?.cost).toBe(2)
    expect(findPath({ x: 0, y: 0 }, { x: 2, y: 2 }, diagonalTwo)).toBeNull()
    expect(findPath({ x: 0, y: 0 }, { x: 3, y: 0 }, diagonalTwo)?.cost).toBe(3)
  })

  it('returns nothing for an enclosed goal and is deterministic', () => {
    const ring = neighbours8({ x: 5, y: 5 })
    expect(findPath({ x: 0, y: 0 }, { x: 5, y: 5 }, open(50, ring))).toBeNull()
    const a = [...reachableSquares({ x: 2, y: 2 }, open(3)).values()]
    const b = [...reachableSquares({ x: 2, y: 2 }, open(3)).values()]
    expect(a).toEqual(b)
    expect(squareKey({ x: -1, y: 3 })).toBe('-1,3')
  })
})
