import { describe, expect, it } from 'vitest'
import type { Action, EncounterState, Vec3 } from '../../core/types'
import { pathfinder1e } from '.'
import { withTurn } from './flow-fixtures'
import { pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §3.2: a restricted turn (staggered, disabled, the surprise round) is one standard or one
// move action. [SRD] restricted withdraw: "as a standard action, move up to your speed"; restricted charge:
// "move up to your speed"; no run. Issue 20 bug 3: a staggered figure could declare a run, and a charge or
// withdraw beyond its speed — `validate` accepted what `legalActions` did not offer.

/** A staggered hero (speed 30 ft = 6 squares) at (2,5), a goblin threatening it at (2,4), one 9 squares east. */
function staggered(): EncounterState {
  const state = pfState(
    [
      pfFigure('hero', { side: 'a', pos: { x: 2, y: 5 }, stats: { conditions: ['staggered'] } }),
      pfFigure('near', { side: 'b', pos: { x: 2, y: 4 } }),
      pfFigure('far', { side: 'b', pos: { x: 11, y: 5 } })
    ],
    { settings: { gmPrompts: 'auto' } }
  )
  return withTurn(state, 'hero')
}

/** A straight path west-to-east or north-to-south of `n` squares from (x, y) (dx, dy each −1, 0 or 1). */
function line(x: number, y: number, dx: number, dy: number, n: number): Vec3[] {
  return Array.from({ length: n }, (_, i) => ({ x: x + dx * (i + 1), y: y + dy * (i + 1), z: 0 }))
}

const code = (state: EncounterState, action: Action) => pathfinder1e.validate(state, action)?.code ?? null

describe('restricted turn movement (§3.2, [SRD] restricted withdraw and charge)', () => {
  it('the turn is restricted', () => {
    expect(staggered().turn?.economy.context._restricted).toBe(1)
  })

  it('a run is refused and never offered', () => {
    const state = staggered()
    const run: Action = { kind: 'run', actorId: 'hero', path: line(2, 5, 0, 1, 8) }
    expect(code(state, run)).toBe('restrictedRun')
    expect(pathfinder1e.legalActions(state, 'hero').some((a) => a.kind === 'run')).toBe(false)
  })

  it('a withdraw up to speed is offered and accepted; beyond speed refused and not offered', () => {
    const state = staggered()
    const legal = pathfinder1e.legalActions(state, 'hero').filter((a) => a.kind === 'withdraw')
    expect(legal.length).toBeGreaterThan(0)
    for (const a of legal) {
      expect(a.path!.length).toBeLessThanOrEqual(6)
      expect(code(state, a)).toBeNull()
    }
    expect(code(state, { kind: 'withdraw', actorId: 'hero', path: line(2, 5, -1, 0, 2) })).toBeNull()
    expect(code(state, { kind: 'withdraw', actorId: 'hero', path: line(2, 5, 0, 1, 6) })).toBeNull()
    const far: Action = { kind: 'withdraw', actorId: 'hero', path: line(2, 5, 0, 1, 7) }
    expect(code(state, far)).toBe('tooFar')
  })

  it('a charge is offered and accepted only up to speed: the goblin 8 squares of charge away is not', () => {
    const state = staggered()
    const charges = pathfinder1e.legalActions(state, 'hero').filter((a) => a.kind === 'charge')
    expect(charges.some((a) => a.targetId === 'far')).toBe(false)
    const far: Action = { kind: 'charge', actorId: 'hero', targetId: 'far', path: line(2, 5, 1, 0, 8) }
    expect(code(state, far)).toBe('chargeTooFar')
  })

  it('unrestricted, the same figure may run and charge the far goblin', () => {
    const state = withTurn(
      pfState(
        [
          pfFigure('hero', { side: 'a', pos: { x: 2, y: 5 } }),
          pfFigure('far', { side: 'b', pos: { x: 11, y: 5 } })
        ],
        { settings: { gmPrompts: 'auto' } }
      ),
      'hero'
    )
    const legal = pathfinder1e.legalActions(state, 'hero')
    expect(legal.some((a) => a.kind === 'run')).toBe(true)
    const charge: Action = { kind: 'charge', actorId: 'hero', targetId: 'far', path: line(2, 5, 1, 0, 8) }
    expect(legal).toContainEqual(charge)
    expect(code(state, charge)).toBeNull()
  })
})
