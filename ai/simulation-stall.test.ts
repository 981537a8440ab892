import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import { getRuleset } from '../rules/systems'
import { playOut, STALL_ROUNDS } from './simulation'

// A fight two AIs can never finish: in the Athkri sample from seed 3 the last two figures, a skeleton at
// 2 HP with 0.1 % to hit and a knight whose move spends the action she would strike with, dance beside
// each other round after round (found by the bench: the 3,000-step cap, 724 rounds). A fight to the last
// side standing where nobody loses Life or goes out for STALL_ROUNDS rounds is cut short as stalled.

const athkri = campaignSchema.parse(
  JSON.parse(readFileSync(new URL('../resources/campaigns/athkri-sample.json', import.meta.url), 'utf8'))
)
const vado = athkri.encounters[0]!.initial as EncounterState
const ruleset = getRuleset(vado.system)

describe('a stalled fight is cut short', () => {
  it(
    `Athkri seed 3 stops ${STALL_ROUNDS} rounds after the last blood, a draw, not at the step cap`,
    {
      timeout: 120_000
    },
    () => {
      const game = playOut(vado, ruleset, 3, { maxSteps: 3000 })
      expect(game.stalled).toBe(true)
      expect(game.truncated).toBe(true)
      expect(game.winner).toBeNull()
      expect(game.steps).toBeLessThan(1500)
    }
  )

  it('with stallRounds 0 it plays on to the step cap', { timeout: 120_000 }, () => {
    const game = playOut(vado, ruleset, 3, { maxSteps: 400, stallRounds: 0 })
    expect(game.stalled).toBeUndefined()
    expect(game.steps).toBe(400)
  })

  it('a fight with a round objective is never cut as stalled (waiting is its progress)', () => {
    const survive: EncounterState = {
      ...vado,
      objectives: [{ kind: 'survive', side: vado.sides[0]!.id, rounds: 3 }]
    }
    // The same opening without the objective has a round without blood: cut at once with stallRounds 1.
    expect(playOut(vado, ruleset, 1, { maxSteps: 3000, stallRounds: 1 }).stalled).toBe(true)
    const game = playOut(survive, ruleset, 1, { maxSteps: 3000, stallRounds: 1 })
    expect(game.stalled).toBeUndefined()
  })
})
