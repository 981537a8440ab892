import { describe, expect, it } from 'vitest'
import { forcedDice } from '../../core/rng'
import type { Combatant, EncounterState } from '../../core/types'
import { armorClass, type DefenseContext } from './defense'
import { act, withTurn } from './flow-fixtures'
import type { Cell } from './grid'
import { canEndIn, minimumMoveAllowed, pathCost, stepCost, type MoveMode } from './movement'
import { reachableSquares } from './reachable'
import type { PfSettings } from './settings'
import { footprintFit, squeezedAt, squeezeEvents, squeezeWidth } from './squeeze'
import { hasCondition, readStats } from './stats'
import { pfFigure, pfState, type PfFigurePatch } from './test-fixtures'
import { provocationsAlong } from './threat'

// pathfinder1e.md §2 Squeezing [TEXT L341–347] on our n × n footprints (squeeze.ts): a block squeezes when
// walls leave at least half its width clear, each square entered that way costs 2, and the figure that ends
// its move there is `squeezing` (−4 AC, −4 attack) until it ends a move in the open.

const c = (x: number, y: number): Cell => ({ x, y })
const onMap = (cells: Cell[]) => cells.map(({ x, y }) => ({ x, y, z: 0 }))
const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const ogreAt = (x: number, y: number, patch: PfFigurePatch = {}) =>
  fig('ogre', x, y, { ...patch, stats: { size: 'L', speed: { land: 40 }, ...patch.stats } })
const coverAc = { partial: 2, normal: 4, improved: 8 }
const melee: DefenseContext = { touch: false, vsRanged: false, cover: 'none', coverAc }

// A 1-square-wide corridor down column 5 from y = 3 to y = 8 (walls in columns 4 and 6), open rooms above
// (y ≤ 2) and below (y ≥ 9).
const CORRIDOR: Array<[number, number]> = [3, 4, 5, 6, 7, 8].flatMap((y): Array<[number, number]> => [
  [4, y],
  [6, y]
])

function board(
  figures: Combatant[],
  blocks: Array<[number, number]> = CORRIDOR,
  terrain: PfSettings['terrain'] = []
): EncounterState {
  return pfState(figures, { blocks, settings: { terrain } })
}

describe('squeeze positions of a footprint (§2 [TEXT L341–347])', () => {
  const state = board([])
  it.each([
    ['a Medium figure fills its one square: open', 1, c(5, 4), 'free'],
    ['…and never squeezes: a wall square is a wall', 1, c(4, 4), null],
    ['a Large block in the open room', 2, c(4, 0), 'free'],
    ['a Large block with one column in the corridor, the other in the wall: squeeze', 2, c(4, 4), 'squeeze'],
    ['…anchored on the other wall: the same squeeze', 2, c(5, 4), 'squeeze'],
    ['…entering the corridor: its bottom row half in the wall', 2, c(4, 2), 'squeeze'],
    // An artefact of the top-left anchor: beside the corridor's outer wall the block may also be placed
    // overlapping it: a legal but needless squeeze, which a player may choose and the −4 makes a poor choice.
    ['a Large block overlapping the outside of a wall: a squeeze too', 2, c(3, 4), 'squeeze'],
    ['a Large block off the board: the edge is no wall to squeeze against', 2, c(29, 4), null],
    ['a Huge block needs 2 of its 3 columns clear: a 1-square corridor is too narrow', 3, c(4, 4), null]
  ] as const)('%s', (_label, side, pos, fit) => {
    expect(footprintFit(state, pos, side)).toBe(fit)
  })

  it('half the width, rounded up: 1 of 2, 2 of 3, 2 of 4, 3 of 6 squares', () => {
    expect([1, 2, 3, 4, 6].map(squeezeWidth)).toEqual([1, 1, 2, 2, 3])
    // A 2-square corridor (columns 5–6) lets a Huge figure squeeze; a Gargantuan one too (2 of 4).
    const wide = board(
      [],
      [3, 4, 5].flatMap((y): Array<[number, number]> => [
        [4, y],
        [7, y]
      ])
    )
    expect(footprintFit(wide, c(5, 3), 3)).toBe('squeeze')
    expect(footprintFit(wide, c(4, 3), 4)).toBe('squeeze')
    expect(footprintFit(state, c(4, 3), 4)).toBeNull()
  })

  it('walls on two sides of the band (diagonal pair in the block) leave no clear row or column', () => {
    const diagonal = board(
      [],
      [
        [1, 0],
        [0, 1]
      ]
    )
    expect(footprintFit(diagonal, c(0, 0), 2)).toBeNull()
  })
})

