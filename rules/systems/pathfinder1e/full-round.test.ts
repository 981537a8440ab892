import { describe, expect, it } from 'vitest'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { act, withTurn } from './flow-fixtures'
import { readStats } from './stats'
import { pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §3.2 restricted turns [TEXT L91, L139, L281]: start a full-round action now, complete
// it with a standard action next turn; and the variations of an attack (fighting defensively, nonlethal).

// A goblin on a restricted turn (surprise round) next to a sleeping hero (helpless, §4.8).
function surprise(): EncounterState {
  const s = pfState(
    [
      pfFigure('goblin', { side: 'b', pos: { x: 6, y: 5 } }),
      pfFigure('hero', { pos: { x: 5, y: 5 }, stats: { conditions: ['asleep'] } })
    ],
    { initiative: { goblin: 15, hero: 10 }, settings: { gmPrompts: 'auto' } }
  )
  return withTurn({ ...s, surprised: ['hero'] }, 'goblin')
}

describe('starting and completing a full-round action (§3.2 restricted turn)', () => {
  it('a restricted turn cannot pay a coup de grace, but can start one', () => {
    const s = surprise()
    expect(s.turn?.economy.context._restricted).toBe(1)
    const legal = pathfinder1e.legalActions(s, 'goblin').filter((a) => a.kind === 'coupDeGrace')
    expect(legal).toEqual([
      { kind: 'coupDeGrace', actorId: 'goblin', targetId: 'hero', options: { start: 1 } }
    ])
    const { state, events } = act(s, legal[0]!, forcedDice([]))
    expect(events.some((e) => e.type === 'dice.rolled')).toBe(false)
    expect(readStats(figure(state, 'goblin')).startedFull).toBe('coupDeGrace:hero@1')
  })

  it('next turn a standard action completes it: an automatic critical hit (§4.8)', () => {
    const started = act(
      surprise(),
      { kind: 'coupDeGrace', actorId: 'goblin', targetId: 'hero', options: { start: 1 } },
      forcedDice([])
    ).state
    const next = withTurn({ ...started, round: 2 }, 'goblin')
    const complete: Action = {
      kind: 'coupDeGrace',
      actorId: 'goblin',
      targetId: 'hero',
      options: { complete: 1 }
    }
    expect(pathfinder1e.legalActions(next, 'goblin')).toContainEqual(complete)
    // Longsword crit ×2: 1d8 twice = 4 + 3 = 7; the survivor's Fort save (DC 17) with a d20 of 5 fails.
    const { state } = act(next, complete, forcedDice([4, 3, 5]))
    expect(readStats(figure(state, 'hero')).conditions).toContain('dead')
    expect(readStats(figure(state, 'goblin')).startedFull).toBeUndefined()
  })

  it('a start is refused on a full turn, and a completion without a start the turn before', () => {
    const full = withTurn({ ...surprise(), round: 2 }, 'goblin')
    expect(full.turn?.economy.context._restricted).toBe(0)
    const start: Action = { kind: 'coupDeGrace', actorId: 'goblin', targetId: 'hero', options: { start: 1 } }
    expect(pathfinder1e.validate(full, start)?.code).toBe('notRestricted')
    const complete = { ...start, options: { complete: 1 } }
    expect(pathfinder1e.validate(full, complete)?.code).toBe('notStarted')
    expect(
      pathfinder1e.validate(surprise(), {
        kind: 'fullAttack',
        actorId: 'goblin',
        targetId: 'hero',
        options: { start: 1 }
      })?.code
    ).toBe('notStartable')
  })
})

describe('attack variations (§3.2 fighting defensively, §4.1 nonlethal)', () => {
  function duel() {
    return withTurn(
      pfState(
        [pfFigure('hero', { pos: { x: 5, y: 5 } }), pfFigure('orc', { side: 'b', pos: { x: 6, y: 5 } })],
        {
          initiative: { hero: 20, orc: 10 }
        }
      ),
      'hero'
    )
  }

  it('fighting defensively: −4 to hit and +2 dodge AC until its next turn', () => {
    const s = duel()
    const defensive: Action = { kind: 'attack', actorId: 'hero', targetId: 'orc', options: { defensive: 1 } }
    expect(pathfinder1e.legalActions(s, 'hero')).toContainEqual(defensive)
    // d20 13 − 4 = 9 misses AC 10.
    const { state, events } = act(s, defensive, forcedDice([13]))
    expect(events.some((e) => e.type === 'attack.missed')).toBe(true)
    expect(readStats(figure(state, 'hero')).effects).toContainEqual({
      id: 'fightingDefensively',
      until: 'hero',
      value: 2
    })
  })

  it('nonlethal with a lethal weapon: −4 to hit and the damage is nonlethal', () => {
    const s = duel()
    const soft: Action = { kind: 'attack', actorId: 'hero', targetId: 'orc', options: { nonlethal: 1 } }
    const { state } = act(s, soft, forcedDice([18, 6]))
    expect(figure(state, 'orc').life).toBe(10)
    expect(readStats(figure(state, 'orc')).nonlethal).toBe(6)
  })
})
