import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Campaign } from '../../rules/core/schemas'
import { makeCampaign } from '../test-fixtures'
import { storeError } from './store-test-helpers'
import type { DurableFs } from './durable-json-file'
import { openCampaignStore, type CampaignStoreOptions, type LowdbCampaignStore } from './lowdb-campaign-store'

// Issue 8 "Durability" through the desktop store: rotating backups, restores and the quarantine report.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

let root: string
let dir: string
let logs: string[]
let clock: number

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-restore-'))
  dir = join(root, 'campaigns')
  logs = []
  clock = Date.parse('2026-11-30T12:00:00.000Z')
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

/** A store on a clock that moves a minute per reading, so every backup has its own time. */
function open(options: Partial<CampaignStoreOptions> = {}): Promise<LowdbCampaignStore> {
  return openCampaignStore({
    dir,
    log: (m) => logs.push(m),
    now: () => new Date((clock += MINUTE)),
    ...options
  })
}

const onDisk = async (id = 'demo'): Promise<Campaign> =>
  JSON.parse(await fsp.readFile(join(dir, `${id}.json`), 'utf8')) as Campaign

/** Saves `names` in order as versions of `demo`. */
async function saveVersions(store: LowdbCampaignStore, ...names: string[]): Promise<void> {
  for (const name of names) await store.save(makeCampaign('demo', name))
}

