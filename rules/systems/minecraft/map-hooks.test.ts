import { describe, expect, it } from 'vitest'
import type { Board, EncounterState } from '../../core/types'
import { hasLineOfSight } from './board'
import { mapHooks } from './map-hooks'
import { readSettings } from './settings'
import { terms } from './terms'
import { makeEncounter } from './test-fixtures'

const hooks = mapHooks as Required<typeof mapHooks>
const es = terms.es as Record<string, string>
const en = terms.en as Record<string, string>

function withBoard(state: EncounterState, patch: Partial<Board>): EncounterState {
  return { ...state, board: { ...state.board, ...patch } }
}

describe('minecraft map features', () => {
  it('reads only impassable ground (G-3: water stops nothing), no lighting, heights (§2 voxel grid)', () => {
    expect(hooks.map.ground).toEqual(['impassable'])
    expect(hooks.map.lighting).toBe(false)
    expect(hooks.map.elevation).toBe(true)
  })

  it('has no area templates and no cover rule', () => {
    expect(mapHooks.areaTemplates).toBeUndefined()
    expect(mapHooks.coverAt).toBeUndefined()
  })
})

describe('minecraft ruler (§2 [TEXT L66], §10 example 7)', () => {
  // Row 0 is ground 0 everywhere except x = 10, which rises 3 blocks; row 1 sits 3 blocks up at x = 0.
  const state = makeEncounter({
    figures: [{ id: 'a', at: [0, 0] }],
    elevation: ['00000000003000000000', '30000000000000000000', ...Array<string>(18).fill('0'.repeat(20))],
    width: 20,
    height: 20
  })
  it.each([
    [{ x: 0, y: 0 }, { x: 10, y: 4 }, 10, '(dx, dy) = (10, 4) on one level → 10'],
    [{ x: 0, y: 0 }, { x: 10, y: 0 }, 13, 'the same distance, 3 blocks higher → 13'],
    [{ x: 0, y: 1 }, { x: 10, y: 1 }, 10, '3 blocks lower: the drop is ignored → 10'],
    [{ x: 3, y: 3 }, { x: 5, y: 5 }, 2, 'a diagonal counts as one square (Chebyshev)']
  ])('%o → %o = %i (%s)', (from, to, squares) => {
    expect(hooks.measure(state, from, to)).toEqual({ value: squares, unit: 'unit.squares' })
    expect(es['unit.squares'] && en['unit.squares']).toBeTruthy()
  })
})

describe('minecraft sight from a figure (§3 [REC], A13)', () => {
  const state = makeEncounter({
    figures: [{ id: 'v', at: [1, 1] }],
    elevation: [
      '00000000',
      '00000000',
      '00040000',
      '00000000',
      '00000000',
      '00000000',
      '00000000',
      '00000000'
    ],
    blocks: [
      [5, 0],
      [5, 1],
      [1, 5]
    ]
  })
  const viewer = state.combatants[0]!

  it('agrees with hasLineOfSight to a figure standing on every square (ground columns and blocks)', () => {
    const settings = readSettings(state)
    let hidden = 0
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        const z = state.board.elevation?.[y * 8 + x] ?? 0
        const expected = hasLineOfSight(state, settings, viewer.pos, { x, y, z })
        if (!expected) hidden++
        expect(hooks.canSee(state, viewer, { x, y }), `${x},${y}`).toBe(expected)
      }
    expect(hidden).toBeGreaterThan(0)
  })

  it('walls and closed doors on edges block, open doors do not', () => {
    const edge = { x: 2, y: 1, side: 'w' as const }
    expect(hooks.canSee(withBoard(state, { walls: [edge] }), viewer, { x: 3, y: 1 })).toBe(false)
    expect(hooks.canSee(withBoard(state, { doors: [{ ...edge, open: true }] }), viewer, { x: 3, y: 1 })).toBe(
      true
    )
    expect(
      hooks.canSee(withBoard(state, { doors: [{ ...edge, open: false }] }), viewer, { x: 3, y: 1 })
    ).toBe(false)
    expect(hooks.canSee(state, viewer, { x: -1, y: 0 })).toBe(false)
  })
})

describe('minecraft conditions on the token (§6)', () => {
  it.each([
    ['alone: nothing', [{ id: 'v', at: [1, 1] as const }], []],
    [
      'an enemy adjacent: engaged',
      [
        { id: 'v', at: [1, 1] as const },
        { id: 'e', at: [2, 2] as const, side: 'b' }
      ],
      ['condition.engaged']
    ],
    [
      'an ally adjacent: not engaged',
      [
        { id: 'v', at: [1, 1] as const },
        { id: 'f', at: [2, 2] as const }
      ],
      []
    ],
    ['out of the fight', [{ id: 'v', at: [1, 1] as const, out: true }], ['condition.out']]
  ])('%s', (_name, figures, expected) => {
    const state = makeEncounter({ figures, activeId: null })
    const got = hooks.conditions(state, state.combatants[0]!)
    expect(got).toEqual(expected)
    for (const key of got) expect(es[key] && en[key], key).toBeTruthy()
  })
})
