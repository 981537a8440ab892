import { campaignSchema, type Campaign } from '../../rules/core/schemas'
import { rulesViolation } from '../../rules/systems/campaign-rules'
import { checkJsonLimits, FILE_LIMITS, formatIssues } from '../validation'
import { migrate, type MigrationChain } from './migrations'

/** The result of turning parsed JSON into a current-version Campaign. */
export type Decoded =
  | { ok: true; campaign: Campaign; migratedFrom?: number }
  | { ok: false; code: 'invalid' | 'tooNew' | 'tooLarge'; message: string }

/** Limits, then migrations, then the schema; used for loads, imports and sample seeding alike. */
export function decodeCampaign(raw: unknown, chain: MigrationChain, expectedId?: string): Decoded {
  const violation = checkJsonLimits(raw, FILE_LIMITS)
  if (violation !== null) {
    return { ok: false, code: violation.kind === 'size' ? 'tooLarge' : 'invalid', message: violation.message }
  }
  const migrated = migrate(raw, chain)
  if (migrated.kind === 'tooNew') {
    return {
      ok: false,
      code: 'tooNew',
      message: `written by a newer Emboscada (schemaVersion ${migrated.version}); update the app to open it`
    }
  }
  if (migrated.kind === 'failed') return { ok: false, code: 'invalid', message: migrated.message }
  const parsed = campaignSchema.safeParse(migrated.doc)
  if (!parsed.success) return { ok: false, code: 'invalid', message: formatIssues(parsed.error) }
  // The ruleset's own schemas for the stats and settings the core schema leaves opaque.
  const rules = rulesViolation(parsed.data)
  if (rules !== null) return { ok: false, code: 'invalid', message: rules }
  // The file name is the id everywhere else (list, load, quarantine); a mismatch would alias two campaigns.
  if (expectedId !== undefined && parsed.data.id !== expectedId) {
    return {
      ok: false,
      code: 'invalid',
      message: `file ${expectedId}.json holds campaign id "${parsed.data.id}"`
    }
  }
  return migrated.kind === 'migrated'
    ? { ok: true, campaign: parsed.data, migratedFrom: migrated.from }
    : { ok: true, campaign: parsed.data }
}
