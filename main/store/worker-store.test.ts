import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { typeScriptWorker } from '../../bench/node-tools'
import { makeCampaign } from '../test-fixtures'
import { StoreError } from './campaign-store'
import { lockFolder } from './folder-lock'
import { storeError } from './store-test-helpers'
import { WorkerCampaignStore } from './worker-store'
import type { StoreWorkerData } from './worker-protocol'

// Issue 18, item 5: main's event loop never parses or validates a campaign; the store runs on a real worker
// thread (store-worker.ts) and whole campaigns cross as text. bench/store-stall.ts measures the stalls.

let root: string
let dir: string
let workers: Worker[]
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-worker-'))
  dir = join(root, 'campaigns')
  workers = []
})
afterEach(async () => {
  await Promise.all(workers.map((w) => w.terminate()))
  await fsp.rm(root, { recursive: true, force: true })
})

const spawn = (data: StoreWorkerData): Worker => {
  const worker = typeScriptWorker(new URL('./store-worker.ts', import.meta.url), data)
  workers.push(worker)
  return worker
}

describe('the campaign store on its worker thread', () => {
  it('saves and loads campaigns as text, and passes the store’s refusals through whole', async () => {
    const store = await WorkerCampaignStore.open({ dir }, spawn, () => undefined)
    const campaign = makeCampaign('demo', 'Over the wire')
    expect(await store.saveText(JSON.stringify(campaign))).toEqual({ backup: 'none' })
    expect(JSON.parse(await store.loadText('demo'))).toEqual(campaign)
    expect(await store.list()).toEqual([
      { id: 'demo', name: 'Over the wire', system: 'hq2', encounterCount: 1 }
    ])
    const refused = await storeError(store.saveText('{"schemaVersion":1,"id":"demo"'))
    expect(refused).toMatchObject({ code: 'invalid', problem: 'notJson' })
    const deep = await storeError(store.saveText(`${'['.repeat(100)}${']'.repeat(100)}`))
    expect(deep).toMatchObject({ code: 'invalid', problem: 'tooDeep' })
    expect(await storeError(store.loadText('nope'))).toMatchObject({ code: 'notFound' })
    await store.close()
  }, 60_000)

  it('says the folder is locked when another holder has it', async () => {
    // Held under another pid, as a second app would: this process's own lock would be taken over.
    await fsp.mkdir(root, { recursive: true })
    await fsp.writeFile(`${dir}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere', token: 't', since: '' }))
    const error = await WorkerCampaignStore.open({ dir }, spawn, () => undefined).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StoreError)
    expect(error).toMatchObject({ code: 'locked', problem: 'folderLocked', params: { host: 'elsewhere' } })
  }, 60_000)

  it('fails the calls in flight when the thread dies, and the next call starts a new one', async () => {
    const logs: string[] = []
    const store = await WorkerCampaignStore.open({ dir }, spawn, (m) => logs.push(m))
    await store.saveText(JSON.stringify(makeCampaign('demo', 'Before')))
    // A save of megabytes keeps the thread busy far longer than the terminate below takes to land.
    const heavy = { ...makeCampaign('demo', 'Heavy'), name: 'Heavy', encounters: [] }
    const dying = store.saveText(
      JSON.stringify(heavy).replace('"encounters":[]', `"encounters":[],"pad":"${'x'.repeat(5_000_000)}"`)
    )
    void workers[0]!.terminate()
    expect(await storeError(dying)).toMatchObject({ code: 'io' })
    expect(logs.join('\n')).toMatch(/campaign store stopped/)
    // A new thread takes the folder lock over (same process) and finds everything saved.
    expect(JSON.parse(await store.loadText('demo'))).toMatchObject({ name: 'Before' })
    expect(workers).toHaveLength(2)
    await store.close()
    // Closed: the lock is released, so another holder may take the folder.
    const lock = await lockFolder(dir, { pid: 999_999, isAlive: () => true })
    await lock.release()
  }, 60_000)
})
