import { rulesViolation } from '../../../rules/systems/campaign-rules'
import { campaignSchema, type Campaign, type CampaignSummary } from '../../../rules/core/schemas'
import {
  StoreError,
  assertCampaignId,
  summarize,
  type CampaignStore
} from '../../../main/store/campaign-store'

const PREFIX = 'emboscada:campaign:'
const SEEDED = 'emboscada:seeded'

/** The few `Storage` methods the adapter uses, so tests can pass a Map-backed shim. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'key' | 'length'>

function read(storage: KeyValueStorage, id: string): Campaign {
  const text = storage.getItem(PREFIX + id)
  if (text === null) throw new StoreError('notFound', `no campaign ${id}`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new StoreError('corrupt', `campaign ${id} is not JSON`)
  }
  const parsed = campaignSchema.safeParse(json)
  if (!parsed.success)
    throw new StoreError('invalid', `campaign ${id}: ${parsed.error.issues[0]?.message ?? '?'}`)
  const rules = rulesViolation(parsed.data)
  if (rules !== null) throw new StoreError('invalid', `campaign ${id}: ${rules}`)
  return parsed.data
}

/** Sample ids already offered (an unreadable record counts as none: seeding never overwrites). */
function seededIds(storage: KeyValueStorage): string[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(SEEDED) ?? '[]')
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function storedIds(storage: KeyValueStorage): string[] {
  const ids: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length))
  }
  return ids.sort()
}

/**
 * The web build's campaign store over browser storage: one JSON entry per campaign, seeded with the
 * bundled samples on first run. An entry that does not parse or validate is reported, never overwritten
 * by a load (only an explicit save replaces it).
 */
export function createWebStore(storage: KeyValueStorage, seeds: readonly Campaign[]): CampaignStore {
  // Each sample is offered once: a sample added in a later version appears, a deleted one stays deleted.
  const seeded = seededIds(storage)
  const fresh = seeds.filter((seed) => !seeded.includes(seed.id))
  for (const seed of fresh) {
    if (storage.getItem(PREFIX + seed.id) === null) storage.setItem(PREFIX + seed.id, JSON.stringify(seed))
  }
  if (fresh.length > 0) storage.setItem(SEEDED, JSON.stringify([...seeded, ...fresh.map((s) => s.id)]))
  return {
    async list(): Promise<CampaignSummary[]> {
      const summaries: CampaignSummary[] = []
      for (const id of storedIds(storage)) {
        try {
          summaries.push(summarize(read(storage, id)))
        } catch {
          // An unreadable entry is skipped in the list; opening it reports why.
        }
      }
      return summaries
    },
    async load(id: string): Promise<Campaign> {
      assertCampaignId(id)
      return read(storage, id)
    },
    async save(campaign: Campaign): Promise<void> {
      const parsed = campaignSchema.safeParse(campaign)
      if (!parsed.success)
        throw new StoreError('invalid', parsed.error.issues[0]?.message ?? 'invalid campaign')
      const rules = rulesViolation(parsed.data)
      if (rules !== null) throw new StoreError('invalid', rules)
      try {
        storage.setItem(PREFIX + parsed.data.id, JSON.stringify(parsed.data))
      } catch (error) {
        throw new StoreError('io', error instanceof Error ? error.message : String(error))
      }
    }
  }
}
