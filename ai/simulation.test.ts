import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { playOut } from './simulation'

const campaign = campaignSchema.parse(
  JSON.parse(readFileSync(new URL('../resources/campaigns/minecraft-sample.json', import.meta.url), 'utf8'))
)
const full = campaign.encounters[0]!.initial as EncounterState
// A small duel keeps the test fast: Steve against one zombie on the sample's real map.
const duel: EncounterState = {
  ...full,
  combatants: full.combatants.filter((c) => c.id === 'steve' || c.id === 'zombie-1')
}
const ruleset = getRuleset(full.system)

describe('playOut', () => {
  it('is deterministic: the same seed gives the same summary, whatever rng the state carried', () => {
    const a = playOut(duel, ruleset, 7, { maxSteps: 2000 })
    const b = playOut({ ...duel, rng: [1, 2, 3, 4] }, ruleset, 7, { maxSteps: 2000 })
    expect(b).toEqual(a)
    expect(a.truncated).toBe(false)
    expect(['heroes', 'monsters']).toContain(a.winner)
    expect(a.perFigure.map((f) => f.id)).toEqual(['steve', 'zombie-1'])
    // The loser is out, and was down on the way there.
    const loser = a.perFigure.find((f) => f.side !== a.winner)!
    expect([loser.out, loser.downed]).toEqual([true, true])
    // Minecraft removes a figure at 0 life and has no floor below it: out at the floor reads as dead.
    expect(loser.fate).toBe('dead')
    expect(loser.lifeLost).toBeGreaterThan(0)
  })

  it('plays the human-controlled heroes too, and different seeds give different games', () => {
    const games = [1, 2, 3, 4, 5].map((seed) => playOut(duel, ruleset, seed, { maxSteps: 2000 }))
    expect(games.every((g) => g.winner !== null)).toBe(true)
    expect(new Set(games.map((g) => JSON.stringify(g))).size).toBeGreaterThan(1)
  })

  it('stops at maxSteps and says so', () => {
    const g = playOut(full, ruleset, 1, { maxSteps: 5 })
    expect(g).toMatchObject({ winner: null, steps: 5, truncated: true })
  })

  it('plays at each AI level, and refuses a level that does not exist', () => {
    for (const level of ['easy', 'normal', 'hard'] as const) {
      expect(playOut(duel, ruleset, 3, { maxSteps: 2000, level }).truncated).toBe(false)
    }
    expect(() => playOut(duel, ruleset, 1, { maxSteps: 10, level: 'brutal' as never })).toThrow(/level/)
  })
})
