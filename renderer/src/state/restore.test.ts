import { describe, expect, it } from 'vitest'
import { stateHash } from '../../../rules/core/hash'
import type { Campaign } from '../../../rules/core/schemas'
import type { Command } from '../../../rules/core/types'
import { Autosave } from './autosave'
import { play, ruleset, sampleCampaign, sampleInitial } from './fixtures'
import { CorruptSaveError, restore } from './restore'
import type { StoreFailure } from './store-error-text'

const commands: Command[] = [{ type: 'encounter.start' }, { type: 'turn.end' }]

function recordOf(campaign: Campaign) {
  const record = campaign.encounters[0]
  if (!record) throw new Error('no encounter')
  return record
}

describe('restore', () => {
  it('replays the command log to the saved state, dice included', () => {
    const expected = play(sampleInitial(), ...commands)
    const record = { ...recordOf(sampleCampaign()), commands, stateHash: stateHash(expected) }
    expect(restore(record, ruleset)).toEqual(expected)
  })

  it('calls a hash mismatch corrupt', () => {
    const record = { ...recordOf(sampleCampaign()), commands, stateHash: '00000000000000' }
    expect(() => restore(record, ruleset)).toThrow(CorruptSaveError)
  })

  it('calls a command the rules refuse corrupt', () => {
    const record = { ...recordOf(sampleCampaign()), commands: [{ type: 'turn.end' } as const] }
    expect(() => restore(record, ruleset)).toThrow(/refused/)
  })
})

describe('Autosave', () => {
  it('saves the record with its commands and hash, in call order', async () => {
    const saved: Campaign[] = []
    const results: Array<StoreFailure | null> = []
    const store = {
      list: async () => [],
      load: async () => sampleCampaign(),
      save: async (c: Campaign) => {
        saved.push(c)
        return { backup: 'kept' } as const
      }
    }
    const autosave = new Autosave(sampleCampaign(), 'abandoned-mine', store, (e) => results.push(e))
    autosave.save(commands.slice(0, 1), 'h1')
    autosave.save(commands, 'h2')
    await autosave.whenIdle()
    expect(saved.map((c) => recordOf(c).stateHash)).toEqual(['h1', 'h2'])
    expect(recordOf(saved[1] ?? sampleCampaign()).commands).toEqual(commands)
    expect(autosave.record.stateHash).toBe('h2')
    expect(results).toEqual([null, null])
  })

  it('reports a failed save and keeps going', async () => {
    let calls = 0
    const results: Array<StoreFailure | null> = []
    const store = {
      list: async () => [],
      load: async () => sampleCampaign(),
      save: async () => {
        if (calls++ === 0) throw new Error('disk full')
        return { backup: 'kept' } as const
      }
    }
    const autosave = new Autosave(sampleCampaign(), 'abandoned-mine', store, (e) => results.push(e))
    autosave.save([], 'a')
    autosave.save([], 'b')
    await autosave.whenIdle()
    expect(results).toEqual([{ message: 'disk full' }, null])
  })
})
