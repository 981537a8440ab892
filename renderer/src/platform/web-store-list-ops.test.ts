import { describe, expect, it } from 'vitest'
import { storeError as refusal } from '../../../main/store/store-test-helpers'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// The campaign list's operations on the browser store: the desktop's rules over localStorage keys.

function open(storage = new MemoryStorage()) {
  let clock = Date.parse('2026-11-30T04:39:00.000Z')
  return {
    storage,
    store: createWebStore(storage, [sampleCampaign()], { now: () => new Date((clock += 1000)) })
  }
}

const ID = 'minecraft-sample'

/** The storage's entries but the revisions, which every write bumps (web-revisions.ts). */
const withoutRevisions = (storage: MemoryStorage): Map<string, string> =>
  new Map([...storage.items].filter(([key]) => !key.startsWith('emboscada:revision:')))

describe('the web store’s campaign list operations', () => {
  it('creates an empty campaign of the chosen ruleset under a free slug', async () => {
    const { store } = open()
    const made = await store.create({ name: 'Minecraft sample', system: 'pathfinder1e' })
    expect(made).toEqual({
      id: 'minecraft-sample-2',
      name: 'Minecraft sample',
      system: 'pathfinder1e',
      encounterCount: 0
    })
    expect((await store.load(made.id)).encounters).toEqual([])
  })

  it('renames, duplicates, and refuses bad ids and names with storage untouched', async () => {
    const { storage, store } = open()
    expect(await store.rename(ID, ' Mina ')).toMatchObject({ id: ID, name: 'Mina' })
    const copy = await store.duplicate(ID, 'Mina (copia)')
    expect(copy.id).toBe('mina-copia')
    expect(await store.load('mina-copia')).toEqual({
      ...(await store.load(ID)),
      id: 'mina-copia',
      name: 'Mina (copia)'
    })
    const before = new Map(storage.items)
    expect((await refusal(store.rename('../x', 'y'))).code).toBe('badId')
    expect((await refusal(store.rename(ID, ''))).problem).toBe('badName')
    expect((await refusal(store.rename('nobody', 'y'))).code).toBe('notFound')
    expect((await refusal(store.duplicate(ID, 'x'.repeat(121)))).problem).toBe('badName')
    expect((await refusal(store.create({ name: 'a\tb', system: 'hq2' }))).problem).toBe('badName')
    expect(storage.items).toEqual(before)
  })

  it('removes to the trash with the backups, and undo brings back exactly what was there', async () => {
    const { storage, store } = open()
    await store.rename(ID, 'Renamed once')
    await store.rename(ID, 'Renamed twice')
    const before = withoutRevisions(storage)
    const backups = await store.backups(ID)
    expect(backups.length).toBeGreaterThan(0)
    await store.remove(ID)
    expect(await store.list()).toEqual([])
    expect(await store.backups(ID)).toEqual([])
    expect([...storage.items.keys()].some((k) => k.startsWith('emboscada:trash:'))).toBe(true)
    expect((await store.undoRemove(ID)).name).toBe('Renamed twice')
    expect(withoutRevisions(storage)).toEqual(before)
    expect(await store.backups(ID)).toEqual(backups)
  })

  it('keeps each removal of one id apart, avoids trashed ids, and refuses an undo onto a taken id', async () => {
    const { storage, store } = open()
    await store.remove(ID)
    await store.save({ ...sampleCampaign(), name: 'Second' })
    await store.remove(ID)
    expect((await store.create({ name: 'Minecraft sample', system: 'hq2' })).id).toBe('minecraft-sample-2')
    expect((await store.undoRemove(ID)).name).toBe('Second')
    await store.remove(ID)
    // Another campaign takes the id (a save from this store's copy of "Second" would be stale now).
    await store.importJson(JSON.stringify({ ...sampleCampaign(), name: 'Third' }))
    expect((await refusal(store.undoRemove(ID))).problem).toBe('idInUse')
    expect((await store.load(ID)).name).toBe('Third')
    const trashed = [...storage.items.keys()].filter((k) => k.endsWith(':campaign'))
    expect(trashed).toHaveLength(2)
    expect(trashed.map((k) => JSON.parse(storage.getItem(k) ?? '').name).sort()).toEqual([
      'Minecraft: la mina abandonada',
      'Second'
    ])
  })

  it('answers notFound with nothing to remove or bring back', async () => {
    const { storage, store } = open()
    const before = new Map(storage.items)
    expect((await refusal(store.remove('nobody'))).code).toBe('notFound')
    expect((await refusal(store.undoRemove(ID))).code).toBe('notFound')
    expect(storage.items).toEqual(before)
  })
})