describe('backups()', () => {
  it('lists what each save set aside, newest first, with what the UI shows', async () => {
    const store = await open()
    await saveVersions(store, 'One', 'Two', 'Three')
    const backups = await store.backups('demo')
    expect(backups).toEqual([
      {
        file: expect.stringMatching(/^demo\.\d{8}T\d{9}Z\.[0-9a-f]{6}\.bak$/),
        at: expect.any(String),
        kind: 'save',
        name: 'Two',
        encounterCount: 1,
        readable: true
      },
      {
        file: expect.any(String),
        at: expect.any(String),
        kind: 'save',
        name: 'One',
        encounterCount: 1,
        readable: true
      }
    ])
    expect(Date.parse(backups[0]!.at)).toBeGreaterThan(Date.parse(backups[1]!.at))
  })

  it('marks a damaged backup unreadable instead of hiding it', async () => {
    const store = await open()
    await saveVersions(store, 'One', 'Two', 'Three')
    const [newest] = await store.backups('demo')
    await fsp.writeFile(join(dir, 'backups', newest!.file), '\0\0\0')
    expect((await store.backups('demo')).map((b) => [b.name, b.readable])).toEqual([
      [undefined, false],
      ['One', true]
    ])
  })

  it('keeps the last 10 saves plus one a day for a week, and says which are dailies', async () => {
    const store = await open()
    for (let day = 0; day < 9; day++) {
      await saveVersions(store, `Day ${day} morning`, `Day ${day} evening`)
      clock += DAY
    }
    await saveVersions(store, ...Array.from({ length: 10 }, (_, n) => `Today ${n}`))
    const backups = await store.backups('demo')
    expect(backups.filter((b) => b.kind === 'save').map((b) => b.name)).toEqual([
      ...['Today 8', 'Today 7', 'Today 6', 'Today 5', 'Today 4', 'Today 3', 'Today 2', 'Today 1', 'Today 0'],
      'Day 8 evening'
    ])
    // A backup's time is when it was set aside: day 8's last is its morning version, replaced that evening;
    // its evening version was replaced today. Days 3–8 keep one each, today makes the seventh day.
    expect(backups.filter((b) => b.kind === 'daily').map((b) => b.name)).toEqual([
      'Day 8 morning',
      'Day 7 morning',
      'Day 6 morning',
      'Day 5 morning',
      'Day 4 morning',
      'Day 3 morning'
    ])
    expect(logs.some((m) => /^pruned \d+ old backup\(s\) of "demo"$/.test(m))).toBe(true)
  })

  it('lists and restores the rotating backups an older version left', async () => {
    await fsp.mkdir(join(dir, 'backups'), { recursive: true })
    await fsp.writeFile(join(dir, 'demo.json'), JSON.stringify(makeCampaign('demo', 'Current')))
    await fsp.writeFile(
      join(dir, 'backups', 'demo.json.1.bak'),
      JSON.stringify(makeCampaign('demo', 'Old 1'))
    )
    await fsp.writeFile(
      join(dir, 'backups', 'demo.json.2.bak'),
      JSON.stringify(makeCampaign('demo', 'Old 2'))
    )
    await fsp.utimes(join(dir, 'backups', 'demo.json.2.bak'), new Date(clock - DAY), new Date(clock - DAY))
    const store = await open()
    expect((await store.backups('demo')).map((b) => [b.file, b.name])).toEqual([
      ['demo.json.1.bak', 'Old 1'],
      ['demo.json.2.bak', 'Old 2']
    ])
    expect((await store.restoreBackup('demo', 'demo.json.2.bak')).name).toBe('Old 2')
    expect((await onDisk()).name).toBe('Old 2')
  })

  it('refuses a bad id, and lists nothing for a campaign without backups', async () => {
    const store = await open()
    expect((await storeError(store.backups('../demo'))).code).toBe('badId')
    expect(await store.backups('nobody')).toEqual([])
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('restoreBackup()', () => {
  it('makes an older version current, keeps the replaced one as a backup, and can be undone', async () => {
    const store = await open()
    await saveVersions(store, 'One', 'Two', 'Three')
    const one = (await store.backups('demo')).find((b) => b.name === 'One')!
    expect((await store.restoreBackup('demo', one.file)).name).toBe('One')
    expect((await onDisk()).name).toBe('One')
    expect((await store.load('demo')).name).toBe('One')
    const [replaced] = await store.backups('demo')
    expect(replaced).toMatchObject({ name: 'Three', readable: true })
    await store.restoreBackup('demo', replaced!.file)
    expect((await store.load('demo')).name).toBe('Three')
    expect((await store.list()).map((c) => c.name)).toEqual(['Three'])
  })

  it.each([
    ['a path', '../demo.json', 'badId'],
    ['a nested path', 'backups/demo.json.1.bak', 'badId'],
    ['a traversal dressed as a backup', '..\\demo.json.1.bak', 'badId'],
    ['the campaign file', 'demo.json', 'badId'],
    ['another campaign’s backup', 'other.json.1.bak', 'badId'],
    ['a well-formed name that is not there', 'demo.20261130T120000000Z.abcdef.bak', 'notFound'],
    ['an impossible date', 'demo.20261340T120000000Z.abcdef.bak', 'badId']
  ])('refuses %s (%s) with %s and changes nothing', async (_label, file, code) => {
    const store = await open()
    await saveVersions(store, 'One', 'Two')
    await fsp.writeFile(join(dir, 'other.json'), JSON.stringify(makeCampaign('other')))
    await fsp.writeFile(join(dir, 'backups', 'other.json.1.bak'), JSON.stringify(makeCampaign('other')))
    const before = await store.backups('demo')
    expect((await storeError(store.restoreBackup('demo', file))).code).toBe(code)
    expect((await onDisk()).name).toBe('Two')
    expect(await store.backups('demo')).toEqual(before)
  })

  it('refuses a damaged backup and leaves the current version alone', async () => {
    const store = await open()
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups('demo')
    await fsp.writeFile(join(dir, 'backups', one!.file), JSON.stringify({ ...makeCampaign(), encounters: 7 }))
    expect((await storeError(store.restoreBackup('demo', one!.file))).code).toBe('invalid')
    expect((await onDisk()).name).toBe('Two')
    expect(await store.backups('demo')).toHaveLength(1)
  })

  it('refuses to restore when the current version cannot be kept first', async () => {
    let failCopies = false
    const fs: DurableFs = {
      ...fsp,
      copyFile: (from, to, mode) =>
        failCopies
          ? Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' }))
          : fsp.copyFile(from, to, mode)
    }
    const store = await open({ fs })
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups('demo')
    failCopies = true
    expect(await storeError(store.restoreBackup('demo', one!.file))).toMatchObject({
      code: 'io',
      message: expect.stringContaining('ENOSPC')
    })
    expect((await onDisk()).name).toBe('Two')
  })

  it('moves an unreadable current file aside instead of backing it up, then restores', async () => {
    const store = await open()
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups('demo')
    await fsp.writeFile(join(dir, 'demo.json'), 'scribbled over')
    expect((await store.restoreBackup('demo', one!.file)).name).toBe('One')
    const [moved] = await store.quarantined()
    expect(await fsp.readFile(join(dir, moved!.file), 'utf8')).toBe('scribbled over')
    // The GM chose what replaced it, so there is nothing to tell them.
    expect(moved).not.toHaveProperty('thisSession')
  })
})

describe('saves and backups', () => {
  it('saves even when no backup can be taken, and says so in the log', async () => {
    const fs: DurableFs = {
      ...fsp,
      copyFile: () => Promise.reject(Object.assign(new Error('denied'), { code: 'EACCES' }))
    }
    const store = await open({ fs })
    await saveVersions(store, 'One', 'Two')
    expect((await onDisk()).name).toBe('Two')
    expect(logs.some((m) => m.startsWith('could not back up'))).toBe(true)
  })

  it('lets an old good backup go once a newer good one is kept', async () => {
    const store = await open()
    await saveVersions(store, 'Good')
    await fsp.mkdir(join(dir, 'backups'), { recursive: true })
    await fsp.writeFile(
      join(dir, 'backups', 'demo.20260101T000000000Z.abcdef.bak'),
      JSON.stringify(makeCampaign())
    )
    for (let n = 0; n < 12; n++)
      await fsp.writeFile(
        join(dir, 'backups', `demo.20261130T${String(n).padStart(2, '0')}0000000Z.abcdef.bak`),
        '{'
      )
    // The backup this save takes is good, so the old one is not the only good one any more.
    await saveVersions(store, 'Next')
    const after = await store.backups('demo')
    expect(after.filter((b) => b.readable).map((b) => b.name)).toEqual(['Good'])
    expect(after).toHaveLength(10)
  })

  it('keeps an old good backup when every newer one is damaged', async () => {
    await fsp.mkdir(join(dir, 'backups'), { recursive: true })
    await fsp.writeFile(
      join(dir, 'backups', 'demo.20260101T000000000Z.abcdef.bak'),
      JSON.stringify(makeCampaign())
    )
    for (let n = 0; n < 12; n++)
      await fsp.writeFile(
        join(dir, 'backups', `demo.20261130T${String(n).padStart(2, '0')}0000000Z.abcdef.bak`),
        '{'
      )
    // A current file nobody can read: the save moves it aside (no backup of it), then prunes.
    await fsp.writeFile(join(dir, 'demo.json'), 'damaged too')
    const store = await open()
    await saveVersions(store, 'Fresh')
    const after = await store.backups('demo')
    expect(after.filter((b) => b.readable).map((b) => b.file)).toEqual([
      'demo.20260101T000000000Z.abcdef.bak'
    ])
    expect(after).toHaveLength(11)
  })
})

describe('quarantine report', () => {
  it('tells this session’s moves apart from older ones, with the backup opened in their place', async () => {
    const first = await open()
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(join(dir, 'old.json'), '{')
    await first.list()
    const store = await open()
    await saveVersions(store, 'One', 'Two')
    const [one] = await store.backups('demo')
    await fsp.writeFile(join(dir, 'demo.json'), '')
    expect((await store.list()).map((c) => c.name)).toEqual(['One'])
    const entries = await store.quarantined()
    expect(entries.find((e) => e.id === 'demo')).toMatchObject({
      reason: 'corrupt',
      restoredFrom: `backups/${one!.file}`,
      restoredAt: one!.at,
      thisSession: true
    })
    expect(entries.find((e) => e.id === 'old')).not.toHaveProperty('thisSession')
  })
})
