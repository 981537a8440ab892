import { describe, expect, it } from 'vitest'
import { forcedDice } from '../../core/rng'
import { figure } from '../../core/test-fixtures'
import type { Action } from '../../core/types'
import { armorClass, type DefenseContext } from './defense'
import { act, withTurn } from './flow-fixtures'
import { pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §3.2 "Fighting defensively [SRD]: as a standard-action attack or as a full attack, −4 to
// attacks and +2 dodge AC (+3 with 3 ranks of Acrobatics) until your next turn". Issue 20 bug 6: it always
// gave +2, never +3.

const melee: DefenseContext = {
  touch: false,
  vsRanged: false,
  cover: 'none',
  coverAc: { partial: 2, normal: 4, improved: 8 }
}

function acAfterDefensiveSwing(acrobaticsRanks: number | undefined, kind: Action['kind']): number {
  const ranks = acrobaticsRanks === undefined ? {} : { skillRanks: { acrobatics: acrobaticsRanks } }
  const state = pfState(
    [
      pfFigure('duelist', { side: 'a', pos: { x: 5, y: 5 }, stats: ranks }),
      pfFigure('foe', { side: 'b', pos: { x: 6, y: 5 } })
    ],
    { settings: { gmPrompts: 'auto' } }
  )
  const action: Action = { kind, actorId: 'duelist', targetId: 'foe', options: { defensive: 1 } }
  const before = armorClass(figure(state, 'duelist'), melee)
  // A natural 1 misses: no damage dice.
  const after = act(withTurn(state, 'duelist'), action, forcedDice([1])).state
  return armorClass(figure(after, 'duelist'), melee) - before
}

describe('fighting defensively (§3.2)', () => {
  it.each([
    [undefined, 2],
    [2, 2],
    [3, 3],
    [10, 3]
  ])('with %s ranks of Acrobatics an attack gives +%i dodge AC', (ranks, bonus) => {
    expect(acAfterDefensiveSwing(ranks, 'attack')).toBe(bonus)
  })

  it('the same with a full attack: +3 at 3 ranks', () => {
    expect(acAfterDefensiveSwing(3, 'fullAttack')).toBe(3)
  })
})
