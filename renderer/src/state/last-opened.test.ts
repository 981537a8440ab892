import { describe, expect, it } from 'vitest'
import type { CampaignSummary } from '../../../rules/core/schemas'
import { lastOpened, OPENED_KEY, openedAt, readOpened, recordOpened, sortByOpened } from './last-opened'

class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value)
  }
}

const summary = (id: string): CampaignSummary => ({
  id,
  name: id.toUpperCase(),
  system: 'hq2',
  encounterCount: 1
})
const list = ['alpha', 'bravo', 'charlie', 'delta'].map(summary)

describe('last opened campaigns', () => {
  it('puts the latest opened first, then the rest in list order, and names the latest', () => {
    const storage = new MemoryStorage()
    recordOpened(storage, 'charlie', new Date('2026-11-30T10:00:00Z'))
    recordOpened(storage, 'bravo', new Date('2026-11-30T11:00:00Z'))
    const opened = readOpened(storage)
    expect(sortByOpened(list, opened).map((c) => c.id)).toEqual(['bravo', 'charlie', 'alpha', 'delta'])
    expect(lastOpened(list, opened)).toEqual({ campaign: summary('bravo'), at: '2026-11-30T11:00:00.000Z' })
    recordOpened(storage, 'charlie', new Date('2026-11-30T12:00:00Z'))
    expect(lastOpened(list, readOpened(storage))?.campaign.id).toBe('charlie')
  })

  it('skips a campaign no longer listed (deleted) and offers nothing before any opening', () => {
    const storage = new MemoryStorage()
    expect(lastOpened(list, readOpened(storage))).toBeNull()
    recordOpened(storage, 'gone', new Date('2026-11-30T12:00:00Z'))
    recordOpened(storage, 'alpha', new Date('2026-11-30T10:00:00Z'))
    expect(lastOpened(list, readOpened(storage))?.campaign.id).toBe('alpha')
  })

  it('reads a damaged record as empty and survives a full storage', () => {
    const storage = new MemoryStorage()
    for (const text of ['{oops', '[1,2]', '"x"', '{"a": 5, "b": "not a date"}']) {
      storage.setItem(OPENED_KEY, text)
      expect(readOpened(storage), text).toEqual({})
    }
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      }
    }
    expect(() => recordOpened(full, 'alpha', new Date())).not.toThrow()
  })

  it('sorts a campaign whose id is an Object.prototype name like any other (issue 18)', () => {
    const storage = new MemoryStorage()
    const named = [...list, summary('constructor')]
    expect(sortByOpened(named, readOpened(storage)).map((c) => c.id)).toEqual(named.map((c) => c.id))
    expect(lastOpened(named, readOpened(storage))).toBeNull()
    recordOpened(storage, 'constructor', new Date('2026-11-30T12:00:00Z'))
    recordOpened(storage, 'alpha', new Date('2026-11-30T11:00:00Z'))
    const opened = readOpened(storage)
    expect(sortByOpened(named, opened).map((c) => c.id)).toEqual([
      'constructor',
      'alpha',
      'bravo',
      'charlie',
      'delta'
    ])
    expect(lastOpened(named, opened)?.campaign.id).toBe('constructor')
    expect(openedAt(opened, 'constructor')).toBe('2026-11-30T12:00:00.000Z')
    expect(openedAt(opened, 'toString')).toBeUndefined()
  })
})
