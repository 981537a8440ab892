import { describe, expect, it } from 'vitest'
import { importCases, validImportText } from '../../../main/store/import-cases'
import { storeError as refusal } from '../../../main/store/store-test-helpers'
import { sampleCampaign } from '../state/fixtures'
import { MemoryStorage } from './memory-storage'
import { createWebStore } from './web-store'

// The web build imports with the desktop's checks (issue 8, "Bad input"): the same table of refusals, each with
// its problem and params and localStorage left exactly as it was; the same `-2`, `-3` rule for a taken id.

describe('the web store’s importJson', () => {
  it.each(importCases)('$name → $problem, storage unchanged', async ({ text, code, problem, params }) => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [sampleCampaign()])
    const before = new Map(storage.items)
    const error = await refusal(store.importJson(text()))
    expect(error).toMatchObject({ code, problem })
    if (params !== undefined) expect(error.params).toMatchObject(params)
    expect(storage.items).toEqual(before)
  })

  it('adds a valid file under a free id and never overwrites', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [sampleCampaign()])
    const text = '\uFEFF' + JSON.stringify({ ...sampleCampaign(), name: 'Copy' })
    expect(await store.importJson(text)).toMatchObject({ id: 'minecraft-sample-2', name: 'Copy' })
    expect(await store.importJson(text)).toMatchObject({ id: 'minecraft-sample-3' })
    expect((await store.load('minecraft-sample')).name).toBe(sampleCampaign().name)
    expect(await store.importJson(validImportText('athkri-copy'))).toMatchObject({ id: 'athkri-copy' })
    expect((await store.list()).map((c) => c.id).sort()).toEqual([
      'athkri-copy',
      'minecraft-sample',
      'minecraft-sample-2',
      'minecraft-sample-3'
    ])
  })

  it('storageFull: a full browser storage refuses the import and keeps everything else', async () => {
    const storage = new MemoryStorage()
    const store = createWebStore(storage, [sampleCampaign()])
    const before = new Map(storage.items)
    storage.setItem = () => {
      throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })
    }
    const error = await refusal(store.importJson(validImportText()))
    expect(error).toMatchObject({ code: 'io', problem: 'storageFull' })
    expect(storage.items).toEqual(before)
  })

  it('refuses to save what an import would refuse (the figure cap)', async () => {
    const store = createWebStore(new MemoryStorage(), [])
    const campaign = sampleCampaign()
    const record = campaign.encounters[0]!
    // 11 encounters of 500 figures: each within its own cap, 5,500 in all.
    const roster = Array.from({ length: 500 }, (_, i) => ({ ...record.initial.combatants[0]!, id: `p${i}` }))
    const encounters = Array.from({ length: 11 }, (_, i) => ({
      ...record,
      id: `e${i}`,
      initial: { ...record.initial, combatants: roster }
    }))
    await expect(store.save({ ...campaign, encounters })).rejects.toMatchObject({
      code: 'invalid',
      problem: 'tooManyFigures',
      params: { found: 5500, limit: 5000 }
    })
  })
})
