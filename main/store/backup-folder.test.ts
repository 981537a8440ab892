import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BackupFolder } from './backup-folder'
import { BACKUP_FILE_PATTERN } from './backup-names'

let root: string
let dir: string
let clock: number

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-backups-'))
  dir = join(root, 'backups')
  clock = Date.parse('2026-11-30T12:00:00.000Z')
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

/** A folder on a clock that moves a minute per take, so each backup has its own time. */
function folder(): BackupFolder {
  return new BackupFolder(dir, { now: () => new Date(clock) })
}

async function current(text: string): Promise<string> {
  const path = join(root, 'demo.json')
  await fsp.writeFile(path, text)
  return path
}

async function takeAt(backups: BackupFolder, text: string): Promise<string> {
  const name = await backups.take(await current(text), 'demo')
  clock += 60_000
  return name
}

describe('BackupFolder.take', () => {
  it('copies the file byte for byte under a new timestamped name and leaves no temp file', async () => {
    const backups = folder()
    const bytes = '{"é":1}\n'
    const name = await backups.take(await current(bytes), 'demo')
    expect(name).toMatch(/^demo\.20261130T120000000Z\.[0-9a-f]{6}\.bak$/)
    expect(BACKUP_FILE_PATTERN.test(name)).toBe(true)
    expect(await fsp.readFile(join(dir, name), 'utf8')).toBe(bytes)
    expect(await fsp.readdir(dir)).toEqual([name])
  })

  it('never overwrites: two backups in the same millisecond get two names', async () => {
    const backups = folder()
    const path = await current('{}')
    const names = await Promise.all([backups.take(path, 'demo'), backups.take(path, 'demo')])
    expect(new Set(names).size).toBe(2)
    expect((await fsp.readdir(dir)).sort()).toEqual([...names].sort())
  })

  it('fails on a missing file and leaves nothing behind', async () => {
    await expect(folder().take(join(root, 'nope.json'), 'nope')).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await fsp.readdir(dir)).toEqual([])
  })
})

describe('BackupFolder.list', () => {
  it('lists one campaign’s backups in every name form, newest first, and nothing else', async () => {
    const backups = folder()
    const taken = await takeAt(backups, '{"n":1}')
    await fsp.writeFile(join(dir, 'demo.json.1.bak'), '{}')
    await fsp.utimes(join(dir, 'demo.json.1.bak'), new Date(0), new Date('2026-11-29T08:00:00.000Z'))
    await fsp.writeFile(join(dir, 'demo.json.v0-20261001T000000000Z.bak'), '{}')
    for (const stray of ['other.json.1.bak', 'demo-2.json.1.bak', 'notes.txt', '.demo.x.1.abcdef01.tmp'])
      await fsp.writeFile(join(dir, stray), '{}')
    await fsp.mkdir(join(dir, 'demo.json.2.bak'))
    expect((await backups.list('demo')).map(({ file, origin, at }) => ({ file, origin, at }))).toEqual([
      { file: taken, origin: 'save', at: '2026-11-30T12:00:00.000Z' },
      { file: 'demo.json.1.bak', origin: 'save', at: '2026-11-29T08:00:00.000Z' },
      { file: 'demo.json.v0-20261001T000000000Z.bak', origin: 'migration', at: '2026-10-01T00:00:00.000Z' }
    ])
  })

  it('answers an empty list when there is no backups folder yet', async () => {
    expect(await folder().list('demo')).toEqual([])
  })
})

describe('BackupFolder.prune', () => {
  it('keeps the newest 10 saves and every pre-migration copy', async () => {
    const backups = folder()
    const names: string[] = []
    for (let n = 0; n < 14; n++) names.push(await takeAt(backups, `{"n":${n}}`))
    await fsp.writeFile(join(dir, 'demo.json.v0-20200101T000000000Z.bak'), '{}')
    const pruned = await backups.prune('demo')
    expect(pruned.sort()).toEqual(names.slice(0, 4).sort())
    expect((await backups.list('demo')).map((f) => f.file)).toEqual([
      ...names.slice(4).reverse(),
      'demo.json.v0-20200101T000000000Z.bak'
    ])
  })

  it('keeps the newest good backup when every survivor is damaged, asking no more than needed', async () => {
    const backups = folder()
    const good = await takeAt(backups, '{"good":true}')
    clock += 30 * 24 * 60 * 60_000
    for (let n = 0; n < 12; n++) await takeAt(backups, 'damaged')
    const asked: string[] = []
    const pruned = await backups.prune('demo', async (file) => {
      asked.push(file.file)
      return (await fsp.readFile(backups.pathOf(file.file), 'utf8')).includes('good')
    })
    expect(pruned).toHaveLength(2)
    expect(pruned).not.toContain(good)
    expect((await backups.list('demo')).map((f) => f.file)).toContain(good)
    // The 10 survivors, then the 2 older damaged ones, then the good one: found, the search stops.
    expect(asked).toHaveLength(13)
    expect(asked.at(-1)).toBe(good)
  })

  it('asks about one backup only when the newest survivor is good', async () => {
    const backups = folder()
    for (let n = 0; n < 11; n++) await takeAt(backups, `{"n":${n}}`)
    let asked = 0
    const pruned = await backups.prune('demo', () => {
      asked++
      return Promise.resolve(true)
    })
    expect(pruned).toHaveLength(1)
    expect(asked).toBe(1)
  })
})

describe('BackupFolder.sweep', () => {
  it('removes the temp copies a killed backup left', async () => {
    const backups = folder()
    const kept = await takeAt(backups, '{}')
    await fsp.writeFile(join(dir, `.${kept}.123.abcdef01.tmp`), '{"ha')
    expect(await backups.sweep()).toEqual([`.${kept}.123.abcdef01.tmp`])
    expect(await fsp.readdir(dir)).toEqual([kept])
  })
})
