import { describe, expect, it } from 'vitest'
import type { Board, Combatant, Door, Edge, EncounterState, GroundCell } from '../../core/types'
import { chargeLane, runLane } from './charge'
import { coverBetween, lineOfSight } from './cover'
import { pushBlock } from './maneuver-bull-rush'
import { canEndIn, minimumMoveAllowed, pathCost, stepCost } from './movement'
import { reachableSquares } from './reachable'
import { pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

// Issue 6: walls and doors on square edges and painted ground (`board.walls`, `board.doors`,
// `board.ground`) read by the Pathfinder movement and sight rules.

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const c = (x: number, y: number) => ({ x, y })
const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
  ground?: GroundCell[]
}

function map(figures: Combatant[], spec: MapSpec = {}, blocks: Array<[number, number]> = []): EncounterState {
  const state = pfState(figures, { width: 12, height: 12, blocks })
  const board: Board = { ...state.board, ...spec }
  return { ...state, board }
}

const reach = (
  state: EncounterState,
  mover: Combatant,
  budget = 6,
  mode: 'move' | 'run' | 'charge' = 'move'
) => reachableSquares(state, mover, { budget, parity: 0, mode })

describe('walls on edges stop movement (pathfinder1e.md §2)', () => {
  it('§2: an orthogonal step through a wall is refused, both ways; the search walks round it', () => {
    const mover = fig('m', 1, 1)
    const state = map([mover], { walls: [w(2, 1)] })
    expect(stepCost(state, mover, c(1, 1), c(2, 1), 0)).toBeNull()
    const east = fig('e', 2, 1)
    expect(stepCost(map([east], { walls: [w(2, 1)] }), east, c(2, 1), c(1, 1), 0)).toBeNull()
    // Round the wall's end by orthogonal steps: both diagonals onto (2,1) pass a corner the wall touches.
    const there = reach(state, mover).get('2,1')
    expect(there?.cost).toBe(3)
    expect(there?.path.length).toBe(3)
    // The same board without the wall: one square.
    expect(reach(map([mover]), mover).get('2,1')?.cost).toBe(1)
  })

  it('§2 [TEXT L305–307]: no diagonal past a corner a wall touches (strict), even as a 5-ft step', () => {
    const mover = fig('m', 1, 1)
    // A wall on the left edge of (2,2), from corner (2,2) down: the diagonal (1,1)→(2,2) passes its end.
    const state = map([mover], { walls: [w(2, 2)] })
    expect(stepCost(state, mover, c(1, 1), c(2, 2), 0)).toBeNull()
    expect(reach(state, mover, 1, 'move').has('2,2')).toBe(false)
    expect(reachableSquares(state, mover, { budget: 1, parity: 0, mode: 'step' }).has('2,2')).toBe(false)
    expect(minimumMoveAllowed(state, mover, c(2, 2))).toBe(false)
    // The other diagonals are free.
    expect(stepCost(state, mover, c(1, 1), c(0, 2), 0)).toEqual({ cost: 1, parity: 1 })
    expect(minimumMoveAllowed(state, mover, c(0, 0))).toBe(true)
  })

  it('§2: a closed door is a wall; an open one is not', () => {
    const mover = fig('m', 1, 1)
    const closed = map([mover], { doors: [{ ...w(2, 1), open: false }] })
    const open = map([mover], { doors: [{ ...w(2, 1), open: true }] })
    expect(pathCost(closed, mover, [c(2, 1)], 0)).toBeNull()
    expect(pathCost(open, mover, [c(2, 1)], 0)).toEqual({ cost: 1, parity: 0 })
  })

  it('§2 footprints: a Large figure crosses no wall with any of its rows, and never ends astride one', () => {
    const big = fig('big', 1, 1, { stats: { size: 'L' } })
    // A wall beside the block's lower row only.
    const state = map([big], { walls: [w(3, 2)] })
    expect(stepCost(state, big, c(1, 1), c(2, 1), 0)).toBeNull()
    // A wall stub between (3,0) and (3,1): moving north-east would put it inside the block.
    const stub = map([big], { walls: [n(3, 1)] })
    expect(stepCost(stub, big, c(1, 1), c(2, 0), 0)).toBeNull()
    expect(stepCost(stub, big, c(1, 1), c(1, 2), 0)).not.toBeNull()
  })

  it('§3.2: a run and a charge stop at a wall on their lane', () => {
    const runner = fig('r', 0, 1)
    const path = [c(1, 1), c(2, 1), c(3, 1), c(4, 1)]
    expect(runLane(map([runner]), runner, path)).toBe(true)
    expect(runLane(map([runner], { walls: [w(3, 1)] }), runner, path)).toBe(false)
    // A diagonal charge: a wall stub whose end touches a corner of the lane stops it (strict corner rule),
    // while the target stays in sight past the stub.
    const charger = fig('c', 0, 0)
    const target = fig('t', 6, 6, { side: 'b' })
    expect(chargeLane(map([charger, target]), charger, target)).toEqual({
      path: [c(1, 1), c(2, 2), c(3, 3), c(4, 4), c(5, 5)]
    })
    const stub = map([charger, target], { walls: [w(3, 3)] })
    expect(lineOfSight(stub, charger, target)).toBe(true)
    expect(chargeLane(stub, charger, target)).toEqual({ violation: 'chargeBlocked' })
  })

  it('§4 bull rush: a push into a wall on an edge is stopped as by a wall square', () => {
    const target = fig('t', 2, 2, { side: 'b' })
    expect(pushBlock(map([target]), target, c(1, 0))).toBeNull()
    expect(pushBlock(map([target], { walls: [w(3, 2)] }), target, c(1, 0))).toEqual({ obstacle: 'block' })
  })
})

