import { CAMPAIGN_SCHEMA_VERSION } from '../../rules/core/schemas'

// Migrations work on raw parsed JSON, before validation: old files do not match today's schema by definition.
//
// Bumping the campaign format (CAMPAIGN_SCHEMA_VERSION, rules/core/schemas.ts) from N to N + 1:
//  1. Leave tests/fixtures/campaigns/vN/ exactly as it is: it is the frozen record of format N, never
//     regenerated or edited (its files must keep saying schemaVersion N).
//  2. Bump the constant, change the schema, and add `[N, step]` below: a pure function of the raw vN
//     document that returns a new one with schemaVersion N + 1. Keep it self-contained (no imports of
//     today's schemas or types: they describe the newest format and will move on), and make sure every
//     encounter still replays to its stored stateHash (renderer/src/state/restore.ts) or the migrated save
//     reads as corrupt: recompute the hash if the step changes what it covers.
//  3. Regenerate the samples (npx tsx tests/tools/make-sample-campaigns.ts) and copy
//     resources/campaigns/*.json into a new tests/fixtures/campaigns/v(N + 1)/.
//  4. main/store/migration-fixtures.test.ts then loads every fixture of every version through the store:
//     each must migrate, validate, replay and leave its pre-migration backup. It fails, saying what is
//     missing, until steps 1–3 are done. Dropping support for a version removes its step and folder together.

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
    if (step === undefined)
      return { kind: 'failed', message: noStep(version, version === from && doc.schemaVersion === undefined) }
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

/**
 * Why there is no way up from `version`. A document without any schemaVersion is not an old format: v1 was
 * the first ever shipped and always carried it, so such a file is a pre-release draft or not ours at all.
 */
function noStep(version: number, unversioned: boolean): string {
  const message = `no migration from schemaVersion ${version}`
  return unversioned
    ? `${message}: the file has no schemaVersion, which no Emboscada release ever wrote (v1, the first format, has one)`
    : message
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
