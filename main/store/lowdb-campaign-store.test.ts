import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '../../rules/core/schemas'
import { makeCampaign } from '../test-fixtures'
import { storeError } from './store-test-helpers'
import { openCampaignStore, type CampaignStoreOptions, type LowdbCampaignStore } from './lowdb-campaign-store'
import type { Migration } from './migrations'

let root: string
let dir: string
let logs: string[]

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-store-'))
  dir = join(root, 'campaigns')
  logs = []
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

function open(options: Partial<CampaignStoreOptions> = {}): Promise<LowdbCampaignStore> {
  let clock = Date.parse('2026-11-30T04:39:00.000Z')
  return openCampaignStore({
    dir,
    log: (m) => logs.push(m),
    now: () => new Date((clock += 1000)),
    ...options
  })
}

const readJson = async (path: string): Promise<unknown> => JSON.parse(await fsp.readFile(path, 'utf8'))

describe('round trip', () => {
  it('saves, loads and lists a campaign', async () => {
    const store = await open()
    expect(await store.list()).toEqual([])
    const campaign = makeCampaign('demo', 'Demo')
    await store.save(campaign)
    expect(await store.load('demo')).toEqual(campaign)
    expect(await store.list()).toEqual([{ id: 'demo', name: 'Demo', system: 'hq2', encounterCount: 1 }])
    expect(campaignSchema.parse(await readJson(join(dir, 'demo.json')))).toEqual(campaign)
  })

  it('reports a missing campaign as notFound', async () => {
    const store = await open()
    expect((await storeError(store.load('nobody'))).code).toBe('notFound')
  })

  it('lists by name and ignores files that are not campaign slugs', async () => {
    const store = await open()
    await store.save(makeCampaign('b', 'Zulu'))
    await store.save(makeCampaign('a', 'Alfa'))
    await fsp.writeFile(join(dir, 'Not A Slug.json'), '{}')
    await fsp.writeFile(join(dir, 'readme.txt'), 'hi')
    expect((await store.list()).map((s) => s.id)).toEqual(['a', 'b'])
  })

  it('sees a file changed behind its back instead of serving a stale summary', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Before'))
    expect((await store.list())[0]?.name).toBe('Before')
    await fsp.writeFile(join(dir, 'demo.json'), JSON.stringify(makeCampaign('demo', 'After, edited by hand')))
    expect((await store.list())[0]?.name).toBe('After, edited by hand')
  })
})

describe('concurrent saves', () => {
  it('all land in call order, the file stays valid JSON and no temp file is left', async () => {
    const store = await open()
    const versions = Array.from({ length: 30 }, (_, n) => makeCampaign('demo', `Version ${n}`))
    const order: number[] = []
    await Promise.all(versions.map((c, n) => store.save(c).then(() => order.push(n))))
    expect(order).toEqual(versions.map((_, n) => n))
    expect(await store.load('demo')).toEqual(versions.at(-1))
    expect(campaignSchema.safeParse(await readJson(join(dir, 'demo.json'))).success).toBe(true)
    expect((await fsp.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    // And the backups are the ten saves before the last, newest first.
    const backups = await store.backups('demo')
    expect(backups.map((b) => b.name)).toEqual(
      versions
        .slice(19, 29)
        .map((c) => c.name)
        .reverse()
    )
  })

  it('lets a load issued after a save see that save', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'One'))
    const saving = store.save(makeCampaign('demo', 'Two'))
    const loaded = await store.load('demo')
    await saving
    expect(loaded.name).toBe('Two')
  })
})

