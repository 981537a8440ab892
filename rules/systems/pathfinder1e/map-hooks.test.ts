import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '../../core/types'
import { coverBetween, lineOfSight } from './cover'
import { mapHooks } from './map-hooks'
import { allSpells } from './spells'
import { terms } from './terms'
import { pfFigure, pfState } from './test-fixtures'
import type { PfSettings } from './settings'

const hooks = mapHooks as Required<typeof mapHooks>
const es = terms.es as Record<string, string>
const en = terms.en as Record<string, string>

function scene(
  viewerPatch: Parameters<typeof pfFigure>[1] = {},
  opts: { blocks?: Array<[number, number]>; terrain?: PfSettings['terrain']; others?: Combatant[] } = {}
): { state: EncounterState; viewer: Combatant } {
  const viewer = pfFigure('v', { pos: { x: 1, y: 1 }, ...viewerPatch })
  const state = pfState([viewer, ...(opts.others ?? [])], {
    width: 8,
    height: 8,
    blocks: opts.blocks ?? [],
    settings: { terrain: opts.terrain ?? [] }
  })
  return { state, viewer }
}

describe('pathfinder1e map features', () => {
  it.each([
    ['difficult', '§2 [TEXT L329–333]: difficult terrain costs 2 a square'],
    ['water', '§3.2: climb or swim at ¼ speed'],
    ['impassable', '§2 [TEXT L335–339]: blocking obstacles are impassable']
  ])('reads %s ground (%s)', (kind) => {
    expect(hooks.map.ground).toContain(kind)
  })

  it('reads lighting (§4.5 darkness: total concealment) and heights (§4.7 higher ground +1)', () => {
    expect(hooks.map.lighting).toBe(true)
    expect(hooks.map.elevation).toBe(true)
  })
})

describe('pathfinder1e ruler (§2 [TEXT L303]: 1-2-1 diagonals, 5 ft a square)', () => {
  const { state } = scene()
  it.each([
    [0, 0, 0, 'the same square'],
    [3, 0, 15, 'three orthogonal squares'],
    [1, 1, 5, 'the first diagonal costs 1'],
    [2, 2, 15, 'the second diagonal costs 2: 10-ft reach does not reach it (§2 [REC] A5)'],
    [3, 3, 20, 'three diagonals: 1 + 2 + 1'],
    [5, 3, 30, '§10 example 5: 3 diagonals then 2 orthogonal = 6 squares = 30 ft'],
    [-4, 6, 40, 'direction does not matter: 6 + floor(4 / 2) = 8 squares']
  ])('offset (%i, %i) measures %i ft — %s', (dx, dy, feet) => {
    const from = { x: 10, y: 10 }
    expect(hooks.measure(state, from, { x: from.x + dx, y: from.y + dy })).toEqual({
      value: feet,
      unit: 'unit.feet'
    })
  })
})

describe('pathfinder1e area templates (content spells)', () => {
  it('has one template for each area a bundled spell uses, sized in squares', () => {
    const areas = [...allSpells().values()].flatMap((s) => (s.area ? [s.area] : []))
    expect(areas.length).toBeGreaterThan(0)
    for (const area of areas) {
      const feet = area.shape === 'burst' ? area.radiusFt : area.lengthFt
      expect(hooks.areaTemplates).toContainEqual(
        expect.objectContaining({ shape: area.shape, size: feet / 5 })
      )
    }
    expect(hooks.areaTemplates).toHaveLength(new Set(areas.map((a) => JSON.stringify(a))).size)
  })

  it('names every template, unit, cover level and condition in both languages', () => {
    const keys = [
      ...hooks.areaTemplates.map((t) => t.id),
      'unit.feet',
      ...['soft', 'partial', 'normal', 'improved', 'total'].map((l) => `cover.${l}`),
      ...['staggered', 'disabled', 'dying', 'stable', 'unconscious', 'dead'].map((h) => `condition.${h}`)
    ]
    for (const key of keys) {
      expect(es[key], key).toBeTruthy()
      expect(en[key], key).toBeTruthy()
    }
  })
})

