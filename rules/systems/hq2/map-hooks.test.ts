import { describe, expect, it } from 'vitest'
import type { Board, EncounterState } from '../../core/types'
import { clearSight } from './board'
import { mapHooks } from './map-hooks'
import { terms } from './terms'
import { makeEncounter } from './test-fixtures'

const hooks = mapHooks as Required<typeof mapHooks>
const es = terms.es as Record<string, string>
const en = terms.en as Record<string, string>

function withBoard(state: EncounterState, patch: Partial<Board>): EncounterState {
  return { ...state, board: { ...state.board, ...patch } }
}

describe('hq2 map features', () => {
  it('reads water (§4.5 armour penalty in water), impassable, lighting (§4.2 G-3) and heights (§4.4)', () => {
    expect([...hooks.map.ground].sort()).toEqual(['impassable', 'water'])
    expect(hooks.map.ground).not.toContain('difficult') // §6: "hindered" is a being's condition, not ground
    expect(hooks.map.lighting).toBe(true)
    expect(hooks.map.elevation).toBe(true)
  })

  it('has no area templates and no map cover (§4.4: "covered" is a condition the BM sets)', () => {
    expect(mapHooks.areaTemplates).toBeUndefined()
    expect(mapHooks.coverAt).toBeUndefined()
  })
})

describe('hq2 ruler (§2: squares; G6 orthogonal moves unless allowDiagonalMove)', () => {
  it.each([
    [3, 0, false, 3, 'three orthogonal steps'],
    [2, 2, false, 4, 'a diagonal offset walked orthogonally: 2 + 2'],
    [-3, 1, false, 4, 'any direction'],
    [2, 2, true, 2, 'with diagonal moves, Chebyshev'],
    [5, -1, true, 5, 'with diagonal moves, the longer side']
  ])('offset (%i, %i), diagonals %s → %i squares (%s)', (dx, dy, allowDiagonalMove, squares) => {
    const state = makeEncounter({ beings: [{ id: 'a', at: [0, 0] }], settings: { allowDiagonalMove } })
    const from = { x: 5, y: 5 }
    expect(hooks.measure(state, from, { x: from.x + dx, y: from.y + dy })).toEqual({
      value: squares,
      unit: 'unit.squares'
    })
    expect(es['unit.squares'] && en['unit.squares']).toBeTruthy()
  })
})

describe('hq2 sight from a being (§2 [REC]: walls and doors block)', () => {
  const blocks = [
    [4, 0],
    [4, 1],
    [4, 2],
    [2, 5],
    [3, 5]
  ] as const
  const state = makeEncounter({ beings: [{ id: 'v', at: [2, 2] }], width: 8, height: 8, blocks })
  const viewer = state.combatants[0]!

  it('agrees with the rules’ own clearSight for every square', () => {
    let hidden = 0
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        const expected = clearSight(state, viewer.pos, { x, y })
        if (!expected) hidden++
        expect(hooks.canSee(state, viewer, { x, y }), `${x},${y}`).toBe(expected)
      }
    expect(hidden).toBeGreaterThan(0)
  })

  it('a wall on an edge hides what is behind it; an open door does not; a closed one does', () => {
    const east = { x: 3, y: 2, side: 'w' as const } // between (2,2) and (3,2)
    expect(hooks.canSee(withBoard(state, { walls: [east] }), viewer, { x: 3, y: 2 })).toBe(false)
    expect(hooks.canSee(withBoard(state, { doors: [{ ...east, open: true }] }), viewer, { x: 3, y: 2 })).toBe(
      true
    )
    expect(
      hooks.canSee(withBoard(state, { doors: [{ ...east, open: false }] }), viewer, { x: 3, y: 2 })
    ).toBe(false)
  })

  it('darkness hides nothing (§4.2: it halves the dice), off the board is not seen', () => {
    const dark = makeEncounter({
      beings: [{ id: 'v', at: [2, 2] }],
      width: 8,
      height: 8,
      settings: { darkness: true }
    })
    expect(hooks.canSee(dark, dark.combatants[0]!, { x: 6, y: 6 })).toBe(true)
    expect(hooks.canSee(state, viewer, { x: 8, y: 2 })).toBe(false)
  })
})

describe('hq2 conditions on the token (§6)', () => {
  it.each([
    ['none', {}, {}, []],
    [
      'stuck and prone (stats)',
      { conditions: ['stuck', 'prone'] },
      {},
      ['condition.stuck', 'condition.prone']
    ],
    [
      'standing on a dark square of the lighting map (G-3)',
      {},
      { darkSquares: [{ x: 1, y: 1 }] },
      ['condition.dark']
    ],
    [
      'the whole board dark',
      { conditions: ['hidden'] },
      { darkness: true },
      ['condition.hidden', 'condition.dark']
    ]
  ] as const)('%s', (_name, stats, settings, expected) => {
    const state = makeEncounter({
      beings: [{ id: 'v', at: [1, 1], stats: stats as never }],
      settings: settings as never
    })
    const got = hooks.conditions(state, state.combatants[0]!)
    expect(got).toEqual(expected)
    for (const key of got) expect(es[key] && en[key], key).toBeTruthy()
  })

  it('out of the fight', () => {
    const state = makeEncounter({ beings: [{ id: 'v', at: [1, 1] }] })
    const out = { ...state.combatants[0]!, out: true, life: 0 }
    expect(hooks.conditions({ ...state, combatants: [out] }, out)).toContain('condition.out')
  })
})
