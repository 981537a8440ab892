import { readdirSync, readFileSync } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { CAMPAIGN_SCHEMA_VERSION, campaignSchema } from '../../rules/core/schemas'
import { getRuleset } from '../../rules/systems'
import { restore } from '../../renderer/src/state/restore'
import { StoreError } from './campaign-store'
import { openCampaignStore } from './lowdb-campaign-store'
import { campaignMigrations, migrate, type Migration, type MigrationChain } from './migrations'

// Issue: "schemaVersion and a migration chain; fixtures of every older version migrate in tests".
// tests/fixtures/campaigns/v<N>/ holds frozen campaign files of format N, from the oldest version still
// read up to the current one. Every file is loaded through the real desktop store, as a GM's file would
// be after an update: it must come out at the current version, valid, every encounter replaying to its
// recorded hash, with a pre-migration backup if it was upgraded and untouched if it was current. The
// procedure for a format bump is at the top of migrations.ts.

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/campaigns/', import.meta.url))

/** The fixture files of each version folder (`v<N>/`), by N. */
function fixtureFolders(root: string): Map<number, string[]> {
  const folders = new Map<number, string[]>()
  for (const name of readdirSync(root)) {
    const match = /^v(\d+)$/.exec(name)
    if (match === null) continue
    const files = readdirSync(join(root, name)).filter((f) => f.endsWith('.json'))
    folders.set(Number(match[1]), files.map((f) => join(root, name, f)).sort())
  }
  return folders
}

/**
 * What is missing for the versions from the oldest still read (the oldest folder, or the oldest migration
 * step: a step without fixtures is untested) up to `current`: every one needs its frozen files, and no
 * folder may claim a version newer than the app reads.
 */
function missingFixtures(
  folders: ReadonlyMap<number, readonly string[]>,
  current: number,
  steps: Iterable<number> = []
): string[] {
  const versions = [...folders.keys()]
  const oldest = Math.min(current, ...versions, ...steps)
  const problems: string[] = []
  for (let v = oldest; v <= current; v++) {
    if ((folders.get(v)?.length ?? 0) > 0) continue
    problems.push(
      v === current
        ? `tests/fixtures/campaigns/v${v}/ is missing or empty: CAMPAIGN_SCHEMA_VERSION is ${v}, so copy ` +
            `resources/campaigns/*.json there, and leave the older folders exactly as they are`
        : `tests/fixtures/campaigns/v${v}/ is missing or empty: files of format v${v} are still read, so ` +
            `restore its frozen files from git (never regenerate them); see main/store/migrations.ts`
    )
  }
  for (const v of versions.filter((v) => v > current))
    problems.push(`tests/fixtures/campaigns/v${v}/ is newer than CAMPAIGN_SCHEMA_VERSION ${current}`)
  return problems
}

const roots: string[] = []
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => fsp.rm(root, { recursive: true, force: true })))
})

/** A fresh, empty campaigns folder in a temp dir removed after the test. */
async function emptyDisk(): Promise<string> {
  const root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-fixture-'))
  roots.push(root)
  const dir = join(root, 'campaigns')
  await fsp.mkdir(dir)
  return dir
}

/** A campaigns folder holding a copy of `file` under its own name, as a GM's disk would. */
async function diskWith(file: string): Promise<string> {
  const dir = await emptyDisk()
  await fsp.copyFile(file, join(dir, basename(file)))
  return dir
}

/** Files under `dir/sub`, none when the folder does not exist. */
async function filesIn(dir: string, sub: string): Promise<string[]> {
  return fsp.readdir(join(dir, sub)).catch(() => [])
}

/**
 * Loads fixture `file` (of format `version`) through the desktop store and checks what a GM would get:
 * the campaign at the current version, valid, every encounter replaying to its recorded stateHash; an
 * upgraded file rewritten with its original kept byte for byte in backups/, a current one not rewritten.
 */
async function checkFixture(file: string, version: number, migrations?: MigrationChain): Promise<void> {
  const original = readFileSync(file)
  const dir = await diskWith(file)
  const id = basename(file, '.json')
  const logs: string[] = []
  const store = await openCampaignStore({ dir, log: (m) => logs.push(m), migrations })
  const campaign = await store.load(id)
  expect(campaign.schemaVersion).toBe(CAMPAIGN_SCHEMA_VERSION)
  expect(campaignSchema.safeParse(campaign).success).toBe(true)
  for (const record of campaign.encounters) {
    // The app's own check on opening an encounter: its commands replay to the hash saved with them.
    expect(() => restore(record, getRuleset(campaign.system)), record.id).not.toThrow()
  }
  expect(await store.quarantined()).toEqual([])
  const onDisk = await fsp.readFile(join(dir, `${id}.json`))
  if (version === CAMPAIGN_SCHEMA_VERSION) {
    expect(onDisk.equals(original), 'a current file must not be rewritten by a load').toBe(true)
    expect(await filesIn(dir, 'backups')).toEqual([])
    return
  }
  expect(JSON.parse(onDisk.toString('utf8'))).toEqual(campaign)
  const backups = await filesIn(dir, 'backups')
  const kept = await Promise.all(backups.map((f) => fsp.readFile(join(dir, 'backups', f))))
  expect(
    kept.some((bytes) => bytes.equals(original)),
    `no pre-migration backup in ${backups}`
  ).toBe(true)
  expect(logs.join('\n')).toMatch(new RegExp(`migrated from schemaVersion ${version}`))
  // Opened again, the upgraded file is current: read as it is, not migrated twice.
  const again = await openCampaignStore({ dir, log: () => undefined, migrations })
  expect(await again.load(id)).toEqual(campaign)
  expect((await fsp.readFile(join(dir, `${id}.json`))).equals(onDisk)).toBe(true)
}