describe('pathfinder1e sight from a figure (§4.5, §4.6)', () => {
  it('agrees with lineOfSight for a figure standing in every square, around walls', () => {
    const blocks: Array<[number, number]> = [
      [3, 0],
      [3, 1],
      [3, 2],
      [5, 5],
      [1, 4],
      [2, 4]
    ]
    const { state, viewer } = scene({}, { blocks })
    let hidden = 0
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        if (x === 1 && y === 1) continue
        const other = pfFigure('o', { pos: { x, y }, side: 'b' })
        const expected = lineOfSight({ ...state, combatants: [viewer, other] }, viewer, other)
        if (!expected) hidden++
        expect(hooks.canSee(state, viewer, { x, y }), `${x},${y}`).toBe(expected)
      }
    // The walls do hide something, so the agreement is not all-true by accident.
    expect(hidden).toBeGreaterThan(0)
  })

  it('a dark square is not seen (total concealment), a foggy one is; blinded sees only itself', () => {
    const terrain: PfSettings['terrain'] = [
      { x: 4, y: 1, kind: 'dark' },
      { x: 5, y: 1, kind: 'fog' }
    ]
    const { state, viewer } = scene({}, { terrain })
    expect(hooks.canSee(state, viewer, { x: 4, y: 1 })).toBe(false)
    expect(hooks.canSee(state, viewer, { x: 5, y: 1 })).toBe(true)
    const blind = scene({ stats: { conditions: ['blinded'] } })
    expect(hooks.canSee(blind.state, blind.viewer, { x: 2, y: 1 })).toBe(false)
    expect(hooks.canSee(blind.state, blind.viewer, { x: 1, y: 1 })).toBe(true)
  })

  it('an invisible viewer still sees (its own invisibility is not the square’s)', () => {
    const { state, viewer } = scene({ stats: { conditions: ['invisible'] } })
    expect(hooks.canSee(state, viewer, { x: 6, y: 6 })).toBe(true)
  })

  it('off the board is never seen', () => {
    const { state, viewer } = scene()
    expect(hooks.canSee(state, viewer, { x: -1, y: 1 })).toBe(false)
  })
})

describe('pathfinder1e cover at a square (§4.6)', () => {
  it.each([
    ['no obstacle', {}, { x: 5, y: 1 }, null],
    [
      'a wall square cutting some lines: cover',
      { blocks: [[3, 2]] as Array<[number, number]> },
      { x: 5, y: 3 },
      'cover.normal'
    ],
    [
      'a wall across every line: total',
      {
        blocks: [
          [3, 0],
          [3, 1],
          [3, 2]
        ] as Array<[number, number]>
      },
      { x: 5, y: 1 },
      'cover.total'
    ],
    [
      'an arrow slit between (G-3): improved',
      { terrain: [{ x: 3, y: 1, kind: 'arrowSlit' }] as PfSettings['terrain'] },
      { x: 5, y: 1 },
      'cover.improved'
    ],
    [
      'a low wall next to the target (within 30 ft): cover',
      { terrain: [{ x: 4, y: 1, kind: 'lowWall' }] as PfSettings['terrain'] },
      { x: 5, y: 1 },
      'cover.normal'
    ],
    ['the viewer’s own square', {}, { x: 1, y: 1 }, null]
  ])('%s', (_name, opts, cell, expected) => {
    const { state, viewer } = scene({}, opts)
    expect(hooks.coverAt(state, viewer, cell)).toBe(expected)
  })

  it('a creature between gives soft cover, as coverBetween says for a figure standing there', () => {
    const screen = pfFigure('s', { pos: { x: 3, y: 1 }, side: 'b' })
    const { state, viewer } = scene({}, { others: [screen] })
    const target = pfFigure('t', { pos: { x: 5, y: 1 }, side: 'b' })
    const expected = coverBetween(
      { ...state, combatants: [...state.combatants, target] },
      viewer,
      target,
      'ranged'
    )
    expect(expected).toBe('soft')
    expect(hooks.coverAt(state, viewer, { x: 5, y: 1 })).toBe('cover.soft')
  })
})

describe('pathfinder1e conditions on the token (§5, §6)', () => {
  it.each([
    ['healthy and fresh', {}, []],
    [
      'prone and grappled (stats)',
      { stats: { conditions: ['prone', 'grappled'] } },
      ['condition.prone', 'condition.grappled']
    ],
    ['flat-footed before its first turn (§3.1)', { stats: { flatFooted: true } }, ['condition.flatFooted']],
    ['0 HP: disabled (§5)', { life: 0, lifeMax: 10 }, ['condition.disabled']],
    ['below 0: dying and helpless (§5, §4.8)', { life: -3, lifeMax: 10 }, ['condition.dying']],
    ['stable (§5)', { life: -3, lifeMax: 10, stats: { conditions: ['stable'] } }, ['condition.stable']],
    [
      'charged this turn (§3.2): its effect',
      { stats: { effects: [{ id: 'charged', until: 'v' }] } },
      ['effect.charged']
    ]
  ] as const)('%s', (_name, patch, expected) => {
    const figure = pfFigure('v', patch as Parameters<typeof pfFigure>[1])
    const out = figure.life < 0 ? { ...figure, out: true } : figure
    const got = hooks.conditions(pfState([out]), out)
    for (const key of expected) expect(got).toContain(key)
    if (expected.length === 0) expect(got).toEqual([])
    if (out.out) expect(got).toContain('condition.helpless')
    expect(new Set(got).size).toBe(got.length)
  })
})
