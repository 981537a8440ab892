import { describe, expect, it } from 'vitest'
import type { Campaign } from '../../../rules/core/schemas'
import { MemoryStorage } from '../platform/memory-storage'
import { noticeStale } from '../platform/other-tabs'
import { createWebStore } from '../platform/web-store'
import { Autosave } from './autosave'
import { sampleCampaign } from './fixtures'
import type { StoreFailure } from './store-error-text'

// Issue 18: once a tab's save is refused as stale, the page reloads the campaign, and the store then remembers
// the newer revision. Saves the old session had already queued must not slip through on that fresh revision.

const ID = 'minecraft-sample'
const ENCOUNTER = 'abandoned-mine'

describe('Autosave after a stale refusal', () => {
  it('drops the saves it had queued: the reload must not let the old copy through', async () => {
    const storage = new MemoryStorage()
    const tabA = createWebStore(storage, [sampleCampaign()])
    const rawB = createWebStore(storage, [sampleCampaign()])
    const inB = await rawB.load(ID)
    const inA = await tabA.load(ID)
    await tabA.save({ ...inA, name: 'played in A' })
    // Tab B's app: a stale save reloads the campaign at once (app.svelte.ts), which reads the new revision.
    const tabB = noticeStale(rawB, (id) => void rawB.load(id))
    const results: (StoreFailure | null)[] = []
    const autosave = new Autosave({ ...inB, name: 'played in B' } as Campaign, ENCOUNTER, tabB, (failure) =>
      results.push(failure)
    )
    autosave.save([{ type: 'encounter.start' }], 'b1')
    autosave.save([{ type: 'encounter.start' }, { type: 'turn.end' }], 'b2')
    await autosave.whenIdle()

    expect((await tabA.load(ID)).name).toBe('played in A')
    expect(results).toEqual([expect.objectContaining({ code: 'stale' })])
  })
})
