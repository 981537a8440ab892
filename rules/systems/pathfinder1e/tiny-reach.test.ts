import { describe, expect, it } from 'vitest'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { withTurn } from './flow-fixtures'
import { pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §2 Table 8-1: a Tiny creature has a natural reach of 0 ft: it must enter an opponent's
// square to attack it, and so to trip, grapple or bull rush it (§4.11 maneuvers are melee attacks). Issue 20
// bug 4: from an adjacent square its attack was refused but its maneuvers were accepted.

function pixieBeside(at: { x: number; y: number }): EncounterState {
  const state = pfState(
    [
      pfFigure('pixie', { side: 'a', pos: at, stats: { size: 'T' } }),
      pfFigure('kobold', { side: 'b', pos: { x: 6, y: 5 }, stats: { size: 'S' } })
    ],
    { settings: { gmPrompts: 'auto' } }
  )
  return withTurn(state, 'pixie')
}

const KINDS = ['attack', 'trip', 'grapple', 'bullRush'] as const
const act = (kind: string): Action => ({ kind, actorId: 'pixie', targetId: 'kobold' })

describe('a Tiny figure (reach 0 ft) reaches only a figure whose square it shares (§2, §4.11)', () => {
  it.each(KINDS)('adjacent: %s is refused as out of reach and not offered', (kind) => {
    const state = pixieBeside({ x: 5, y: 5 })
    expect(pathfinder1e.validate(state, act(kind))?.code).toBe('outOfReach')
    const offered = pathfinder1e.legalActions(state, 'pixie')
    expect(offered.some((a) => a.kind === kind && a.targetId === 'kobold')).toBe(false)
  })

  it.each(KINDS)('in the kobold’s square: %s is no longer refused for reach', (kind) => {
    const state = pixieBeside({ x: 6, y: 5 })
    expect(pathfinder1e.validate(state, act(kind))?.code).not.toBe('outOfReach')
  })

  it('a Small figure adjacent still trips, grapples and bull rushes (reach 5 ft)', () => {
    const state = withTurn(
      pfState(
        [
          pfFigure('pixie', { side: 'a', pos: { x: 5, y: 5 }, stats: { size: 'S' } }),
          pfFigure('kobold', { side: 'b', pos: { x: 6, y: 5 }, stats: { size: 'S' } })
        ],
        { settings: { gmPrompts: 'auto' } }
      ),
      'pixie'
    )
    for (const kind of KINDS) expect(pathfinder1e.validate(state, act(kind)), kind).toBeNull()
  })
})
