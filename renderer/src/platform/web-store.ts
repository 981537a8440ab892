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
  type CampaignListEntry,
  type CampaignStore,
  type NewCampaign,
  type QuarantineEntry,
  type SaveReport
} from '../../../main/store/campaign-store'
import { contentRefusal } from '../../../main/store/decode'
import { decodeImportText, freeCampaignId, storeErrorOf } from '../../../main/store/import-text'
import { checkJsonLimits, FILE_LIMITS, schemaParams } from '../../../main/validation'
import { backupPrefix, isStorageFull, WebBackups } from './web-backups'
import { campaignText, UnavailableCampaignError } from '../../../main/store/campaign-text'
import { decodeEntry } from './web-entry'
import { WebRevisions } from './web-revisions'
import { WebTrash } from './web-trash'

const PREFIX = 'emboscada:campaign:'
const SEEDED = 'emboscada:seeded'

/** The few `Storage` methods the adapter uses, so tests can pass a Map-backed shim. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

/** A failed write: browsers throw QuotaExceededError when the origin's few megabytes are used up. */
function storageError(error: unknown): StoreError {
  const message = error instanceof Error ? error.message : String(error)
  return new StoreError(
    'io',
    message,
    undefined,
    isStorageFull(error) ? { problem: 'storageFull' } : undefined
  )
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
 * `quarantined()` reports it. One written by a newer Emboscada, or for rules this version does not have, is
 * listed as unavailable and never touched. Another tab's change is never saved over: a save from a copy older
 * than the stored one is refused as `stale` (web-revisions.ts). `now` is injectable for tests.
 */
export function createWebStore(
  rawStorage: KeyValueStorage,
  seeds: readonly Campaign[],
  options: { now?: () => Date } = {}
): CampaignStore {
  // Every write below goes through the revisions' storage, so each change of an entry bumps its revision.
  const revisions = new WebRevisions(rawStorage, PREFIX)
  const storage = revisions.storage
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
    readCurrent: (id) => decodeEntry(id, storage.getItem(PREFIX + id)),
    now
  })
  const trash = new WebTrash(storage, now)
  /** Saves `make(id)` under the first free id from `base`; a trashed id counts as taken, so undo finds it free. */
  async function addUnderFreeId(base: string, make: (id: string) => Campaign): Promise<CampaignSummary> {
    const trashed = trash.ids()
    const id = await freeCampaignId(base, (id) => trashed.has(id) || storage.getItem(PREFIX + id) !== null)
    const campaign = make(id)
    write(campaign)
    return summarize(campaign)
  }
  /**
   * Validates and writes a campaign as the desktop's save does (limits, schema, the content a load would
   * refuse, the size of the very text written), keeping the version it replaces as a backup; no revision
   * check.
   */
  function write(campaign: Campaign): SaveReport {
    const violation = checkJsonLimits(campaign, FILE_LIMITS)
    if (violation !== null)
      throw new StoreError(
        violation.kind === 'size' ? 'tooLarge' : 'invalid',
        violation.message,
        undefined,
        violation
      )
    const parsed = campaignSchema.safeParse(campaign)
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'invalid campaign'
      throw new StoreError('invalid', message, undefined, {
        problem: 'schema',
        params: schemaParams(parsed.error)
      })
    }
    const content = contentRefusal(parsed.data)
    if (content !== null) throw storeErrorOf(content)
    const text = campaignText(parsed.data)
    try {
      return backups.save(parsed.data.id, text)
    } catch (error) {
      throw error instanceof StoreError ? error : storageError(error)
    }
  }
  const store: CampaignStore = {
    /** Every campaign, those this version cannot open marked unavailable (their entries left untouched). */
    async list(): Promise<CampaignListEntry[]> {
      const entries: CampaignListEntry[] = []
      for (const id of storedIds(storage)) {
        try {
          entries.push(summarize(backups.open(id)))
        } catch (error) {
          if (error instanceof UnavailableCampaignError) entries.push(error.entry)
          // Otherwise unreadable with no good backup: moved aside and left out; quarantined() reports it.
        }
      }
      return entries
    },
    async load(id: string): Promise<Campaign> {
      assertCampaignId(id)
      const campaign = backups.open(id)
      revisions.remember(id)
      return campaign
    },
    /**
     * Refused, with nothing written (no backup either), as `stale` when the copy is older than storage's, and
     * as `tooNew` / `unknownRules` over an entry this version cannot open.
     */
    async save(campaign: Campaign): Promise<SaveReport> {
      if (typeof campaign?.id === 'string') revisions.assertCurrent(campaign.id)
      const report = write(campaign)
      revisions.remember(campaign.id)
      return report
    },
    /** The desktop's import rules: same checks, a taken id gets `-2`, `-3`..., nothing is overwritten. */
    async importJson(json: string): Promise<CampaignSummary> {
      const imported = decodeImportText(json)
      const id = await freeCampaignId(imported.id, (id) => storage.getItem(PREFIX + id) !== null)
      const campaign: Campaign = { ...imported, id }
      const text = campaignText(campaign)
      try {
        storage.setItem(PREFIX + id, text)
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
      const restored = backups.restore(id, file)
      revisions.remember(id)
      return restored
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
      // Read and written here: no copy of the caller's to check, and copies from before the rename go stale.
      const renamed = { ...backups.open(id), name: clean }
      write(renamed)
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
