import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { stateHash } from '../../rules/core/hash'
import { seedRng } from '../../rules/core/rng'
import { campaignSchema } from '../../rules/core/schemas'
import type { EncounterState } from '../../rules/core/types'
import { replay } from '../../rules/flow/engine'
import { getRuleset } from '../../rules/systems'
import { playAiVsAi } from './play'

const sample = campaignSchema.parse(
  JSON.parse(
    readFileSync(new URL('../../resources/campaigns/minecraft-sample.json', import.meta.url), 'utf8')
  )
)
const initial = sample.encounters[0]!.initial as EncounterState
const ruleset = getRuleset('minecraft')

describe('golden: the Minecraft sample played AI vs AI', () => {
  const game = playAiVsAi(initial, ruleset)

  it('reaches an end with a winner', () => {
    expect(game.state.phase).toBe('ended')
    expect(['heroes', 'monsters']).toContain(game.state.winner)
    const losers = game.state.combatants.filter((c) => c.side !== game.state.winner)
    expect(losers.every((c) => c.out)).toBe(true)
  })

  it('replays from its command log to the same state hash', () => {
    const replayed = replay(initial, game.commands, ruleset)
    expect(stateHash(replayed)).toBe(stateHash(game.state))
    expect(replayed.log).toEqual(game.state.log)
  })

  it('plays the same game again from the same seed', () => {
    expect(stateHash(playAiVsAi(initial, ruleset).state)).toBe(stateHash(game.state))
  })

  it('plays a different game from another seed', () => {
    const other = playAiVsAi({ ...initial, rng: seedRng(7) }, ruleset)
    expect(stateHash(other.state)).not.toBe(stateHash(game.state))
  })

  it('every die in the log is a legal face', () => {
    const rolls = game.state.log.filter((e) => e.type === 'dice.rolled')
    expect(rolls.length).toBeGreaterThan(5)
    for (const r of rolls) if (r.type === 'dice.rolled') expect(r.result).toBeGreaterThanOrEqual(1)
  })
})
