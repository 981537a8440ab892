import type { Campaign } from '../core/schemas'
import { rulesets } from '.'

// The core campaign schema keeps each figure's stats and each encounter's settings opaque (they belong to
// a ruleset); this checks them against their ruleset's own schemas, so an import or a load never lets in
// what the rules would choke on later (a damage of "99999999d99999999", a settings field of the wrong
// type) and a campaign of a system with no ruleset is refused with a plain reason.

/** Null when every encounter fits its ruleset; otherwise the first problem, as a person reads it. */
export function rulesViolation(campaign: Campaign): string | null {
  const ruleset = Object.hasOwn(rulesets, campaign.system) ? rulesets[campaign.system] : undefined
  if (!ruleset) return `no rules for system "${campaign.system}" in this version of Emboscada`
  for (const [index, record] of campaign.encounters.entries()) {
    const where = `encounters[${index}] (${record.name})`
    const state = record.initial
    if (state.system !== campaign.system)
      return `${where}: system "${state.system}" in a ${campaign.system} campaign`
    // An encounter stores only its overrides; the ruleset reads them merged over its defaults.
    const settings = ruleset.schemas.settings.safeParse({ ...ruleset.defaultSettings, ...state.settings })
    if (!settings.success) return `${where}: settings: ${issue(settings.error)}`
    for (const c of state.combatants) {
      const stats = ruleset.schemas.stats.safeParse(c.stats)
      if (!stats.success) return `${where}: ${c.name} (${c.id}): ${issue(stats.error)}`
    }
  }
  return null
}

function issue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const first = error.issues[0]
  if (!first) return 'invalid'
  const path = first.path.map(String).join('.')
  return path ? `${path}: ${first.message}` : first.message
}
