import { describe, expect, it } from 'vitest'
import type { Campaign } from '../../../rules/core/schemas'
import type { CampaignStore } from '../../../main/store/campaign-store'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// Issue 18 "Never lose a campaign, part 2": two tabs of the web build share one localStorage and each autosaves
// its whole campaign after every command. Each tab's store remembers the revision of the copy it handed out or
// saved; a save from an older copy is refused (`stale`) and writes nothing, so the other tab's progress stays.

const ID = 'minecraft-sample'
const KEY = `emboscada:campaign:${ID}`

/** Two stores over one storage, as two tabs of the same browser profile, on a clock a second per reading. */
function twoTabs(): { storage: MemoryStorage; a: CampaignStore; b: CampaignStore } {
  const storage = new MemoryStorage()
  let clock = Date.parse('2026-12-01T10:00:00.000Z')
  const now = (): Date => new Date((clock += 1000))
  return {
    storage,
    a: createWebStore(storage, [sampleCampaign()], { now }),
    b: createWebStore(storage, [sampleCampaign()], { now })
  }
}

/** The campaign as a tab changed it (the name stands for whatever was played). */
const playedIn = (campaign: Campaign, tab: string): Campaign => ({ ...campaign, name: `played in ${tab}` })

describe('two tabs of the web build', () => {
  it('tab B cannot overwrite what tab A saved after B opened the campaign', async () => {
    const { storage, a, b } = twoTabs()
    const inA = await a.load(ID)
    const inB = await b.load(ID)
    await a.save(playedIn(inA, 'A'))
    const savedByA = storage.getItem(KEY)
    const backupsBefore = (await a.backups(ID)).length

    await expect(b.save(playedIn(inB, 'B'))).rejects.toMatchObject({ name: 'StoreError', code: 'stale' })

    expect(storage.getItem(KEY)).toBe(savedByA)
    expect((await b.load(ID)).name).toBe('played in A')
    // A refused save sets nothing aside either: the backups are A's history, not B's attempt.
    expect(await a.backups(ID)).toHaveLength(backupsBefore)
  })

  it('a tab that loads again saves on top of the other tab’s progress, which then goes stale', async () => {
    const { a, b } = twoTabs()
    const inA = await a.load(ID)
    await b.load(ID)
    await a.save(playedIn(inA, 'A'))
    const reloaded = await b.load(ID)
    await b.save(playedIn(reloaded, 'B'))
    expect((await b.load(ID)).name).toBe('played in B')
    await expect(a.save(playedIn(inA, 'A again'))).rejects.toMatchObject({ code: 'stale' })
  })

  it('a tab’s own saves in a row never go stale', async () => {
    const { a } = twoTabs()
    const campaign = await a.load(ID)
    for (const n of [1, 2, 3]) await a.save(playedIn(campaign, `A${n}`))
    expect((await a.load(ID)).name).toBe('played in A3')
  })

  it('a campaign saved before any revision was kept (an older build’s storage) is guarded too', async () => {
    const { storage, a, b } = twoTabs()
    for (const key of storage.keysStarting('emboscada:revision:')) storage.removeItem(key)
    const inA = await a.load(ID)
    const inB = await b.load(ID)
    await a.save(playedIn(inA, 'A'))
    await expect(b.save(playedIn(inB, 'B'))).rejects.toMatchObject({ code: 'stale' })
  })

  const otherWrites: [string, (store: CampaignStore) => Promise<unknown>][] = [
    ['a rename', (store) => store.rename(ID, 'Renamed')],
    [
      'a restored backup',
      async (store) => {
        await store.save(playedIn(await store.load(ID), 'A'))
        const [newest] = await store.backups(ID)
        return store.restoreBackup(ID, newest!.file)
      }
    ],
    ['a removal', (store) => store.remove(ID)],
    [
      'a removal undone',
      async (store) => {
        await store.remove(ID)
        return store.undoRemove(ID)
      }
    ],
    [
      'a removal, then an import under the same id',
      async (store) => {
        const text = JSON.stringify(await store.load(ID))
        await store.remove(ID)
        return store.importJson(text)
      }
    ]
  ]

  it.each(otherWrites)('%s in tab A makes tab B’s copy stale', async (_, write) => {
    const { storage, a, b } = twoTabs()
    const inB = await b.load(ID)
    await write(a)
    const afterA = storage.getItem(KEY)
    await expect(b.save(playedIn(inB, 'B'))).rejects.toMatchObject({ code: 'stale' })
    expect(storage.getItem(KEY)).toBe(afterA)
  })

  it('a copy loaded before this tab’s own rename is refused too (it would put the old name back)', async () => {
    const { a } = twoTabs()
    const before = await a.load(ID)
    await a.rename(ID, 'Renamed')
    await expect(a.save(playedIn(before, 'A'))).rejects.toMatchObject({ code: 'stale' })
    expect((await a.load(ID)).name).toBe('Renamed')
  })

  it('the copy a restore hands back is current', async () => {
    const { a } = twoTabs()
    await a.save(playedIn(await a.load(ID), 'A'))
    const [newest] = await a.backups(ID)
    const restored = await a.restoreBackup(ID, newest!.file)
    await a.save(playedIn(restored, 'after the restore'))
    expect((await a.load(ID)).name).toBe('played in after the restore')
  })

  it('a store that never read a campaign writes it (a first save, a new campaign)', async () => {
    const { a, b } = twoTabs()
    await a.save({ ...sampleCampaign(), id: 'fresh' })
    await b.save({ ...sampleCampaign(), id: 'fresh', name: 'blind' })
    expect((await a.list()).find((c) => c.id === 'fresh')?.name).toBe('blind')
  })

  it('a revision that cannot be written undoes the entry’s write: nothing changes behind the other tab', async () => {
    const { storage, a, b } = twoTabs()
    const inA = await a.load(ID)
    const inB = await b.load(ID)
    const before = storage.getItem(KEY)
    storage.refuse = (key) => key.startsWith('emboscada:revision:')
    await expect(a.save(playedIn(inA, 'A'))).rejects.toMatchObject({ code: 'io' })
    expect(storage.getItem(KEY)).toBe(before)
    storage.refuse = () => false
    await b.save(playedIn(inB, 'B'))
    expect((await a.load(ID)).name).toBe('played in B')
  })
})
