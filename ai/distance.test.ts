import { describe, expect, it } from 'vitest'
import { edgeDistance } from '../rules/core/inches'
import { getRuleset } from '../rules/systems'
import { at, cvFigure, cvState, withTurn } from '../rules/systems/carnevale/test-fixtures'
import { makeEncounter } from '../rules/systems/minecraft/test-fixtures'
import { chooseStep } from './choose'
import { distanceTo } from './distance'

// The AI measures "how far is that enemy" by the board's geometry, never by the system: steps around walls
// on a square grid, inches on an inches board (a coarse cost field over climbs and water, never shorter
// than the straight edge-to-edge distance).

describe('distanceTo', () => {
  it('on a grid: steps around the walls', () => {
    const s = makeEncounter({
      figures: [
        { id: 'z', side: 'monsters', at: [1, 1], creature: 'minecraft:zombie' },
        { id: 'h', side: 'heroes', at: [5, 1], creature: 'minecraft:steve' }
      ],
      blocks: [0, 1, 2, 3, 4].map((y) => [3, y] as [number, number])
    })
    const [z, h] = s.combatants
    // The wall at x = 3 (y 0–4) makes the 4 straight steps 8: round its end at y = 5 and back.
    expect(distanceTo(s, z!, h!)({ x: 1, y: 1, z: 0 })).toBe(8)
  })

  it('on an inches board: the straight distance in the open, more around a tall building or across water', () => {
    const a = cvFigure('a', 'x', at(2, 10))
    const b = cvFigure('b', 'y', at(20, 10))
    const open = cvState([a, b])
    const straight = edgeDistance(open.board, a, b)
    expect(distanceTo(open, a, b)(a.pos)).toBeCloseTo(straight, 6)
    const tower = { id: 't', kind: 'building' as const, x: 90, y: 0, w: 20, h: 200, top: 80 }
    const walled = cvState([a, b], { pieces: [tower] })
    expect(distanceTo(walled, a, b)(a.pos)).toBeGreaterThan(straight + 5)
    const canal = { id: 'w', kind: 'water' as const, x: 60, y: 0, w: 80, h: 240, top: 0 }
    const wet = cvState([a, b], { pieces: [canal] })
    expect(distanceTo(wet, a, b)(a.pos)).toBeGreaterThan(straight + 5)
  })
})

describe('the AI on an inches board', () => {
  it('walks toward the nearest enemy when nothing is in reach (Carnevale)', () => {
    const s = withTurn(cvState([cvFigure('a', 'x', at(2, 2)), cvFigure('b', 'y', at(20, 20))]), 'a')
    const step = chooseStep(s, getRuleset('carnevale'), 'a')
    expect(step.command.type).toBe('action.declare')
    expect(step.reason.key).toBe('approachInches')
    expect(step.reason.params.inches).toBe(Math.round(Number(step.reason.params.inches) * 10) / 10)
    if (step.command.type !== 'action.declare') return
    const end = step.command.action.path!.at(-1)!
    expect(distanceTo(s, s.combatants[0]!, s.combatants[1]!)(end)).toBeLessThan(
      edgeDistance(s.board, s.combatants[0]!, s.combatants[1]!) - 4
    )
  })
})
