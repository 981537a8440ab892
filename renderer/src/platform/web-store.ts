import { rulesViolation } from '../../../rules/systems/campaign-rules'
import { campaignSchema, type Campaign, type CampaignSummary } from '../../../rules/core/schemas'
import {
  StoreError,
  assertCampaignId,
  checkSystem,
  cleanCampaignName,
  copyName,
  emptyCampaign,
  idInUse,
  slugFromName,
  summarize,
  type BackupEntry,
  type CampaignStore,
  type NewCampaign,
  type QuarantineEntry
} from '../../../main/store/campaign-store'
import { contentRefusal } from '../../../main/store/decode'
import { decodeImportText, freeCampaignId, storeErrorOf } from '../../../main/store/import-text'
import { schemaParams } from '../../../main/validation'
import { backupPrefix, WebBackups } from './web-backups'
import { WebTrash } from './web-trash'

const PREFIX = 'emboscada:campaign:'
const SEEDED = 'emboscada:seeded'

/** The few `Storage` methods the adapter uses, so tests can pass a Map-backed shim. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

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

/** A failed write: browsers throw QuotaExceededError when the origin's few megabytes are used up. */
function storageError(error: unknown): StoreError {
  const message = error instanceof Error ? error.message : String(error)
  const full = error instanceof Error && (error.name === 'QuotaExceededError' || /quota/i.test(message))
  return new StoreError('io', message, undefined, full ? { problem: 'storageFull' } : undefined)
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
 * bundled samples on first run, with its last versions kept as backups (web-backups.ts). An entry that does
 * not parse or validate is moved aside, never overwritten, and the newest good backup opened in its place;
 * `quarantined()` reports it. `now` is injectable for tests.
 */
export function createWebStore(
  storage: KeyValueStorage,
  seeds: readonly Campaign[],
  options: { now?: () => Date } = {}
): CampaignStore {
  // Each sample is offered once: a sample added in a later version appears, a deleted one stays deleted.
  const seeded = seededIds(storage)
  const fresh = seeds.filter((seed) => !seeded.includes(seed.id))
  for (const seed of fresh) {
    if (storage.getItem(PREFIX + seed.id) === null) storage.setItem(PREFIX + seed.id, JSON.stringify(seed))
  }
  if (fresh.length > 0) storage.setItem(SEEDED, JSON.stringify([...seeded, ...fresh.map((s) => s.id)]))
  const now = options.now ?? (() => new Date())
  const backups = new WebBackups({
    storage,
    keyOf: (id) => PREFIX + id,
    readCurrent: (id) => read(storage, id),
    now
  })
  const trash = new WebTrash(storage, now)
  /** Saves `make(id)` under the first free id from `base`; a trashed id counts as taken, so undo finds it free. */
  async function addUnderFreeId(base: string, make: (id: string) => Campaign): Promise<CampaignSummary> {
    const trashed = trash.ids()
    const id = await freeCampaignId(base, (id) => trashed.has(id) || storage.getItem(PREFIX + id) !== null)
    const campaign = make(id)
    await store.save(campaign)
    return summarize(campaign)
  }
  const store: CampaignStore = {
    async list(): Promise<CampaignSummary[]> {
      const summaries: CampaignSummary[] = []
      for (const id of storedIds(storage)) {
        try {
          summaries.push(summarize(backups.open(id)))
        } catch {
          // Unreadable with no good backup: moved aside and left out; quarantined() reports it.
        }
      }
      return summaries
    },
    async load(id: string): Promise<Campaign> {
      assertCampaignId(id)
      return backups.open(id)
    },
    async save(campaign: Campaign): Promise<void> {
      const parsed = campaignSchema.safeParse(campaign)
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'invalid campaign'
        throw new StoreError('invalid', message, undefined, {
          problem: 'schema',
          params: schemaParams(parsed.error)
        })
      }
      // The figure cap and the ruleset's schemas: what a load or an import would refuse is not written.
      const content = contentRefusal(parsed.data)
      if (content !== null) throw storeErrorOf(content)
      backups.setAside(parsed.data.id)
      try {
        backups.writeCurrent(parsed.data.id, JSON.stringify(parsed.data))
      } catch (error) {
        throw storageError(error)
      }
    },
    /** The desktop's import rules: same checks, a taken id gets `-2`, `-3`..., nothing is overwritten. */
    async importJson(json: string): Promise<CampaignSummary> {
      const imported = decodeImportText(json)
      const id = await freeCampaignId(imported.id, (id) => storage.getItem(PREFIX + id) !== null)
      const campaign: Campaign = { ...imported, id }
      try {
        storage.setItem(PREFIX + id, JSON.stringify(campaign))
      } catch (error) {
        throw storageError(error)
      }
      return summarize(campaign)
    },
    async backups(id: string): Promise<BackupEntry[]> {
      assertCampaignId(id)
      return backups.list(id)
    },
    async restoreBackup(id: string, file: string): Promise<Campaign> {
      assertCampaignId(id)
      return backups.restore(id, file)
    },
    /** Entries moved aside (storage keys as `file`); this session's are marked, as on the desktop. */
    async quarantined(): Promise<QuarantineEntry[]> {
      return backups.quarantined()
    },
    async create({ name, system }: NewCampaign): Promise<CampaignSummary> {
      const clean = cleanCampaignName(name)
      const known = checkSystem(system, campaignSchema.shape.system.options)
      return addUnderFreeId(slugFromName(clean), (id) => emptyCampaign(id, clean, known))
    },
    async rename(id: string, name: string): Promise<CampaignSummary> {
      assertCampaignId(id)
      const clean = cleanCampaignName(name)
      const renamed = { ...backups.open(id), name: clean }
      await store.save(renamed)
      return summarize(renamed)
    },
    async duplicate(id: string, name?: string): Promise<CampaignSummary> {
      assertCampaignId(id)
      const source = backups.open(id)
      const clean = cleanCampaignName(name ?? copyName(source.name))
      return addUnderFreeId(slugFromName(clean), (newId) => ({ ...source, id: newId, name: clean }))
    },
    /** Moves the entry and its backups under a trash prefix of their own (web-trash.ts). */
    async remove(id: string): Promise<void> {
      assertCampaignId(id)
      if (storage.getItem(PREFIX + id) === null) throw new StoreError('notFound', `no campaign ${id}`)
      const prefix = backupPrefix(id)
      const backupKeys = keysUnder(storage, prefix)
      try {
        trash.put(id, { current: PREFIX + id, backups: backupKeys })
      } catch (error) {
        throw storageError(error)
      }
    },
    async undoRemove(id: string): Promise<CampaignSummary> {
      assertCampaignId(id)
      const entry = trash.newest(id)
      if (entry === null) throw new StoreError('notFound', `no removed campaign ${id}`)
      if (storage.getItem(PREFIX + id) !== null) throw idInUse(id)
      try {
        trash.restore(entry, PREFIX + id, (tail) => backupPrefix(id) + tail)
      } catch (error) {
        throw storageError(error)
      }
      return summarize(backups.open(id))
    }
  }
  return store
}

function keysUnder(storage: KeyValueStorage, prefix: string): string[] {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(prefix)) keys.push(key)
  }
  return keys
}
