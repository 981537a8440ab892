import { describe, expect, it } from 'vitest'
import type { SaveReport } from '../../../main/store/campaign-store'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { noticeStale } from './other-tabs'
import { noticeSaveReports } from './save-reports'
import { createWebStore } from './web-store'

// The app wraps its one store so that every save's report reaches the backup warning, whoever saved.

describe('noticeSaveReports', () => {
  it('hands on the report of every save that landed, a failed backup included', async () => {
    const storage = new MemoryStorage()
    const reports: SaveReport[] = []
    const store = noticeSaveReports(createWebStore(storage, [sampleCampaign()]), (r) => reports.push(r))
    const campaign = await store.load('minecraft-sample')
    storage.refuse = (key) => key.startsWith('emboscada:backup:')
    expect(await store.save({ ...campaign, name: 'Full' })).toEqual({
      backup: 'failed',
      error: 'QuotaExceededError'
    })
    storage.refuse = () => false
    await store.save({ ...campaign, name: 'Room again' })
    expect(reports).toEqual([{ backup: 'failed', error: 'QuotaExceededError' }, { backup: 'kept' }])
  })

  it('hears nothing from a refused save, and leaves the stale notice working beneath it', async () => {
    const storage = new MemoryStorage()
    const reports: SaveReport[] = []
    const stale: string[] = []
    const other = createWebStore(storage, [sampleCampaign()])
    const store = noticeStale(
      noticeSaveReports(createWebStore(storage, [sampleCampaign()]), (r) => reports.push(r)),
      (id) => stale.push(id)
    )
    const mine = await store.load('minecraft-sample')
    await other.save({ ...(await other.load('minecraft-sample')), name: 'Saved in another tab' })
    await expect(store.save({ ...mine, name: 'Mine' })).rejects.toMatchObject({ code: 'stale' })
    expect(reports).toEqual([])
    expect(stale).toEqual(['minecraft-sample'])
  })
})
