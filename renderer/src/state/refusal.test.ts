import { describe, expect, it } from 'vitest'
import { getRuleset } from '../../../rules/systems'
import { pathfinderHeroTurn, ruleset, started } from './fixtures'
import { refusal, straightPath } from './refusal'

// Steve stands on (2,5) with 3 AP; blocks at (4,2), (5,2), (4,3)...; zombie 1 on (8,4).

describe('straightPath', () => {
  it('walks diagonally first, then straight, keeping the height', () => {
    expect(straightPath({ x: 0, y: 0, z: 1 }, { x: 3, y: 1 })).toEqual([
      { x: 1, y: 1, z: 1 },
      { x: 2, y: 1, z: 1 },
      { x: 3, y: 1, z: 1 }
    ])
  })
})

describe('refusal', () => {
  const state = started()
  const why = (x: number, y: number) => refusal(state, ruleset, 'steve', { x, y })

  it('says nothing about the figure’s own square', () => {
    expect(why(2, 5)).toBeNull()
  })

  it('names a block as the reason, even behind another block', () => {
    expect(why(4, 2)).toMatchObject({ code: 'blocked', params: { x: 4, y: 2 } })
  })

  it('names the AP when the square is free but too far', () => {
    expect(why(8, 5)).toEqual({ code: 'notEnoughAp', params: { need: 6, have: 3 } })
  })

  it('says out of reach when only a detour could get there', () => {
    expect(why(5, 3)).toMatchObject({ code: 'unreachable' })
  })

  it('explains why an enemy cannot be attacked', () => {
    expect(why(8, 4)).toMatchObject({ code: 'notAdjacent', params: { targetId: 'zombie-1' } })
  })

  it('names the figure standing on a friend’s square', () => {
    expect(refusal(state, ruleset, 'steve', { x: 2, y: 7 })).toMatchObject({
      code: 'occupied',
      params: { by: 'alex' }
    })
  })
})

describe('refusal in a ruleset’s own attack vocabulary (Pathfinder)', () => {
  // Irene (6,9) has a quarterstaff; Goblin 1 (8,5) is out of her reach. Pathfinder has no `melee` kind.
  // The kinds learnt are remembered per ruleset, so the first case must run before any is learnt.
  const pf = getRuleset('pathfinder1e')
  const state = pathfinderHeroTurn()

  it('never says "unknown action: melee": with no attack known yet, there is nothing to do to it', () => {
    expect(refusal(state, pf, 'irene', { x: 8, y: 5 })).toEqual({
      code: 'noActionOn',
      params: { targetId: 'goblin-1' }
    })
  })

  it('tries the attack the ruleset uses, once seen, and gives its reason', () => {
    const seen = [{ kind: 'attack', actorId: 'goblin-2', targetId: 'tobi' }]
    expect(refusal(state, pf, 'irene', { x: 8, y: 5 }, seen)).toMatchObject({ code: 'outOfReach' })
  })
})
