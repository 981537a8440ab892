import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState, GroundCell } from '../../core/types'
import { minecraft } from '.'
import { hasLineOfSight, knockbackOutcome } from './board'
import { readSettings, type McSettings } from './settings'
import { figure, makeEncounter } from './test-fixtures'

// Issue 6: walls and doors on square edges and painted ground in the Minecraft rules. minecraft.md G-3:
// solid blocks and figures stop a knockback, water and air do not; it has no terrain costs, so only
// impassable ground is read (it cannot be entered, and a knockback into it is an impact).

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
  ground?: GroundCell[]
}

// Steve at (2, 2) with a full turn; a zombie at (6, 2).
function scene(spec: MapSpec = {}, settings: Partial<McSettings> = {}): EncounterState {
  const state = makeEncounter({
    width: 9,
    height: 6,
    settings,
    figures: [
      { id: 'h', side: 'heroes', at: [2, 2], creature: 'minecraft:steve' },
      { id: 'm', side: 'monsters', at: [6, 2], creature: 'minecraft:zombie' }
    ]
  })
  return { ...state, board: { ...state.board, ...spec } }
}

const move = (...squares: Array<[number, number]>): Action => ({
  kind: 'move',
  actorId: 'h',
  path: squares.map(([x, y]) => ({ x, y, z: 0 }))
})
const endsAt = (state: EncounterState, x: number, y: number) =>
  minecraft.legalActions(state, 'h').find((a) => {
    const last = a.kind === 'move' ? a.path?.[a.path.length - 1] : undefined
    return last?.x === x && last.y === y
  })

describe('walls and doors on edges (minecraft.md §2, §3)', () => {
  it('§3: a step through a wall or closed door is refused; an open door lets it through', () => {
    expect(minecraft.validate(scene(), move([3, 2]))).toBeNull()
    expect(minecraft.validate(scene({ walls: [w(3, 2)] }), move([3, 2]))?.code).toBe('blocked')
    expect(minecraft.validate(scene({ doors: [{ ...w(3, 2), open: false }] }), move([3, 2]))?.code).toBe(
      'blocked'
    )
    expect(minecraft.validate(scene({ doors: [{ ...w(3, 2), open: true }] }), move([3, 2]))).toBeNull()
    // The search goes round a one-edge wall by orthogonal steps: both diagonals pass a corner it touches.
    expect(endsAt(scene(), 3, 2)?.path).toHaveLength(1)
    expect(endsAt(scene({ walls: [w(3, 2)] }), 3, 2)?.path).toHaveLength(3)
  })

  it('[GAP] wallCorner: strict refuses a diagonal past a wall end, loose allows it unless both ways are shut', () => {
    const diagonal = move([3, 3])
    const stub = { walls: [w(3, 3)] } // the top end of this wall is the corner (3, 3) the diagonal passes
    expect(readSettings(scene()).wallCorner).toBe('strict')
    expect(minecraft.validate(scene(stub), diagonal)?.code).toBe('blocked')
    expect(minecraft.validate(scene(stub, { wallCorner: 'loose' }), diagonal)).toBeNull()
    const shut = { walls: [w(3, 3), n(3, 3)] }
    expect(minecraft.validate(scene(shut, { wallCorner: 'loose' }), diagonal)?.code).toBe('blocked')
  })

  it('§4.2 step 5: a knockback across a wall on an edge is an impact, as into a block; an open door is not', () => {
    const state = scene({ walls: [w(7, 2)] })
    const settings = readSettings(state)
    const zombie = figure(state, 'm')
    expect(knockbackOutcome(state, settings, zombie, { x: 1, y: 0 })).toEqual({
      kind: 'collision',
      at: { x: 7, y: 2, z: 0 },
      obstacle: 'block'
    })
    const opened = scene({ doors: [{ ...w(7, 2), open: true }] })
    expect(knockbackOutcome(opened, settings, figure(opened, 'm'), { x: 1, y: 0 })).toEqual({
      kind: 'push',
      to: { x: 7, y: 2, z: 0 }
    })
    // A diagonal knockback past a wall's end: the strict corner rule stops it too.
    const corner = scene({ walls: [w(7, 3)] })
    expect(knockbackOutcome(corner, settings, figure(corner, 'm'), { x: 1, y: 1 }).kind).toBe('collision')
  })

  it('§2 [REC] sight: walls and closed doors on edges block it at any height; open doors do not', () => {
    const sight = (state: EncounterState) =>
      hasLineOfSight(state, readSettings(state), figure(state, 'h').pos, figure(state, 'm').pos)
    expect(sight(scene())).toBe(true)
    expect(sight(scene({ walls: [w(4, 2)] }))).toBe(false)
    expect(sight(scene({ doors: [{ ...w(4, 2), open: false }] }))).toBe(false)
    expect(sight(scene({ doors: [{ ...w(4, 2), open: true }] }))).toBe(true)
    expect(sight(scene({ walls: [w(4, 1)] }))).toBe(true)
  })
})

describe('painted ground (minecraft.md G-3)', () => {
  it('impassable ground cannot be entered and stops a knockback; water and difficult ground do nothing', () => {
    const impassable = scene({
      ground: [
        { x: 3, y: 2, kind: 'impassable' },
        { x: 7, y: 2, kind: 'impassable' }
      ]
    })
    expect(minecraft.validate(impassable, move([3, 2]))?.code).toBe('blocked')
    expect(endsAt(impassable, 3, 2)).toBeUndefined()
    const settings = readSettings(impassable)
    expect(knockbackOutcome(impassable, settings, figure(impassable, 'm'), { x: 1, y: 0 }).kind).toBe(
      'collision'
    )
    const wet = scene({
      ground: [
        { x: 3, y: 2, kind: 'water' },
        { x: 7, y: 2, kind: 'water' },
        { x: 4, y: 2, kind: 'difficult' }
      ]
    })
    expect(knockbackOutcome(wet, settings, figure(wet, 'm'), { x: 1, y: 0 })).toEqual({
      kind: 'push',
      to: { x: 7, y: 2, z: 0 }
    })
    expect(minecraft.legalActions(wet, 'h')).toEqual(minecraft.legalActions(scene(), 'h'))
  })
})
