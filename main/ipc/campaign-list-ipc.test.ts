import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAppUrlPolicy } from '../app-url'
import { openCampaignStore } from '../store/lowdb-campaign-store'
import { textStoreOver } from '../store/text-store'
import { makeCampaign } from '../test-fixtures'
import { contract, type Channel } from './contract'
import { registerIpcHandlers } from './handlers'

// The campaign list's channels through the real handlers and the real desktop store: what the page may ask,
// and that every refusal names its problem and leaves the campaigns folder byte for byte as it was.

vi.mock('electron', () => ({ ipcMain: { handle: vi.fn(), removeHandler: vi.fn() } }))

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>

const APP = 'app://emboscada/index.html'
const topFrame = { senderFrame: { url: APP, parent: null } }

let root: string
let dir: string
const handlers = new Map<string, Handler>()

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-list-ipc-'))
  dir = join(root, 'campaigns')
  const store = await openCampaignStore({ dir, log: () => undefined })
  await store.save(makeCampaign('demo', 'Demo'))
  registerIpcHandlers({
    ipcMain: {
      handle: vi.fn((channel: string, h: Handler) => void handlers.set(channel, h)),
      removeHandler: vi.fn()
    },
    store: textStoreOver(store),
    policy: createAppUrlPolicy(APP),
    log: () => undefined
  })
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

async function call(channel: Channel, payload: unknown): Promise<Record<string, unknown>> {
  const answer = await handlers.get(channel)?.(topFrame, payload)
  return contract[channel].response.parse(answer) as Record<string, unknown>
}

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      out[join(entry.parentPath, entry.name)] = await fsp.readFile(join(entry.parentPath, entry.name), 'utf8')
  }
  return out
}

describe('the campaign list over IPC', () => {
  it('creates, renames, duplicates, trashes and untrashes', async () => {
    expect(await call('campaign.create', { name: 'Nueva', system: 'minecraft' })).toEqual({
      ok: true,
      value: { id: 'nueva', name: 'Nueva', system: 'minecraft', encounterCount: 0 }
    })
    expect(await call('campaign.rename', { id: 'nueva', name: 'Renombrada' })).toMatchObject({
      ok: true,
      value: { id: 'nueva', name: 'Renombrada' }
    })
    expect(await call('campaign.duplicate', { id: 'demo', name: 'Demo (copia)' })).toMatchObject({
      ok: true,
      value: { id: 'demo-copia', name: 'Demo (copia)', encounterCount: 1 }
    })
    expect(await call('campaign.trash', { id: 'demo' })).toEqual({ ok: true, value: null })
    expect(await call('campaign.list', undefined)).toMatchObject({
      ok: true,
      value: [{ id: 'demo-copia' }, { id: 'nueva' }]
    })
    expect(await call('campaign.untrash', { id: 'demo' })).toMatchObject({
      ok: true,
      value: { id: 'demo', name: 'Demo' }
    })
  })

  it('refuses bad names as badName, bad ids and shapes as schema, and touches nothing', async () => {
    const before = await snapshot()
    const badNames: [Channel, unknown][] = [
      ['campaign.create', { name: '', system: 'hq2' }],
      ['campaign.create', { name: 'x'.repeat(121), system: 'hq2' }],
      ['campaign.rename', { id: 'demo', name: '   ' }],
      ['campaign.rename', { id: 'demo', name: 'line\nbreak' }],
      ['campaign.duplicate', { id: 'demo', name: '\u0000' }]
    ]
    for (const [channel, payload] of badNames) {
      expect(await call(channel, payload), JSON.stringify(payload)).toMatchObject({
        ok: false,
        error: { code: 'badRequest', problem: 'badName', params: { limit: 120 } }
      })
    }
    const badRequests: [Channel, unknown][] = [
      ['campaign.create', { name: 'Ok', system: 'dnd5e' }],
      ['campaign.create', { name: 'Ok', system: 'hq2', id: 'forced' }],
      ['campaign.rename', { id: '../demo', name: 'Ok' }],
      ['campaign.duplicate', { id: 'demo/../../x' }],
      ['campaign.trash', { id: '..' }],
      ['campaign.trash', 'demo'],
      ['campaign.untrash', { id: 'DEMO' }]
    ]
    for (const [channel, payload] of badRequests) {
      expect(await call(channel, payload), JSON.stringify(payload)).toMatchObject({
        ok: false,
        error: { code: 'badRequest', problem: 'schema' }
      })
    }
    expect(await call('campaign.trash', { id: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'notFound' }
    })
    expect(await call('campaign.untrash', { id: 'demo' })).toMatchObject({
      ok: false,
      error: { code: 'notFound' }
    })
    expect(await snapshot()).toEqual(before)
  })
})