describe('a Large ogre down a 1-square corridor (§2 [TEXT L341–343])', () => {
  const ogre = ogreAt(4, 0)
  const down = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => c(4, from + i))

  it('each square entered while squeezing costs 2; out into the open again costs 1', () => {
    const state = board([ogre])
    expect(stepCost(state, ogre, c(4, 0), c(4, 1), 0)).toEqual({ cost: 1, parity: 0 })
    expect(stepCost(state, ogre, c(4, 1), c(4, 2), 0)).toEqual({ cost: 2, parity: 0 })
    expect(pathCost(state, ogre, down(1, 5), 0)).toEqual({ cost: 1 + 4 * 2, parity: 0 })
    // Through and out at the bottom: rows 1 … 7 free then squeezed, (4, 8) still in the corridor, (4, 9) out.
    const through = [...down(1, 8), c(4, 9)]
    expect(pathCost(state, ogre, through, 0)?.cost).toBe(1 + 7 * 2 + 1)
    expect(reachableSquares(state, ogre, { budget: 9, parity: 0, mode: 'move' }).get('4,5')?.cost).toBe(9)
  })

  it('stacks with difficult terrain: doubled twice, 4 a square (§2 [TEXT L351–353])', () => {
    const state = board([ogre], CORRIDOR, [{ x: 5, y: 3, kind: 'difficult' }])
    expect(stepCost(state, ogre, c(4, 1), c(4, 2), 0)?.cost).toBe(4)
  })

  it('a diagonal into a squeeze position costs 3, and never cuts a wall corner [TEXT L305]', () => {
    // A notch: the corridor's right wall starts one row lower, so the ogre may step diagonally into it.
    const notch = CORRIDOR.filter(([x, y]) => !(x === 6 && y === 3))
    const state = board([ogre], notch)
    expect(stepCost(state, ogre, c(5, 1), c(4, 2), 0)).toEqual({ cost: 3, parity: 1 })
    // Cutting the corridor's mouth corner: the open square (4, 2) would slip past the wall at (4, 3).
    expect(stepCost(board([ogre]), ogre, c(4, 1), c(5, 2), 0)).toBeNull()
  })

  it('ends its move squeezing: −4 AC through armorClass; the open room below ends it', () => {
    const start = withTurn(board([ogre, fig('foe', 20, 20, { side: 'b' })]), 'ogre')
    const before = armorClass(ogre, melee)
    const inside = act(start, { kind: 'move', actorId: 'ogre', path: onMap(down(1, 5)) }, forcedDice([]))
    expect(inside.events).toContainEqual(expect.objectContaining({ type: 'stats.set', id: 'ogre' }))
    const squeezed = inside.state.combatants.find((f) => f.id === 'ogre')!
    expect(squeezed.pos).toMatchObject({ x: 4, y: 5 })
    expect(hasCondition(readStats(squeezed), 'squeezing')).toBe(true)
    expect(armorClass(squeezed, melee)).toBe(before - 4)
    const out = act(
      withTurn(inside.state, 'ogre'),
      { kind: 'move', actorId: 'ogre', path: onMap([...down(6, 8), c(4, 9), c(4, 10)]) },
      forcedDice([])
    )
    const free = out.state.combatants.find((f) => f.id === 'ogre')!
    expect(hasCondition(readStats(free), 'squeezing')).toBe(false)
    expect(armorClass(free, melee)).toBe(before)
  })

  it('squeezeEvents: nothing to say when the condition already matches the square', () => {
    const state = board([ogre])
    expect(squeezeEvents(state, 'ogre')).toEqual([])
    const inside = board([ogreAt(4, 5, { stats: { conditions: ['squeezing'] } })])
    expect(squeezedAt(inside, inside.combatants[0]!)).toBe(true)
    expect(squeezeEvents(inside, 'ogre')).toEqual([])
  })

  it('a move or withdraw may squeeze; a run, charge or 5-ft step may not (hampered movement)', () => {
    const state = board([ogre])
    const cases: Array<[MoveMode, boolean]> = [
      ['move', true],
      ['withdraw', true],
      ['run', false],
      ['charge', false],
      ['step', false]
    ]
    for (const [mode, legal] of cases)
      expect(stepCost(state, ogre, c(4, 1), c(4, 2), 0, { mode }) !== null, mode).toBe(legal)
    // The minimum move of a full-round action may squeeze (passable terrain, [TEXT L355]).
    expect(minimumMoveAllowed(board([ogreAt(4, 1)]), ogreAt(4, 1), c(4, 2))).toBe(true)
  })

  it('[TEXT L345]: it may squeeze past an ally but not end its move in its square; an enemy stops it', () => {
    const ally = fig('ally', 5, 4)
    const state = board([ogre, ally])
    expect(pathCost(state, ogre, down(1, 6), 0)?.cost).toBe(1 + 5 * 2)
    expect(canEndIn(state, ogre, c(4, 4))).toBe(false)
    expect(pathCost(state, ogre, down(1, 4), 0)).toBeNull()
    const foe = fig('foe', 5, 4, { side: 'b' })
    expect(pathCost(board([ogre, foe]), ogre, down(1, 6), 0)).toBeNull()
  })
})

