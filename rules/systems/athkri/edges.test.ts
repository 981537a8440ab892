import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState, GroundCell } from '../../core/types'
import { athkri } from '.'
import { hasLineOfSight } from './board'
import { readSettings, type AthkriSettings } from './settings'
import { figure, makeEncounter, type FigureSpec } from './test-fixtures'

// Issue 6: walls and doors on square edges and painted ground in the Athkri rules. athkri.md §3 walks
// 8-neighbour steps with the whole footprint; it has no terrain costs (its obstacles are cover squares in
// the settings), so only impassable ground is read.

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
  ground?: GroundCell[]
}

const walker: FigureSpec = { id: 'a', side: 'heroes', at: [2, 2] }
const foe: FigureSpec = { id: 'b', side: 'monsters', at: [8, 2] }

function scene(spec: MapSpec = {}, settings: Partial<AthkriSettings> = {}, first = walker): EncounterState {
  const state = makeEncounter({ width: 12, height: 8, settings, figures: [first, foe] })
  return { ...state, board: { ...state.board, ...spec } }
}

const move = (...squares: Array<[number, number]>): Action => ({
  kind: 'move',
  actorId: 'a',
  path: squares.map(([x, y]) => ({ x, y, z: 0 }))
})
const endsAt = (state: EncounterState, x: number, y: number) =>
  athkri.legalActions(state, 'a').find((a) => {
    const last = a.kind === 'move' ? a.path?.[a.path.length - 1] : undefined
    return last?.x === x && last.y === y
  })

describe('walls and doors on edges (athkri.md §3)', () => {
  it('§3: a step through a wall or closed door is refused; the walk goes round; an open door lets it through', () => {
    expect(athkri.validate(scene(), move([3, 2]))).toBeNull()
    expect(athkri.validate(scene({ walls: [w(3, 2)] }), move([3, 2]))?.code).toBe('blocked')
    expect(athkri.validate(scene({ doors: [{ ...w(3, 2), open: false }] }), move([3, 2]))?.code).toBe(
      'blocked'
    )
    expect(athkri.validate(scene({ doors: [{ ...w(3, 2), open: true }] }), move([3, 2]))).toBeNull()
    expect(endsAt(scene(), 3, 2)?.path).toHaveLength(1)
    expect(endsAt(scene({ walls: [w(3, 2)] }), 3, 2)?.path).toHaveLength(3)
  })

  it('[GAP] wallCorner: strict refuses a diagonal past a wall end, loose allows it unless both ways are shut', () => {
    const diagonal = move([3, 3])
    const stub = { walls: [w(3, 3)] }
    expect(readSettings(scene()).wallCorner).toBe('strict')
    expect(athkri.validate(scene(stub), diagonal)?.code).toBe('blocked')
    expect(athkri.validate(scene(stub, { wallCorner: 'loose' }), diagonal)).toBeNull()
    expect(
      athkri.validate(scene({ walls: [w(3, 3), n(3, 3)] }, { wallCorner: 'loose' }), diagonal)?.code
    ).toBe('blocked')
  })

  it('§3 footprints: a Grande figure (2 × 2) crosses no wall beside any of its rows', () => {
    const big: FigureSpec = { id: 'a', side: 'heroes', at: [2, 2], stats: { sizeClass: 'grande' } }
    const east = move([3, 2])
    expect(athkri.validate(scene({}, {}, big), east)).toBeNull()
    // The wall is beside the block's lower row only: a one-square figure in the upper row would pass.
    expect(athkri.validate(scene({ walls: [w(4, 3)] }, {}, big), east)?.code).toBe('blocked')
    expect(athkri.validate(scene({ walls: [w(4, 3)] }), move([3, 2], [4, 2]))).toBeNull()
  })

  it('§5.3 sight: walls and closed doors on edges block it; open doors and painted ground do not', () => {
    const sight = (state: EncounterState) => hasLineOfSight(state, figure(state, 'a'), figure(state, 'b'))
    expect(sight(scene())).toBe(true)
    expect(sight(scene({ walls: [w(5, 2)] }))).toBe(false)
    expect(sight(scene({ doors: [{ ...w(5, 2), open: false }] }))).toBe(false)
    expect(sight(scene({ doors: [{ ...w(5, 2), open: true }] }))).toBe(true)
    expect(sight(scene({ ground: [{ x: 5, y: 2, kind: 'impassable' }] }))).toBe(true)
  })
})

describe('painted ground (athkri.md has no terrain costs)', () => {
  it('impassable ground cannot be entered or stood on; water and difficult ground change nothing', () => {
    const impassable = scene({ ground: [{ x: 3, y: 2, kind: 'impassable' }] })
    expect(athkri.validate(impassable, move([3, 2]))?.code).toBe('blocked')
    expect(endsAt(impassable, 3, 2)).toBeUndefined()
    const wet = scene({
      ground: [
        { x: 3, y: 2, kind: 'water' },
        { x: 4, y: 2, kind: 'difficult' }
      ]
    })
    expect(athkri.legalActions(wet, 'a')).toEqual(athkri.legalActions(scene(), 'a'))
  })
})
