import type { Campaign } from '../core/schemas'
import { rulesets } from '.'

// The core campaign schema keeps each figure's stats and each encounter's settings opaque (they belong to
// a ruleset); this checks them against their ruleset's own schemas, so an import or a load never lets in
// what the rules would choke on later (a damage of "99999999d99999999", a settings field of the wrong
// type) and a campaign of a system with no ruleset is refused with a plain reason.

/** Why a campaign does not fit its rules, in parts the UI can word in any language. */
export type RulesProblem =
  | { kind: 'unknownSystem'; system: string; message: string }
  /** `path` is the JSON path in the campaign file of the first value the ruleset refused. */
  | { kind: 'rules'; encounter: string; path: string; message: string }

/** True when this version has rules for the system id. */
export function hasRules(system: string): boolean {
  return Object.hasOwn(rulesets, system) && rulesets[system as Campaign['system']] !== undefined
}

/** Null when every encounter fits its ruleset; otherwise the first problem, with a message a person reads. */
export function rulesProblem(campaign: Campaign): RulesProblem | null {
  const ruleset = hasRules(campaign.system) ? rulesets[campaign.system] : undefined
  if (!ruleset) {
    const message = `no rules for system "${campaign.system}" in this version of Emboscada`
    return { kind: 'unknownSystem', system: campaign.system, message }
  }
  // The party and the bestiary are figures waiting to be placed: their stats meet the same rules, so no
  // template holds what a fight would refuse (or data of any size and depth the rules never read).
  for (const roster of ['party', 'bestiary'] as const) {
    for (const [n, template] of (campaign[roster] ?? []).entries()) {
      const stats = ruleset.schemas.stats.safeParse(template.stats)
      if (stats.success) continue
      const first = issue(stats.error)
      const path = `$.${roster}[${n}].stats${first.path}`
      const message = `${roster}[${n}] (${template.name}): ${first.text}`
      return { kind: 'rules', encounter: template.name, path, message }
    }
  }
  for (const [index, record] of campaign.encounters.entries()) {
    const where = `encounters[${index}] (${record.name})`
    const at = `$.encounters[${index}].initial`
    const refuse = (path: string, message: string): RulesProblem => ({
      kind: 'rules',
      encounter: record.name,
      path,
      message: `${where}: ${message}`
    })
    const state = record.initial
    if (state.system !== campaign.system)
      return refuse(`${at}.system`, `system "${state.system}" in a ${campaign.system} campaign`)
    // An encounter stores only its overrides; the ruleset reads them merged over its defaults.
    const settings = ruleset.schemas.settings.safeParse({ ...ruleset.defaultSettings, ...state.settings })
    if (!settings.success) {
      const first = issue(settings.error)
      return refuse(`${at}.settings${first.path}`, `settings: ${first.text}`)
    }
    for (const [n, c] of state.combatants.entries()) {
      const stats = ruleset.schemas.stats.safeParse(c.stats)
      if (!stats.success) {
        const first = issue(stats.error)
        return refuse(`${at}.combatants[${n}].stats${first.path}`, `${c.name} (${c.id}): ${first.text}`)
      }
    }
  }
  return null
}

/** Null when every encounter fits its ruleset; otherwise the first problem, as a person reads it. */
export function rulesViolation(campaign: Campaign): string | null {
  return rulesProblem(campaign)?.message ?? null
}

/** The first issue as text (`weapons.0.damage: …`) and as a JSON path suffix (`.weapons[0].damage`). */
function issue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): {
  text: string
  path: string
} {
  const first = error.issues[0]
  if (!first) return { text: 'invalid', path: '' }
  const dotted = first.path.map(String).join('.')
  const path = first.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
  return { text: dotted ? `${dotted}: ${first.message}` : first.message, path }
}
