import { describe, expect, it } from 'vitest'
import { buildSampleCampaigns } from '../../tests/tools/sample-campaigns'
import type { Campaign } from '../core/schemas'
import { rulesProblem, rulesViolation } from './campaign-rules'

// Campaign-level checks with each ruleset's own schemas (issue 8, bad input): the stats and settings the
// core schema leaves opaque.

const samples = buildSampleCampaigns()
const athkri = samples.find((c) => c.system === 'athkri')!

/** The Athkri sample with its first figure's stats or the first encounter's settings patched. */
function patched(stats: Record<string, unknown>, settings: Record<string, unknown> = {}): Campaign {
  const [first, ...rest] = athkri.encounters
  const [figure, ...others] = first!.initial.combatants
  const initial = {
    ...first!.initial,
    settings: { ...first!.initial.settings, ...settings },
    combatants: [{ ...figure!, stats: { ...figure!.stats, ...stats } }, ...others]
  }
  return { ...athkri, encounters: [{ ...first!, initial }, ...rest] }
}

describe('rulesViolation', () => {
  it('passes every bundled sample', () => {
    for (const c of samples) expect(rulesViolation(c), c.id).toBeNull()
  })

  it('refuses stats its ruleset would choke on, naming the encounter, figure and field', () => {
    const figure = athkri.encounters[0]!.initial.combatants[0]!
    const weapons = (figure.stats.weapons as Array<Record<string, unknown>>).map((w) => ({
      ...w,
      damage: '99999999d99999999'
    }))
    expect(rulesViolation(patched({ weapons }))).toMatch(/^encounters\[0\] .*: weapons\.0\.damage: /)
    expect(rulesViolation(patched({ attributes: 'NaN' }))).toMatch(/attributes/)
  })

  it('refuses settings of the wrong type, merged over the defaults as the rules read them', () => {
    expect(rulesViolation(patched({}, { coverObstacles: 'x'.repeat(50) }))).toMatch(
      /settings: coverObstacles/
    )
    expect(rulesViolation(patched({}, {}))).toBeNull()
  })

  it('refuses a system this version has no rules for, and an encounter of another system', () => {
    expect(rulesViolation({ ...athkri, system: 'dnd5e' as Campaign['system'] })).toMatch(
      /no rules for system "dnd5e"/
    )
    const minecraft = samples.find((c) => c.system === 'minecraft')!
    expect(rulesViolation({ ...athkri, encounters: minecraft.encounters })).toMatch(/system "minecraft"/)
  })

  it('names the problem in parts the UI can word: the encounter and the JSON path of the refused value', () => {
    const figure = athkri.encounters[0]!.initial.combatants[0]!
    const weapons = (figure.stats.weapons as Array<Record<string, unknown>>).map((w) => ({
      ...w,
      damage: 'x'
    }))
    expect(rulesProblem(patched({ weapons }))).toMatchObject({
      kind: 'rules',
      encounter: athkri.encounters[0]!.name,
      path: '$.encounters[0].initial.combatants[0].stats.weapons[0].damage'
    })
    expect(rulesProblem(patched({}, { coverObstacles: 'x' }))).toMatchObject({
      kind: 'rules',
      path: '$.encounters[0].initial.settings.coverObstacles'
    })
    // A system id the core schema does not know either (the decoder refuses it before the schema).
    expect(rulesProblem({ ...athkri, system: 'dnd5e' as Campaign['system'] })).toMatchObject({
      kind: 'unknownSystem',
      system: 'dnd5e'
    })
  })
})
