import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { campaignSchema } from '../rules/core/schemas'
import { getRuleset } from '../rules/systems'
import { buildSampleCampaigns } from './tools/sample-campaigns'

describe('bundled sample campaigns', () => {
  for (const built of buildSampleCampaigns()) {
    const file = new URL(`../resources/campaigns/${built.id}.json`, import.meta.url)
    const bundled: unknown = JSON.parse(readFileSync(file, 'utf8'))

    it(`${built.id} is what tests/tools/make-sample-campaigns.ts writes`, () => {
      expect(bundled).toEqual(JSON.parse(JSON.stringify(built)))
    })

    it(`${built.id} validates, and every figure has valid ${built.system} stats`, () => {
      const campaign = campaignSchema.parse(bundled)
      const ruleset = getRuleset(campaign.system)
      for (const encounter of campaign.encounters) {
        for (const c of encounter.initial.combatants)
          expect(ruleset.schemas.stats.safeParse(c.stats).success).toBe(true)
        const settings = { ...ruleset.defaultSettings, ...encounter.initial.settings }
        expect(ruleset.schemas.settings.safeParse(settings).success).toBe(true)
      }
    })
  }

  it('the Minecraft sample is the one the issue describes: 2 heroes, 3 zombies + 1 skeleton on 16×12', () => {
    const mc = buildSampleCampaigns().find((c) => c.system === 'minecraft')!
    const initial = mc.encounters[0]!.initial
    expect([initial.board.width, initial.board.height]).toEqual([16, 12])
    expect(initial.board.blocks.length).toBeGreaterThan(4)
    const bySide = (side: string) => initial.combatants.filter((c) => c.side === side)
    expect(bySide('heroes')).toHaveLength(2)
    expect(bySide('monsters').map((c) => c.id)).toEqual(['zombie-1', 'zombie-2', 'zombie-3', 'skeleton'])
  })
})
