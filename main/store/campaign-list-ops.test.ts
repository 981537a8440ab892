import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { cleanCampaignName, slugFromName, StoreError } from './campaign-store'
import { storeError } from './store-test-helpers'
import { openCampaignStore, type LowdbCampaignStore } from './lowdb-campaign-store'

// The campaign list's operations on the desktop store, on real files in a temp folder.

let root: string
let dir: string

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-list-ops-'))
  dir = join(root, 'campaigns')
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

function open(): Promise<LowdbCampaignStore> {
  let clock = Date.parse('2026-11-30T04:39:00.000Z')
  return openCampaignStore({ dir, log: () => undefined, now: () => new Date((clock += 1000)) })
}

/** Every file under the campaigns folder with its bytes, to prove a refusal touched nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out[path.slice(dir.length)] = await fsp.readFile(path, 'utf8')
  }
  return out
}

describe('names and slugs', () => {
  it('makes lowercase ascii slugs from any name', () => {
    expect(slugFromName('La Guarida del Fimir')).toBe('la-guarida-del-fimir')
    expect(slugFromName('  ¡Año Nuevo, Ñandú!  ')).toBe('ano-nuevo-nandu')
    expect(slugFromName('龍の巣')).toBe('campaign')
    expect(slugFromName('x'.repeat(300))).toHaveLength(56)
  })

  it('trims names and refuses empty, long and control-character ones as badName', () => {
    expect(cleanCampaignName('  Demo ')).toBe('Demo')
    for (const bad of ['', '   ', 'x'.repeat(121), 'a\nb', 'a\u0000', 7]) {
      const error = (() => {
        try {
          cleanCampaignName(bad)
        } catch (e) {
          return e
        }
      })()
      expect(error, JSON.stringify(bad)).toBeInstanceOf(StoreError)
      expect((error as StoreError).problem).toBe('badName')
    }
  })
})

describe('create', () => {
  it('adds an empty campaign of the chosen ruleset under a slug of its name', async () => {
    const store = await open()
    const summary = await store.create({ name: ' Noches de Carnaval ', system: 'carnevale' })
    expect(summary).toEqual({
      id: 'noches-de-carnaval',
      name: 'Noches de Carnaval',
      system: 'carnevale',
      encounterCount: 0
    })
    const loaded = await store.load('noches-de-carnaval')
    expect(loaded).toMatchObject({ name: 'Noches de Carnaval', system: 'carnevale', encounters: [] })
    expect(await store.list()).toEqual([summary])
  })

  it('gives a taken name the next free id and never overwrites', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Original'))
    const again = await store.create({ name: 'Demo', system: 'hq2' })
    const third = await store.create({ name: 'Demo', system: 'athkri' })
    expect([again.id, third.id]).toEqual(['demo-2', 'demo-3'])
    expect((await store.load('demo')).name).toBe('Original')
  })

  it('refuses a bad name or an unknown ruleset and writes nothing', async () => {
    const store = await open()
    const before = await snapshot()
    expect((await storeError(store.create({ name: '  ', system: 'hq2' }))).problem).toBe('badName')
    const unknown = { name: 'Ok', system: 'dnd5e' } as unknown as Parameters<typeof store.create>[0]
    expect((await storeError(store.create(unknown))).problem).toBe('unknownSystem')
    expect(await snapshot()).toEqual(before)
  })
})

describe('rename and duplicate', () => {
  it('renames in place, keeping the id, the encounters and a backup of the old name', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Old name'))
    expect(await store.rename('demo', '  New name ')).toMatchObject({ id: 'demo', name: 'New name' })
    const loaded = await store.load('demo')
    expect(loaded.name).toBe('New name')
    expect(loaded.encounters).toEqual(makeCampaign().encounters)
    const backups = await store.backups('demo')
    expect(backups[0]?.name).toBe('Old name')
  })

  it('refuses a bad id, a missing campaign and a bad name, touching nothing', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Demo'))
    const before = await snapshot()
    expect((await storeError(store.rename('../demo', 'x'))).code).toBe('badId')
    expect((await storeError(store.rename('nobody', 'x'))).code).toBe('notFound')
    expect((await storeError(store.rename('demo', 'a\nb'))).problem).toBe('badName')
    expect((await storeError(store.duplicate('../demo'))).code).toBe('badId')
    expect((await storeError(store.duplicate('demo', ''))).problem).toBe('badName')
    expect(await snapshot()).toEqual(before)
  })

  it('duplicates under a new id with the given name, or "(copy)"', async () => {
    const store = await open()
    const source = makeCampaign('demo', 'Demo')
    await store.save(source)
    const copy = await store.duplicate('demo', 'Demo (copia)')
    expect(copy).toEqual({ id: 'demo-copia', name: 'Demo (copia)', system: 'hq2', encounterCount: 1 })
    expect(await store.load('demo-copia')).toEqual({ ...source, id: 'demo-copia', name: 'Demo (copia)' })
    expect((await store.duplicate('demo')).name).toBe('Demo (copy)')
    expect((await store.duplicate('demo', 'Demo (copia)')).id).toBe('demo-copia-2')
    expect(await store.load('demo')).toEqual(source)
  })
})

describe('remove and undo', () => {
  it('moves the file and its backups to the trash and brings them back byte for byte', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'First'))
    await store.save(makeCampaign('demo', 'Second'))
    const bytes = await fsp.readFile(join(dir, 'demo.json'), 'utf8')
    const backups = await store.backups('demo')
    expect(backups).toHaveLength(1)

    await store.remove('demo')
    expect(await store.list()).toEqual([])
    expect((await storeError(store.load('demo'))).code).toBe('notFound')
    expect(await store.backups('demo')).toEqual([])
    const trashed = await snapshot()
    expect(Object.keys(trashed).filter((p) => p.includes('/trash/'))).toHaveLength(2)

    expect(await store.undoRemove('demo')).toMatchObject({ id: 'demo', name: 'Second' })
    expect(await fsp.readFile(join(dir, 'demo.json'), 'utf8')).toBe(bytes)
    expect(await store.backups('demo')).toEqual(backups)
    expect(await fsp.readdir(join(dir, 'trash'))).toEqual([])
  })

  it('keeps every removal of one id: a later one never overwrites an earlier one', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'One'))
    await store.remove('demo')
    // Outside the app (an import of an old export, say), a campaign with the same id appears and is removed too.
    await store.save(makeCampaign('demo', 'Two'))
    await store.remove('demo')
    expect(await fsp.readdir(join(dir, 'trash'))).toHaveLength(2)
    expect((await store.undoRemove('demo')).name).toBe('Two')
    await store.remove('demo')
    expect((await store.undoRemove('demo')).name).toBe('Two')
    // The first removal is still there, untouched.
    const [left] = await fsp.readdir(join(dir, 'trash'))
    const file = JSON.parse(await fsp.readFile(join(dir, 'trash', left ?? '', 'demo.json'), 'utf8'))
    expect(file.name).toBe('One')
  })

  it('lets no new campaign take a trashed id, and refuses an undo whose id was taken anyway', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Demo'))
    await store.remove('demo')
    expect((await store.create({ name: 'Demo', system: 'hq2' })).id).toBe('demo-2')
    await store.save(makeCampaign('demo', 'Somebody else'))
    const error = await storeError(store.undoRemove('demo'))
    expect(error.problem).toBe('idInUse')
    expect((await store.load('demo')).name).toBe('Somebody else')
    expect(await fsp.readdir(join(dir, 'trash'))).toHaveLength(1)
  })

  it('answers notFound for nothing to remove or to bring back, creating no trash', async () => {
    const store = await open()
    expect((await storeError(store.remove('nobody'))).code).toBe('notFound')
    expect((await storeError(store.undoRemove('nobody'))).code).toBe('notFound')
    expect((await storeError(store.remove('../x'))).code).toBe('badId')
    expect(await snapshot()).toEqual({})
    await expect(fsp.stat(join(dir, 'trash'))).rejects.toThrow()
  })
})