describe('creatures never make a squeeze; small figures never squeeze', () => {
  it('a Medium figure in open terrain and down the corridor moves at 1 a square, never squeezing', () => {
    const hero = fig('hero', 5, 0)
    const state = board([hero])
    const reach = reachableSquares(state, hero, { budget: 8, parity: 0, mode: 'move' })
    for (const r of reach.values()) {
      expect(footprintFit(state, r.cell, 1)).toBe('free')
      expect(r.cost).toBe(pathCost(board([hero], []), hero, r.path, 0)?.cost)
    }
    expect(reach.get('5,8')?.cost).toBe(8)
    const moved = act(
      withTurn(board([hero, fig('foe', 20, 20, { side: 'b' })]), 'hero'),
      { kind: 'move', actorId: 'hero', path: onMap([c(5, 1), c(5, 2), c(5, 3), c(5, 4)]) },
      forcedDice([])
    )
    expect(moved.events.some((e) => e.type === 'stats.set')).toBe(false)
  })

  it('a Large figure beside an enemy is blocked, not squeezed; in the open it never squeezes', () => {
    const ogre = ogreAt(0, 10)
    const state = board([ogre, fig('foe', 3, 11, { side: 'b' })], [])
    expect(stepCost(state, ogre, c(1, 10), c(2, 10), 0)).toBeNull()
    const reach = reachableSquares(board([ogre], []), ogre, { budget: 6, parity: 0, mode: 'move' })
    for (const r of reach.values()) expect(footprintFit(state, r.cell, 2)).toBe('free')
  })
})

describe('the least-provoking, then cheapest, search still holds with squeezing (§3.4)', () => {
  const ogre = ogreAt(4, 0)
  const figures = [ogre, fig('e1', 2, 4, { side: 'b' }), fig('e2', 7, 1, { side: 'b' }), fig('ally', 5, 6)]
  const state = board(figures, CORRIDOR, [{ x: 3, y: 1, kind: 'difficult' }])

  it('every listed path is legal, costs what it says and provokes whom it says', () => {
    for (const mode of ['move', 'withdraw'] as const) {
      const reach = reachableSquares(state, ogre, { budget: 12, parity: 0, mode })
      expect([...reach.values()].some((r) => squeezedAt(state, ogre, r.cell))).toBe(true)
      for (const r of reach.values()) {
        if (r.path.length === 0) continue
        expect(pathCost(state, ogre, r.path, 0)).toEqual({ cost: r.cost, parity: r.parity })
        const along = provocationsAlong(state, ogre, r.path, { mode }).map((p) => p.reactorId)
        expect(along.sort()).toEqual([...r.provokes].sort())
      }
    }
  })

  it('matches brute force over every path within 5 squares', () => {
    const budget = 5
    const best = new Map<string, [number, number]>()
    const walk = (path: Cell[], at: Cell, spent: number, parity: 0 | 1) => {
      const last = path[path.length - 1]
      if (last && canEndIn(state, ogre, last)) {
        const count = provocationsAlong(state, ogre, path, { mode: 'move' }).length
        const key = `${last.x},${last.y}`
        const score: [number, number] = [count, 2 * spent + parity]
        const known = best.get(key)
        if (!known || score[0] < known[0] || (score[0] === known[0] && score[1] < known[1]))
          best.set(key, score)
      }
      if (path.length === 5) return
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          if (dx === 0 && dy === 0) continue
          const to = c(at.x + dx, at.y + dy)
          const step = stepCost(state, ogre, at, to, parity)
          if (step && spent + step.cost <= budget) walk([...path, to], to, spent + step.cost, step.parity)
        }
    }
    walk([], ogre.pos, 0, 0)
    const reach = reachableSquares(state, ogre, { budget, parity: 0, mode: 'move' })
    best.delete('4,0')
    expect([...reach.values()].some((r) => squeezedAt(state, ogre, r.cell))).toBe(true)
    for (const [key, [count, weight]] of best) {
      const r = reach.get(key)
      expect(r && [r.provokes.length, 2 * r.cost + r.parity], key).toEqual([count, weight])
    }
    expect(reach.size - 1).toBe(best.size)
  })
})
