import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { isUnavailable } from './campaign-store'
import { openCampaignStore, type LowdbCampaignStore } from './lowdb-campaign-store'
import { storeError } from './store-test-helpers'

// Issue 18, item 6: "A campaign saved by a newer version vanishes from the list with only a log line (while an
// unknown ruleset id is treated as damage and rolled back: the two should agree)." Both are listed, read-only,
// and their files are never touched: not quarantined, not restored over, not saved over.

let root: string
let dir: string
let logs: string[]
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-unavailable-'))
  dir = join(root, 'campaigns')
  logs = []
  await fsp.mkdir(dir, { recursive: true })
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const open = (): Promise<LowdbCampaignStore> => openCampaignStore({ dir, log: (m) => logs.push(m) })

/** Every file under the campaigns folder with its bytes, so "untouched" is checked byte for byte. */
async function snapshot(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files.set(path.slice(dir.length), await fsp.readFile(path, 'utf8'))
  }
  return files
}

const futureText = JSON.stringify({
  ...makeCampaign('future', 'From the future'),
  schemaVersion: 7,
  newField: [1]
})
const dragonsText = JSON.stringify({ ...makeCampaign('dragons', 'Dragons'), system: 'dnd5e' })

describe('campaigns this version cannot open', () => {
  beforeEach(async () => {
    await fsp.writeFile(join(dir, 'future.json'), futureText)
    await fsp.writeFile(join(dir, 'dragons.json'), dragonsText)
    // A good backup of each, which a damage-style rollback would have put in their place.
    await fsp.mkdir(join(dir, 'backups'))
    for (const id of ['future', 'dragons'])
      await fsp.writeFile(
        join(dir, 'backups', `${id}.20261101T000000000Z.abcdef.bak`),
        JSON.stringify(makeCampaign(id, 'Old backup'))
      )
  })

  it('lists both, saying why, beside the campaigns it opens', async () => {
    const store = await open()
    await store.save(makeCampaign('demo'))
    const entries = await store.list()
    expect(entries).toEqual([
      { id: 'demo', name: 'Demo campaign', system: 'hq2', encounterCount: 1 },
      {
        id: 'dragons',
        name: 'Dragons',
        system: 'dnd5e',
        encounterCount: 1,
        unavailable: { reason: 'unknownRules' }
      },
      {
        id: 'future',
        name: 'From the future',
        system: 'hq2',
        encounterCount: 1,
        unavailable: { reason: 'tooNew', version: 7, supported: 1 }
      }
    ])
    expect(entries.filter(isUnavailable).map((e) => e.id)).toEqual(['dragons', 'future'])
  })

  it('refuses to open them with the reason, and changes no byte (no quarantine, no rollback)', async () => {
    const before = await snapshot()
    const store = await open()
    expect(await storeError(store.load('future'))).toMatchObject({
      code: 'tooNew',
      problem: 'tooNew',
      params: { version: 7, supported: 1 }
    })
    expect(await storeError(store.load('dragons'))).toMatchObject({
      code: 'unknownRules',
      problem: 'unknownSystem',
      params: { system: 'dnd5e' }
    })
    await store.list()
    expect(await snapshot()).toEqual(before)
    expect(await store.quarantined()).toEqual([])
  })

  it('never writes over them: save, rename, duplicate and restore are refused', async () => {
    const store = await open()
    const before = await snapshot()
    for (const [id, code] of [
      ['future', 'tooNew'],
      ['dragons', 'unknownRules']
    ] as const) {
      expect((await storeError(store.save(makeCampaign(id, 'Overwrite')))).code).toBe(code)
      expect((await storeError(store.rename(id, 'Renamed'))).code).toBe(code)
      expect((await storeError(store.duplicate(id))).code).toBe(code)
      expect((await storeError(store.restoreBackup(id, `${id}.20261101T000000000Z.abcdef.bak`))).code).toBe(
        code
      )
    }
    expect(await snapshot()).toEqual(before)
  })

  it('never writes over them after a listing has cached their entries', async () => {
    const store = await open()
    expect((await store.list()).filter(isUnavailable)).toHaveLength(2)
    const before = await snapshot()
    expect((await storeError(store.save(makeCampaign('future', 'Overwrite')))).code).toBe('tooNew')
    expect((await storeError(store.save(makeCampaign('dragons', 'Overwrite')))).code).toBe('unknownRules')
    expect(await snapshot()).toEqual(before)
  })

  it('can still be moved to the trash and brought back whole', async () => {
    const store = await open()
    await store.remove('future')
    expect((await store.list()).map((e) => e.id)).toEqual(['dragons'])
    await store.undoRemove('future').catch(() => undefined)
    expect(await fsp.readFile(join(dir, 'future.json'), 'utf8')).toBe(futureText)
    expect((await store.list()).map((e) => e.id)).toEqual(['dragons', 'future'])
  })
})
