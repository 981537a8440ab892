import { CAMPAIGN_SCHEMA_VERSION, campaignSchema, type Campaign } from '../../rules/core/schemas'
import { hasRules, rulesProblem } from '../../rules/systems/campaign-rules'
import {
  CAMPAIGN_LIMITS,
  checkJsonLimits,
  clipPath,
  FILE_LIMITS,
  formatIssues,
  schemaParams
} from '../validation'
import { migrate, type MigrationChain } from './migrations'
import type { ProblemParams, StoreProblem } from './store-problem'

// Node-free: the web build's store decodes imports with this too.

/** Why a document was refused: the store's code, the problem the UI words, and an English technical message. */
export interface Refusal {
  /** `tooNew` and `unknownRules` are not damage: such a file is listed, read-only, and never touched. */
  code: 'invalid' | 'tooNew' | 'tooLarge' | 'unknownRules'
  problem: StoreProblem
  params: ProblemParams
  message: string
  /** What the list can show of a file this version cannot open (`tooNew`, `unknownRules`). */
  peek?: CampaignPeek
}

/** A campaign's name, system and size, read defensively from a document that did not pass the schema. */
export interface CampaignPeek {
  name: string
  system: string
  encounterCount: number
}

/** The result of turning parsed JSON into a current-version Campaign. */
export type Decoded = { ok: true; campaign: Campaign; migratedFrom?: number } | ({ ok: false } & Refusal)

/** Limits, then migrations, then the schema; used for loads, imports and sample seeding alike. */
export function decodeCampaign(raw: unknown, chain: MigrationChain, expectedId?: string): Decoded {
  const violation = checkJsonLimits(raw, FILE_LIMITS)
  if (violation !== null) {
    const code = violation.kind === 'size' ? 'tooLarge' : 'invalid'
    return refuse(code, violation.problem, violation.message, violation.params)
  }
  if (!isRecord(raw)) return refuse('invalid', 'notCampaign', 'a campaign file must hold a JSON object')
  const migrated = migrate(raw, chain)
  if (migrated.kind === 'tooNew') {
    const message = `written by a newer Emboscada (schemaVersion ${migrated.version}); update the app to open it`
    const params = { version: migrated.version, supported: CAMPAIGN_SCHEMA_VERSION }
    return { ok: false, ...refusal('tooNew', 'tooNew', message, params), peek: peek(raw) }
  }
  if (migrated.kind === 'failed') {
    // No release ever wrote a campaign without a schemaVersion: unless a chain upgrades such files, one is
    // some other JSON, not an old campaign, and the person is told so rather than "could not be upgraded".
    const problem = 'schemaVersion' in raw ? 'migrationFailed' : 'notCampaign'
    return refuse('invalid', problem, migrated.message)
  }
  // Before the schema, so the answer names the real cause instead of a pile of issues it leads to.
  const early = figuresRefusal(migrated.doc) ?? systemRefusal(migrated.doc)
  if (early !== null)
    return { ok: false, ...early, ...(early.code === 'unknownRules' ? { peek: peek(raw) } : {}) }
  const parsed = campaignSchema.safeParse(migrated.doc)
  if (!parsed.success) {
    return refuse('invalid', 'schema', formatIssues(parsed.error), schemaParams(parsed.error))
  }
  const content = contentRefusal(parsed.data)
  if (content !== null) return { ok: false, ...content }
  // The file name is the id everywhere else (list, load, quarantine); a mismatch would alias two campaigns.
  if (expectedId !== undefined && parsed.data.id !== expectedId) {
    const message = `file ${expectedId}.json holds campaign id "${parsed.data.id}"`
    return refuse('invalid', 'idMismatch', message, { id: expectedId, found: parsed.data.id })
  }
  return migrated.kind === 'migrated'
    ? { ok: true, campaign: parsed.data, migratedFrom: migrated.from }
    : { ok: true, campaign: parsed.data }
}

/**
 * What a valid campaign must also satisfy before it is stored: the figure cap and its ruleset's own schemas.
 * Saves run it too, so nothing is written that the next load would refuse.
 */
export function contentRefusal(campaign: Campaign): Refusal | null {
  const figures = figuresRefusal(campaign)
  if (figures !== null) return figures
  const rules = rulesProblem(campaign)
  if (rules === null) return null
  return rules.kind === 'unknownSystem'
    ? { code: 'invalid', problem: 'unknownSystem', params: { system: rules.system }, message: rules.message }
    : {
        code: 'invalid',
        problem: 'rules',
        params: { encounter: rules.encounter.slice(0, 120), path: clipPath(rules.path) },
        message: rules.message
      }
}

/** Figures summed over every encounter, read defensively: the document may not have passed the schema yet. */
export function countFigures(doc: unknown): number {
  const encounters = isRecord(doc) ? doc.encounters : undefined
  if (!Array.isArray(encounters)) return 0
  let figures = 0
  for (const record of encounters as unknown[]) {
    const initial = isRecord(record) ? record.initial : undefined
    const combatants = isRecord(initial) ? initial.combatants : undefined
    if (Array.isArray(combatants)) figures += combatants.length
  }
  return figures
}

function figuresRefusal(doc: unknown): Refusal | null {
  const found = countFigures(doc)
  const limit = CAMPAIGN_LIMITS.maxFigures
  if (found <= limit) return null
  const message = `${found} figures over all encounters (the cap is ${limit})`
  return { code: 'invalid', problem: 'tooManyFigures', params: { found, limit }, message }
}

/**
 * A system id with no rules, named as such (the schema would only say "invalid option"). Not damage: a
 * campaign of a system this version does not have (a newer one's, or a plug-in's) is kept read-only, untouched.
 */
function systemRefusal(doc: Record<string, unknown>): Refusal | null {
  const system = doc.system
  if (typeof system !== 'string' || hasRules(system)) return null
  const message = `no rules for system ${JSON.stringify(system.slice(0, 60))} in this version of Emboscada`
  return { code: 'unknownRules', problem: 'unknownSystem', params: { system: system.slice(0, 60) }, message }
}

/** The list's view of a document the schema has not vouched for: every field read defensively and clipped. */
function peek(doc: Record<string, unknown>): CampaignPeek {
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() !== '' ? value.slice(0, 120) : fallback
  return {
    name: text(doc.name, typeof doc.id === 'string' ? doc.id.slice(0, 64) : '?'),
    system: text(doc.system, '?').slice(0, 60),
    encounterCount: Array.isArray(doc.encounters) ? doc.encounters.length : 0
  }
}

function refuse(
  code: Refusal['code'],
  problem: StoreProblem,
  message: string,
  params: ProblemParams = {}
): Decoded {
  return { ok: false, ...refusal(code, problem, message, params) }
}

function refusal(
  code: Refusal['code'],
  problem: StoreProblem,
  message: string,
  params: ProblemParams
): Refusal {
  return { code, problem, params, message }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
