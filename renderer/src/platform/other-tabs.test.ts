import { describe, expect, it } from 'vitest'
import type { Campaign } from '../../../rules/core/schemas'
import { StoreError, type CampaignStore } from '../../../main/store/campaign-store'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { noticeStale, watchOtherTabs } from './other-tabs'
import { createWebStore } from './web-store'

// Issue 18: a tab hears that another tab changed a campaign it shows, early through the `storage` event (which
// fires only in the other tabs) or late through a save refused as stale, and reloads instead of saving over it.

/** A `storage` event as the browser sends it to the other tabs of the origin. */
const storageEvent = (key: string | null): Event => Object.assign(new Event('storage'), { key })

describe('watchOtherTabs', () => {
  it('names the campaign whose revision another tab bumped, and nothing else', () => {
    const window = new EventTarget()
    const heard: string[] = []
    const stop = watchOtherTabs(window, (id) => heard.push(id))
    window.dispatchEvent(storageEvent('emboscada:revision:minecraft-sample'))
    // The entry's own event comes first and may arrive before its revision: only the revision is news.
    window.dispatchEvent(storageEvent('emboscada:campaign:minecraft-sample'))
    window.dispatchEvent(storageEvent('emboscada:notes:minecraft-sample:e1'))
    window.dispatchEvent(storageEvent(null))
    stop()
    window.dispatchEvent(storageEvent('emboscada:revision:hq2-sample'))
    expect(heard).toEqual(['minecraft-sample'])
  })

  it('hears every write a web store makes to a campaign, as another tab’s listener would', async () => {
    const storage = new MemoryStorage()
    const written: string[] = []
    const setItem = storage.setItem.bind(storage)
    storage.setItem = (key, value) => {
      setItem(key, value)
      written.push(key)
    }
    const store = createWebStore(storage, [sampleCampaign()])
    written.length = 0
    await store.save({ ...sampleCampaign(), name: 'Saved' })
    await store.rename('minecraft-sample', 'Renamed')
    await store.remove('minecraft-sample')
    await store.undoRemove('minecraft-sample')
    const window = new EventTarget()
    const heard: string[] = []
    watchOtherTabs(window, (id) => heard.push(id))
    for (const key of written) window.dispatchEvent(storageEvent(key))
    expect(heard).toHaveLength(4)
    expect(new Set(heard)).toEqual(new Set(['minecraft-sample']))
  })
})

describe('noticeStale', () => {
  const campaign: Campaign = sampleCampaign()
  const refusing = (error: Error): CampaignStore =>
    ({ save: async () => Promise.reject(error) }) as unknown as CampaignStore

  it('tells which campaign a stale save was for, and still refuses the save', async () => {
    const stale: string[] = []
    const store = noticeStale(refusing(new StoreError('stale', 'changed elsewhere')), (id) => stale.push(id))
    await expect(store.save(campaign)).rejects.toMatchObject({ code: 'stale' })
    expect(stale).toEqual([campaign.id])
  })

  it('stays quiet about every other failure, and passes the rest of the store through', async () => {
    const stale: string[] = []
    const list = async (): Promise<[]> => []
    const store = noticeStale(
      { ...refusing(new StoreError('io', 'disk full')), list } as CampaignStore,
      (id) => stale.push(id)
    )
    await expect(store.save(campaign)).rejects.toMatchObject({ code: 'io' })
    expect(await store.list()).toEqual([])
    expect(stale).toEqual([])
  })
})
