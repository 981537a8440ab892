import * as fsp from 'node:fs/promises'
import { readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_LIMITS } from '../validation'
import { StoreError } from './campaign-store'
import type { CampaignSummary } from '../../rules/core/schemas'
import { decodeCampaign } from './decode'
import { openCampaignStore, type LowdbCampaignStore } from './lowdb-campaign-store'
import { campaignMigrations } from './migrations'
import { STORE_PROBLEMS } from './store-problem'

// Fuzzes the import path (reliability "Bad input"): whatever text a GM picks, importJson either adds one valid
// campaign or refuses with a StoreError, and a refusal leaves the folder byte for byte as it was.

/** Runs per property; each run touches the disk, so this stays modest to keep the file well under 20 s. */
const RUNS = 150

const SAMPLES_DIR = fileURLToPath(new URL('../../resources/campaigns', import.meta.url))

/**
 * Every bundled sample: `pretty` as shipped (to truncate) and `text` compacted, so the splicing generators below
 * can find `"name":"` and `"encounters":[{` without caring about the shipped indentation.
 */
const samples: { file: string; pretty: string; text: string }[] = readdirSync(SAMPLES_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => {
    const pretty = readFileSync(join(SAMPLES_DIR, file), 'utf8')
    return { file, pretty, text: JSON.stringify(JSON.parse(pretty)) }
  })

let root: string
let dir: string
let store: LowdbCampaignStore

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-fuzz-import-'))
  dir = join(root, 'campaigns')
  store = await openCampaignStore({ dir, samplesDir: SAMPLES_DIR, log: () => undefined })
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

/** Every file under the campaigns folder with its bytes, so a refused import can be proven to change nothing. */
async function snapshot(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await fsp.readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) await walk(path)
      else files.set(relative(dir, path), (await fsp.readFile(path)).toString('base64'))
    }
  }
  await walk(dir)
  return files
}

/** What a caller sees: either the summary or the error, never a rejection of another type. */
async function tryImport(
  text: string
): Promise<{ ok: true; summary: CampaignSummary } | { ok: false; error: StoreError }> {
  try {
    return { ok: true, summary: await store.importJson(text) }
  } catch (error) {
    // Anything but our own error type (SyntaxError, TypeError, ZodError, RangeError) fails the property here.
    if (!(error instanceof StoreError)) throw error
    return { ok: false, error }
  }
}

/** A readable message (a sentence, not "[object Object]" or a stack trace) and a problem code the UI can word. */
function expectReadable(error: StoreError): void {
  expect(['corrupt', 'invalid', 'tooLarge', 'tooNew', 'unknownRules']).toContain(error.code)
  expect(STORE_PROBLEMS).toContain(error.problem)
  expect(error.message.length).toBeGreaterThan(0)
  expect(error.message.length).toBeLessThan(5000)
  expect(error.message).not.toContain('[object Object]')
  expect(error.message).not.toMatch(/\n\s+at /)
}

/**
 * The property shared by every generator: refused → unchanged folder and a readable StoreError; accepted (a
 * harmless mutation) → exactly one more campaign. Either way nothing reached Object.prototype.
 */
async function checkImport(text: string, mustRefuse: boolean): Promise<void> {
  const before = await snapshot()
  const listBefore = await store.list()
  const outcome = await tryImport(text)
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('polluted')
  if (outcome.ok) {
    expect(mustRefuse, `accepted: ${text.slice(0, 200)}`).toBe(false)
    expect((await store.list()).length).toBe(listBefore.length + 1)
    // Removed again so the folder stays at the samples: every later snapshot and list stays cheap.
    await fsp.rm(join(dir, `${outcome.summary.id}.json`))
    expect(await snapshot()).toEqual(before)
    return
  }
  expectReadable(outcome.error)
  expect(await store.list()).toEqual(listBefore)
  expect(await snapshot()).toEqual(before)
}

/** A sample cut somewhere strictly inside it: never valid JSON. */
const truncated = fc
  .constantFrom(...samples)
  .chain(({ pretty, text }) => fc.constantFrom(pretty.trimEnd(), text))
  .chain((text) => fc.integer({ min: 0, max: text.length - 1 }).map((at) => text.slice(0, at)))

