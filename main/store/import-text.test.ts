import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCampaign } from '../test-fixtures'
import { CAMPAIGN_LIMITS, checkJsonText, FILE_LIMITS } from '../validation'
import { storeError as refusal } from './store-test-helpers'
import { decodeCampaign } from './decode'
import { importCases, validImportText } from './import-cases'
import { decodeImportText, freeCampaignId } from './import-text'
import { openCampaignStore, type LowdbCampaignStore } from './lowdb-campaign-store'
import { campaignMigrations } from './migrations'
import { STORE_PROBLEMS } from './store-problem'

// Every refusal of the desktop import path (issue 8, "Bad input"): the problem code and params the UI words, and a
// campaigns folder left byte for byte as it was. The web store runs the same rows (web-store-import.test.ts).

let root: string
let dir: string
let store: LowdbCampaignStore

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-import-text-'))
  dir = join(root, 'campaigns')
  store = await openCampaignStore({ dir, log: () => undefined })
  await store.save(makeCampaign('demo', 'Already here'))
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

/** Every file under the campaigns folder with its bytes. */
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

describe('LowdbCampaignStore.importJson refusals', () => {
  it.each(importCases)('$name → $problem, nothing written', async ({ text, code, problem, params }) => {
    const before = await snapshot()
    const error = await refusal(store.importJson(text()))
    expect(error).toMatchObject({ code, problem })
    if (params !== undefined) expect(error.params).toMatchObject(params)
    expect(error.message.length).toBeGreaterThan(0)
    expect(await snapshot()).toEqual(before)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('covers every problem an import of text can meet', () => {
    // notPlainData needs structured clone (IPC), idMismatch a file name, idTaken 999 copies, storageFull a
    // browser: each has its own test below or in the IPC and web-store tests. badName and idInUse are not import
    // problems: the campaign list's create/rename and undo meet them (campaign-list-ops.test.ts).
    // campaignTooLarge is a save's (a save sends what an import never could, store-limits.test.ts), and
    // folderLocked a second app's (folder-lock.test.ts).
    const elsewhere = [
      'notPlainData',
      'idMismatch',
      'idTaken',
      'storageFull',
      'badName',
      'idInUse',
      'campaignTooLarge',
      'folderLocked'
    ]
    const covered = new Set(importCases.map((c) => c.problem))
    expect(STORE_PROBLEMS.filter((p) => !covered.has(p) && !elsewhere.includes(p))).toEqual([])
  })

  it('imports a valid file, with a BOM, under a free id, never over an existing campaign', async () => {
    const text = '\uFEFF' + JSON.stringify(makeCampaign('demo', 'Imported copy'))
    expect(await store.importJson(text)).toMatchObject({ id: 'demo-2', name: 'Imported copy' })
    expect((await store.load('demo')).name).toBe('Already here')
    expect(await store.importJson(validImportText('fresh'))).toMatchObject({ id: 'fresh' })
  })

  it('accepts brackets inside strings, which the depth pre-scan must not count', async () => {
    const name = '['.repeat(70) + '{'.repeat(20) + '\\"]'
    const text = validImportText('brackets').replace(/"name":"[^"]*"/, `"name":"${name}"`)
    expect(await store.importJson(text)).toMatchObject({ id: 'brackets' })
  })

  it('takes a text of exactly the cap to the parser (and refuses one more character as too large)', () => {
    const limit = CAMPAIGN_LIMITS.maxImportChars
    const atCap = validImportText().padEnd(limit, ' ')
    expect(atCap.length).toBe(limit)
    expect(decodeImportText(atCap).id).toBe('imported')
    expect(() => decodeImportText(atCap + ' ')).toThrow(expect.objectContaining({ problem: 'fileTooLarge' }))
  })
})

describe('loads name their problem too', () => {
  it.each([
    ['not JSON', '{ broken', 'corrupt', 'notJson'],
    ['empty', '  \n', 'corrupt', 'empty'],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'corrupt', 'notUtf8'],
    [
      'a wrong ruleset id',
      JSON.stringify({ ...makeCampaign('loaded'), system: 'dnd5e' }),
      'unknownRules',
      'unknownSystem'
    ],
    ['a newer format', JSON.stringify({ ...makeCampaign('loaded'), schemaVersion: 3 }), 'tooNew', 'tooNew']
  ] as const)('a campaign file that is %s', async (_what, bytes, code, problem) => {
    await fsp.writeFile(join(dir, 'loaded.json'), bytes)
    expect(await refusal(store.load('loaded'))).toMatchObject({ code, problem })
    await fsp.rm(join(dir, 'loaded.json'), { force: true })
  })
})

describe('the other problems', () => {
  it('idMismatch: a file whose name is not its id', () => {
    const decoded = decodeCampaign(makeCampaign('demo'), campaignMigrations, 'other')
    expect(decoded).toMatchObject({
      ok: false,
      problem: 'idMismatch',
      params: { id: 'other', found: 'demo' }
    })
  })

  it('idTaken: every suffixed id taken', async () => {
    const error = await refusal(freeCampaignId('demo', () => true))
    expect(error).toMatchObject({ code: 'invalid', problem: 'idTaken', params: { id: 'demo' } })
    expect(await freeCampaignId('x'.repeat(64), (id) => id.length === 64 && !id.endsWith('-3'))).toBe(
      `${'x'.repeat(62)}-3`
    )
  })

  it('the text pre-scan stops at the first level past the depth cap and ignores escaped quotes', () => {
    const depth = (maxDepth: number) => ({ maxDepth, maxValues: 1000 })
    expect(checkJsonText('[[[]]]', depth(3))).toBeNull()
    expect(checkJsonText('[[[[]]]]', depth(3))).toMatchObject({ problem: 'tooDeep', params: { limit: 3 } })
    expect(checkJsonText('["\\"[[[[[", {"a":"]]]"}]', depth(2))).toBeNull()
    // Four million levels: refused by a linear scan, never handed to JSON.parse.
    expect(checkJsonText('['.repeat(4_000_000), depth(64))?.problem).toBe('tooDeep')
  })

  it('the text pre-scan counts values, so a file of millions of tiny ones is refused unparsed', () => {
    const limits = { maxDepth: 64, maxValues: 5 }
    expect(checkJsonText('[1,2,3,4]', limits)).toBeNull()
    // An object, an array, 1, a string (its commas are text) and an empty object: five values; keys are not.
    expect(checkJsonText('{"a":[1,",,,,"],"b":{}}', limits)).toBeNull()
    expect(checkJsonText('{"a":[1,",,,,"],"b":{},"c":null}', limits)?.problem).toBe('tooManyValues')
    expect(checkJsonText(' [ [ ] , { } , true , -1.5e3 ] ', limits)).toBeNull()
    expect(checkJsonText('[1,2,3,4,5]', limits)).toMatchObject({
      kind: 'size',
      problem: 'tooManyValues',
      params: { limit: 5 }
    })
    // What the review's 45.8 MB array file was: 23 million zeros, refused by the scan alone.
    const zeros = `[${'0,'.repeat(FILE_LIMITS.maxValues)}0]`
    expect(checkJsonText(zeros, FILE_LIMITS)?.problem).toBe('tooManyValues')
  })
})
