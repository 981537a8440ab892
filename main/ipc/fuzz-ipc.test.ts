import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAppUrlPolicy } from '../app-url'
import { openCampaignStore } from '../store/lowdb-campaign-store'
import { textStoreOver } from '../store/text-store'
import { makeCampaign } from '../test-fixtures'
import { checkJsonLimits, IPC_LIMITS, type JsonLimits } from '../validation'
import { CHANNELS, contract, IMPORT_MAX_CHARS, type Channel } from './contract'
import { registerIpcHandlers } from './handlers'

// Fuzzes every IPC channel through its real handler (reliability "Bad input" and "Security"): whatever the page
// sends, the answer is a contract-shaped value, never a throw, never `internal`, and nothing reaches the disk.

// The real module cannot load outside Electron; nothing here may reach it.
vi.mock('electron', () => ({ ipcMain: { handle: vi.fn(), removeHandler: vi.fn() } }))

/** Runs per property and channel; the store is only touched by the few payloads that pass the schema. */
const RUNS = 300

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>

const APP = 'app://emboscada/index.html'
const APP_PATH = new URL(APP).pathname
const policy = createAppUrlPolicy(APP)
const topFrame = (url = APP): unknown => ({ senderFrame: { url, parent: null } })

let root: string
let dir: string
const handlers = new Map<string, Handler>()
const logged: string[] = []
const handle = vi.fn((channel: string, handler: Handler) => void handlers.set(channel, handler))

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-fuzz-ipc-'))
  dir = join(root, 'campaigns')
  const store = await openCampaignStore({ dir, log: () => undefined })
  registerIpcHandlers({
    ipcMain: { handle, removeHandler: (channel: string) => void handlers.delete(channel) },
    store: textStoreOver(store),
    policy,
    log: (m) => logged.push(m)
  })
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

type Answer =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; problem?: string; params?: object } }

/** Calls a channel's real handler as Electron would; a rejected promise fails the property right here. */
async function call(channel: Channel, args: unknown[], event: unknown = topFrame()): Promise<Answer> {
  const handler = handlers.get(channel)
  if (handler === undefined) throw new Error(`no handler for ${channel}`)
  const answer = await handler(event, ...args)
  // Whatever happens, the answer must match the contract, or the renderer's own parse would reject it.
  return contract[channel].response.parse(answer) as Answer
}

/** The folder must stay empty: no fuzzed payload may write a campaign, a backup or a quarantine entry. */
async function expectNothingStored(): Promise<void> {
  const entries = await fsp.readdir(dir).catch(() => [])
  expect(entries).toEqual([])
}

/** Nested arrays or objects `depth` levels deep, built iteratively so the generator itself cannot overflow. */
function nest(depth: number, kind: 'array' | 'object', leaf: unknown = 0): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value }
  return value
}

/** Objects carrying an own `__proto__` key, as JSON.parse (and structured clone) produce them. */
const protoKeyed = fc
  .tuple(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('', '{"id":"demo"}', '{"json":"{}"}'))
  .map(([value, base]) => {
    const inner = `"__proto__":{"polluted":true,"v":${JSON.stringify(value)}}`
    const text = base === '' ? `{${inner}}` : `${base.slice(0, -1)},${inner}}`
    return JSON.parse(text) as unknown
  })

/** Payloads that break the limits or the schema of every channel. */
const badPayload = fc.oneof(
  protoKeyed,
  fc
    .tuple(fc.integer({ min: IPC_LIMITS.maxDepth + 1, max: 5000 }), fc.constantFrom('array', 'object'))
    .map(([depth, kind]) => ({ id: nest(depth, kind as 'array' | 'object') })),
  fc
    .integer({ min: IPC_LIMITS.maxStringLength + 1, max: IPC_LIMITS.maxStringLength + 1000 })
    .map((n) => ({ id: 'x'.repeat(n) })),
  fc.constantFrom<unknown>(
    { id: Number.NaN },
    { id: Infinity },
    { json: -Infinity },
    new Map([['id', 'demo']]),
    new Set(['demo']),
    new Date(0),
    new Uint8Array(8),
    /demo/,
    new Error('demo'),
    Object.assign(Object.create({ inherited: true }) as object, { id: 'demo' }),
    [{ id: 'demo' }],
    { ...makeCampaign(), id: '../../evil' },
    { ...makeCampaign(), system: 'dnd5e' },
    { ...makeCampaign(), schemaVersion: Number.MAX_SAFE_INTEGER }
  )
)