describe('painted ground (pathfinder1e.md §2, §3.1)', () => {
  it('§2 [TEXT L329–333]: difficult ground costs 2 a square, 3 on a diagonal, and forbids run, charge, 5-ft step', () => {
    const mover = fig('m', 1, 1)
    const state = map([mover], {
      ground: [
        { x: 2, y: 1, kind: 'difficult' },
        { x: 2, y: 2, kind: 'difficult' }
      ]
    })
    expect(stepCost(state, mover, c(1, 1), c(2, 1), 0)).toEqual({ cost: 2, parity: 0 })
    expect(stepCost(state, mover, c(1, 1), c(2, 2), 0)?.cost).toBe(3)
    expect(stepCost(state, mover, c(1, 1), c(2, 1), 0, { mode: 'run' })).toBeNull()
    expect(stepCost(state, mover, c(1, 1), c(2, 1), 0, { mode: 'charge' })).toBeNull()
    expect(reachableSquares(state, mover, { budget: 1, parity: 0, mode: 'step' }).has('2,1')).toBe(false)
    // Settings terrain and painted ground are one: the same square painted and listed costs the same.
    const listed = pfState([mover], {
      width: 12,
      height: 12,
      settings: { terrain: [{ x: 2, y: 1, kind: 'difficult' }] }
    })
    expect(stepCost(listed, mover, c(1, 1), c(2, 1), 0)).toEqual(stepCost(state, mover, c(1, 1), c(2, 1), 0))
  })

  it('§3.1 Move ("swim at ¼ speed"): water costs 4 a square without a swim speed, 1 with one; no 5-ft step', () => {
    const walker = fig('m', 1, 1)
    const swimmer = fig('s', 1, 1, { stats: { speed: { land: 30, swim: 30 } } })
    const ground: GroundCell[] = [{ x: 2, y: 1, kind: 'water' }]
    expect(stepCost(map([walker], { ground }), walker, c(1, 1), c(2, 1), 0)).toEqual({ cost: 4, parity: 0 })
    expect(stepCost(map([swimmer], { ground }), swimmer, c(1, 1), c(2, 1), 0)).toEqual({ cost: 1, parity: 0 })
    expect(
      reachableSquares(map([walker], { ground }), walker, { budget: 1, parity: 0, mode: 'step' }).has('2,1')
    ).toBe(false)
  })

  it('§2: impassable ground is never entered, yet a diagonal passes its corner and sight crosses it', () => {
    const mover = fig('m', 1, 1)
    const state = map([mover], { ground: [{ x: 2, y: 1, kind: 'impassable' }] })
    expect(stepCost(state, mover, c(1, 1), c(2, 1), 0)).toBeNull()
    expect(canEndIn(state, mover, c(2, 1))).toBe(false)
    expect(reach(state, mover).has('2,1')).toBe(false)
    // "You may move diagonally past ... impassable obstacles such as pits": not a wall corner.
    expect(stepCost(state, mover, c(1, 1), c(2, 2), 0)).toEqual({ cost: 1, parity: 1 })
    const viewer = fig('v', 0, 1)
    const target = fig('t', 4, 1, { side: 'b' })
    expect(
      lineOfSight(map([viewer, target], { ground: [{ x: 2, y: 1, kind: 'impassable' }] }), viewer, target)
    ).toBe(true)
  })
})