const folders = fixtureFolders(FIXTURES)

describe('campaign fixtures of every schema version', () => {
  it('has frozen files for every version still read, up to the current one', () => {
    expect(missingFixtures(folders, CAMPAIGN_SCHEMA_VERSION, campaignMigrations.keys())).toEqual([])
  })

  it('says what is missing when the version moves on without them', () => {
    /** Folders for these versions, each holding one file. */
    const kept = (...versions: number[]) => new Map(versions.map((v) => [v, [`v${v}/a.json`]]))
    expect(missingFixtures(kept(1), 2)).toEqual([expect.stringMatching(/v2\/ is missing.*copy/)])
    expect(missingFixtures(kept(1, 3), 3)).toEqual([expect.stringMatching(/v2\/ is missing.*restore its/)])
    expect(missingFixtures(new Map([[1, []]]), 1)).toHaveLength(1)
    expect(missingFixtures(kept(1, 2), 1)).toEqual([expect.stringMatching(/v2\/ is newer/)])
    expect(missingFixtures(new Map(), 1)).toHaveLength(1)
    // A v1 → v2 step whose v1 files were moved or regenerated as v2.
    expect(missingFixtures(kept(2), 2, [1])).toEqual([expect.stringMatching(/v1\/ is missing.*restore its/)])
  })

  for (const [version, files] of [...folders].sort(([a], [b]) => a - b)) {
    describe(`v${version}`, () => {
      const named = files.map((f) => [basename(f), f] as const)

      it.each(named)(`%s says schemaVersion ${version}`, (_name, file) => {
        // A fixture "updated" to a newer format is no longer a record of this one.
        const doc = JSON.parse(readFileSync(file, 'utf8')) as { schemaVersion?: unknown }
        expect(doc.schemaVersion).toBe(version)
      })

      it.each(named)('%s loads through the store at the current version, valid, and replays', (_name, file) =>
        checkFixture(file, version)
      )
    })
  }

  it('puts an older version through the same checks: upgraded, backed up, replayed', async () => {
    // Until an older format ships, the upgrade branch above runs for nobody; prove it with a made-up
    // version just below the oldest kept (its name called "title"), one step up, then the real chain.
    const oldest = Math.min(...folders.keys())
    const up: Migration = ({ title, ...rest }) => ({ ...rest, name: title, schemaVersion: oldest })
    const sample = folders.get(oldest)![0]!
    const { name, ...rest } = JSON.parse(readFileSync(sample, 'utf8')) as Record<string, unknown>
    const root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-older-'))
    roots.push(root)
    const file = join(root, basename(sample))
    await fsp.writeFile(file, JSON.stringify({ ...rest, schemaVersion: oldest - 1, title: name }, null, 2))
    await checkFixture(file, oldest - 1, new Map([...campaignMigrations, [oldest - 1, up]]))
  })
})

describe('a pre-release document without schemaVersion', () => {
  const file = join(FIXTURES, 'pre-release', 'v0-no-schema-version.json')
  const text = readFileSync(file, 'utf8')
  const clear = /no schemaVersion, which no Emboscada release ever wrote/

  it('is refused by migrate: there is no v0 → v1 step, and there never was a v0 release', () => {
    expect(migrate(JSON.parse(text))).toEqual({ kind: 'failed', message: expect.stringMatching(clear) })
  })

  it('is refused on load with that reason, and kept in quarantine byte for byte', async () => {
    const dir = await diskWith(file)
    const store = await openCampaignStore({ dir, log: () => undefined })
    const error = await store.load('v0-no-schema-version').then(
      () => null,
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({ code: 'invalid', message: expect.stringMatching(clear) })
    const [moved] = await store.quarantined()
    expect(moved).toBeDefined()
    expect((await fsp.readFile(join(dir, moved!.file))).equals(readFileSync(file))).toBe(true)
  })

  it('is refused on import with that reason, and nothing is written', async () => {
    const dir = await emptyDisk()
    const store = await openCampaignStore({ dir, log: () => undefined })
    await expect(store.importJson(text)).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(clear)
    })
    expect(await fsp.readdir(dir)).toEqual([])
  })
})