/** Every path (object key or array index) inside a JSON value, root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (Array.isArray(value)) {
    value.forEach((child, i) => {
      out.push([...prefix, i])
      pathsOf(child, [...prefix, i], out)
    })
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key])
      pathsOf(child, [...prefix, key], out)
    }
  }
  return out
}

const parsedSamples = samples.map(({ text }) => {
  const doc = JSON.parse(text) as unknown
  return { doc, paths: pathsOf(doc) }
})

/**
 * Replacements for one field. Raw JSON literals go in through a marker so the parser sees them as numbers:
 * 1e999 parses to Infinity, which JSON.stringify could never write.
 */
const RAW = '\u0000raw:'
const badValue = fc.oneof(
  fc.constantFrom<unknown>(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '',
    null,
    true,
    [],
    {},
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    -0.5,
    `${RAW}1e999`,
    `${RAW}-1e999`,
    `${RAW}{"__proto__":{"polluted":true}}`,
    `${RAW}{"constructor":{"prototype":{"polluted":true}}}`,
    `${RAW}{"prototype":{"polluted":true}}`
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 })
)

/** A bundled sample with exactly one field replaced by a wrong type, a NaN-like string or a huge number. */
const mutated = fc
  .integer({ min: 0, max: parsedSamples.length - 1 })
  .chain((i) => {
    const { doc, paths } = parsedSamples[i]!
    return fc.tuple(fc.constant(doc), fc.constantFrom(...paths), badValue)
  })
  .map(([doc, path, value]) => {
    const copy = structuredClone(doc) as Record<string | number, unknown>
    let parent = copy
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
    const last = path[path.length - 1]!
    parent[last] = typeof value === 'string' && value.startsWith(RAW) ? RAW : value
    const raw = typeof value === 'string' && value.startsWith(RAW) ? value.slice(RAW.length) : undefined
    const text = JSON.stringify(copy)
    return raw === undefined ? text : text.replace(JSON.stringify(RAW), raw)
  })

/** A sample with a dangerous key added at the top level or inside its first encounter. */
const protoKeyed = fc
  .tuple(
    fc.constantFrom(...samples),
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
    fc.boolean(),
    fc.jsonValue({ maxDepth: 2 })
  )
  .map(([{ text }, key, nested, value]) => {
    const payload = `"${key}":{"polluted":true,"extra":${JSON.stringify(value)}},`
    // Spliced into the text: an object literal would turn "__proto__" into a prototype swap, not a key.
    return nested
      ? text.replace('"encounters":[{', `"encounters":[{${payload}`)
      : `{${payload}${text.slice(1)}`
  })

/** Nesting past FILE_LIMITS.maxDepth, alone or as one field of a real campaign. */
const deep = fc
  .tuple(
    fc.integer({ min: FILE_LIMITS.maxDepth + 1, max: 20_000 }),
    fc.constantFrom('[', '{"a":'),
    fc.constantFrom(...samples),
    fc.boolean()
  )
  .map(([depth, open, { text }, inside]) => {
    const close = open === '[' ? ']' : '}'
    const nest = `${open.repeat(depth)}0${close.repeat(depth)}`
    return inside ? text.replace(/"name":"[^"]*"/, `"name":${nest}`) : nest
  })

/** Strings and arrays past the per-field caps (not the whole-file cap: that one gets a single example). */
const oversized = fc
  .tuple(
    fc.constantFrom(...samples),
    fc.constantFrom('string', 'array'),
    fc.integer({ min: FILE_LIMITS.maxStringLength + 1, max: FILE_LIMITS.maxStringLength + 1000 })
  )
  .map(([{ text }, kind, size]) => {
    const value = kind === 'string' ? `"${'x'.repeat(size)}"` : `[${'0,'.repeat(size)}0]`
    return text.replace(/"name":"[^"]*"/, `"name":${value}`)
  })