describe('walls on edges stop sight and give cover (pathfinder1e.md §4.5, §4.6)', () => {
  const archer = fig('a', 1, 1)
  const target = fig('t', 5, 1, { side: 'b' })

  it('§4.6: a wall across every line hides the target; the same wall as an open door does not', () => {
    const tall = [w(3, 0), w(3, 1), w(3, 2)]
    expect(lineOfSight(map([archer, target], { walls: tall }), archer, target)).toBe(false)
    expect(coverBetween(map([archer, target], { walls: tall }), archer, target, 'ranged')).toBe('total')
    const doors = tall.map((e) => ({ ...e, open: true }))
    expect(lineOfSight(map([archer, target], { doors }), archer, target)).toBe(true)
    expect(coverBetween(map([archer, target], { doors }), archer, target, 'ranged')).toBe('none')
  })

  it('§4.6: a wall cutting some lines gives cover; one along the row beside the line gives none', () => {
    // A one-square wall across the archer's row: lines to a target one row lower pass below its end or cut it.
    const lower = fig('t', 5, 2, { side: 'b' })
    const across = map([archer, lower], { walls: [w(3, 1)] })
    expect(lineOfSight(across, archer, lower)).toBe(true)
    expect(coverBetween(across, archer, lower, 'ranged')).toBe('normal')
    expect(coverBetween(map([archer, lower]), archer, lower, 'ranged')).toBe('none')
    // A wall running along the row's top edge: the lines graze it, so it stops none of them.
    const along = map([archer, target], { walls: [n(2, 1), n(3, 1), n(4, 1)] })
    expect(coverBetween(along, archer, target, 'ranged')).toBe('none')
  })

  it('§4.6 melee: a wall between side-by-side figures shuts them off; one on a diagonal corner gives cover', () => {
    const a = fig('a', 1, 1)
    const side = fig('s', 2, 1, { side: 'b' })
    const shut = map([a, side], { walls: [w(2, 1)] })
    expect(lineOfSight(shut, a, side)).toBe(false)
    expect(coverBetween(shut, a, side, 'melee')).toBe('total')
    const diagonal = fig('d', 2, 2, { side: 'b' })
    const corner = map([a, diagonal], { walls: [w(2, 2)] })
    expect(lineOfSight(corner, a, diagonal)).toBe(true)
    expect(coverBetween(corner, a, diagonal, 'melee')).toBe('normal')
    expect(coverBetween(map([a, diagonal]), a, diagonal, 'melee')).toBe('none')
  })

  it('a figure standing against a wall does not see through it (its corners lie on the wall)', () => {
    const inside = fig('i', 1, 1)
    const outside = fig('o', 1, 3, { side: 'b' })
    const wall = [n(0, 2), n(1, 2), n(2, 2), n(3, 2)]
    expect(lineOfSight(map([inside, outside], { walls: wall }), inside, outside)).toBe(false)
    expect(lineOfSight(map([inside, outside]), inside, outside)).toBe(true)
  })
})

describe('boards without the new fields', () => {
  it('empty wall, door and ground lists change nothing the movement search finds', () => {
    const mover = fig('m', 3, 3)
    const other = fig('o', 5, 3, { side: 'b' })
    const plain = reach(map([mover, other]), mover)
    const empty = reach(map([mover, other], { walls: [], doors: [], ground: [] }), mover)
    expect([...empty.entries()]).toEqual([...plain.entries()])
  })
})
