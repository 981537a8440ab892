import { describe, expect, it } from 'vitest'
import type { Action, Combatant, Door, Edge, EncounterState } from '../../core/types'
import type { Cell } from './grid'
import { areaCells, areaTargets, lineOfEffectToPoint } from './spell-area'
import { castOf, foe, SPELL, wizard } from './spell-fixtures'
import { validateCast } from './spell-validate'
import { spellById, type PfSpell } from './spells'
import { burstCells } from './templates'
import { pfState } from './test-fixtures'

// Issue 6: spell areas and walls on square edges. pathfinder1e.md §4.6: a square with no line of effect has
// total cover ("cannot be attacked"); [SRD] an area affects only what it has line of effect to from its point
// of origin, and a wall blocks line of effect. So a burst does not spread through a wall or a closed door.

const w = (x: number, y: number): Edge => ({ x, y, side: 'w' })
const column = (x: number, from: number, to: number): Edge[] =>
  Array.from({ length: to - from + 1 }, (_, i) => w(x, from + i))

function scene(figures: Combatant[], spec: { walls?: Edge[]; doors?: Door[] } = {}): EncounterState {
  const state = pfState(figures, { width: 14, height: 12 })
  return { ...state, board: { ...state.board, ...spec } }
}

const sleep = spellById(SPELL.sleep) as PfSpell
const burning = spellById(SPELL.burning) as PfSpell
const at = (x: number, y: number): Partial<Action> => ({ path: [{ x, y, z: 0 }] })
const keys = (cells: readonly Cell[] | undefined) => (cells ?? []).map((c) => `${c.x},${c.y}`).sort()

describe('bursts and walls on edges (pathfinder1e.md §4.6; [SRD] line of effect)', () => {
  // The wizard at (1, 8); sleep (a 10-ft burst: 4 × 4 less the corners, 12 squares) aimed at (5, 5) covers
  // x 3..6, y 3..6 less (3,3), (6,3), (3,6), (6,6).
  const caster = wizard({}, { pos: { x: 1, y: 8 } })
  const cast = castOf(SPELL.sleep, at(5, 5))

  it('a wall beside the burst (x = 6, rows 3..6) keeps out the 2 squares behind it: 12 → 10', () => {
    const open = scene([caster])
    expect(areaCells(open, caster, sleep, cast)).toHaveLength(12)
    const walled = scene([caster], { walls: column(6, 3, 6) })
    const cells = areaCells(walled, caster, sleep, cast)
    expect(cells).toHaveLength(10)
    const behind = keys(burstCells({ x: 5, y: 5 }, 10)).filter((k) => !keys(cells).includes(k))
    expect(behind).toEqual(['6,4', '6,5'])
  })

  it('closed doors in that wall stop it the same; opened, the burst fills all 12 again', () => {
    const doors = (open: boolean): Door[] => column(6, 4, 5).map((e) => ({ ...e, open }))
    const shut = scene([caster], { walls: [w(6, 3), w(6, 6)], doors: doors(false) })
    expect(areaCells(shut, caster, sleep, cast)).toHaveLength(10)
    const opened = scene([caster], { walls: [w(6, 3), w(6, 6)], doors: doors(true) })
    expect(areaCells(opened, caster, sleep, cast)).toHaveLength(12)
  })

  it('a goblin behind the wall is not caught; in front of it, or with the door open, it is', () => {
    const behind = foe('g', 6, 5)
    const walled = scene([caster, behind], { walls: column(6, 3, 6) })
    expect(areaTargets(walled, caster, sleep, cast).map((c) => c.id)).toEqual([])
    const opened = scene([caster, behind], { doors: column(6, 3, 6).map((e) => ({ ...e, open: true })) })
    expect(areaTargets(opened, caster, sleep, cast).map((c) => c.id)).toEqual(['g'])
    const before = foe('g', 5, 5)
    expect(
      areaTargets(scene([caster, before], { walls: column(6, 3, 6) }), caster, sleep, cast)
    ).toHaveLength(1)
  })

  it('a wall through the point of origin: the burst goes to the caster’s side only, 6 squares each way', () => {
    const wall = { walls: column(5, 2, 7) }
    const left = keys(areaCells(scene([caster], wall), caster, sleep, cast))
    expect(left).toEqual(['3,4', '3,5', '4,3', '4,4', '4,5', '4,6'])
    const east = wizard({}, { pos: { x: 11, y: 5 } })
    const right = keys(areaCells(scene([east], wall), east, sleep, castOf(SPELL.sleep, at(5, 5))))
    expect(right).toEqual(['5,3', '5,4', '5,5', '5,6', '6,4', '6,5'])
  })

  it('a point the caster cannot reach past the walls is refused: noLineOfEffect', () => {
    // The wizard boxed in by a wall east of it, the whole height of the board.
    const boxed = scene([caster], { walls: column(3, 0, 11) })
    expect(lineOfEffectToPoint(boxed, caster, { x: 5, y: 5 })).toBe(false)
    expect(validateCast(boxed, caster, cast)?.code).toBe('noLineOfEffect')
    expect(validateCast(scene([caster]), caster, cast)).toBeNull()
    // An intersection on the wall itself is reached from the caster's side.
    expect(lineOfEffectToPoint(boxed, caster, { x: 3, y: 6 })).toBe(true)
  })
})

describe('cones and walls on edges', () => {
  // Burning hands (15-ft cone) east from the wizard at (5, 5): rows .## / ### / .## over x 6..8, y 4..6.
  const caster = wizard()
  const east = castOf(SPELL.burning, { facing: 2 })

  it('a wall one square ahead (x = 7) leaves only the square before it: 7 → 1', () => {
    expect(areaCells(scene([caster]), caster, burning, east)).toHaveLength(7)
    const cells = areaCells(scene([caster], { walls: column(7, 3, 7) }), caster, burning, east)
    expect(keys(cells)).toEqual(['6,5'])
  })

  it('a closed door on the caster’s own front edge stops the whole cone; open, all 7', () => {
    const door = (open: boolean): Door[] => [{ ...w(6, 5), open }]
    expect(areaCells(scene([caster], { doors: door(false) }), caster, burning, east)).toEqual([])
    expect(areaCells(scene([caster], { doors: door(true) }), caster, burning, east)).toHaveLength(7)
  })
})
