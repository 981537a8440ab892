import { getRuleset } from '../../../rules/systems'
import { athkriSampleEncounter } from '../../../rules/systems/athkri'
import { describe, expect, it } from 'vitest'
import type { MoveInfo, Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState } from '../../../rules/core/types'
import {
  attackTargets,
  cellKey,
  deriveView,
  moveOptions,
  rulesetMoveInfo,
  SIDE_COLORS,
  tokenAt
} from './battlemap-view'
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
      { cell: { x: 1, y: 1 }, path: [{ x: 1, y: 1 }], cost: 1, band: 0, provokes: [], action: short }
    ])
  })
})

describe('moveOptions with movement bands (a ruleset with moveInfo)', () => {
  const step = (actorId: string, ...cells: Array<[number, number]>): Action => ({
    kind: 'move',
    actorId,
    path: cells.map(([x, y]) => ({ x, y, z: 0 }))
  })
  // A fake Pathfinder-like ruleset: 6 squares a move, a path past (3, 0) provokes the goblins there.
  const seen: EncounterState[] = []
  const fake: Pick<Ruleset, 'moveInfo'> = {
    moveInfo(state: EncounterState, action: Action): MoveInfo {
      seen.push(state)
      const length = action.path?.length ?? 0
      const passes = action.path?.some((p) => p.x === 3 && p.y === 0) ?? false
      return { band: Math.floor((length - 1) / 6), provokes: passes ? ['goblin-1', 'goblin-2'] : [] }
    }
  }

  it('carries each destination’s band and the figures it provokes', () => {
    const state = started()
    seen.length = 0
    const near = step('steve', [1, 0])
    const far = step('steve', ...Array.from({ length: 8 }, (_, i): [number, number] => [0, i + 1]))
    const past = step('steve', [1, 0], [2, 0], [3, 0], [4, 0])
    const moves = moveOptions([near, far, past], cost, rulesetMoveInfo(fake, state))
    expect(seen.length).toBe(3)
    expect(seen.every((s) => s === state)).toBe(true)
    expect(moves.map((m) => [cellKey(m.cell), m.band, m.provokes])).toEqual([
      ['1,0', 0, []],
      ['0,8', 1, []],
      ['4,0', 0, ['goblin-1', 'goblin-2']]
    ])
  })

  it('prefers, at equal cost, the path that provokes fewer figures', () => {
    const through = step('steve', [2, 0], [3, 0], [4, 1])
    const around = step('steve', [2, 1], [3, 1], [4, 1])
    const [best] = moveOptions([through, around], cost, rulesetMoveInfo(fake, started()))
    expect(best).toMatchObject({ cell: { x: 4, y: 1 }, provokes: [], action: around })
  })

  it('offers a ruleset’s own path kinds (step, run) on the map, not a path at a figure (charge)', () => {
    const run: Action = {
      ...step('steve', ...Array.from({ length: 14 }, (_, i): [number, number] => [i + 1, 9])),
      kind: 'run'
    }
    const fiveFoot: Action = { ...step('steve', [0, 1]), kind: 'step' }
    const walk = step('steve', [0, 1])
    const charge: Action = { ...step('steve', [5, 5]), kind: 'charge', targetId: 'zombie-1' }
    const info = (a: Action): MoveInfo => ({
      band: a.kind === 'run' ? 2 : 0,
      provokes: a.kind === 'move' ? ['z'] : []
    })
    const moves = moveOptions([walk, fiveFoot, run, charge], (a) => (a.kind === 'step' ? 1 : 2), info)
    expect(moves.map((m) => [cellKey(m.cell), m.action.kind, m.band])).toEqual([
      ['0,1', 'step', 0],
      ['14,9', 'run', 2]
    ])
  })

  it('keeps the kind the rules list first when kinds tie on cost, past one square', () => {
    const walk = step('steve', [1, 1], [1, 2])
    const withdraw: Action = { ...walk, kind: 'withdraw' }
    const info = (a: Action): MoveInfo => ({ band: 0, provokes: a.kind === 'move' ? ['z'] : [] })
    expect(moveOptions([walk, withdraw], cost, info).map((m) => m.action.kind)).toEqual(['move'])
    expect(moveOptions([withdraw, walk], cost, info).map((m) => m.action.kind)).toEqual(['withdraw'])
  })

  it('takes the safest way for a one-square move whatever the rules list first (issue 21 bug 3)', () => {
    const walk = step('steve', [1, 1])
    const fiveFoot: Action = { ...walk, kind: 'step' }
    const info = (a: Action): MoveInfo => ({ band: 0, provokes: a.kind === 'move' ? ['z'] : [] })
    expect(moveOptions([walk, fiveFoot], cost, info).map((m) => m.action.kind)).toEqual(['step'])
    expect(moveOptions([fiveFoot, walk], cost, info).map((m) => m.action.kind)).toEqual(['step'])
    const calm = (): MoveInfo => ({ band: 0, provokes: [] })
    expect(moveOptions([walk, fiveFoot], cost, calm).map((m) => m.action.kind)).toEqual(['move'])
  })

  it('reads every move as band 0 provoking nobody when the ruleset has no moveInfo', () => {
    expect(rulesetMoveInfo(ruleset, started())).toBeUndefined()
    const moves = moveOptions(
      ruleset.legalActions(started(), 'steve'),
      cost,
      rulesetMoveInfo(ruleset, started())
    )
    expect(moves.length).toBeGreaterThan(0)
    expect(moves.every((m) => m.band === 0 && m.provokes.length === 0)).toBe(true)
  })

  it('puts bands and provocation counts on the map, and the hovered path’s count by its cost', () => {
    const state = started()
    const moves = moveOptions(
      [step('steve', [3, 5]), step('steve', [3, 4], [4, 4], [5, 4], [6, 4], [7, 4], [8, 4], [9, 4])],
      cost,
      () => ({ band: 0, provokes: [] })
    )
    const provoking = moves.map((m) =>
      m.cell.x === 9 ? { ...m, band: 1, provokes: ['zombie-1', 'zombie-2'] } : m
    )
    const input = { state, activeId: 'steve', moves: provoking, targets: [], refused: null }
    const view = deriveView({ ...input, hover: { x: 9, y: 4 } })
    expect(view.reachable).toEqual([
      { x: 3, y: 5, cost: 1, band: 0, provokes: 0 },
      { x: 9, y: 4, cost: 7, band: 1, provokes: 2 }
    ])
    expect(view.pathCost).toBe(7)
    expect(view.pathProvokes).toBe(2)
    expect(deriveView({ ...input, hover: { x: 3, y: 5 } }).pathProvokes).toBe(0)
    expect(deriveView({ ...input, hover: null }).pathProvokes).toBe(0)
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

  it('keeps an ally to help, but not the actor itself nor the figure a delay waits for', () => {
    const actions: Action[] = [
      { kind: 'delay', actorId: 'a', options: { after: 'z1' } },
      { kind: 'cast', actorId: 'a', targetId: 'a', options: { spell: 'armor' } },
      { kind: 'stabilize', actorId: 'a', targetId: 'ally' }
    ]
    expect(attackTargets(actions)).toEqual(['ally'])
  })
})

describe('deriveView', () => {
  it('gives figures whose names share initials distinct ones (issue 21: "Ogro 2" and "Orco 2" read "O2")', () => {
    const base = started()
    const names = ['Ogro 2', 'Orco 2']
    const state = {
      ...base,
      combatants: base.combatants.map((c, i) => (i < 2 ? { ...c, name: names[i]! } : c))
    }
    const view = deriveView({ state, activeId: 'steve', moves: [], targets: [], hover: null, refused: null })
    expect(view.tokens.slice(0, 2).map((t) => t.initials)).toEqual(['Og2', 'Or2'])
  })

  it('draws the board and every figure, marking the active one', () => {
    const state = started()
    const view = deriveView({ state, activeId: 'steve', moves: [], targets: [], hover: null, refused: null })
    expect(view).toMatchObject({
      width: 16,
      height: 12,
      path: [],
      pathCost: null,
      pathProvokes: 0,
      refused: null
    })
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
    expect(view.pathLabel).toBeNull()
    const worded = deriveView({
      state,
      activeId: 'steve',
      moves,
      targets: [],
      hover: { x: 4, y: 5 },
      refused: null,
      costLabel: (move) => `${move.cost * 5} pies`
    })
    expect(worded.pathLabel).toBe('10 pies')
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