describe('corrupt and invalid files', () => {
  it('moves a corrupt file to quarantine with its original bytes and reports it', async () => {
    const store = await open()
    const bytes = Buffer.from('{"schemaVersion":1,"id":"demo","na\0\0\0')
    await fsp.writeFile(join(dir, 'demo.json'), bytes)
    const error = await storeError(store.load('demo'))
    expect(error.code).toBe('corrupt')
    expect(error.quarantinedAs).toMatch(/^quarantine\/demo\.20261130T\d{9}Z\.corrupt\.[0-9a-f]{6}\.json$/)
    expect(await fsp.readFile(join(dir, error.quarantinedAs!))).toEqual(bytes)
    await expect(fsp.stat(join(dir, 'demo.json'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await store.quarantined()).toEqual([
      {
        id: 'demo',
        file: error.quarantinedAs,
        reason: 'corrupt',
        at: expect.stringMatching(/^2026-11-30T/),
        thisSession: true
      }
    ])
    expect(error.message).toMatch(/no good backup/)
    expect(logs.some((m) => m.includes('not valid JSON') && m.includes(error.quarantinedAs!))).toBe(true)
  })

  it('never lets a later save of that id destroy the quarantined copy', async () => {
    const store = await open()
    await fsp.writeFile(join(dir, 'demo.json'), '{ broken')
    const { quarantinedAs } = await storeError(store.load('demo'))
    for (let n = 0; n < 5; n++) await store.save(makeCampaign('demo', `Fresh ${n}`))
    expect(await fsp.readFile(join(dir, quarantinedAs!), 'utf8')).toBe('{ broken')
    expect((await store.load('demo')).name).toBe('Fresh 4')
  })

  it('quarantines an unreadable file before a save overwrites it, even if nobody loaded it', async () => {
    const store = await open()
    await store.save(makeCampaign('demo'))
    await fsp.writeFile(join(dir, 'demo.json'), 'garbage written by another program')
    await store.save(makeCampaign('demo', 'New'))
    const [entry, ...rest] = await store.quarantined()
    expect(rest).toEqual([])
    expect(await fsp.readFile(join(dir, entry!.file), 'utf8')).toBe('garbage written by another program')
    expect((await store.load('demo')).name).toBe('New')
  })

  it.each([
    ['a schema violation', JSON.stringify({ ...makeCampaign(), encounters: 'none' })],
    ['a campaign stored under another id', JSON.stringify(makeCampaign('someone-else'))],
    ['a "__proto__" key', JSON.stringify(makeCampaign()).replace('{', '{"__proto__":{"isAdmin":true},')],
    ['a JSON array', '[1,2,3]']
  ])('quarantines %s as invalid', async (_label, text) => {
    const store = await open()
    await fsp.writeFile(join(dir, 'demo.json'), text)
    const error = await storeError(store.load('demo'))
    expect(error.code).toBe('invalid')
    expect(await fsp.readFile(join(dir, error.quarantinedAs!), 'utf8')).toBe(text)
  })

  it('restores the newest good backup after quarantining, and says where it came from', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Good 1'))
    await store.save(makeCampaign('demo', 'Good 2'))
    await store.save(makeCampaign('demo', 'Good 3'))
    // The newest backup (Good 2) is damaged too, so Good 1 is the newest readable one.
    const [good2, good1] = await store.backups('demo')
    await fsp.writeFile(join(dir, 'backups', good2!.file), '{"half":')
    await fsp.writeFile(join(dir, 'demo.json'), '')
    expect((await store.load('demo')).name).toBe('Good 1')
    const [entry] = await store.quarantined()
    expect(entry).toMatchObject({
      id: 'demo',
      reason: 'corrupt',
      restoredFrom: `backups/${good1!.file}`,
      restoredAt: good1!.at,
      thisSession: true
    })
    expect(((await readJson(join(dir, 'demo.json'))) as Campaign).name).toBe('Good 1')
  })

  it('leaves out and reports unreadable campaigns when listing', async () => {
    const store = await open()
    await store.save(makeCampaign('good'))
    await fsp.writeFile(join(dir, 'bad.json'), 'nope')
    expect((await store.list()).map((s) => s.id)).toEqual(['good'])
    expect((await store.quarantined()).map((e) => e.id)).toEqual(['bad'])
    expect(logs.some((m) => m.startsWith('list skipped "bad"'))).toBe(true)
  })

  it('refuses a file written by a newer app: no quarantine, no overwrite', async () => {
    const store = await open()
    const future = JSON.stringify({ ...makeCampaign(), schemaVersion: 9, newField: true })
    await fsp.writeFile(join(dir, 'demo.json'), future)
    expect((await storeError(store.load('demo'))).code).toBe('tooNew')
    expect((await storeError(store.save(makeCampaign()))).code).toBe('tooNew')
    expect(await fsp.readFile(join(dir, 'demo.json'), 'utf8')).toBe(future)
    expect(await store.quarantined()).toEqual([])
  })
})

describe('migrations', () => {
  // A fake v0 format: no schemaVersion, and the name was called "title".
  const v0to1: Migration = ({ title, ...rest }) => ({ ...rest, name: title, schemaVersion: 1 })

  it('upgrades a v0 file on load, rewrites it as v1 and keeps a pre-migration backup', async () => {
    await fsp.mkdir(dir, { recursive: true })
    const { name, schemaVersion: _v, ...rest } = makeCampaign()
    const v0 = JSON.stringify({ ...rest, title: name })
    await fsp.writeFile(join(dir, 'demo.json'), v0)
    const store = await open({ migrations: new Map([[0, v0to1]]) })
    expect(await store.load('demo')).toEqual(makeCampaign())
    expect(await readJson(join(dir, 'demo.json'))).toEqual(makeCampaign())
    const backups = await fsp.readdir(join(dir, 'backups'))
    const pre = backups.find((f) => f.startsWith('demo.json.v0-'))
    expect(pre).toBeDefined()
    expect(await fsp.readFile(join(dir, 'backups', pre!), 'utf8')).toBe(v0)
  })

  it('quarantines a v0 file when no migration is shipped for it', async () => {
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(join(dir, 'demo.json'), JSON.stringify({ id: 'demo', title: 'Old' }))
    const store = await open()
    const error = await storeError(store.load('demo'))
    expect(error).toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(/no migration from schemaVersion 0/)
    })
  })
})

