import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState, LightArea } from '../../core/types'
import { concealmentOf } from './cover'
import { hasTerrain, squareFlags } from './grid'
import { pfCanSee } from './map-hooks'
import { pfFigure, pfState } from './test-fixtures'

// Issue 6: light and darkness areas on the map (`board.lights`) in the Pathfinder rules. pathfinder1e.md
// §4.5: darkness gives total concealment ("line of effect but no line of sight"); §3.2: no 5-ft step in
// darkness. An area's squares are those within its radius of its centre by §2's count (1-2-1 diagonals,
// "the same formula gives range and reach distances"); a light area cancels darkness where it falls.

const fig = (id: string, x: number, y: number, side = 'a'): Combatant => pfFigure(id, { pos: { x, y }, side })
const dark = (x: number, y: number, radius: number): LightArea => ({
  id: `d${x},${y}`,
  x,
  y,
  radius,
  kind: 'dark'
})
const light = (x: number, y: number, radius: number): LightArea => ({
  id: `l${x},${y}`,
  x,
  y,
  radius,
  kind: 'light'
})

function scene(
  lights?: LightArea[],
  terrain: Array<{ x: number; y: number; kind: 'dark' }> = []
): EncounterState {
  const state = pfState([fig('viewer', 0, 6), fig('orc', 6, 6, 'b')], {
    width: 14,
    height: 14,
    settings: { terrain }
  })
  return lights ? { ...state, board: { ...state.board, lights } } : state
}

const darkSquares = (state: EncounterState) => {
  const out: string[] = []
  for (let y = 0; y < state.board.height; y++)
    for (let x = 0; x < state.board.width; x++) if (hasTerrain(state, { x, y }, 'dark')) out.push(`${x},${y}`)
  return out
}

describe('darkness areas on the map (pathfinder1e.md §4.5, §2 distances)', () => {
  it('a dark area of radius 2 darkens the 21 squares within 2 by the 1-2-1 count (not 25, not 13)', () => {
    const squares = darkSquares(scene([dark(6, 6, 2)]))
    expect(squares).toHaveLength(21)
    // (8, 7) is 2 + ⌊1/2⌋ = 2 away: in; (8, 8) is 2 + ⌊2/2⌋ = 3: out; (7, 7) is 1: in.
    expect(squares).toEqual(expect.arrayContaining(['8,7', '7,7', '6,4', '4,5']))
    expect(squares).not.toContain('8,8')
  })

  it('§4.5: a figure in the dark area has total concealment and is not seen; outside it, none', () => {
    const open = scene()
    const murk = scene([dark(6, 6, 2)])
    const viewer = (s: EncounterState) => s.combatants[0] as Combatant
    const orc = (s: EncounterState) => s.combatants[1] as Combatant
    expect(concealmentOf(open, viewer(open), orc(open))).toBe(0)
    expect(concealmentOf(murk, viewer(murk), orc(murk))).toBe('total')
    expect(pfCanSee(open, viewer(open), { x: 6, y: 6 })).toBe(true)
    expect(pfCanSee(murk, viewer(murk), { x: 6, y: 6 })).toBe(false)
    expect(pfCanSee(murk, viewer(murk), { x: 3, y: 6 })).toBe(true)
  })

  it('a light area cancels the darkness it overlaps: the dark areas and the settings’ dark terrain', () => {
    // The light at the dark area's centre, radius 1: 9 squares (one diagonal counts 1 + ⌊1/2⌋ = 1).
    const lit = darkSquares(scene([dark(6, 6, 2), light(6, 6, 1)]))
    expect(lit).toHaveLength(21 - 9)
    expect(lit).not.toContain('6,6')
    // Light listed before the dark area: the same (light wins, whatever the order).
    expect(darkSquares(scene([light(6, 6, 1), dark(6, 6, 2)]))).toEqual(lit)
    // Settings terrain darkness under a light area is lit too; elsewhere it stays.
    const terrain = [
      { x: 6, y: 6, kind: 'dark' as const },
      { x: 1, y: 1, kind: 'dark' as const }
    ]
    expect(darkSquares(scene(undefined, terrain))).toEqual(['1,1', '6,6'])
    expect(darkSquares(scene([light(6, 6, 1)], terrain))).toEqual(['1,1'])
  })

  it('a board without lights reads exactly as before; the flags follow a change of `board.lights`', () => {
    const before = scene()
    const empty = scene([])
    for (let y = 0; y < 14; y++)
      for (let x = 0; x < 14; x++) expect(squareFlags(empty, { x, y })).toBe(squareFlags(before, { x, y }))
    // Same blocks and settings objects, new lights: the cache must not serve the old grid.
    const lit = { ...before, board: { ...before.board, lights: [dark(2, 2, 0)] } }
    expect(hasTerrain(before, { x: 2, y: 2 }, 'dark')).toBe(false)
    expect(hasTerrain(lit, { x: 2, y: 2 }, 'dark')).toBe(true)
    expect(darkSquares(lit)).toEqual(['2,2'])
  })
})