/** Anything structured clone can carry (no functions or symbols: those never cross IPC). */
const anyClonable = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withTypedArray: true,
  withSparseArray: true,
  withObjectString: true
})

/** Every payload family of the brief: arbitrary JSON, wrong shapes, oversized, deep, proto keys. */
const anyPayload = fc.oneof(
  fc.jsonValue(),
  anyClonable,
  badPayload,
  fc.record({ id: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({
    json: fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? '')
    )
  })
)

describe('every channel under fuzzed payloads', () => {
  it('registers the contract channels and nothing else', () => {
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort())
    expect(handle.mock.calls.map(([channel]) => channel).sort()).toEqual([...CHANNELS].sort())
  })

  it.each(CHANNELS)(
    '%s answers a value for any payload, never throws and stores nothing',
    async (channel) => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyPayload, { maxLength: 2 }), async (args) => {
          const answer = await call(channel, args)
          if (!answer.ok) expect(answer.error.code).not.toBe('internal')
          // Every refusal of what the page sent names its problem, so the UI can word it (issue 8).
          if (!answer.ok && !['notFound', 'forbidden'].includes(answer.error.code))
            expect(answer.error.problem, answer.error.message).toBeDefined()
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
        }),
        { numRuns: RUNS }
      )
      await expectNothingStored()
      // An `internal` answer would also have logged the cause; a fuzzed payload must never reach that branch.
      expect(logged.filter((m) => m.endsWith('failed'))).toEqual([])
    }
  )

  it.each(CHANNELS)('%s refuses deep, oversized and __proto__ payloads as badRequest', async (channel) => {
    await fc.assert(
      fc.asyncProperty(badPayload, async (payload) => {
        const answer = await call(channel, [payload])
        expect(answer.ok).toBe(false)
        if (!answer.ok) expect(['badRequest', 'tooLarge']).toContain(answer.error.code)
      }),
      { numRuns: 100 }
    )
    await expectNothingStored()
  })

  it('refuses an import text over the whole-payload cap as tooLarge, before parsing it', async () => {
    // Found by this file: a text over 8 MiB tripped the string cap first and came back as badRequest; then one
    // between IMPORT_MAX_CHARS and 8 MiB tripped the schema's max and did the same.
    const over = [IMPORT_MAX_CHARS + 1, IMPORT_MAX_CHARS + 1000, IPC_LIMITS.maxBytes - 1]
    for (const length of [...over, IPC_LIMITS.maxBytes, IPC_LIMITS.maxBytes + 1, 2 * IPC_LIMITS.maxBytes]) {
      const answer = await call('campaign.import', [{ json: 'x'.repeat(length) }])
      expect(answer, `${length} characters`).toEqual({
        ok: false,
        error: {
          code: 'tooLarge',
          message: expect.any(String),
          problem: 'fileTooLarge',
          params: { limit: IMPORT_MAX_CHARS, found: length }
        }
      })
    }
    // At the cap exactly, the text reaches the store, which reads it (and here finds it is not JSON).
    const atCap = await call('campaign.import', [{ json: 'x'.repeat(IMPORT_MAX_CHARS) }])
    expect(atCap).toMatchObject({ ok: false, error: { code: 'corrupt', problem: 'notJson' } })
    await expectNothingStored()
  })
})

