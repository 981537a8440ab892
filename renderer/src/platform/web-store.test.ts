import { describe, expect, it } from 'vitest'
import { StoreError } from '../../../main/store/campaign-store'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

describe('the web campaign store', () => {
  it('seeds the samples on first run and lists them', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [sampleCampaign()])
    expect(await store.list()).toEqual([
      {
        id: 'minecraft-sample',
        name: sampleCampaign().name,
        system: 'minecraft',
        encounterCount: sampleCampaign().encounters.length
      }
    ])
    expect(await store.load('minecraft-sample')).toEqual(sampleCampaign())
  })

  it('never seeds twice: a later run keeps what was saved', async () => {
    const storage = new MemoryStorage()
    const first = createWebStore(storage, [sampleCampaign()])
    const changed = { ...sampleCampaign(), name: 'Renamed' }
    await first.save(changed)
    const second = createWebStore(storage, [sampleCampaign()])
    expect((await second.load('minecraft-sample')).name).toBe('Renamed')
  })

  it('round-trips a save', async () => {
    const store = createWebStore(new MemoryStorage(), [])
    const campaign = { ...sampleCampaign(), id: 'other' }
    await store.save(campaign)
    expect(await store.load('other')).toEqual(campaign)
    expect((await store.list()).map((c) => c.id)).toEqual(['other'])
  })

  it('moves a corrupt entry aside with its text intact, reports it, and skips it in the list', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [sampleCampaign()])
    storage.setItem('emboscada:campaign:broken', '{not json')
    await expect(store.load('broken')).rejects.toMatchObject({ name: 'StoreError', code: 'corrupt' })
    const [entry] = await store.quarantined()
    expect(entry).toMatchObject({ id: 'broken', reason: 'corrupt', thisSession: true })
    expect(storage.getItem(entry!.file)).toBe('{not json')
    expect((await store.list()).map((c) => c.id)).toEqual(['minecraft-sample'])
  })

  it('refuses invalid campaigns, unknown ids and bad ids', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [])
    storage.setItem('emboscada:campaign:odd', JSON.stringify({ schemaVersion: 1 }))
    await expect(store.load('odd')).rejects.toMatchObject({ code: 'invalid' })
    await expect(store.load('missing')).rejects.toMatchObject({ code: 'notFound' })
    await expect(store.load('../etc')).rejects.toBeInstanceOf(StoreError)
    await expect(store.save({ ...sampleCampaign(), id: 'Not A Slug' })).rejects.toMatchObject({
      code: 'invalid'
    })
  })

  it('reports a full storage as an i/o error', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [])
    storage.setItem = () => {
      throw new Error('QuotaExceededError')
    }
    await expect(store.save(sampleCampaign())).rejects.toMatchObject({ code: 'io' })
  })
})

describe('sample seeding across versions', () => {
  it('offers a sample added later once, and never brings back a deleted one', async () => {
    const storage = new MemoryStorage()
    await createWebStore(storage, [sampleCampaign()]).list()
    const added = { ...sampleCampaign(), id: 'added-later', name: 'Added later' }
    const second = createWebStore(storage, [sampleCampaign(), added])
    expect((await second.list()).map((c) => c.id)).toEqual(['added-later', 'minecraft-sample'])
    storage.items.delete('emboscada:campaign:added-later')
    const third = createWebStore(storage, [sampleCampaign(), added])
    expect((await third.list()).map((c) => c.id)).toEqual(['minecraft-sample'])
  })
})
