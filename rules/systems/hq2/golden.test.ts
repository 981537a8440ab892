import { describe, expect, it } from 'vitest'
import { playAiVsAi } from '../../../tests/golden/play'
import { stateHash } from '../../core/hash'
import { seedRng } from '../../core/rng'
import { encounterStateSchema } from '../../core/schemas'
import { replay } from '../../flow/engine'
import { hq2 } from '.'
import { hq2SampleEncounter } from './sample'

// The sample dungeon played to the end by the generic AI on both sides (no HQ2 code in ai/): seeded, so
// the game, its decisions and its dice replay exactly from the command log.

describe('golden: the HQ2 sample played AI vs AI', () => {
  const initial = hq2SampleEncounter()
  const game = playAiVsAi(initial, hq2)

  it('reaches an end with a winner, every loser out', () => {
    expect(game.state.phase).toBe('ended')
    expect(['heroes', 'monsters']).toContain(game.state.winner)
    expect(game.state.combatants.filter((c) => c.side !== game.state.winner).every((c) => c.out)).toBe(true)
  })

  it('replays from its command log to the same state hash', () => {
    const replayed = replay(initial, game.commands, hq2)
    expect(stateHash(replayed)).toBe(stateHash(game.state))
    expect(replayed.log).toEqual(game.state.log)
    expect(encounterStateSchema.safeParse(game.state).success).toBe(true)
  })

  it('plays the HQ2 turn: rolled movement, split movement, attacks with both dice, decisions answered', () => {
    const rolls = game.state.log.flatMap((e) => (e.type === 'dice.rolled' ? [e.purpose] : []))
    expect(new Set(rolls)).toEqual(new Set(['movement', 'attack', 'defense', 'check']))
    expect(game.commands.some((c) => c.type === 'decision.answer' && c.decisionId === 'hq2.defense')).toBe(
      true
    )
    expect(game.state.log.some((e) => e.type === 'economy.changed')).toBe(true)
    for (const e of game.state.log) if (e.type === 'dice.rolled') expect(e.result).toBeGreaterThanOrEqual(1)
  })

  it('plays a different game from another seed', () => {
    const other = playAiVsAi({ ...initial, rng: seedRng(7) }, hq2)
    expect(other.state.phase).toBe('ended')
    expect(stateHash(other.state)).not.toBe(stateHash(game.state))
  })
})