/** A sample whose campaign-level system id is not a known ruleset. */
const wrongSystem = fc
  .tuple(
    fc.constantFrom(...samples),
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('HQ2', 'hq2 ', 'pathfinder2e', 'dnd5e', '__proto__')
    )
  )
  .filter(([, system]) => !['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale'].includes(system))
  .map(([{ text }, system]) => text.replace(/"system":"[^"]*"/, `"system":${JSON.stringify(system)}`))

/** Text that is not JSON at all, or JSON-ish near misses (NaN literals, comments, trailing commas). */
const notJson = fc.oneof(
  fc.string({ minLength: 1 }).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  }),
  fc.constantFrom(
    'NaN',
    '{"schemaVersion":NaN}',
    '{"schemaVersion":Infinity}',
    "{'id':'a'}",
    '{"id":"a",}',
    '// comment\n{}',
    '\uFEFF\uFEFF{}',
    '\u0000',
    'undefined',
    '{"a":1}{"b":2}'
  )
)

describe('importJson and decodeCampaign under fuzzed input', () => {
  it('refuses arbitrary JSON values with a StoreError and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, bom) => {
        const text = (bom ? '\uFEFF' : '') + JSON.stringify(value)
        // A random value is never a campaign; decodeCampaign must agree without throwing either.
        expect(decodeCampaign(value, campaignMigrations).ok).toBe(false)
        await checkImport(text, true)
      }),
      { numRuns: RUNS }
    )
  })

  it('refuses text that is not JSON as corrupt', async () => {
    await fc.assert(
      fc.asyncProperty(notJson, async (text) => {
        await checkImport(text, true)
      }),
      { numRuns: RUNS }
    )
  })

  it('refuses bundled samples cut at any offset', async () => {
    await fc.assert(
      fc.asyncProperty(truncated, async (text) => {
        await checkImport(text, true)
      }),
      { numRuns: RUNS }
    )
  })

  it('accepts or cleanly refuses a sample with one field mutated', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, async (text) => {
        // decodeCampaign sees the same value the store will; it must answer, not throw.
        let raw: unknown
        try {
          raw = JSON.parse(text)
        } catch {
          raw = undefined
        }
        if (raw !== undefined) decodeCampaign(raw, campaignMigrations)
        await checkImport(text, false)
      }),
      { numRuns: RUNS * 2 }
    )
  })

  it('refuses __proto__, constructor and prototype keys without polluting Object.prototype', async () => {
    await fc.assert(
      fc.asyncProperty(protoKeyed, async (text) => {
        // Campaign and encounter objects are strict: any extra key, dangerous or not, is refused.
        await checkImport(text, true)
      }),
      { numRuns: RUNS }
    )
  })

  it('refuses nesting deeper than the limit without overflowing the stack', async () => {
    await fc.assert(
      fc.asyncProperty(deep, async (text) => {
        await checkImport(text, true)
      }),
      { numRuns: 60 }
    )
  })

  it('refuses strings and arrays past their caps', async () => {
    await fc.assert(
      fc.asyncProperty(oversized, async (text) => {
        await checkImport(text, true)
      }),
      { numRuns: 30 }
    )
  })

  it('refuses a wrong ruleset id', async () => {
    await fc.assert(
      fc.asyncProperty(wrongSystem, async (text) => {
        await checkImport(text, true)
      }),
      { numRuns: RUNS }
    )
  })

  it('refuses a file over the whole-file cap before parsing it', async () => {
    // One example only: a 50 MB string is cheap as one-byte text but should not be generated per run.
    const huge = `"${'x'.repeat(FILE_LIMITS.maxBytes)}"`
    const before = await snapshot()
    const outcome = await tryImport(huge)
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) expect(outcome.error).toMatchObject({ code: 'tooLarge', problem: 'fileTooLarge' })
    expect(await snapshot()).toEqual(before)
  })

  it('still imports a valid campaign, with or without a BOM, after any run of refused ones', async () => {
    const refused = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      notJson,
      truncated,
      protoKeyed
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(refused, { maxLength: 8 }),
        fc.constantFrom(...samples),
        fc.boolean(),
        async (bad, sample, bom) => {
          for (const text of bad) expect((await tryImport(text)).ok).toBe(false)
          const summary = await store.importJson((bom ? '\uFEFF' : '') + sample.text)
          expect((await store.load(summary.id)).name).toBe(summary.name)
        }
      ),
      { numRuns: 40 }
    )
  })
})
