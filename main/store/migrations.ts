import { CAMPAIGN_SCHEMA_VERSION } from '../../rules/core/schemas'

// Migrations work on raw parsed JSON, before validation: old files do not match today's schema by definition.

/** One step from `schemaVersion` n to n + 1; returns a new document and never mutates its input. */
export type Migration = (doc: Record<string, unknown>) => Record<string, unknown>

/** Migration steps keyed by the version they upgrade from. */
export type MigrationChain = ReadonlyMap<number, Migration>

/** The shipped chain: v1 is the first released format, so there is nothing to upgrade yet. */
export const campaignMigrations: MigrationChain = new Map()

/** What migrating a document did. */
export type MigrationOutcome =
  | { kind: 'current'; doc: Record<string, unknown> }
  | { kind: 'migrated'; doc: Record<string, unknown>; from: number }
  | { kind: 'tooNew'; version: number }
  | { kind: 'failed'; message: string }

/** Runs the chain from the document's version (missing = 0) up to `current`. */
export function migrate(
  doc: unknown,
  chain: MigrationChain = campaignMigrations,
  current: number = CAMPAIGN_SCHEMA_VERSION
): MigrationOutcome {
  if (!isRecord(doc)) return { kind: 'failed', message: 'a campaign file must hold a JSON object' }
  const from = doc.schemaVersion ?? 0
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 0) {
    return { kind: 'failed', message: `schemaVersion must be a whole number, got ${JSON.stringify(from)}` }
  }
  if (from > current) return { kind: 'tooNew', version: from }
  let next = doc
  for (let version = from; version < current; version++) {
    const step = chain.get(version)
    if (step === undefined) return { kind: 'failed', message: `no migration from schemaVersion ${version}` }
    try {
      next = step(next)
    } catch (error) {
      return { kind: 'failed', message: `migration from v${version} failed: ${messageOf(error)}` }
    }
    // A step that forgets to bump the version would loop or silently skip steps; refuse it.
    if (!isRecord(next) || next.schemaVersion !== version + 1) {
      return { kind: 'failed', message: `migration from v${version} did not produce v${version + 1}` }
    }
  }
  return from === current ? { kind: 'current', doc: next } : { kind: 'migrated', doc: next, from }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
