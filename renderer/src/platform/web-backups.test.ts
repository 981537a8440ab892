import { describe, expect, it } from 'vitest'
import type { Campaign } from '../../../rules/core/schemas'
import type { CampaignStore } from '../../../main/store/campaign-store'
import { storeError } from '../../../main/store/store-test-helpers'
import { sampleCampaign } from '../state/fixtures'
import { WEB_BACKUPS_KEPT } from './web-backups'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// Issue 8 "Durability" in the browser: the last versions of each campaign in localStorage, the restore API,
// and unreadable entries moved aside rather than overwritten.

const ID = 'minecraft-sample'
const KEY = `emboscada:campaign:${ID}`
const version = (name: string): Campaign => ({ ...sampleCampaign(), name })

/** A store over `storage` on a clock that moves a second per reading. */
function open(storage = new MemoryStorage()): { storage: MemoryStorage; store: CampaignStore } {
  let clock = Date.parse('2026-11-30T12:00:00.000Z')
  return { storage, store: createWebStore(storage, [], { now: () => new Date((clock += 1000)) }) }
}

async function saveVersions(store: CampaignStore, ...names: string[]): Promise<void> {
  for (const name of names) await store.save(version(name))
}

describe('web backups', () => {
  it(`keeps the last ${WEB_BACKUPS_KEPT} versions of each campaign, newest first`, async () => {
    const { storage, store } = open()
    await saveVersions(store, 'V0', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6', 'V7')
    const backups = await store.backups(ID)
    expect(backups.map((b) => b.name)).toEqual(['V6', 'V5', 'V4', 'V3', 'V2'])
    expect(backups[0]).toEqual({
      file: expect.stringMatching(/^minecraft-sample\.\d{8}T\d{9}Z\.bak$/),
      at: expect.any(String),
      kind: 'save',
      name: 'V6',
      encounterCount: sampleCampaign().encounters.length,
      readable: true
    })
    expect(storage.keysStarting(`emboscada:backup:${ID}:`)).toHaveLength(WEB_BACKUPS_KEPT)
    expect(await store.backups('other')).toEqual([])
  })

  it('restores an older version, keeps the replaced one, and can undo', async () => {
    const { store } = open()
    await saveVersions(store, 'One', 'Two', 'Three')
    const one = (await store.backups(ID)).find((b) => b.name === 'One')!
    expect((await store.restoreBackup(ID, one.file)).name).toBe('One')
    expect((await store.load(ID)).name).toBe('One')
    const [replaced] = await store.backups(ID)
    expect(replaced?.name).toBe('Three')
    await store.restoreBackup(ID, replaced!.file)
    expect((await store.load(ID)).name).toBe('Three')
  })

  it.each([
    ['../x', 'badId'],
    ['minecraft-sample.json', 'badId'],
    ['other.20261130T120001000Z.bak', 'badId'],
    ['minecraft-sample.20261130T120001000Z.abcdef.bak', 'badId'],
    ['minecraft-sample.20261130T115959000Z.bak', 'notFound']
  ])('refuses to restore %j with %s and changes nothing', async (file, code) => {
    const { store } = open()
    await saveVersions(store, 'One', 'Two')
    expect((await storeError(store.restoreBackup(ID, file))).code).toBe(code)
    expect((await store.load(ID)).name).toBe('Two')
    expect((await storeError(store.restoreBackup('../x', file))).code).toBe('badId')
  })

  it('lists a damaged backup as unreadable and refuses to restore it', async () => {
    const { storage, store } = open()
    await saveVersions(store, 'One', 'Two', 'Three')
    const [newest] = storage.keysStarting(`emboscada:backup:${ID}:`).reverse()
    storage.items.set(newest!, '{"half":')
    const backups = await store.backups(ID)
    expect(backups.map((b) => b.readable)).toEqual([false, true])
    expect((await storeError(store.restoreBackup(ID, backups[0]!.file))).code).toBe('corrupt')
    expect((await store.load(ID)).name).toBe('Three')
  })

  it('saves when the backup does not fit, and drops old backups when the save does not', async () => {
    const { storage, store } = open()
    await saveVersions(store, 'One', 'Two', 'Three')
    storage.refuse = (key) => key.startsWith('emboscada:backup:')
    await saveVersions(store, 'Four')
    expect((await store.load(ID)).name).toBe('Four')
    expect((await store.backups(ID)).map((b) => b.name)).toEqual(['Two', 'One'])
    // Now the campaign itself only fits once every backup has gone.
    storage.refuse = (key) =>
      key.startsWith('emboscada:backup:') || storage.keysStarting('emboscada:backup:').length > 0
    await saveVersions(store, 'Five')
    expect((await store.load(ID)).name).toBe('Five')
    expect(await store.backups(ID)).toEqual([])
  })

  it('refuses a restore that could not keep the current version, and reports a full storage', async () => {
    const { storage, store } = open()
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups(ID)
    storage.refuse = (key) => key.startsWith('emboscada:backup:')
    expect(await storeError(store.restoreBackup(ID, one!.file))).toMatchObject({
      code: 'io',
      problem: 'storageFull'
    })
    expect((await store.load(ID)).name).toBe('Two')
  })
})

describe('unreadable entries', () => {
  it('moves a damaged campaign aside and opens its newest good backup, saying so', async () => {
    const { storage, store } = open()
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups(ID)
    storage.items.set(KEY, '{"torn":')
    expect((await store.list()).map((c) => c.name)).toEqual(['One'])
    const [entry] = await store.quarantined()
    expect(entry).toMatchObject({
      id: ID,
      reason: 'corrupt',
      restoredFrom: one!.file,
      restoredAt: one!.at,
      thisSession: true
    })
    expect(storage.getItem(entry!.file)).toBe('{"torn":')
    // A later session still lists it, no longer as news.
    const later = createWebStore(storage, [])
    expect(await later.quarantined()).toEqual([
      { id: ID, file: entry!.file, reason: 'corrupt', at: entry!.at }
    ])
  })

  it('says there is no good backup when there is none', async () => {
    const { storage, store } = open()
    storage.items.set(KEY, JSON.stringify({ ...sampleCampaign(), encounters: 'none' }))
    const error = await storeError(store.load(ID))
    expect(error).toMatchObject({ code: 'invalid', message: expect.stringMatching(/no good backup/) })
    expect((await store.quarantined())[0]).toMatchObject({ reason: 'invalid', thisSession: true })
    expect((await store.quarantined())[0]).not.toHaveProperty('restoredFrom')
  })

  it('leaves a damaged entry exactly where it is when there is no room to move it', async () => {
    const { storage, store } = open()
    storage.items.set(KEY, '{"torn":')
    storage.refuse = () => true
    expect((await storeError(store.load(ID))).code).toBe('corrupt')
    expect(storage.getItem(KEY)).toBe('{"torn":')
    expect(await store.quarantined()).toEqual([])
    // Nor does a save overwrite it.
    expect((await storeError(store.save(version('New')))).code).toBe('io')
    expect(storage.getItem(KEY)).toBe('{"torn":')
  })

  it('leaves a newer app’s campaign where it is and refuses to save over it', async () => {
    const { storage, store } = open()
    const future = JSON.stringify({ ...sampleCampaign(), schemaVersion: 9 })
    storage.items.set(KEY, future)
    expect((await storeError(store.load(ID))).code).toBe('tooNew')
    expect((await storeError(store.save(version('Older app')))).code).toBe('tooNew')
    expect(storage.getItem(KEY)).toBe(future)
    expect(await store.quarantined()).toEqual([])
  })

  it('moves an unreadable entry aside before a save replaces it, instead of backing it up', async () => {
    const { storage, store } = open()
    storage.items.set(KEY, 'scribbled')
    await saveVersions(store, 'Fresh')
    expect((await store.load(ID)).name).toBe('Fresh')
    expect(await store.backups(ID)).toEqual([])
    const [entry] = await store.quarantined()
    expect(storage.getItem(entry!.file)).toBe('scribbled')
    expect(entry).not.toHaveProperty('thisSession')
  })
})
