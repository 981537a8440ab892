import { describe, expect, it } from 'vitest'
import type { Campaign } from '../../../rules/core/schemas'
import { storeError } from '../../../main/store/store-test-helpers'
import { CAMPAIGN_LIMITS } from '../../../main/validation'
import { sampleCampaign } from '../state/fixtures'
import { BACKGROUND_MAX_BYTES } from '../state/map-edit-files'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// Issue 18 "Never lose a campaign, part 2": a save says whether the version it replaced was kept as a backup,
// because a backup that fails (the browser's storage is full) leaves the GM with nothing to go back to, and
// the size cap is checked on the very text that is written.

const ID = 'minecraft-sample'
const KEY = `emboscada:campaign:${ID}`
const BACKUPS = `emboscada:backup:${ID}:`
const named = (name: string): Campaign => ({ ...sampleCampaign(), name })

/** A store over an empty storage, on a clock a second per reading (each backup its own stamp). */
function open(storage = new MemoryStorage()) {
  let clock = Date.parse('2026-12-02T09:00:00.000Z')
  return { storage, store: createWebStore(storage, [], { now: () => new Date((clock += 1000)) }) }
}

describe('the web store’s save report', () => {
  it('says none for a new campaign and kept once there was a version to keep', async () => {
    const { storage, store } = open()
    expect(await store.save(named('One'))).toEqual({ backup: 'none' })
    expect(await store.save(named('Two'))).toEqual({ backup: 'kept' })
    expect(storage.keysStarting(BACKUPS)).toHaveLength(1)
  })

  it('says failed, naming the quota error, when the backup could not be written; the save lands', async () => {
    const { storage, store } = open()
    await store.save(named('One'))
    storage.refuse = (key) => key.startsWith('emboscada:backup:')
    expect(await store.save(named('Two'))).toEqual({ backup: 'failed', error: 'QuotaExceededError' })
    expect((await store.load(ID)).name).toBe('Two')
    expect(storage.keysStarting(BACKUPS)).toEqual([])
    storage.refuse = () => false
    expect(await store.save(named('Three'))).toEqual({ backup: 'kept' })
    expect((await store.backups(ID)).map((b) => b.name)).toEqual(['Two'])
  })

  it('says failed when the backup had to be dropped again to make room for the save itself', async () => {
    const { storage, store } = open()
    await store.save(named('One'))
    // Full until every backup is gone: the store gives them up, the newest one too, before failing a save.
    storage.refuse = (key) => key === KEY && storage.keysStarting('emboscada:backup:').length > 0
    expect(await store.save(named('Two'))).toEqual({ backup: 'failed', error: 'QuotaExceededError' })
    expect((await store.load(ID)).name).toBe('Two')
  })

  it('says none when the entry it replaced was unreadable (kept aside in quarantine, not as a backup)', async () => {
    const { storage, store } = open()
    storage.setItem(KEY, '{broken')
    expect(await store.save(named('Fresh'))).toEqual({ backup: 'none' })
    expect((await store.quarantined()).map((q) => q.reason)).toEqual(['corrupt'])
  })
})

/**
 * The sample with 100 copies of its first encounter, each with a map background, padded so the campaign's
 * compact JSON is exactly `chars` long (spread out: no one string may be longer than the file limits allow).
 */
function campaignOfLength(chars: number): Campaign {
  const campaign = sampleCampaign()
  const first = campaign.encounters[0]!
  const prefix = 'data:image/png;base64,'
  const withImages = (images: string[]): Campaign => ({
    ...campaign,
    encounters: images.map((image, i) => {
      const board = { ...first.initial.board, background: { image, opacity: 0.5 } }
      return { ...first, id: `copy-${i}`, initial: { ...first.initial, board } }
    })
  })
  const copies = 100
  const base = JSON.stringify(withImages(Array<string>(copies).fill(prefix))).length
  const each = Math.floor((chars - base) / copies)
  const last = chars - base - each * (copies - 1)
  return withImages(
    Array.from({ length: copies }, (_, i) => prefix + 'A'.repeat(i === copies - 1 ? last : each))
  )
}

describe('the web store’s size cap', () => {
  const limit = CAMPAIGN_LIMITS.maxCampaignChars

  it('refuses a campaign whose compact JSON is over the cap, writing nothing', async () => {
    const { storage, store } = open()
    await store.save(named('Small'))
    const before = new Map(storage.items)
    const big = campaignOfLength(limit + 1)
    expect(JSON.stringify(big)).toHaveLength(limit + 1)
    expect(await storeError(store.save(big))).toMatchObject({
      code: 'tooLarge',
      problem: 'campaignTooLarge',
      params: { found: limit + 1, limit }
    })
    expect(storage.items).toEqual(before)
  })

  it('saves one exactly at the cap, as that very text', async () => {
    const { storage, store } = open()
    const atCap = campaignOfLength(limit)
    await store.save(atCap)
    expect(storage.getItem(KEY)).toBe(JSON.stringify(atCap))
    expect(storage.getItem(KEY)).toHaveLength(limit)
  })
  it('takes a map background as large as the map editor allows, and opens it again', async () => {
    // The shared limits now also guard web loads: a 4 MB picture (~5.6 million characters of data: URL, which
    // boardBackgroundSchema allows) must pass them, or such a campaign would be moved aside as damaged.
    const { store } = open()
    const campaign = sampleCampaign()
    const [first, ...rest] = campaign.encounters
    const image = `data:image/png;base64,${'A'.repeat(Math.ceil(BACKGROUND_MAX_BYTES / 3) * 4)}`
    const board = { ...first!.initial.board, background: { image, opacity: 1 } }
    const pictured = {
      ...campaign,
      encounters: [{ ...first!, initial: { ...first!.initial, board } }, ...rest]
    }
    await store.save(pictured)
    expect(await store.load(ID)).toEqual(pictured)
  })
})
