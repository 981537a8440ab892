import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { campaignSchema, type Campaign } from '../../rules/core/schemas'
import { CAMPAIGN_LIMITS, FILE_LIMITS } from '../validation'
import { storeError } from './store-test-helpers'
import { openCampaignStore, type LowdbCampaignStore } from './lowdb-campaign-store'

// Issue 18, item 1: "An accepted import that the next start cannot open". The size checked must be the size
// written, and a figure's stats are bounded by its rules wherever the figure lives (encounter, party, bestiary).

let root: string
let dir: string
beforeEach(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-limits-'))
  dir = join(root, 'campaigns')
})
afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const open = (): Promise<LowdbCampaignStore> => openCampaignStore({ dir, log: () => undefined })

async function sample(system: string): Promise<Campaign> {
  const url = new URL(`../../resources/campaigns/${system}-sample.json`, import.meta.url)
  return campaignSchema.parse(JSON.parse(await fsp.readFile(url, 'utf8')))
}

/** A figure's stats nested `depth` levels deep, `width` times: about 1 MiB compact, ~60 MiB indented. */
function deepStats(depth: number, width: number): Record<string, unknown> {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { k: value }
  return Object.fromEntries(Array.from({ length: width }, (_, i) => [`s${i}`, value]))
}

describe('what is checked is what is written', () => {
  it('refuses a bestiary whose stats its rules do not allow, however the import is sized (the review’s case)', async () => {
    const base = await sample('hq2')
    const hostile = {
      ...base,
      id: 'deep',
      bestiary: [{ id: 'blob', name: 'Blob', lifeMax: 5, stats: deepStats(58, 3000) }]
    }
    const text = JSON.stringify(hostile)
    // What the review imported: about a megabyte, far under the 8 MiB import cap; indented it was ~60 MiB.
    expect(text.length).toBeGreaterThan(700_000)
    expect(text.length).toBeLessThan(CAMPAIGN_LIMITS.maxImportChars)
    const store = await open()
    const error = await storeError(store.importJson(text))
    expect(error).toMatchObject({ code: 'invalid', problem: 'rules' })
    expect(String(error.params?.path)).toMatch(/^\$\.bestiary\[0\]\.stats/)
    expect(await fsp.readdir(dir)).toEqual([])
  })

  it('writes compact JSON: the file holds exactly the text whose length was checked', async () => {
    const store = await open()
    const campaign = await sample('pathfinder1e')
    expect(await store.save(campaign)).toEqual({ backup: 'none' })
    const bytes = await fsp.readFile(join(dir, `${campaign.id}.json`), 'utf8')
    expect(bytes).toBe(`${JSON.stringify(campaign)}\n`)
  })

  it('an import near the cap is written, and the next start opens it as it was', async () => {
    const base = await sample('pathfinder1e')
    const encounters: Campaign['encounters'] = []
    const one = JSON.stringify(base.encounters[0]).length
    // Indented, this campaign is well over twice the cap: what used to be written and then refused.
    const count = Math.min(500, Math.floor((CAMPAIGN_LIMITS.maxImportChars * 0.9) / one))
    for (let i = 0; i < count; i++) encounters.push({ ...base.encounters[0]!, id: `e${i}` })
    const big: Campaign = { ...base, id: 'big', encounters }
    const text = JSON.stringify(big)
    expect(JSON.stringify(big, null, 2).length).toBeGreaterThan(2 * CAMPAIGN_LIMITS.maxImportChars)
    const first = await open()
    await first.importJson(text)
    await first.close()
    const size = (await fsp.stat(join(dir, 'big.json'))).size
    expect(size).toBeLessThanOrEqual(FILE_LIMITS.maxBytes)
    const reopened = await open()
    expect(await reopened.load('big')).toEqual(big)
    expect(await reopened.quarantined()).toEqual([])
  })

  it('refuses a save whose compact JSON is over the cap, naming sizes, and leaves the file as it was', async () => {
    const store = await open()
    const base = await sample('pathfinder1e')
    await store.save(base)
    const before = await fsp.readFile(join(dir, `${base.id}.json`))
    // A background picture per encounter: each ~5.7 MB of text, legal alone, too much together.
    const image = `data:image/png;base64,${'A'.repeat(5_700_000)}`
    const encounter = base.encounters[0]!
    const initial = {
      ...encounter.initial,
      board: { ...encounter.initial.board, background: { image, opacity: 1 } }
    }
    const heavy: Campaign = {
      ...base,
      encounters: [
        { ...encounter, initial },
        { ...encounter, id: 'copy', initial }
      ]
    }
    const error = await storeError(store.save(heavy))
    expect(error).toMatchObject({
      code: 'tooLarge',
      problem: 'campaignTooLarge',
      params: { limit: CAMPAIGN_LIMITS.maxCampaignChars, found: JSON.stringify(heavy).length }
    })
    expect(await fsp.readFile(join(dir, `${base.id}.json`))).toEqual(before)
  })
})
