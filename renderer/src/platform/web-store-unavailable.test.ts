import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SCHEMA_VERSION, type Campaign } from '../../../rules/core/schemas'
import type { CampaignListEntry, CampaignStore } from '../../../main/store/campaign-store'
import { storeError } from '../../../main/store/store-test-helpers'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// Issue 18 "Never lose a campaign, part 2" in the browser: an entry written by a newer Emboscada, or for
// rules this version does not have, is not damage. It is listed, read-only, and left exactly as it is: never
// moved aside, never overwritten, never given a backup or a revision.

const KEY = (id: string) => `emboscada:campaign:${id}`

/** A newer app's campaign: a format this version does not read, with fields it has never heard of. */
const NEWER = JSON.stringify({
  ...sampleCampaign(),
  schemaVersion: 99,
  id: 'from-the-future',
  name: 'Campaña del futuro',
  shinyNewField: { x: 1 }
})

/** A campaign of a rule system this version does not have, in today's format. */
const FOREIGN = JSON.stringify({ ...sampleCampaign(), id: 'dragons', name: 'Dragones', system: 'dnd5e' })

/** A store over storage holding both besides the sample; also the storage, and its items before any call. */
function open(): { storage: MemoryStorage; store: CampaignStore; before: Map<string, string> } {
  const storage = new MemoryStorage()
  storage.setItem(KEY('from-the-future'), NEWER)
  storage.setItem(KEY('dragons'), FOREIGN)
  const store = createWebStore(storage, [sampleCampaign()])
  return { storage, store, before: new Map(storage.items) }
}

/** Saving today's campaign under the unavailable one's id, as a stale page or a hand-typed URL might. */
const over = (id: string): Campaign => ({ ...sampleCampaign(), id, name: 'Overwritten' })

describe('campaigns this version cannot open, in the web store', () => {
  it('lists them as unavailable, with what the entry says, and leaves storage byte for byte', async () => {
    const { storage, store, before } = open()
    const entries: CampaignListEntry[] = await store.list()
    expect(entries).toEqual([
      {
        id: 'dragons',
        name: 'Dragones',
        system: 'dnd5e',
        encounterCount: sampleCampaign().encounters.length,
        unavailable: { reason: 'unknownRules' }
      },
      {
        id: 'from-the-future',
        name: 'Campaña del futuro',
        system: 'minecraft',
        encounterCount: sampleCampaign().encounters.length,
        unavailable: { reason: 'tooNew', version: 99, supported: CAMPAIGN_SCHEMA_VERSION }
      },
      expect.objectContaining({ id: 'minecraft-sample' })
    ])
    expect(storage.items).toEqual(before)
    expect(await store.quarantined()).toEqual([])
  })

  it('refuses to open them, saying why, and changes nothing', async () => {
    const { storage, store, before } = open()
    expect(await storeError(store.load('from-the-future'))).toMatchObject({
      code: 'tooNew',
      problem: 'tooNew',
      params: { version: 99, supported: CAMPAIGN_SCHEMA_VERSION }
    })
    expect(await storeError(store.load('dragons'))).toMatchObject({
      code: 'unknownRules',
      problem: 'unknownSystem',
      params: { system: 'dnd5e' }
    })
    expect(storage.items).toEqual(before)
  })

  it.each([
    ['from-the-future', 'tooNew'],
    ['dragons', 'unknownRules']
  ])('never writes over %s: save, rename, duplicate and restore are refused (%s)', async (id, code) => {
    const { storage, store, before } = open()
    await store.list()
    expect((await storeError(store.save(over(id)))).code).toBe(code)
    expect((await storeError(store.rename(id, 'Renamed'))).code).toBe(code)
    expect((await storeError(store.duplicate(id))).code).toBe(code)
    expect(storage.items).toEqual(before)
    // Even with a backup of its own from an older version, a restore would replace the newer one: refused.
    const older = JSON.stringify({ ...sampleCampaign(), id, name: 'Older' })
    storage.setItem(`emboscada:backup:${id}:20261130T120000000Z`, older)
    const [backup] = await store.backups(id)
    expect((await storeError(store.restoreBackup(id, backup!.file))).code).toBe(code)
    expect(storage.getItem(KEY(id))).toBe(before.get(KEY(id)))
  })

  it('still lists them after another store of the same storage tried to open them', async () => {
    const { storage, store } = open()
    await storeError(store.load('from-the-future'))
    await storeError(store.load('dragons'))
    const again = createWebStore(storage, [sampleCampaign()])
    expect((await again.list()).map((entry) => entry.id)).toEqual([
      'dragons',
      'from-the-future',
      'minecraft-sample'
    ])
  })
})
