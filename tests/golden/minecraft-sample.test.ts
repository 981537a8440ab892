import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../../rules/core/schemas'
import type { EncounterState } from '../../rules/core/types'
import { getRuleset } from '../../rules/systems'
import { goldenGame } from './golden-suite'

const sample = campaignSchema.parse(
  JSON.parse(
    readFileSync(new URL('../../resources/campaigns/minecraft-sample.json', import.meta.url), 'utf8')
  )
)
const initial = sample.encounters[0]!.initial as EncounterState
const ruleset = getRuleset('minecraft')

describe('golden: the Minecraft sample played AI vs AI', () => {
  const game = goldenGame(initial, ruleset)

  it('every die in the log is a legal face', () => {
    const rolls = game.state.log.filter((e) => e.type === 'dice.rolled')
    expect(rolls.length).toBeGreaterThan(5)
    for (const r of rolls) if (r.type === 'dice.rolled') expect(r.result).toBeGreaterThanOrEqual(1)
  })
})
