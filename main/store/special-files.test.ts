import { execFileSync } from 'node:child_process'
import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import type { DurableFs } from './durable-json-file'
import { openCampaignStore } from './lowdb-campaign-store'
import { storeError } from './store-test-helpers'

// Issue 18, items 5 and 6: "A FIFO named `x.json` in the campaigns folder hangs `list()`", and "Backup copies
// that fail (disk full) leave saves with 0 backups, GM not told."

let root: string
let dir: string
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-special-'))
  dir = join(root, 'campaigns')
  await fsp.mkdir(dir, { recursive: true })
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

describe.skipIf(process.platform === 'win32')('files that are not regular files', () => {
  it('lists past a FIFO, a folder and a device named like campaigns, and never opens them', async () => {
    execFileSync('mkfifo', [join(dir, 'pipe.json')])
    await fsp.mkdir(join(dir, 'folder.json'))
    await fsp.symlink('/dev/zero', join(dir, 'zero.json'))
    const store = await openCampaignStore({ dir, log: () => undefined })
    await store.save(makeCampaign('demo'))
    // A read of the FIFO would wait for a writer for ever; the test would time out instead of failing.
    expect((await store.list()).map((e) => e.id)).toEqual(['demo'])
    for (const id of ['pipe', 'folder', 'zero'])
      expect((await storeError(store.load(id))).code).toBe('notFound')
    expect(await store.quarantined()).toEqual([])
  })
})

describe('a save whose backup fails', () => {
  it('still saves, and says the backup failed and why', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    const fs: DurableFs = {
      ...fsp,
      // Only the backup copies fail: the disk filled up between the temp file and the copy.
      copyFile: async () => Promise.reject(full)
    }
    const store = await openCampaignStore({ dir, fs, log: () => undefined })
    expect(await store.save(makeCampaign('demo', 'One'))).toEqual({ backup: 'none' })
    expect(await store.save(makeCampaign('demo', 'Two'))).toEqual({ backup: 'failed', error: 'ENOSPC' })
    expect((await store.load('demo')).name).toBe('Two')
    expect(await store.backups('demo')).toEqual([])
    const healthy = await openCampaignStore({ dir, log: () => undefined })
    expect(await healthy.save(makeCampaign('demo', 'Three'))).toEqual({ backup: 'kept' })
  })
})
