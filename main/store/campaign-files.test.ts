import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { BackupFolder } from './backup-folder'
import { CampaignBackups } from './campaign-backups'
import { BACKUP_DIR, CampaignFiles } from './campaign-files'
import { StoreError } from './campaign-store'
import { campaignMigrations } from './migrations'
import { listQuarantine } from './quarantine'

let dir: string
let logs: string[]

beforeEach(async () => {
  dir = await fsp.mkdtemp(join(tmpdir(), 'emboscada-files-'))
  logs = []
})
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true })
})

function files(): CampaignFiles {
  let clock = Date.parse('2026-11-30T21:00:00.000Z')
  const now = () => new Date((clock += 1000))
  const folder = new BackupFolder(join(dir, BACKUP_DIR), { fs: fsp, now })
  const archive = new CampaignBackups(folder, campaignMigrations, fsp)
  return new CampaignFiles({
    dir,
    fs: fsp,
    chain: campaignMigrations,
    archive,
    now,
    log: (m) => logs.push(m)
  })
}

describe('CampaignFiles', () => {
  it('reads back what it wrote, and re-reads a file changed behind its back', async () => {
    const store = files()
    await store.write(makeCampaign('demo', 'First'))
    expect(await store.exists('demo')).toBe(true)
    expect((await store.entryOf('demo'))?.name).toBe('First')
    // another writer: a different size, so the cached summary must not be served
    const changed = { ...makeCampaign('demo', 'Second, longer name'), schemaVersion: 1 }
    await fsp.writeFile(store.pathOf('demo'), JSON.stringify(changed))
    expect((await store.entryOf('demo'))?.name).toBe('Second, longer name')
  })

  it('has no summary for a missing file and refuses to read it', async () => {
    const store = files()
    expect(await store.exists('ghost')).toBe(false)
    expect(await store.entryOf('ghost')).toBeNull()
    await expect(store.read('ghost', true)).rejects.toMatchObject({ code: 'notFound' })
  })

  it('quarantines a damaged file; only a restoring read marks it as moved this session', async () => {
    const store = files()
    await fsp.writeFile(store.pathOf('quiet'), '{ not json')
    await fsp.writeFile(store.pathOf('loud'), '{ not json')
    await expect(store.read('quiet', false)).rejects.toBeInstanceOf(StoreError)
    await expect(store.read('loud', true)).rejects.toMatchObject({ code: 'corrupt' })
    expect(await store.exists('quiet')).toBe(false)
    const marked = store.markThisSession(await listQuarantine(fsp, dir))
    expect(marked.map((e) => [e.id, e.thisSession === true]).sort()).toEqual([
      ['loud', true],
      ['quiet', false]
    ])
  })

  it('restores the newest good backup in place of a damaged file', async () => {
    const store = files()
    await store.write(makeCampaign('demo', 'Good'))
    await store.write(makeCampaign('demo', 'Good again')) // the first version is now a backup
    await fsp.writeFile(store.pathOf('demo'), '{ not json')
    const restored = await store.read('demo', true)
    expect(restored.name).toBe('Good')
    const [entry] = store.markThisSession(await listQuarantine(fsp, dir))
    expect(entry?.restoredFrom?.startsWith(`${BACKUP_DIR}/`)).toBe(true)
    // the backup named is the one restored: it holds the first version
    const named = JSON.parse(await fsp.readFile(join(dir, entry?.restoredFrom ?? 'none'), 'utf8')) as unknown
    expect(named).toMatchObject({ name: 'Good' })
  })
})
