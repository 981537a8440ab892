import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { IpcMainInvokeEvent } from 'electron'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAppUrlPolicy } from '../app-url'
import { StoreError, type BackupEntry, type ManagedCampaignStore } from '../store/campaign-store'
import { openCampaignStore } from '../store/lowdb-campaign-store'
import { textStoreOver } from '../store/text-store'
import { makeCampaign } from '../test-fixtures'
import { CHANNELS, contract, type Channel } from './contract'
import { isTrustedSender, registerIpcHandlers } from './handlers'

// The real module cannot load outside Electron; nothing here may reach it.
vi.mock('electron', () => ({ ipcMain: { handle: vi.fn(), removeHandler: vi.fn() } }))

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>

const APP = 'app://emboscada/index.html'
const policy = createAppUrlPolicy(APP)
const topFrame = (url = APP): unknown => ({ senderFrame: { url, parent: null } })

let root: string
let store: ManagedCampaignStore
let handlers: Map<string, Handler>
let logged: string[]

function fakeIpcMain() {
  const map = new Map<string, Handler>()
  return {
    map,
    ipcMain: {
      handle: vi.fn((channel: string, handler: Handler) => void map.set(channel, handler)),
      removeHandler: vi.fn((channel: string) => void map.delete(channel))
    }
  }
}

async function call(channel: Channel, payload?: unknown, event: unknown = topFrame()): Promise<unknown> {
  const handler = handlers.get(channel)
  if (handler === undefined) throw new Error(`no handler for ${channel}`)
  const result = await handler(event, ...(payload === undefined ? [] : [payload]))
  // Whatever happens, the answer must match the contract.
  return contract[channel].response.parse(result)
}

beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-ipc-'))
  store = await openCampaignStore({ dir: join(root, 'campaigns'), log: () => undefined })
  const fake = fakeIpcMain()
  handlers = fake.map
  logged = []
  registerIpcHandlers({
    ipcMain: fake.ipcMain,
    store: textStoreOver(store),
    policy,
    log: (m) => logged.push(m)
  })
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

describe('registration', () => {
  it('registers exactly one handler per contract channel, and removes them again', () => {
    const fake = fakeIpcMain()
    const unregister = registerIpcHandlers({ ipcMain: fake.ipcMain, store: textStoreOver(store), policy })
    expect([...fake.map.keys()].sort()).toEqual([...CHANNELS].sort())
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort())
    unregister()
    expect(fake.map.size).toBe(0)
  })
})

describe('good payloads', () => {
  it('stores a saved campaign and serves it back through load and list', async () => {
    const campaign = makeCampaign('demo', 'Demo')
    // Whole campaigns cross as JSON text: main passes it to the store's thread unparsed (text-store.ts).
    expect(await call('campaign.save', { json: JSON.stringify(campaign) })).toEqual({
      ok: true,
      value: { backup: 'none' }
    })
    expect(await store.load('demo')).toEqual(campaign)
    expect(await call('campaign.load', { id: 'demo' })).toEqual({ ok: true, value: JSON.stringify(campaign) })
    expect(await call('campaign.list')).toEqual({
      ok: true,
      value: [{ id: 'demo', name: 'Demo', system: 'hq2', encounterCount: 1 }]
    })
  })

  it('imports a campaign file and reports quarantined files', async () => {
    const json = JSON.stringify(makeCampaign('shared'))
    expect(await call('campaign.import', { json })).toMatchObject({ ok: true, value: { id: 'shared' } })
    await fsp.writeFile(join(root, 'campaigns', 'broken.json'), '{')
    expect(await call('campaign.load', { id: 'broken' })).toMatchObject({
      ok: false,
      error: { code: 'corrupt' }
    })
    expect(await call('campaign.quarantined')).toMatchObject({
      ok: true,
      value: [{ id: 'broken', reason: 'corrupt' }]
    })
  })

  it('lists backups and restores one, answering the restored campaign', async () => {
    await call('campaign.save', { json: JSON.stringify(makeCampaign('demo', 'One')) })
    expect(await call('campaign.save', { json: JSON.stringify(makeCampaign('demo', 'Two')) })).toEqual({
      ok: true,
      value: { backup: 'kept' }
    })
    const listed = (await call('campaign.backups', { id: 'demo' })) as { ok: true; value: BackupEntry[] }
    expect(listed).toMatchObject({ ok: true, value: [{ name: 'One', kind: 'save', readable: true }] })
    const file = listed.value[0]!.file
    const restored = (await call('campaign.restore', { id: 'demo', file })) as { ok: true; value: string }
    expect(JSON.parse(restored.value)).toMatchObject({ id: 'demo', name: 'One' })
    expect((await store.load('demo')).name).toBe('One')
    expect(await call('campaign.restore', { id: 'demo', file: 'demo.json.9.bak' })).toMatchObject({
      ok: false,
      error: { code: 'notFound' }
    })
  })

  it('passes store errors through as typed results', async () => {
    expect(await call('campaign.load', { id: 'missing' })).toEqual({
      ok: false,
      error: { code: 'notFound', message: 'there is no campaign "missing"' }
    })
  })
})

