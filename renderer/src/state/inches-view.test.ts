import { describe, expect, it } from 'vitest'
import type { InchesText } from '../../battlemap/inches/view'
import { sampleInitial } from './fixtures'
import { FIXTURE_PIECES, fixtureRules, inchesFixture } from './inches-fixture'
import { previewMove } from './inches-move'
import { deriveInchesView, type InchesViewInput } from './inches-view'
import { SIDE_COLORS } from './battlemap-view'

const text: InchesText = {
  inches: '{n}″',
  decimal: '.',
  pathCost: '{length} · costs {cost}',
  edge: '{n} edge to edge',
  charge: 'charge'
}
const state = inchesFixture()
const input = (over: Partial<InchesViewInput> = {}): InchesViewInput => ({
  state,
  activeId: 'capitano',
  reach: [],
  targets: [],
  preview: null,
  reason: null,
  refused: null,
  grid: false,
  text,
  ...over
})
// a 30 mm base at 10 units per inch
const R30 = (30 / 2 / 25.4) * 10

describe('deriveInchesView', () => {
  it('copies the table size, units and pieces', () => {
    const view = deriveInchesView(input({ grid: true }))
    expect(view).toMatchObject({ width: 36, height: 36, unitsPerInch: 10, grid: true, text })
    expect(view.pieces).toEqual(FIXTURE_PIECES)
    expect(view.pieces).not.toBe(state.board.inches?.pieces)
  })

  it('draws every figure as a base to scale, coloured by side, flagged active, swimming, out', () => {
    const view = deriveInchesView(input())
    const byId = new Map(view.tokens.map((t) => [t.id, t]))
    expect(view.tokens).toHaveLength(state.combatants.length)
    expect(byId.get('capitano')).toMatchObject({ x: 100, y: 160, z: 0, active: true, color: SIDE_COLORS[0] })
    expect(byId.get('capitano')?.radius).toBeCloseTo(R30, 9)
    expect(byId.get('razorback')?.radius).toBeCloseTo((R30 * 50) / 30, 9)
    expect(byId.get('mystic')).toMatchObject({ color: SIDE_COLORS[1], active: false })
    expect(byId.get('gondoliere')).toMatchObject({ z: 40, swimming: false })
    expect(byId.get('tritone-2')).toMatchObject({ swimming: true })
    expect(byId.get('ragazzo')).toMatchObject({ out: true, swimming: false })
  })

  it('passes reach samples with their band and the targets', () => {
    const view = deriveInchesView(
      input({ reach: [{ pos: { x: 120, y: 160, z: 0 }, band: 1 }], targets: ['tritone-3'] })
    )
    expect(view.reach).toEqual([{ x: 120, y: 160, z: 0, band: 1 }])
    expect(view.targets).toEqual(['tritone-3'])
  })

  it('shows a legal drag with its plan length, its cost, the contacts and a charge', () => {
    const legal = fixtureRules.legalActions(state, 'capitano')
    const preview = previewMove(state, fixtureRules, legal, 'capitano', { x: 195, y: 175 })
    const view = deriveInchesView(input({ preview }))
    expect(view.path).toMatchObject({ legal: true, reason: null, charge: true, provokes: 0 })
    expect(view.path?.points).toEqual(preview?.path)
    expect(view.path?.length).toBeCloseTo(preview?.measure?.horizontal ?? NaN, 9)
    expect(view.path?.cost).toBeCloseTo(preview?.info?.cost ?? NaN, 9)
    expect(view.path?.radius).toBeCloseTo(R30, 9)
    expect(view.contacts).toEqual([{ id: 'tritone-3', enemy: true }])
  })

  it('shows a refused drag in red with its reason', () => {
    const legal = fixtureRules.legalActions(state, 'capitano')
    const preview = previewMove(state, fixtureRules, legal, 'capitano', { x: 60, y: 90 })
    const view = deriveInchesView(input({ preview, reason: 'too far' }))
    expect(view.path).toMatchObject({ legal: false, reason: 'too far', charge: false })
    // refused by the rules: no reading of theirs, so the cost is the measure (climbing included)
    expect(view.path?.cost).toBeCloseTo(preview?.measure?.inches ?? NaN, 9)
    expect(view.path?.cost).toBeGreaterThan(view.path?.length ?? Infinity)
  })

  it('measures the straight line when no path was found', () => {
    const preview = {
      goal: { x: 130, y: 200, z: 0 },
      path: [
        { x: 100, y: 160, z: 0 },
        { x: 130, y: 200, z: 0 }
      ],
      measure: null,
      action: null,
      violation: { code: 'terrain' },
      info: null,
      contacts: []
    }
    const view = deriveInchesView(input({ preview, reason: 'wall' }))
    expect(view.path).toMatchObject({ length: 5, cost: null, legal: false, reason: 'wall' })
  })

  it('carries a released refusal and nothing of a drag when there is none', () => {
    const view = deriveInchesView(input({ refused: { x: 10, y: 20, reason: 'no' } }))
    expect(view.refused).toEqual({ x: 10, y: 20, reason: 'no' })
    expect(view.path).toBeNull()
    expect(view.contacts).toEqual([])
  })

  it('refuses a square-grid board', () => {
    expect(() => deriveInchesView(input({ state: sampleInitial() }))).toThrow(RangeError)
  })
})
