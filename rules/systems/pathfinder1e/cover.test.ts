import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import {
  concealmentOf,
  concealmentPercent,
  coverBetween,
  lineContacts,
  lineInside,
  lineOfSight,
  segmentCrossesBox
} from './cover'
import { defaultSettings, type PfSettings } from './settings'
import { longsword, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const c = (x: number, y: number) => ({ x, y })
const column = (x: number, ys: number[]) => ys.map((y): [number, number] => [x, y])
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

function board(
  figures: Combatant[],
  blocks: Array<[number, number]> = [],
  terrain: PfSettings['terrain'] = []
) {
  return pfState(figures, { blocks, settings: { terrain } })
}

describe('exact line geometry (the grazing rule)', () => {
  it('a segment crosses a square only through its interior', () => {
    expect(segmentCrossesBox(c(0, 0), c(2, 2), 1, 1, 2, 2)).toBe(true)
    // Touching the corner (1,1) of the square [1,2]² only.
    expect(segmentCrossesBox(c(0, 2), c(1, 1), 1, 1, 2, 2)).toBe(false)
    // Running along its face.
    expect(segmentCrossesBox(c(0, 1), c(3, 1), 1, 1, 2, 2)).toBe(false)
    expect(lineContacts(c(0, 0), c(3, 1)).inside).toEqual([c(0, 0), c(1, 0), c(2, 0)])
  })

  it('a line along the seam of two wall squares, or between two diagonal walls, is inside the wall', () => {
    const walls = (list: Array<[number, number]>) => (cell: { x: number; y: number }) =>
      list.some(([x, y]) => x === cell.x && y === cell.y)
    expect(lineInside(c(0, 1), c(4, 1), walls([[2, 0]]))).toBe(false)
    expect(
      lineInside(
        c(0, 1),
        c(4, 1),
        walls([
          [2, 0],
          [2, 1]
        ])
      )
    ).toBe(true)
    expect(lineInside(c(0, 0), c(2, 2), walls([[1, 0]]))).toBe(false)
    expect(
      lineInside(
        c(0, 0),
        c(2, 2),
        walls([
          [1, 0],
          [0, 1]
        ])
      )
    ).toBe(true)
  })
})

describe('ranged cover (pathfinder1e.md §4.6 [SRD])', () => {
  it('a clear line: no cover', () => {
    const [a, t] = [fig('a', 0, 0), fig('t', 5, 0, { side: 'b' })]
    expect(coverBetween(board([a, t]), a, t, 'ranged')).toBe('none')
  })

  it('§4.6: shooting past a wall corner — some lines cut the wall → cover (+4)', () => {
    const [a, t] = [fig('a', 0, 0), fig('t', 2, 2, { side: 'b' })]
    expect(coverBetween(board([a, t], [[1, 1]]), a, t, 'ranged')).toBe('normal')
    expect(lineOfSight(board([a, t], [[1, 1]]), a, t)).toBe(true)
  })

  it('§4.6 [TEXT L373]: every line through a wall → total cover, no line of sight', () => {
    const [a, t] = [fig('a', 0, 5), fig('t', 4, 5, { side: 'b' })]
    const state = board([a, t], column(2, range(0, 30)))
    expect(coverBetween(state, a, t, 'ranged')).toBe('total')
    expect(lineOfSight(state, a, t)).toBe(false)
  })

  it('§4.6 [TEXT L365]: a creature in between gives soft cover against ranged attacks only', () => {
    const spear = { ...longsword, id: 'pf1:longspear', reach: true, handedness: 'two' as const }
    const a = fig('a', 0, 0, { stats: { weapons: [spear], wielding: { main: spear.id, off: null } } })
    const t = fig('t', 2, 0, { side: 'b' })
    const state = board([a, t, fig('other', 1, 0, { side: 'b' })])
    expect(coverBetween(state, a, t, 'ranged')).toBe('soft')
    expect(coverBetween(state, a, t, 'melee')).toBe('none')
    // A body on the floor is no screen.
    const body = board([a, t, { ...fig('other', 1, 0, { side: 'b' }), out: true }])
    expect(coverBetween(body, a, t, 'ranged')).toBe('none')
  })

  it('[TEXT L369] by analogy: against a Large figure the shooter picks its most exposed square', () => {
    const a = fig('a', 0, 5)
    const walls = column(4, range(6, 30))
    const big = fig('t', 5, 5, { side: 'b', stats: { size: 'L' } })
    expect(coverBetween(board([a, big], walls), a, big, 'ranged')).toBe('none')
    const small = fig('t', 5, 6, { side: 'b' })
    expect(coverBetween(board([a, small], walls), a, small, 'ranged')).toBe('normal')
  })
})

describe('low walls and arrow slits (§4.6 [TEXT L359], G-3)', () => {
  const low = (x: number, y: number) => [{ x, y, kind: 'lowWall' as const }]
  it.each([
    ['target right behind a low wall: cover', [0, 3], [5, 3], 'normal'],
    ['target more than 30 ft beyond the low wall: none', [0, 3], [12, 3], 'none'],
    ['attacker closer to the low wall than the target: ignored', [3, 3], [8, 3], 'none']
  ] as const)('%s', (_label, from, to, level) => {
    const a = fig('a', from[0], from[1])
    const t = fig('t', to[0], to[1], { side: 'b' })
    expect(coverBetween(board([a, t], [], low(4, 3)), a, t, 'ranged')).toBe(level)
  })

  it('G-3: an arrow slit gives improved cover to the figure behind it, not to the far archer', () => {
    const slit = [{ x: 4, y: 3, kind: 'arrowSlit' as const }]
    const far = fig('a', 0, 3)
    const behind = fig('t', 5, 3, { side: 'b' })
    const state = board([far, behind], [], slit)
    expect(coverBetween(state, far, behind, 'ranged')).toBe('improved')
    expect(coverBetween(state, behind, far, 'ranged')).toBe('none')
  })
})

describe('melee cover (§4.6)', () => {
  const [a, t] = [fig('a', 4, 4), fig('t', 5, 5, { side: 'b' })]
  it.each([
    ['diagonal neighbours, a wall at the corner: cover', [[5, 4]], [], 'normal'],
    ['diagonal neighbours, a low wall at the corner: cover', [], [{ x: 4, y: 5, kind: 'lowWall' }], 'normal'],
    ['diagonal neighbours, nothing between: none', [], [], 'none']
  ] as const)('%s', (_label, blocks, terrain, level) => {
    const state = board(
      [a, t],
      blocks.map(([x, y]) => [x, y]),
      [...terrain]
    )
    expect(coverBetween(state, a, t, 'melee')).toBe(level)
  })

  it('orthogonal neighbours have nothing between them', () => {
    const side = fig('t', 5, 4, { side: 'b' })
    expect(
      coverBetween(
        board(
          [a, side],
          [
            [4, 3],
            [5, 3],
            [4, 5],
            [5, 5]
          ]
        ),
        a,
        side,
        'melee'
      )
    ).toBe('none')
  })

  it('reach melee uses the ranged procedure: a wall corner gives cover', () => {
    const t2 = fig('t', 6, 6, { side: 'b' })
    expect(coverBetween(board([a, t2], [[5, 5]]), a, t2, 'melee')).toBe('normal')
  })
})

describe('concealment (§4.5 [TEXT L377–387])', () => {
  const fog = (x: number, y: number) => ({ x, y, kind: 'fog' as const })
  const dark = (x: number, y: number) => ({ x, y, kind: 'dark' as const })
  const a = fig('a', 0, 0)

  it.each([
    ['in the open', [], {}, {}, 0],
    ['in fog: 20%', [fog(5, 5)], {}, {}, 'partial'],
    ['in darkness: total', [dark(5, 5)], {}, {}, 'total'],
    ['invisible: total', [], {}, { conditions: ['invisible'] }, 'total'],
    ['seen by a blinded attacker: total', [], { conditions: ['blinded'] }, {}, 'total'],
    ['fog around the attacker only: none', [fog(0, 0)], {}, {}, 0]
  ] as const)('target %s', (_label, terrain, attackerStats, targetStats, level) => {
    const shooter = fig('a', 0, 0, { stats: attackerStats as PfFigurePatch['stats'] })
    const t = fig('t', 5, 5, { side: 'b', stats: targetStats as PfFigurePatch['stats'] })
    expect(concealmentOf(board([shooter, t], [], [...terrain]), shooter, t)).toBe(level)
  })

  it('a Large figure half in fog is seen through its clear squares; wholly in fog it is concealed', () => {
    const big = fig('t', 5, 5, { side: 'b', stats: { size: 'L' } })
    expect(concealmentOf(board([a, big], [], [fog(5, 5), fog(6, 5)]), a, big)).toBe(0)
    const all = [fog(5, 5), fog(6, 5), fog(5, 6), dark(6, 6)]
    expect(concealmentOf(board([a, big], [], all), a, big)).toBe('partial')
  })

  it('G-4: miss chances from the settings (20 / 50 by default)', () => {
    expect(concealmentPercent(defaultSettings, 0)).toBe(0)
    expect(concealmentPercent(defaultSettings, 'partial')).toBe(20)
    expect(concealmentPercent(defaultSettings, 'total')).toBe(50)
    expect(concealmentPercent({ concealmentPercent: 25, totalConcealmentPercent: 60 }, 'total')).toBe(60)
  })
})
