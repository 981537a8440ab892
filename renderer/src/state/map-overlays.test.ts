import { describe, expect, it } from 'vitest'
import { makeEncounter } from '../../../rules/systems/minecraft/test-fixtures'
import { templateOrigin } from '../../../rules/core/templates'
import type { EncounterState } from '../../../rules/core/types'
import {
  figuresIn,
  flankSquares,
  measurePath,
  rulerOverlay,
  sightOverlay,
  templateOverlay,
  threatSquares
} from './map-overlays'

const keys = (cells: ReadonlyArray<{ x: number; y: number }>) => cells.map((c) => `${c.x},${c.y}`).sort()
const fig = (state: EncounterState, id: string) => state.combatants.find((c) => c.id === id)!

describe('threatSquares', () => {
  it('covers the reach box around the figure, without its own square', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [5, 5] }], width: 12, height: 12 })
    const cells = threatSquares(s, fig(s, 'a'), 2)
    expect(cells).toHaveLength(24)
    expect(keys(cells)).not.toContain('5,5')
    expect(keys(cells)).toContain('3,3')
  })

  it('stops at walls on edges and at solid squares, and is clipped by the board', () => {
    const s0 = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], width: 6, height: 6, blocks: [[1, 1]] })
    const s = { ...s0, board: { ...s0.board, walls: [{ x: 1, y: 0, side: 'w' as const }] } }
    const cells = keys(threatSquares(s, fig(s, 'a'), 1))
    expect(cells).toEqual(['0,1'])
  })

  it('looks only at the reach box on a 200×200 board (fast)', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [100, 100] }], width: 200, height: 200 })
    const t0 = performance.now()
    for (let i = 0; i < 100; i++) threatSquares(s, fig(s, 'a'), 3)
    expect((performance.now() - t0) / 100).toBeLessThan(5)
  })
})

describe('flankSquares', () => {
  it('is the square opposite the figure across each enemy it touches', () => {
    const s = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [2, 2] },
        { id: 'e', side: 'm', at: [3, 2] },
        { id: 'far', side: 'm', at: [8, 8] }
      ]
    })
    expect(keys(flankSquares(s, fig(s, 'a')))).toEqual(['4,2'])
  })

  it('leaves out squares where nobody can stand', () => {
    const s = makeEncounter({
      figures: [
        { id: 'a', side: 'h', at: [2, 2] },
        { id: 'e', side: 'm', at: [3, 3] },
        { id: 'f', side: 'm', at: [2, 1] },
        { id: 'g', side: 'h', at: [4, 4] }
      ],
      blocks: [[2, 0]]
    })
    expect(flankSquares(s, fig(s, 'a'))).toEqual([])
  })
})

describe('sightOverlay', () => {
  it('hides squares behind a closed door and asks the ruleset for cover', () => {
    const s0 = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], width: 3, height: 1 })
    const s = { ...s0, board: { ...s0.board, doors: [{ x: 2, y: 0, side: 'w' as const, open: false }] } }
    const sight = sightOverlay(
      s,
      { coverAt: (_s, _v, p) => (p.x === 1 ? 'cover.partial' : null) },
      fig(s, 'a')
    )
    expect(sight.cells).toEqual([
      { x: 1, y: 0, visible: true, cover: 'cover.partial' },
      { x: 2, y: 0, visible: false, cover: null }
    ])
    const open = { ...s, board: { ...s.board, doors: [{ x: 2, y: 0, side: 'w' as const, open: true }] } }
    expect(sightOverlay(open, {}, fig(open, 'a')).cells).toEqual([])
  })

  it('narrows sight by the ruleset canSee hook', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], width: 4, height: 1 })
    const sight = sightOverlay(s, { canSee: (_s, _v, p) => p.x < 2 }, fig(s, 'a'))
    expect(keys(sight.cells.filter((c) => !c.visible))).toEqual(['2,0', '3,0'])
  })
})

describe('templates and rulers', () => {
  it('keeps template cells on the board and names the figures caught', () => {
    const s = makeEncounter({
      figures: [
        { id: 'a', at: [0, 0] },
        { id: 'b', side: 'm', at: [1, 1] },
        { id: 'c', side: 'm', at: [5, 5] }
      ],
      width: 6,
      height: 6
    })
    const burst = { id: 'template.burst', shape: 'burst' as const, size: 1 }
    const cells = (_t: unknown, o: { x: number; y: number }) => [
      { x: o.x - 1, y: o.y - 1 },
      { x: o.x, y: o.y },
      { x: o.x - 1, y: o.y }
    ]
    // origin: the corner nearest (0.8, 0.3) is (1, 0); the cell above the board is dropped
    const t = templateOverlay(s, burst, templateOrigin({ x: 0.8, y: 0.3 }), { x: 2, y: 2 }, cells, 'burst')
    expect(keys(t.cells)).toEqual(['0,0', '1,0'])
    expect(t.hits).toEqual(['a'])
    expect(templateOverlay(s, burst, { x: 2, y: 2 }, { x: 3, y: 3 }, cells, 'burst').hits).toEqual(['b'])
    expect(figuresIn(s, [{ x: 5, y: 5 }])).toEqual(['c'])
  })

  it('measures in squares by default and through the ruleset metric leg by leg', () => {
    const s = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }] })
    const points = [
      { x: 0, y: 0 },
      { x: 3, y: 1 },
      { x: 3, y: 5 }
    ]
    expect(measurePath(s, {}, points)).toEqual({ value: 7, unit: 'unit.squares' })
    const feet = { measure: () => ({ value: 5, unit: 'unit.feet' }) }
    expect(measurePath(s, feet, points)).toEqual({ value: 10, unit: 'unit.feet' })
    expect(rulerOverlay(s, feet, points, (m) => `${m.value} ${m.unit}`).label).toBe('10 unit.feet')
  })
})
