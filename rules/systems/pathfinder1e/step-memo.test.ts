import { describe, expect, it } from 'vitest'
import type { EncounterState } from '../../core/types'
import { anyoneAt, squareFlags, SQUARE } from './grid'
import { pathCost, stepCost } from './movement'
import { provocationsAlong } from './threat'
import { pfFigure, pfState } from './test-fixtures'

// The step tables (step-ground.ts), the last flag grid (grid.ts `squareFlags`), the presence grid
// (`anyoneAt`) and the provocation scans (threat.ts) are kept per map, settings, roster or mover: each
// test asks once, changes one input the way the engine does (a new object) and expects the answer to
// follow.

const c = (x: number, y: number) => ({ x, y })
const mover = pfFigure('m', { pos: { x: 0, y: 0 } })
const base = () => pfState([mover], { settings: { terrain: [] } })

describe('step tables follow what they were built from', () => {
  it('a new board with a wall refuses the step the old board allowed', () => {
    const state = base()
    expect(stepCost(state, mover, c(0, 0), c(1, 0), 0)).toEqual({ cost: 1, parity: 0 })
    const walled: EncounterState = { ...state, board: { ...state.board, blocks: [c(1, 0)] } }
    expect(stepCost(walled, mover, c(0, 0), c(1, 0), 0)).toBeNull()
    expect(stepCost(state, mover, c(0, 0), c(1, 0), 0)).toEqual({ cost: 1, parity: 0 })
  })

  it('new settings with difficult terrain double the step; a flyer ignores them', () => {
    const state = base()
    expect(stepCost(state, mover, c(0, 0), c(1, 0), 0)?.cost).toBe(1)
    const muddy: EncounterState = { ...state, settings: { terrain: [{ x: 1, y: 0, kind: 'difficult' }] } }
    expect(stepCost(muddy, mover, c(0, 0), c(1, 0), 0)?.cost).toBe(2)
    const flyer = pfFigure('m', {
      pos: { x: 0, y: 0 },
      stats: { flying: true, speed: { land: 30, fly: 60 } }
    })
    expect(stepCost({ ...muddy, combatants: [flyer] }, flyer, c(0, 0), c(1, 0), 0)?.cost).toBe(1)
    expect(stepCost(muddy, mover, c(0, 0), c(1, 0), 0)?.cost).toBe(2)
  })

  it('the mode is part of the table: a 5-ft step refuses difficult terrain a move pays for', () => {
    const muddy: EncounterState = { ...base(), settings: { terrain: [{ x: 1, y: 0, kind: 'difficult' }] } }
    expect(stepCost(muddy, mover, c(0, 0), c(1, 0), 0, { mode: 'move' })?.cost).toBe(2)
    expect(stepCost(muddy, mover, c(0, 0), c(1, 0), 0, { mode: 'step' })).toBeNull()
  })

  it('a new roster with a foe in the square refuses the step (creatures are never tabulated)', () => {
    const state = base()
    expect(stepCost(state, mover, c(0, 0), c(1, 0), 0)).not.toBeNull()
    const foe = pfFigure('f', { pos: { x: 1, y: 0 }, side: 'b' })
    expect(stepCost({ ...state, combatants: [mover, foe] }, mover, c(0, 0), c(1, 0), 0)).toBeNull()
  })
})

describe('flag and presence grids follow the map and the roster', () => {
  it('squareFlags reads the new board, not the last one it answered for', () => {
    const state = base()
    expect(squareFlags(state, c(2, 2)) & SQUARE.wall).toBe(0)
    const walled: EncounterState = { ...state, board: { ...state.board, blocks: [c(2, 2)] } }
    expect(squareFlags(walled, c(2, 2)) & SQUARE.wall).toBe(SQUARE.wall)
    expect(squareFlags(state, c(2, 2)) & SQUARE.wall).toBe(0)
  })

  it('anyoneAt sees a figure on a new roster', () => {
    const state = base()
    expect(anyoneAt(state, 3, 3)).toBe(false)
    const other = pfFigure('o', { pos: { x: 3, y: 3 } })
    expect(anyoneAt({ ...state, combatants: [mover, other] }, 3, 3)).toBe(true)
    expect(anyoneAt(state, 3, 3)).toBe(false)
  })
})

describe('provocation scans follow the roster and the round', () => {
  const foe = pfFigure('f', { pos: { x: 1, y: 1 }, side: 'b', stats: { aooUsed: 1, aooRound: 1 } })
  const path = [c(0, 1), c(0, 2)]

  it('a foe with its attack of opportunity spent provokes again next round', () => {
    const state: EncounterState = { ...pfState([mover, foe], { settings: { terrain: [] } }), round: 1 }
    expect(provocationsAlong(state, mover, path, { mode: 'move' })).toEqual([])
    expect(provocationsAlong({ ...state, round: 2 }, mover, path, { mode: 'move' })).toEqual([
      { reactorId: 'f', index: 0 }
    ])
  })

  it('a foe that walks away no longer threatens the path', () => {
    const fresh = pfFigure('f', { pos: { x: 1, y: 1 }, side: 'b' })
    const state = pfState([mover, fresh], { settings: { terrain: [] } })
    expect(provocationsAlong(state, mover, path, { mode: 'move' })).toEqual([{ reactorId: 'f', index: 0 }])
    const away = { ...fresh, pos: { x: 9, y: 9, z: 0 } }
    expect(provocationsAlong({ ...state, combatants: [mover, away] }, mover, path, { mode: 'move' })).toEqual(
      []
    )
  })
})

describe('path costs follow the roster and the settings, and read the path by value', () => {
  const path = [c(1, 0), c(2, 0)]

  it('a copy of the path with the same squares costs the same; a new roster with a body in the way costs more', () => {
    const state = pfState([mover], { settings: { terrain: [], largeHelplessCostsDouble: true } })
    expect(pathCost(state, mover, path, 0)).toEqual({ cost: 2, parity: 0 })
    expect(
      pathCost(
        { ...state },
        mover,
        path.map((p) => ({ ...p })),
        0
      )
    ).toEqual({ cost: 2, parity: 0 })
    const body = pfFigure('b', { pos: { x: 1, y: 0 }, side: 'b', life: -1, stats: { size: 'L' } })
    const crowded: EncounterState = { ...state, combatants: [mover, { ...body, out: true }] }
    expect(pathCost(crowded, mover, path, 0)?.cost).toBeGreaterThan(2)
  })

  it('new settings with difficult terrain on the path cost more; other squares cost what they cost', () => {
    const state = base()
    expect(pathCost(state, mover, path, 0)?.cost).toBe(2)
    const muddy: EncounterState = { ...state, settings: { terrain: [{ x: 2, y: 0, kind: 'difficult' }] } }
    expect(pathCost(muddy, mover, path, 0)?.cost).toBe(3)
    expect(pathCost(muddy, mover, [c(0, 1), c(0, 2)], 0)?.cost).toBe(2)
  })
})