describe('senders and channels', () => {
  /** Frames that are not our top-level renderer: other origins, other files, subframes, gone frames. */
  const foreignEvent = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }).map((url) => topFrame(url)),
    fc
      .array(fc.webSegment(), { minLength: 1, maxLength: 5 })
      .map((segments) => `file:///${segments.join('/')}`)
      .filter((url) => new URL(url).pathname !== APP_PATH)
      .map((url) => topFrame(url)),
    fc.string().map((url) => topFrame(url)),
    fc.constantFrom(APP, `${APP}#/x`).map((url) => ({ senderFrame: { url, parent: { url: APP } } })),
    fc.constant({ senderFrame: null })
  )

  it('answers forbidden to any foreign sender on every channel, whatever the payload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CHANNELS),
        foreignEvent,
        fc.array(anyPayload, { maxLength: 1 }),
        async (channel, event, args) => {
          // A random string can still be our own URL only by parsing to our path; those were filtered above.
          const url = (event as { senderFrame: { url: string; parent: unknown } | null }).senderFrame
          fc.pre(url === null || url.parent !== null || !policy.isAppUrl(url.url))
          expect(await call(channel, args, event)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
        }
      ),
      { numRuns: RUNS }
    )
    await expectNothingStored()
  })

  it('has no handler for any channel outside the contract', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...CHANNELS).map((c) => c.toUpperCase()),
          fc.constantFrom(...CHANNELS).map((c) => `${c} `),
          fc.constantFrom('campaign.delete', 'campaign', '__proto__', 'constructor', 'toString')
        ),
        (channel) => {
          fc.pre(!(CHANNELS as readonly string[]).includes(channel))
          // Electron rejects invoke() on a channel nobody handles; our part is to register none of them.
          expect(handlers.has(channel)).toBe(false)
        }
      ),
      { numRuns: 1000 }
    )
  })
})

/** A straightforward recursive model of the limits (depth, string and key length, finiteness, plain data, keys). */
function model(value: unknown, limits: JsonLimits, depth = 0): 'shape' | null {
  if (depth > limits.maxDepth) return 'shape'
  if (typeof value === 'string') return value.length > limits.maxStringLength ? 'shape' : null
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'shape'
  if (value === null || value === undefined || typeof value === 'boolean') return null
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return 'shape'
    for (let i = 0; i < value.length; i++) if (model(value[i], limits, depth + 1) !== null) return 'shape'
    return null
  }
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null) return 'shape'
    for (const [key, child] of Object.entries(value)) {
      if (['__proto__', 'constructor', 'prototype'].includes(key)) return 'shape'
      if (key.length > limits.maxStringLength || model(child, limits, depth + 1) !== null) return 'shape'
    }
    return null
  }
  return 'shape'
}

describe('checkJsonLimits directly', () => {
  /** Small limits, so generated values cross them often; maxBytes is out of the model's reach on purpose. */
  const small: JsonLimits = { maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: 4, maxStringLength: 8 }

  it('agrees with the recursive model on arbitrary values, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 7 }), anyClonable, protoKeyed), (value) => {
        const violation = checkJsonLimits(value, small)
        expect(violation?.kind ?? null).toBe(model(value, small))
      }),
      { numRuns: 2000 }
    )
  })

  it('refuses any nesting past maxDepth without overflowing the stack', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: IPC_LIMITS.maxDepth + 1, max: 100_000 }),
        fc.constantFrom('array', 'object'),
        (depth, kind) => {
          const violation = checkJsonLimits(nest(depth, kind as 'array' | 'object'), IPC_LIMITS)
          expect(violation?.kind).toBe('shape')
        }
      ),
      { numRuns: 50 }
    )
  })

  it('answers size for values past maxBytes, even shared or cyclic graphs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.boolean(), (maxKb, cyclic) => {
        const limits: JsonLimits = { maxBytes: maxKb * 1024, maxDepth: 64, maxStringLength: 100_000 }
        let value: unknown
        if (cyclic) {
          const loop: Record<string, unknown> = {}
          loop['self'] = loop
          value = loop
        } else {
          // Each level holds the level below twice: 2^depth leaves from a tiny graph.
          let shared: unknown = 'leaf'
          for (let i = 0; i < 40; i++) shared = [shared, shared]
          value = shared
        }
        expect(checkJsonLimits(value, limits)?.kind).toBe(cyclic ? 'shape' : 'size')
      }),
      { numRuns: 50 }
    )
  })
})