describe('ids', () => {
  it.each([
    '../evil',
    '..',
    'a/b',
    'a\\b',
    '/etc/passwd',
    'Demo',
    'demo.json',
    '',
    '-x',
    'x'.repeat(65),
    'demo\0'
  ])('refuses %j before touching the disk', async (id) => {
    const store = await open()
    expect((await storeError(store.load(id))).code).toBe('badId')
    expect((await storeError(store.save({ ...makeCampaign(), id }))).code).toBe('invalid')
    // The folder and its lock, taken when the store opened: the refused calls added nothing.
    expect(await fsp.readdir(root)).toEqual(['campaigns', 'campaigns.lock'])
    expect((await fsp.readdir(dir)).sort()).toEqual([])
  })
})

describe('save validation', () => {
  it('refuses an invalid campaign and writes nothing', async () => {
    const store = await open()
    const bad = { ...makeCampaign(), name: '' }
    expect(await storeError(store.save(bad))).toMatchObject({
      code: 'invalid',
      message: expect.stringContaining('$.name')
    })
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('import', () => {
  it('adds a campaign, gives a taken id a suffix, and never overwrites', async () => {
    const store = await open()
    await store.save(makeCampaign('demo', 'Mine'))
    const text = '\uFEFF' + JSON.stringify(makeCampaign('demo', 'Shared'))
    expect(await store.importJson(text)).toMatchObject({ id: 'demo-2', name: 'Shared' })
    expect(await store.importJson(text)).toMatchObject({ id: 'demo-3' })
    expect((await store.load('demo')).name).toBe('Mine')
    expect((await store.load('demo-2')).id).toBe('demo-2')
  })

  it('rejects text that is not JSON, not a campaign, or from a newer app', async () => {
    const store = await open()
    expect((await storeError(store.importJson('{'))).code).toBe('corrupt')
    expect((await storeError(store.importJson('{"schemaVersion":1}'))).code).toBe('invalid')
    expect((await storeError(store.importJson(JSON.stringify({ schemaVersion: 2 })))).code).toBe('tooNew')
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('start-up', () => {
  it('sweeps temp files an interrupted save left behind', async () => {
    await fsp.mkdir(dir, { recursive: true })
    await fsp.writeFile(join(dir, '.demo.json.999.deadbeef.tmp'), '{"half":')
    const store = await open()
    expect(await fsp.readdir(dir)).toEqual([])
    expect(logs).toContain('removed 1 temp file(s) left by an interrupted save')
    expect(await store.list()).toEqual([])
  })

  it('whenIdle waits for queued saves', async () => {
    const store = await open()
    let landed = 0
    for (let n = 0; n < 5; n++) void store.save(makeCampaign('demo', `V${n}`)).then(() => landed++)
    await store.whenIdle()
    expect(landed).toBe(5)
  })
})
