import { describe, expect, it } from 'vitest'
import type { Action, Door, Edge, EncounterState, GroundCell } from '../../core/types'
import { hq2 } from '.'
import { clearSight } from './board'
import { moveActions, pathViolation } from './movement'
import { readSettings, type Hq2Settings } from './settings'
import { figure, makeEncounter } from './test-fixtures'

// Issue 6: walls and doors on square edges and painted ground in the HQ2 rules. hq2.md §2 says LOS "is
// blocked by walls or doors"; it has no difficult terrain or water, so only impassable ground is read.

const step = (x: number, y: number) => ({ x, y, z: 0 })
const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const n = (x: number, y: number): Edge => ({ x, y, side: 'n' })

interface MapSpec {
  walls?: Edge[]
  doors?: Door[]
  ground?: GroundCell[]
}

// The rogue at (2, 5) facing east with 6 MP and its maneuver skills; the orc at (6, 5).
function scene(spec: MapSpec = {}, settings: Partial<Hq2Settings> = {}): EncounterState {
  const state = makeEncounter({
    settings,
    beings: [
      {
        id: 'rogue',
        side: 'heroes',
        at: [2, 5],
        facing: 2,
        stats: {
          attackBase: 8,
          movement: { fixed: 6 },
          skills: { cargar: 1, acrobacias: 2, moverseEnSilencio: 2 }
        }
      },
      { id: 'orc', side: 'bm', at: [6, 5], facing: 6, stats: { kind: 'monster', seat: 0 } }
    ]
  })
  return { ...state, board: { ...state.board, ...spec } }
}

const moves = (state: EncounterState) => moveActions(state, readSettings(state), figure(state, 'rogue'), 6)
const endsAt = (actions: Action[], x: number, y: number) =>
  actions.find((a) => {
    const last = a.path?.[a.path.length - 1]
    return last?.x === x && last.y === y
  })

describe('walls and doors on edges (hq2.md §2)', () => {
  it('§2 G6: a step through a wall is refused; the move goes round it, paying the extra MP', () => {
    const open = scene()
    const walled = scene({ walls: [w(3, 5)] })
    expect(endsAt(moves(open), 3, 5)?.path).toHaveLength(1)
    expect(endsAt(moves(walled), 3, 5)?.path).toHaveLength(3)
    expect(pathViolation(walled, readSettings(walled), figure(walled, 'rogue'), [step(3, 5)])).toEqual({
      code: 'blocked',
      params: { x: 3, y: 5 }
    })
    expect(hq2.validate(walled, { kind: 'move', actorId: 'rogue', path: [step(3, 5)] })).toEqual({
      code: 'blocked',
      params: { x: 3, y: 5 }
    })
  })

  it('a closed door is a wall, an open door is not', () => {
    const closed = scene({ doors: [{ ...w(3, 5), open: false }] })
    const opened = scene({ doors: [{ ...w(3, 5), open: true }] })
    const path = [step(3, 5)]
    expect(hq2.validate(closed, { kind: 'move', actorId: 'rogue', path })?.code).toBe('blocked')
    expect(hq2.validate(opened, { kind: 'move', actorId: 'rogue', path })).toBeNull()
  })

  it('[GAP] wallCorner: with diagonal moves, strict refuses a diagonal past a wall end; loose allows it', () => {
    // A wall on the left edge of (3, 6): its top end is the corner the diagonal (2,5)→(3,6) passes.
    const map = { walls: [w(3, 6)] }
    const diagonal = [step(3, 6)]
    const strict = scene(map, { allowDiagonalMove: true })
    const loose = scene(map, { allowDiagonalMove: true, wallCorner: 'loose' })
    expect(readSettings(strict).wallCorner).toBe('strict')
    expect(hq2.validate(strict, { kind: 'move', actorId: 'rogue', path: diagonal })?.code).toBe('blocked')
    expect(hq2.validate(loose, { kind: 'move', actorId: 'rogue', path: diagonal })).toBeNull()
    // Loose lets it pass an L that leaves one way round open, and refuses it when both ways are shut.
    const ell = scene({ walls: [w(3, 6), n(2, 6)] }, { allowDiagonalMove: true, wallCorner: 'loose' })
    expect(hq2.validate(ell, { kind: 'move', actorId: 'rogue', path: diagonal })).toBeNull()
    const shut = scene({ walls: [w(3, 6), n(3, 6)] }, { allowDiagonalMove: true, wallCorner: 'loose' })
    expect(hq2.validate(shut, { kind: 'move', actorId: 'rogue', path: diagonal })?.code).toBe('blocked')
    const sealed = scene({ walls: [w(3, 6), w(3, 5)] }, { allowDiagonalMove: true, wallCorner: 'loose' })
    expect(hq2.validate(sealed, { kind: 'move', actorId: 'rogue', path: diagonal })?.code).toBe('blocked')
  })

  it('§3.2 Cargar stops at a wall across its run; Acrobacias leaps beings, not walls', () => {
    const charge: Action = {
      kind: 'charge',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(3, 5), step(4, 5), step(5, 5)]
    }
    expect(hq2.validate(scene(), charge)).toBeNull()
    const walled = scene({ walls: [w(4, 5)] })
    expect(hq2.validate(walled, charge)?.code).toBe('blocked')
    expect(hq2.legalActions(walled, 'rogue').filter((a) => a.kind === 'charge')).toEqual([])
    const leap: Action = {
      kind: 'acrobatics',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(3, 5), step(4, 5), step(5, 5)]
    }
    expect(hq2.validate(scene(), leap)).toBeNull()
    expect(hq2.validate(walled, leap)?.code).toBe('blocked')
  })

  it('§2 [REC] LOS: walls and closed doors on edges block sight; open doors and painted ground do not', () => {
    const a = { x: 2, y: 5 }
    const b = { x: 6, y: 5 }
    expect(clearSight(scene(), a, b)).toBe(true)
    expect(clearSight(scene({ walls: [w(4, 5)] }), a, b)).toBe(false)
    expect(clearSight(scene({ doors: [{ ...w(4, 5), open: false }] }), a, b)).toBe(false)
    expect(clearSight(scene({ doors: [{ ...w(4, 5), open: true }] }), a, b)).toBe(true)
    expect(clearSight(scene({ ground: [{ x: 4, y: 5, kind: 'impassable' }] }), a, b)).toBe(true)
    // A wall beside the line (one row up) stops nothing.
    expect(clearSight(scene({ walls: [w(4, 4)] }), a, b)).toBe(true)
  })
})

describe('painted ground (hq2.md has no terrain costs)', () => {
  it('impassable ground cannot be entered; difficult ground and water cost nothing extra', () => {
    const impassable = scene({ ground: [{ x: 3, y: 5, kind: 'impassable' }] })
    expect(hq2.validate(impassable, { kind: 'move', actorId: 'rogue', path: [step(3, 5)] })?.code).toBe(
      'blocked'
    )
    expect(endsAt(moves(impassable), 3, 5)).toBeUndefined()
    const slow = scene({
      ground: [
        { x: 3, y: 5, kind: 'difficult' },
        { x: 4, y: 5, kind: 'water' }
      ]
    })
    expect(endsAt(moves(slow), 5, 5)?.path).toHaveLength(3)
    expect(moves(slow)).toEqual(moves(scene()))
  })
})
