import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import { canEndIn, minimumMoveAllowed, pathCost, stepCost } from './movement'
import { reachableSquares } from './reachable'
import { provocationsAlong } from './threat'
import type { PfSettings } from './settings'
import { pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const c = (x: number, y: number) => ({ x, y })
type Terrain = PfSettings['terrain']

function board(
  figures: Combatant[],
  terrain: Terrain = [],
  extra: Partial<PfSettings> = {},
  blocks: Array<[number, number]> = []
) {
  return pfState(figures, { settings: { terrain, ...extra }, blocks })
}

describe('1-2-1 diagonals and parity (pathfinder1e.md §2 [TEXT L303], A2)', () => {
  it('pathfinder1e example 5: 3 diagonals then 2 orthogonal squares cost 1+2+1+1+1 = 6 squares = 30 ft', () => {
    const mover = fig('m', 0, 0)
    const state = board([mover])
    const path = [c(1, 1), c(2, 2), c(3, 3), c(4, 3), c(5, 3)]
    const cost = pathCost(state, mover, path, 0)
    expect(cost).toEqual({ cost: 6, parity: 1 })
    expect((cost?.cost ?? 0) * 5).toBe(30)
    // A speed of 30 ft (6 squares) is exactly enough.
    expect(reachableSquares(state, mover, { budget: 6, parity: 0, mode: 'move' }).get('5,3')?.cost).toBe(6)
    expect(reachableSquares(state, mover, { budget: 5, parity: 0, mode: 'move' }).has('5,3')).toBe(false)
  })

  it('A2: the parity persists across the moves of a turn (setting diagonalParity: turn)', () => {
    const first = fig('m', 0, 0)
    const state = board([first])
    const one = pathCost(state, first, [c(1, 1)], 0)
    expect(one).toEqual({ cost: 1, parity: 1 })
    const second = fig('m', 1, 1)
    expect(pathCost(state, second, [c(2, 2)], one?.parity ?? 0)).toEqual({ cost: 2, parity: 0 })
  })

  it('A2: diagonalParity move resets the parity at each move', () => {
    const mover = fig('m', 1, 1)
    const state = board([mover], [], { diagonalParity: 'move' })
    expect(pathCost(state, mover, [c(2, 2)], 1)).toEqual({ cost: 1, parity: 1 })
  })
})

describe('terrain costs (§2 [TEXT L329–339, L351–353])', () => {
  const mover = fig('m', 0, 0)
  it.each([
    ['§2 difficult terrain: a square costs 2', [{ x: 1, y: 0, kind: 'difficult' }], c(1, 0), 0, 2],
    ['§2 a diagonal into difficult terrain costs 3', [{ x: 1, y: 1, kind: 'difficult' }], c(1, 1), 0, 3],
    ['§2 …even as the second diagonal', [{ x: 1, y: 1, kind: 'difficult' }], c(1, 1), 1, 3],
    ['§2 hampering obstacle: 2 more than the square', [{ x: 1, y: 0, kind: 'hampering' }], c(1, 0), 0, 3],
    ['§2 hampering on a second diagonal: 2 + 2', [{ x: 1, y: 1, kind: 'hampering' }], c(1, 1), 1, 4],
    ['§2 G-6 climb without a climb speed: doubled twice', [{ x: 1, y: 0, kind: 'climb' }], c(1, 0), 0, 4],
    ['[TEXT L353] doubled twice, diagonal: 6', [{ x: 1, y: 1, kind: 'climb' }], c(1, 1), 0, 6],
    [
      '[TEXT L353] doubled three times: 8 (diagonal 12)',
      [
        { x: 1, y: 0, kind: 'climb' },
        { x: 1, y: 0, kind: 'difficult' }
      ],
      c(1, 0),
      0,
      8
    ]
  ] as const)('%s', (_label, terrain, to, parity, cost) => {
    const state = board([mover], [...terrain])
    expect(stepCost(state, mover, c(0, 0), to, parity)?.cost).toBe(cost)
  })

  it('A3: a diagonal into difficult terrain advances the alternation (setting on) or not (off)', () => {
    const terrain: Terrain = [{ x: 1, y: 1, kind: 'difficult' }]
    const path = [c(1, 1), c(2, 2)]
    expect(pathCost(board([mover], terrain), mover, path, 0)).toEqual({ cost: 3 + 2, parity: 0 })
    const off = board([mover], terrain, { difficultDiagonalCountsForParity: false })
    expect(pathCost(off, mover, path, 0)).toEqual({ cost: 3 + 1, parity: 1 })
  })

  it('§2: flying figures are not hampered by difficult terrain and cross pits', () => {
    const flyer = fig('m', 0, 0, { stats: { flying: true, speed: { land: 30, fly: 60 } } })
    const terrain: Terrain = [
      { x: 1, y: 0, kind: 'difficult' },
      { x: 2, y: 0, kind: 'pit' }
    ]
    const state = board([flyer], terrain)
    expect(pathCost(state, flyer, [c(1, 0), c(2, 0)], 0)).toEqual({ cost: 2, parity: 0 })
    expect(pathCost(board([mover], terrain), mover, [c(1, 0), c(2, 0)], 0)).toBeNull()
  })

  it('§2 [TEXT L305]: no diagonal past a wall corner — not even a 5-ft step; a pit corner is fine', () => {
    const walled = board([mover], [], {}, [[1, 0]])
    expect(stepCost(walled, mover, c(0, 0), c(1, 1), 0)).toBeNull()
    expect(reachableSquares(walled, mover, { budget: 1, parity: 0, mode: 'step' }).has('1,1')).toBe(false)
    // Around the corner it costs two orthogonal squares.
    expect(reachableSquares(walled, mover, { budget: 6, parity: 0, mode: 'move' }).get('1,1')?.cost).toBe(2)
    const pit = board([mover], [{ x: 1, y: 0, kind: 'pit' }])
    expect(stepCost(pit, mover, c(0, 0), c(1, 1), 0)?.cost).toBe(1)
    expect(stepCost(pit, mover, c(0, 0), c(1, 0), 0)).toBeNull()
  })

  it('§2 [TEXT L305]: a diagonal past a creature, even an enemy, is allowed', () => {
    const state = board([mover, fig('foe', 1, 0, { side: 'b' })])
    expect(stepCost(state, mover, c(0, 0), c(1, 1), 0)).toEqual({ cost: 1, parity: 1 })
  })
})

describe('occupied squares (§2 [TEXT L311–327])', () => {
  const mover = fig('m', 0, 0)

  it('§2 [TEXT L311]: an ally is passable but not an end square; a charge cannot pass it', () => {
    const state = board([mover, fig('ally', 1, 0)])
    expect(pathCost(state, mover, [c(1, 0), c(2, 0)], 0)).toEqual({ cost: 2, parity: 0 })
    expect(pathCost(state, mover, [c(1, 0)], 0)).toBeNull()
    expect(canEndIn(state, mover, c(1, 0))).toBe(false)
    const reach = reachableSquares(state, mover, { budget: 2, parity: 0, mode: 'move' })
    expect(reach.has('1,0')).toBe(false)
    expect(reach.get('2,0')?.path).toEqual([c(1, 0), c(2, 0)])
    expect(stepCost(state, mover, c(0, 0), c(1, 0), 0, { mode: 'charge' })).toBeNull()
  })

  it('§2 [TEXT L313]: an enemy square is impassable; a helpless one is passable and may be an end square', () => {
    expect(stepCost(board([mover, fig('foe', 1, 0, { side: 'b' })]), mover, c(0, 0), c(1, 0), 0)).toBeNull()
    const asleep = fig('foe', 1, 0, { side: 'b', stats: { conditions: ['asleep'] } })
    expect(pathCost(board([mover, asleep]), mover, [c(1, 0)], 0)).toEqual({ cost: 1, parity: 0 })
    const dying = { ...fig('foe', 1, 0, { side: 'b' }), out: true, life: -3 }
    expect(pathCost(board([mover, dying]), mover, [c(1, 0), c(2, 0)], 0)?.cost).toBe(2)
  })

  it('§2 G-7: a helpless Large body costs 2 per square crossed (setting largeHelplessCostsDouble)', () => {
    const body = { ...fig('horse', 1, 0, { side: 'b', stats: { size: 'L' } }), out: true }
    const path = [c(1, 0), c(2, 0), c(3, 0)]
    expect(pathCost(board([mover, body]), mover, path, 0)?.cost).toBe(2 + 2 + 1)
    const off = board([mover, body], [], { largeHelplessCostsDouble: false })
    expect(pathCost(off, mover, path, 0)?.cost).toBe(3)
  })

  it('§2 [TEXT L321]: Tiny figures enter and pass occupied squares, and may stop there', () => {
    const rat = fig('rat', 0, 0, { stats: { size: 'T' } })
    const state = board([rat, fig('foe', 1, 0, { side: 'b' })])
    expect(pathCost(state, rat, [c(1, 0)], 0)).toEqual({ cost: 1, parity: 0 })
  })

  it('§2 [TEXT L323–325]: any creature passes one 3 size categories bigger, not one 2 bigger', () => {
    const huge = fig('giant', 1, 0, { side: 'b', stats: { size: 'H' } })
    const gargantuan = fig('worm', 1, 0, { side: 'b', stats: { size: 'G' } })
    expect(stepCost(board([mover, huge]), mover, c(0, 0), c(1, 0), 0)).toBeNull()
    const state = board([mover, gargantuan])
    expect(pathCost(state, mover, [c(1, 0), c(2, 0), c(3, 0), c(4, 0), c(5, 0)], 0)?.cost).toBe(5)
    expect(canEndIn(state, mover, c(2, 0))).toBe(false)
  })

  it('§2 G-13: a creature that fills its squares cannot be passed, even by an ally', () => {
    const cube = fig('cube', 1, 0, { stats: { fillsSquares: true } })
    expect(stepCost(board([mover, cube]), mover, c(0, 0), c(1, 0), 0)).toBeNull()
  })
})

describe('big footprints move as a block (§2 size table)', () => {
  const ogre = fig('ogre', 0, 0, { stats: { size: 'L' } })

  it('a Large figure needs its 4 squares open — or, beside a wall, squeezes at double cost (§2 [TEXT L341])', () => {
    const state = board([ogre], [], {}, [[3, 1]])
    expect(stepCost(state, ogre, c(0, 0), c(1, 0), 0)).toEqual({ cost: 1, parity: 0 })
    expect(stepCost(state, ogre, c(1, 0), c(2, 0), 0)).toEqual({ cost: 2, parity: 0 })
    expect(canEndIn(state, ogre, c(2, 0))).toBe(true)
    // A pit is no wall to squeeze against: the block would stand in it.
    const pit = board([ogre], [{ x: 3, y: 1, kind: 'pit' }])
    expect(stepCost(pit, ogre, c(1, 0), c(2, 0), 0)).toBeNull()
    expect(canEndIn(pit, ogre, c(2, 0))).toBe(false)
    expect(canEndIn(pit, ogre, c(1, 0))).toBe(true)
  })

  it('a Large figure is slowed when any square it will occupy is difficult (the worst terrain, [TEXT L331])', () => {
    const state = board([ogre], [{ x: 2, y: 1, kind: 'difficult' }])
    expect(stepCost(state, ogre, c(0, 0), c(1, 0), 0)?.cost).toBe(2)
  })

  it('a Huge figure cannot slip through a 1-square gap (Escape Artist); no block cuts a wall corner', () => {
    // A wall down the whole column x = 3 with a 1-square gap at y = 1: less than half of 3 squares.
    const wall = Array.from({ length: 30 }, (_, y): [number, number] => [3, y]).filter(([, y]) => y !== 1)
    const giant = fig('giant', 0, 0, { stats: { size: 'H' } })
    const state = board([giant], [], {}, wall)
    const reach = reachableSquares(state, giant, { budget: 20, parity: 0, mode: 'move' })
    // It may squeeze along the wall (2 of its 3 columns clear) but never straddle it.
    expect([...reach.values()].some((r) => r.cell.x === 1)).toBe(true)
    expect([...reach.values()].some((r) => r.cell.x >= 2)).toBe(false)
    // The Large ogre squeezes through it (squeeze.test.ts).
    const through = reachableSquares(board([ogre], [], {}, wall), ogre, {
      budget: 20,
      parity: 0,
      mode: 'move'
    })
    expect([...through.values()].some((r) => r.cell.x >= 4)).toBe(true)
    const corner = board([ogre], [], {}, [[2, 0]])
    expect(stepCost(corner, ogre, c(0, 0), c(1, 1), 0)).toBeNull()
  })
})

describe('reachable squares (§2, §3.2, §3.4)', () => {
  it('§3.4: prefers the path that provokes fewest attacks of opportunity, then the cheapest', () => {
    const mover = fig('m', 0, 3)
    const guard = fig('guard', 3, 3, { side: 'b' })
    const state = board([mover, guard])
    const wide = reachableSquares(state, mover, { budget: 12, parity: 0, mode: 'move' }).get('6,3')
    expect(wide?.provokes).toEqual([])
    expect(wide?.cost).toBe(8)
    const tight = reachableSquares(state, mover, { budget: 7, parity: 0, mode: 'move' }).get('6,3')
    expect(tight?.provokes).toEqual(['guard'])
    expect(tight?.cost).toBeLessThanOrEqual(7)
  })

  it('§3.2 [TEXT L235–241]: a 5-ft step is exactly one square, never into difficult terrain, never provoking', () => {
    const mover = fig('m', 5, 5)
    const state = board([mover, fig('foe', 6, 5, { side: 'b' })], [{ x: 4, y: 5, kind: 'difficult' }])
    const steps = reachableSquares(state, mover, { budget: 6, parity: 0, mode: 'step' })
    expect(steps.size).toBe(1 + 6)
    expect(steps.has('4,5')).toBe(false)
    expect(steps.has('6,5')).toBe(false)
    expect([...steps.values()].every((r) => r.path.length <= 1 && r.provokes.length === 0)).toBe(true)
    const slow = fig('m', 5, 5, { stats: { speed: { land: 5 } } })
    expect(reachableSquares(board([slow]), slow, { budget: 1, parity: 0, mode: 'step' }).size).toBe(1)
  })

  it('§3.2: run and charge refuse difficult terrain; a withdraw may cross it', () => {
    const mover = fig('m', 0, 0)
    const state = board([mover], [{ x: 1, y: 0, kind: 'difficult' }])
    expect(
      reachableSquares(state, mover, { budget: 12, parity: 0, mode: 'run' }).get('2,0')?.path
    ).not.toContainEqual(c(1, 0))
    expect(reachableSquares(state, mover, { budget: 12, parity: 0, mode: 'withdraw' }).get('1,0')?.cost).toBe(
      2
    )
    expect(reachableSquares(state, mover, { budget: 12, parity: 0, mode: 'charge' }).has('1,0')).toBe(false)
  })

  it('every listed path is legal, costs what it says and provokes whom it says (a busy board)', () => {
    const mover = fig('m', 4, 4)
    const figures = [
      mover,
      fig('ally', 5, 4),
      fig('e1', 7, 5, { side: 'b' }),
      fig('e2', 3, 7, { side: 'b', stats: { size: 'L' } }),
      { ...fig('body', 6, 2, { side: 'b' }), out: true }
    ]
    const terrain: Terrain = [
      { x: 5, y: 5, kind: 'difficult' },
      { x: 6, y: 6, kind: 'difficult' },
      { x: 4, y: 2, kind: 'hampering' },
      { x: 2, y: 4, kind: 'pit' }
    ]
    const state = board(figures, terrain, {}, [
      [6, 4],
      [6, 3],
      [2, 2]
    ])
    for (const mode of ['move', 'withdraw'] as const) {
      const reach = reachableSquares(state, mover, { budget: 8, parity: 1, mode })
      expect(reach.size).toBeGreaterThan(40)
      for (const r of reach.values()) {
        if (r.path.length === 0) continue
        expect(pathCost(state, mover, r.path, 1)).toEqual({ cost: r.cost, parity: r.parity })
        const along = provocationsAlong(state, mover, r.path, { mode }).map((p) => p.reactorId)
        expect(along.sort()).toEqual([...r.provokes].sort())
      }
    }
  })

  it('§3.4: the best (fewest provocations, then cheapest) of all paths, checked against brute force', () => {
    const mover = fig('m', 3, 3)
    const state = board(
      [mover, fig('e1', 5, 3, { side: 'b' }), fig('e2', 2, 5, { side: 'b' }), fig('ally', 3, 2)],
      [{ x: 4, y: 4, kind: 'difficult' }],
      {},
      [[2, 2]]
    )
    const budget = 4
    const best = new Map<string, [number, number]>()
    const walk = (path: Array<{ x: number; y: number }>) => {
      const cost = pathCost(state, mover, path, 0)
      const last = path[path.length - 1]
      if (cost && last) {
        const count = provocationsAlong(state, mover, path, { mode: 'move' }).length
        const key = `${last.x},${last.y}`
        const score: [number, number] = [count, 2 * cost.cost + cost.parity]
        const known = best.get(key)
        if (!known || score[0] < known[0] || (score[0] === known[0] && score[1] < known[1]))
          best.set(key, score)
      }
      if (path.length === budget) return
      const from = last ?? mover.pos
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const next = [...path, c(from.x + dx, from.y + dy)]
          // Only extend prefixes that are legal and within budget (ally squares may be crossed).
          let legal = true
          let p: 0 | 1 = 0
          let at = mover.pos as { x: number; y: number }
          let spent = 0
          for (const to of next) {
            const step = stepCost(state, mover, at, to, p)
            if (!step) legal = false
            else [spent, p, at] = [spent + step.cost, step.parity, to]
            if (!legal) break
          }
          if ((dx !== 0 || dy !== 0) && legal && spent <= budget) walk(next)
        }
    }
    walk([])
    const reach = reachableSquares(state, mover, { budget, parity: 0, mode: 'move' })
    best.delete('3,3')
    for (const [key, [count, weight]] of best) {
      const r = reach.get(key)
      expect(r && [r.provokes.length, 2 * r.cost + r.parity], key).toEqual([count, weight])
    }
    expect(reach.size - 1).toBe(best.size)
  })

  it('§3.2: no run or withdraw while blinded', () => {
    const mover = fig('m', 0, 0, { stats: { conditions: ['blinded'] } })
    expect(reachableSquares(board([mover]), mover, { budget: 12, parity: 0, mode: 'run' }).size).toBe(1)
  })
})

describe('minimum movement (§2 [TEXT L201, L355])', () => {
  it('one square in any direction whatever the cost, but not into walls, past corners or when held', () => {
    const mover = fig('m', 1, 1)
    const terrain: Terrain = [
      { x: 2, y: 2, kind: 'climb' },
      { x: 2, y: 2, kind: 'difficult' }
    ]
    const state = board([mover], terrain, {}, [[0, 1]])
    expect(minimumMoveAllowed(state, mover, c(2, 2))).toBe(true)
    expect(minimumMoveAllowed(state, mover, c(0, 1))).toBe(false)
    expect(minimumMoveAllowed(state, mover, c(0, 2))).toBe(false)
    expect(minimumMoveAllowed(state, mover, c(3, 3))).toBe(false)
    const pinned = fig('m', 1, 1, { stats: { conditions: ['pinned'] } })
    expect(minimumMoveAllowed(board([pinned]), pinned, c(1, 2))).toBe(false)
  })
})