describe('bad payloads', () => {
  it.each([
    ['campaign.load', { id: '../../etc/passwd' }],
    ['campaign.load', { id: 'demo', extra: 1 }],
    ['campaign.load', 'demo'],
    ['campaign.load', undefined],
    ['campaign.save', { ...makeCampaign(), schemaVersion: 2 }],
    ['campaign.save', { ...makeCampaign(), id: '../evil' }],
    ['campaign.save', JSON.parse(`{"__proto__":{"x":1},"id":"demo"}`) as unknown],
    ['campaign.list', { sneaky: true }],
    ['campaign.import', { json: 42 }],
    ['campaign.save', new Map([['id', 'demo']])],
    ['campaign.backups', { id: '../demo' }],
    ['campaign.backups', undefined],
    ['campaign.backups', { id: 'demo', file: 'demo.json.1.bak' }],
    ['campaign.restore', { id: 'demo' }],
    ['campaign.restore', { id: 'demo', file: '../../demo.json' }],
    ['campaign.restore', { id: 'demo', file: 'backups/demo.json.1.bak' }],
    ['campaign.restore', { id: 'demo', file: 'demo.json' }],
    ['campaign.restore', { id: 'demo', file: 'other.json.1.bak' }],
    ['campaign.restore', { id: 'demo', file: 'demo.json.1.bak', extra: true }],
    ['campaign.restore', { id: '..', file: '...json.1.bak' }],
    ['campaign.restore', ['demo', 'demo.json.1.bak']]
  ] as [Channel, unknown][])(
    '%s with %j answers badRequest and touches nothing',
    async (channel, payload) => {
      const storeCalls = spyOnStore()
      expect(await call(channel, payload)).toMatchObject({ ok: false, error: { code: 'badRequest' } })
      expect(storeCalls()).toBe(0)
      expect(await fsp.readdir(join(root, 'campaigns'))).toEqual([])
    }
  )

  it('refuses more than one argument', async () => {
    const result = await handlers.get('campaign.load')!(topFrame(), { id: 'demo' }, 'extra')
    expect(result).toMatchObject({ ok: false, error: { code: 'badRequest' } })
  })

  it('answers tooLarge for a payload over 8 MB, before any schema work', async () => {
    const stats = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(90_000)]))
    const campaign = makeCampaign()
    const huge = {
      ...campaign,
      encounters: [
        { ...campaign.encounters[0], initial: { ...campaign.encounters[0]!.initial, settings: stats } }
      ]
    }
    expect(await call('campaign.save', { json: JSON.stringify(huge) })).toMatchObject({
      ok: false,
      error: { code: 'tooLarge', problem: 'campaignTooLarge' }
    })
  })

  it.each([
    [
      'a NaN that structured clone carries',
      'campaign.save',
      { ...makeCampaign(), name: Number.NaN },
      'badRequest',
      'notFinite',
      { path: '$.name' }
    ],
    ['an Infinity', 'campaign.load', { id: -Infinity }, 'badRequest', 'notFinite', { path: '$.id' }],
    ['a Map', 'campaign.save', new Map([['id', 'demo']]), 'badRequest', 'notPlainData', { path: '$' }],
    ['a Date inside', 'campaign.load', { id: new Date(0) }, 'badRequest', 'notPlainData', { path: '$.id' }],
    [
      'a __proto__ key',
      'campaign.load',
      JSON.parse('{"__proto__":{"x":1}}') as unknown,
      'badRequest',
      'forbiddenKey',
      { key: '__proto__' }
    ],
    [
      // Data, like an encounter named "Prototype": refused here only because load takes no such field.
      'a prototype key',
      'campaign.load',
      { id: 'demo', prototype: {} },
      'badRequest',
      'schema',
      { path: '$' }
    ],
    [
      'a key past the string cap',
      'campaign.load',
      { ['k'.repeat(100_001)]: 1 },
      'badRequest',
      'stringTooLong',
      { path: '$' }
    ],
    [
      'a schema failure',
      'campaign.load',
      { id: 'demo', extra: 1 },
      'badRequest',
      'schema',
      { path: '$', count: 1 }
    ],
    [
      'a wrong system id',
      'campaign.save',
      { json: JSON.stringify({ ...makeCampaign(), system: 'dnd5e' }) },
      'invalid',
      'schema',
      { path: '$.system' }
    ],
    [
      'a save sent as objects, as before campaigns crossed as text',
      'campaign.save',
      makeCampaign(),
      'badRequest',
      'schema',
      { path: '$.json' }
    ],
    [
      'a save of text that is not JSON',
      'campaign.save',
      { json: '{"schemaVersion":1,"id":"demo"' },
      'invalid',
      'notJson',
      undefined
    ],
    [
      'a save nested past the cap',
      'campaign.save',
      { json: `${'['.repeat(5000)}${']'.repeat(5000)}` },
      'invalid',
      'tooDeep',
      { limit: 64 }
    ],
    ['an empty import', 'campaign.import', { json: '' }, 'corrupt', 'empty', undefined],
    [
      'an import with a wrong system id',
      'campaign.import',
      { json: JSON.stringify({ ...makeCampaign(), system: 'dnd5e' }) },
      'unknownRules',
      'unknownSystem',
      { system: 'dnd5e' }
    ],
    [
      'an import with __proto__',
      'campaign.import',
      { json: `{"__proto__":{"x":1},${JSON.stringify(makeCampaign()).slice(1)}` },
      'invalid',
      'forbiddenKey',
      { key: '__proto__', path: '$' }
    ],
    [
      'an import from a newer app',
      'campaign.import',
      { json: JSON.stringify({ ...makeCampaign(), schemaVersion: 9 }) },
      'tooNew',
      'tooNew',
      { version: 9, supported: 1 }
    ]
  ] as [string, Channel, unknown, string, string, object | undefined][])(
    '%s answers %s with its problem and params, and stores nothing',
    async (_name, channel, payload, code, problem, params) => {
      const answer = (await call(channel, payload)) as { ok: false; error: Record<string, unknown> }
      expect(answer).toMatchObject({ ok: false, error: { code, problem } })
      if (params !== undefined) expect(answer.error.params).toMatchObject(params)
      expect(await fsp.readdir(join(root, 'campaigns'))).toEqual([])
    }
  )

  it('names the problem of an extra argument too', async () => {
    const result = await handlers.get('campaign.load')!(topFrame(), { id: 'demo' }, 'extra')
    expect(result).toMatchObject({ ok: false, error: { code: 'badRequest', problem: 'schema' } })
  })

  it('never throws and never stores anything for 1,000 random payloads per channel', async () => {
    const payloads = fc.oneof(
      fc.anything(),
      fc.object(),
      fc.record({ id: fc.string() }),
      fc.record({ json: fc.string() }),
      fc.record({
        id: fc.constantFrom('demo', '..', 'x'),
        file: fc.oneof(fc.string(), fc.constant('demo.json.1.bak'))
      }),
      fc.constant(makeCampaign()).map((c) => ({ ...c, name: 42 }))
    )
    const channels = [
      'campaign.load',
      'campaign.save',
      'campaign.import',
      'campaign.backups',
      'campaign.restore'
    ]
    for (const channel of channels as Channel[]) {
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          const result = (await call(channel, payload)) as { ok: boolean; error?: { code: string } }
          // A random string can be a valid id or even valid JSON text; then notFound/corrupt/invalid are fine.
          if (!result.ok) expect(result.error?.code).not.toBe('internal')
        }),
        { numRuns: 1000 }
      )
    }
    expect(await fsp.readdir(join(root, 'campaigns'))).toEqual([])
  })
})

