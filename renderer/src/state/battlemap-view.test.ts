import { getRuleset } from '../../../rules/systems'
import { athkriSampleEncounter } from '../../../rules/systems/athkri'
import { describe, expect, it } from 'vitest'
import type { Action } from '../../../rules/core/types'
import { attackTargets, cellKey, deriveView, moveOptions, SIDE_COLORS, tokenAt } from './battlemap-view'
import { ruleset, sampleInitial, started } from './fixtures'

const cost = (a: Action): number => a.path?.length ?? 0

describe('moveOptions', () => {
  it('offers every reachable square once, with its path and cost', () => {
    const state = started()
    const moves = moveOptions(ruleset.legalActions(state, 'steve'), cost)
    const keys = moves.map((m) => cellKey(m.cell))
    expect(new Set(keys).size).toBe(keys.length)
    const east = moves.find((m) => m.cell.x === 3 && m.cell.y === 5)
    expect(east).toMatchObject({ cost: 1, path: [{ x: 3, y: 5 }] })
    expect(moves.some((m) => state.board.blocks.some((b) => b.x === m.cell.x && b.y === m.cell.y))).toBe(
      false
    )
    expect(Math.max(...moves.map((m) => m.cost))).toBe(3)
  })

  it('keeps the cheapest of several paths to one square', () => {
    const long: Action = {
      kind: 'move',
      actorId: 'a',
      path: [
        { x: 1, y: 0, z: 0 },
        { x: 1, y: 1, z: 0 }
      ]
    }
    const short: Action = { kind: 'move', actorId: 'a', path: [{ x: 1, y: 1, z: 0 }] }
    expect(moveOptions([long, short], cost)).toEqual([
      { cell: { x: 1, y: 1 }, path: [{ x: 1, y: 1 }], cost: 1, action: short }
    ])
  })
})

describe('attackTargets', () => {
  it('lists attacked figures once, ignoring moves and facings', () => {
    const actions: Action[] = [
      { kind: 'move', actorId: 'a', path: [{ x: 0, y: 1, z: 0 }] },
      { kind: 'face', actorId: 'a', facing: 2 },
      { kind: 'melee', actorId: 'a', targetId: 'z1' },
      { kind: 'ranged', actorId: 'a', targetId: 'z1' },
      { kind: 'ranged', actorId: 'a', targetId: 'z2' }
    ]
    expect(attackTargets(actions)).toEqual(['z1', 'z2'])
  })
})

describe('deriveView', () => {
  it('draws the board and every figure, marking the active one', () => {
    const state = started()
    const view = deriveView({ state, activeId: 'steve', moves: [], targets: [], hover: null, refused: null })
    expect(view).toMatchObject({ width: 16, height: 12, path: [], pathCost: null, refused: null })
    expect(view.blocks).toHaveLength(state.board.blocks.length)
    expect(view.tokens.map((t) => t.id)).toEqual(state.combatants.map((c) => c.id))
    expect(view.tokens.filter((t) => t.active).map((t) => t.id)).toEqual(['steve'])
    expect(view.tokens.find((t) => t.id === 'steve')).toMatchObject({
      x: 2,
      y: 5,
      life: 5,
      lifeMax: 5,
      out: false
    })
  })

  it('previews the hovered path from the figure, with its cost', () => {
    const state = started()
    const moves = moveOptions(ruleset.legalActions(state, 'steve'), cost)
    const view = deriveView({
      state,
      activeId: 'steve',
      moves,
      targets: ['zombie-1'],
      hover: { x: 4, y: 5 },
      refused: null
    })
    expect(view.path).toHaveLength(3)
    expect(view.path[0]).toEqual({ x: 2, y: 5 })
    expect(view.path[2]).toEqual({ x: 4, y: 5 })
    expect(view.pathCost).toBe(2)
    expect(view.reachable).toHaveLength(moves.length)
    expect(view.targets).toEqual(['zombie-1'])
  })

  it('passes a refusal through and colours figures without a colour by side', () => {
    const state = sampleInitial()
    const plain = { ...state, combatants: state.combatants.map(({ color: _color, ...c }) => c) }
    const refused = { x: 4, y: 2, reason: 'bloque' }
    const view = deriveView({
      state: plain,
      activeId: null,
      moves: [],
      targets: [],
      hover: { x: 4, y: 2 },
      refused
    })
    expect(view.refused).toEqual(refused)
    expect(view.path).toEqual([])
    expect(view.tokens.find((t) => t.id === 'steve')?.color).toBe(SIDE_COLORS[0])
    expect(view.tokens.find((t) => t.id === 'zombie-1')?.color).toBe(SIDE_COLORS[1])
  })
})

describe('tokenAt', () => {
  it('finds the figure standing on a square, not one that is out', () => {
    const state = started()
    expect(tokenAt(state, { x: 2, y: 5 })?.id).toBe('steve')
    const out = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 'steve' ? { ...c, out: true } : c))
    }
    expect(tokenAt(out, { x: 2, y: 5 })).toBeUndefined()
  })
})

describe('deriveView for footprints and terrain (Athkri)', () => {
  it('passes large footprints and the ruleset terrain marks to the map', () => {
    const athkri = getRuleset('athkri')
    const state = athkriSampleEncounter()
    const view = deriveView({
      state,
      activeId: null,
      moves: [],
      targets: [],
      hover: null,
      refused: null,
      terrain: athkri.terrain?.(state) ?? []
    })
    const big = state.combatants.filter((c) => (c.size ?? 1) > 1)
    expect(big.length).toBeGreaterThan(0)
    for (const c of big) expect(view.tokens.find((t) => t.id === c.id)?.size).toBe(c.size)
    expect(view.terrain?.map((t) => t.kind)).toEqual(expect.arrayContaining(['cover.light', 'cover.medium']))
  })
})
