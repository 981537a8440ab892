import { expect, it } from 'vitest'
import { stateHash } from '../../rules/core/hash'
import { seedRng } from '../../rules/core/rng'
import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import { replay } from '../../rules/flow/engine'
import { playAiVsAi } from './play'

/**
 * The golden checks every system's sample must pass (house style tests/golden): played AI vs AI from its
 * seed it ends with a winner, replays from its command log to the same state hash, plays the same game
 * again from the same seed and another game from another seed. Returns the game for further checks.
 */
export function goldenGame(initial: EncounterState, ruleset: Ruleset) {
  const game = playAiVsAi(initial, ruleset)

  it('reaches an end with a winner, every loser out', () => {
    expect(game.state.phase).toBe('ended')
    expect(initial.sides.map((s) => s.id)).toContain(game.state.winner)
    const losers = game.state.combatants.filter((c) => c.side !== game.state.winner)
    expect(losers.every((c) => c.out)).toBe(true)
  })

  it('replays from its command log to the same state hash', () => {
    const replayed = replay(initial, game.commands, ruleset)
    expect(stateHash(replayed)).toBe(stateHash(game.state))
    expect(replayed.log).toEqual(game.state.log)
  })

  it('plays the same game again from the same seed, and another game from another', () => {
    expect(stateHash(playAiVsAi(initial, ruleset).state)).toBe(stateHash(game.state))
    const other = playAiVsAi({ ...initial, rng: seedRng(7) }, ruleset)
    expect(stateHash(other.state)).not.toBe(stateHash(game.state))
  })

  return game
}