describe('senders', () => {
  const disposed = {
    get senderFrame(): never {
      throw new Error('Render frame was disposed before WebFrameMain could be accessed')
    }
  }
  it.each([
    ['no frame', { senderFrame: null }],
    ['a subframe', { senderFrame: { url: APP, parent: { url: APP } } }],
    ['another local file', topFrame('file:///tmp/evil.html')],
    ['a web page', topFrame('https://evil.example/')],
    ['the dev server in production', topFrame('http://localhost:5173/')],
    ['a data: URL', topFrame('data:text/html,hi')],
    ['a malformed URL', topFrame('::::')],
    ['a disposed frame', disposed]
  ])('refuses %s with forbidden, before reading the payload', async (_label, event) => {
    const storeCalls = spyOnStore()
    for (const channel of CHANNELS) {
      expect(await call(channel, { id: 'demo' }, event)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' }
      })
    }
    expect(storeCalls()).toBe(0)
    expect(logged.every((m) => m.includes('refused'))).toBe(true)
  })

  it('trusts our top frame, with any hash', () => {
    const event = topFrame(`${APP}#/campaign/demo`) as Pick<IpcMainInvokeEvent, 'senderFrame'>
    expect(isTrustedSender(event, policy)).toBe(true)
  })
})

describe('unexpected failures', () => {
  it('answers internal with a generic message and logs the details', async () => {
    vi.spyOn(store, 'list').mockRejectedValueOnce(new Error('secret path /home/gm/x'))
    expect(await call('campaign.list')).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.not.stringContaining('secret') }
    })
    expect(logged).toEqual(['campaign.list failed'])
  })

  it('keeps StoreError codes, such as io from a full disk', async () => {
    vi.spyOn(store, 'save').mockRejectedValueOnce(new StoreError('io', 'could not save "demo": ENOSPC'))
    expect(await call('campaign.save', { json: JSON.stringify(makeCampaign()) })).toEqual({
      ok: false,
      error: { code: 'io', message: 'could not save "demo": ENOSPC' }
    })
  })
})

/** Spies on every store method; returns how many calls reached the store. */
function spyOnStore(): () => number {
  const methods = ['save', 'load', 'list', 'importJson', 'quarantined', 'backups', 'restoreBackup'] as const
  const spies = methods.map((m) => vi.spyOn(store, m))
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0)
}
