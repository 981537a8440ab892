import { describe, expect, it } from 'vitest'
import type { Board, EncounterState } from '../../core/types'
import { coverBetween, hasLineOfSight } from './board'
import { mapHooks } from './map-hooks'
import type { AthkriSettings } from './settings'
import { terms } from './terms'
import { athkriFigure, makeEncounter, movedLastTurn } from './test-fixtures'

const hooks = mapHooks as Required<typeof mapHooks>
const es = terms.es as Record<string, string>
const en = terms.en as Record<string, string>

function withBoard(state: EncounterState, patch: Partial<Board>): EncounterState {
  return { ...state, board: { ...state.board, ...patch } }
}

describe('athkri map features', () => {
  it('reads only impassable ground, no lighting, no heights (athkri.md has no terrain costs, light or height)', () => {
    expect(hooks.map).toEqual({ ground: ['impassable'], lighting: false, elevation: false })
    expect(mapHooks.areaTemplates).toBeUndefined()
  })
})

describe('athkri ruler (§3 [REC]: squares × 2 m, Chebyshev or Euclidean centres)', () => {
  it.each([
    [3, 0, 'chebyshev', 6, 'three squares = 6 m'],
    [3, 3, 'chebyshev', 6, 'a diagonal counts like a side'],
    [-4, 1, 'chebyshev', 8, 'the longer side'],
    [3, 4, 'euclidean', 10, 'centre to centre: 5 squares = 10 m'],
    [1, 1, 'euclidean', 2 * Math.SQRT2, 'one diagonal: √2 squares']
  ] as const)('offset (%i, %i) %s → %f m (%s)', (dx, dy, metric, metres, _why) => {
    const state = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], settings: { metric } })
    const got = hooks.measure(state, { x: 5, y: 5 }, { x: 5 + dx, y: 5 + dy })
    expect(got.unit).toBe('unit.metres')
    expect(got.value).toBeCloseTo(metres, 12)
    expect(es['unit.metres'] && en['unit.metres']).toBeTruthy()
  })
})

describe('athkri sight from a figure (§3 [REC])', () => {
  const blocks = [
    [4, 0],
    [4, 1],
    [4, 2],
    [1, 5],
    [2, 5]
  ] as const

  it.each([
    ['a Normal figure', 'normal'],
    ['a Grande figure (2 × 2: it sees from any of its squares)', 'grande']
  ] as const)('agrees with hasLineOfSight to a figure on every square: %s', (_name, sizeClass) => {
    const state = makeEncounter({
      figures: [{ id: 'v', at: [1, 1], stats: { sizeClass } }],
      width: 8,
      height: 8,
      blocks
    })
    const viewer = state.combatants[0]!
    let hidden = 0
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        const other = athkriFigure({ id: 'o', at: [x, y], side: 'b' })
        const expected = hasLineOfSight({ ...state, combatants: [viewer, other] }, viewer, other)
        if (!expected) hidden++
        expect(hooks.canSee(state, viewer, { x, y }), `${x},${y}`).toBe(expected)
      }
    expect(hidden).toBeGreaterThan(0)
  })

  it('walls and closed doors on edges block, open doors do not', () => {
    const state = makeEncounter({ figures: [{ id: 'v', at: [1, 1] }], width: 8, height: 8 })
    const viewer = state.combatants[0]!
    const edge = { x: 2, y: 1, side: 'w' as const }
    expect(hooks.canSee(withBoard(state, { walls: [edge] }), viewer, { x: 4, y: 1 })).toBe(false)
    expect(hooks.canSee(withBoard(state, { doors: [{ ...edge, open: true }] }), viewer, { x: 4, y: 1 })).toBe(
      true
    )
    expect(
      hooks.canSee(withBoard(state, { doors: [{ ...edge, open: false }] }), viewer, { x: 4, y: 1 })
    ).toBe(false)
  })
})

describe('athkri cover at a square (§5.3 step 3: obstacles +2 / +4 / +6)', () => {
  const obstacles: AthkriSettings['coverObstacles'] = [
    { x: 3, y: 1, cover: 'light', passable: false },
    { x: 3, y: 3, cover: 'large', passable: true }
  ]
  const state = makeEncounter({
    figures: [{ id: 'v', at: [1, 1] }],
    width: 8,
    height: 8,
    settings: { coverObstacles: obstacles }
  })
  const viewer = state.combatants[0]!

  it.each([
    [{ x: 5, y: 1 }, 'cover.light', 'behind a tree on the line'],
    [{ x: 3, y: 3 }, 'cover.large', 'standing in a trench'],
    [{ x: 1, y: 5 }, null, 'in the open'],
    [{ x: 1, y: 1 }, null, 'the viewer’s own square']
  ] as Array<[{ x: number; y: number }, string | null, string]>)('%o → %s (%s)', (cell, expected) => {
    expect(hooks.coverAt(state, viewer, cell)).toBe(expected)
    if (expected) expect(es[expected] && en[expected]).toBeTruthy()
  })

  it('agrees with coverBetween for a figure standing on each square', () => {
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        if (x === 1 && y === 1) continue
        const other = athkriFigure({ id: 'o', at: [x, y], side: 'b' })
        const level = coverBetween({ ...state, combatants: [viewer, other] }, viewer, other)
        expect(hooks.coverAt(state, viewer, { x, y }), `${x},${y}`).toBe(level ? `cover.${level}` : null)
      }
  })
})

describe('athkri conditions on the token (§6, §7)', () => {
  it.each([
    ['Estable: nothing', { life: 20 }, []],
    ['PC Malherido at HP ≤ Físico (3) (§6)', { life: 3, lifeMax: 20 }, ['condition.malherido']],
    [
      'unconscious at 0: helpless and bleeding (§6)',
      { life: 0, lifeMax: 20, out: true },
      ['condition.inconsciente', 'condition.helpless', 'condition.bleeding']
    ],
    ['prone (§7 Tumbado)', { stats: { conditions: ['prone'] } }, ['condition.prone']],
    ['hidden until it attacks (§4 Emboscada)', { stats: { conditions: ['hidden'] } }, ['condition.hidden']],
    ['unaware until its first activation', { stats: { conditions: ['unaware'] } }, ['condition.unaware']]
  ] as const)('%s', (_name, spec, expected) => {
    const state = makeEncounter({ figures: [{ id: 'v', at: [1, 1], ...spec } as never], activeId: null })
    const got = hooks.conditions(state, state.combatants[0]!)
    expect(got).toEqual(expected)
    for (const key of got) expect(es[key] && en[key], key).toBeTruthy()
  })

  it('moving: it moved in its last activation (A11)', () => {
    const state = makeEncounter({
      figures: [{ id: 'v', at: [2, 1] }],
      activeId: null,
      log: movedLastTurn('v', { x: 2, y: 1 })
    })
    expect(hooks.conditions(state, state.combatants[0]!)).toEqual(['condition.moving'])
  })
})
