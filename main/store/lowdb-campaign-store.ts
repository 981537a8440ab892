import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { campaignSchema, type Campaign, type CampaignSummary } from '../../rules/core/schemas'
import { checkJsonLimits, FILE_LIMITS, formatIssues, schemaParams } from '../validation'
import { BackupFolder } from './backup-folder'
import type { RetentionLimits } from './backup-policy'
import { CampaignBackups } from './campaign-backups'
import { BACKUP_DIR, CampaignFiles, ioError } from './campaign-files'
import {
  assertCampaignId,
  checkSystem,
  cleanCampaignName,
  copyName,
  emptyCampaign,
  idInUse,
  isCampaignId,
  slugFromName,
  StoreError,
  summarize,
  type BackupEntry,
  type CampaignListEntry,
  type ManagedCampaignStore,
  type NewCampaign,
  type QuarantineEntry,
  type SaveReport
} from './campaign-store'
import { CampaignTrash } from './campaign-trash'
import { contentRefusal } from './decode'
import { ignoreCode, sweepTempFiles, type DurableFs } from './durable-json-file'
import { decodeImportText, freeCampaignId, storeErrorOf } from './import-text'
import { lockFolder, type FolderLock, type FolderLockOptions } from './folder-lock'
import { KeyedQueue } from './keyed-queue'
import { campaignMigrations, type MigrationChain } from './migrations'
import { listQuarantine } from './quarantine'
import { offerNewSamples, seedSampleCampaigns, sweepSeedLeftovers } from './seed'

/** Options for {@link openCampaignStore}. */
export interface CampaignStoreOptions {
  /** The campaigns folder, normally `<userData>/campaigns`. */
  dir: string
  /** Bundled sample campaigns: all copied in on the first run, later ones as an update adds them. */
  samplesDir?: string
  migrations?: MigrationChain
  /** Which previous versions `backups/` keeps (default: the last 10 saves, and daily for 7 days). */
  retention?: RetentionLimits
  now?: () => Date
  fs?: DurableFs
  log?: (message: string) => void
  /** The folder lock's options (tests); false opens without one (read-only tools that never write). */
  lock?: FolderLockOptions | false
}

/**
 * Locks the campaigns folder (a second Emboscada on it is refused with `locked`), then opens it (seeding it
 * on first run) and sweeps temp files a crash left behind. The store releases the lock on `close`.
 */
export async function openCampaignStore(options: CampaignStoreOptions): Promise<LowdbCampaignStore> {
  const lock = options.lock === false ? null : await lockFolder(options.dir, options.lock)
  try {
    return await openLocked(options, lock)
  } catch (error) {
    await lock?.release()
    throw error
  }
}

async function openLocked(
  options: CampaignStoreOptions,
  lock: FolderLock | null
): Promise<LowdbCampaignStore> {
  const fs = options.fs ?? fsp
  const log = options.log ?? ((message: string) => console.warn(`[campaigns] ${message}`))
  await sweepSeedLeftovers(options.dir, fs)
  const exists = await fs.stat(options.dir).then(() => true, ignoreCode('ENOENT'))
  if (exists !== true && options.samplesDir !== undefined) {
    const report = await seedSampleCampaigns(
      options.dir,
      options.samplesDir,
      options.migrations ?? campaignMigrations,
      fs
    )
    log(`first run: seeded ${report.seeded.length} sample campaign(s)`)
    for (const { file, reason } of report.skipped) log(`sample ${file} skipped: ${reason}`)
  } else if (exists === true && options.samplesDir !== undefined) {
    const report = await offerNewSamples(
      options.dir,
      options.samplesDir,
      options.migrations ?? campaignMigrations,
      fs
    )
    if (report.seeded.length > 0) log(`new sample campaign(s): ${report.seeded.join(', ')}`)
  }
  await fs.mkdir(options.dir, { recursive: true })
  const swept = [
    ...(await sweepTempFiles(options.dir, fs)),
    ...(await sweepTempFiles(join(options.dir, BACKUP_DIR), fs))
  ]
  if (swept.length > 0) log(`removed ${swept.length} temp file(s) left by an interrupted save`)
  return new LowdbCampaignStore({ ...options, fs, log }, lock)
}

/**
 * The desktop campaign store: one lowdb file per campaign (read and written by {@link CampaignFiles}), each
 * operation queued behind the others on the same id.
 */
export class LowdbCampaignStore implements ManagedCampaignStore {
  private readonly fs: DurableFs
  private readonly chain: MigrationChain
  private readonly archive: CampaignBackups
  private readonly trash: CampaignTrash
  private readonly now: () => Date
  private readonly log: (message: string) => void
  private readonly queue = new KeyedQueue()
  private readonly files: CampaignFiles

  constructor(
    private readonly options: CampaignStoreOptions,
    private readonly lock: FolderLock | null = null
  ) {
    this.fs = options.fs ?? fsp
    this.chain = options.migrations ?? campaignMigrations
    this.now = options.now ?? (() => new Date())
    const folder = new BackupFolder(join(options.dir, BACKUP_DIR), {
      fs: this.fs,
      now: this.now,
      limits: options.retention
    })
    this.archive = new CampaignBackups(folder, this.chain, this.fs)
    this.trash = new CampaignTrash(options.dir, folder, this.fs, this.now)
    this.log = options.log ?? (() => undefined)
    this.files = new CampaignFiles({
      dir: options.dir,
      fs: this.fs,
      chain: this.chain,
      archive: this.archive,
      now: this.now,
      log: this.log
    })
  }

  /**
   * Every campaign by name: those this version opens, and those it cannot (a newer version's, unknown rules)
   * marked unavailable; damaged files are repaired from a backup or quarantined and left out. Only regular
   * `<slug>.json` files count: a FIFO or a folder named like one is skipped, never opened.
   */
  async list(): Promise<CampaignListEntry[]> {
    const names = (await this.fs.readdir(this.options.dir).catch(ignoreCode('ENOENT'))) ?? []
    const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length))
    const entries: CampaignListEntry[] = []
    for (const id of ids.filter(isCampaignId)) {
      try {
        const entry = await this.queue.run(id, () => this.files.entryOf(id))
        if (entry !== null) entries.push(entry)
      } catch (error) {
        if (!(error instanceof StoreError)) throw error
        this.log(`list skipped "${id}": ${error.message}`)
      }
    }
    return entries.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  }

  /** The campaign, migrated and validated; an unreadable file is quarantined and a good backup restored. */
  async load(id: string): Promise<Campaign> {
    assertCampaignId(id)
    return this.queue.run(id, () => this.files.read(id, true))
  }

  /** Validates and writes durably, after every earlier save of the same id; says whether a backup was kept. */
  async save(campaign: Campaign): Promise<SaveReport> {
    const violation = checkJsonLimits(campaign, FILE_LIMITS)
    if (violation !== null) {
      const code = violation.kind === 'size' ? 'tooLarge' : 'invalid'
      throw new StoreError(code, violation.message, undefined, violation)
    }
    const parsed = campaignSchema.safeParse(campaign)
    if (!parsed.success) {
      const detail = { problem: 'schema', params: schemaParams(parsed.error) } as const
      throw new StoreError('invalid', formatIssues(parsed.error), undefined, detail)
    }
    const valid = parsed.data
    // Whatever the next load would refuse (too many figures, stats its rules reject) is not written.
    const content = contentRefusal(valid)
    if (content !== null) throw storeErrorOf(content)
    return this.queue.run(valid.id, () => this.files.replace(valid))
  }

  /** Adds a campaign from a file's text; a taken id gets a `-2`, `-3`... suffix rather than overwriting. */
  async importJson(json: string): Promise<CampaignSummary> {
    const imported = decodeImportText(json, this.chain)
    // One import at a time, so two imports of the same file cannot both pick the same free id.
    return this.queue.run('\0import', async () => {
      const id = await freeCampaignId(imported.id, (id) => this.files.exists(id))
      // A spread of validated zod output, never of raw parsed JSON (reliability.md §0.9).
      const campaign: Campaign = { ...imported, id }
      await this.save(campaign)
      return summarize(campaign)
    })
  }

  /** Everything in quarantine, newest first; what this store moved aside is marked `thisSession`. */
  async quarantined(): Promise<QuarantineEntry[]> {
    return this.files.markThisSession(await listQuarantine(this.fs, this.options.dir))
  }

  /** The campaign's backups, newest first, damaged ones marked unreadable. */
  async backups(id: string): Promise<BackupEntry[]> {
    assertCampaignId(id)
    return this.queue.run(id, () => this.archive.entries(id))
  }

  /** Makes backup `file` current; the current version is backed up first (or the restore is refused). */
  async restoreBackup(id: string, file: string): Promise<Campaign> {
    assertCampaignId(id)
    return this.queue.run(id, async () => {
      const chosen = await this.archive.choose(id, file)
      await this.files.restore(chosen.campaign)
      this.log(`campaign "${id}" restored from ${BACKUP_DIR}/${chosen.file.file} on request`)
      return chosen.campaign
    })
  }

  /** Adds an empty campaign under a free slug of its name (one in the trash counts as taken). */
  async create({ name, system }: NewCampaign): Promise<CampaignSummary> {
    const clean = cleanCampaignName(name)
    const known = checkSystem(system, campaignSchema.shape.system.options)
    return this.addUnderFreeId(slugFromName(clean), (id) => emptyCampaign(id, clean, known))
  }

  /** Gives campaign `id` a new name, in place: its id, encounters and backups stay. */
  async rename(id: string, name: string): Promise<CampaignSummary> {
    assertCampaignId(id)
    const clean = cleanCampaignName(name)
    return this.queue.run(id, async () => {
      const renamed = { ...(await this.files.read(id, true)), name: clean }
      await this.files.replace(renamed)
      return summarize(renamed)
    })
  }

  /** Copies campaign `id` under a free slug of the copy's name. */
  async duplicate(id: string, name?: string): Promise<CampaignSummary> {
    assertCampaignId(id)
    const source = await this.load(id)
    const clean = cleanCampaignName(name ?? copyName(source.name))
    return this.addUnderFreeId(slugFromName(clean), (newId) => ({ ...source, id: newId, name: clean }))
  }

  /** Moves campaign `id` and its backups to a new trash entry. */
  async remove(id: string): Promise<void> {
    assertCampaignId(id)
    await this.queue.run(id, async () => {
      if (!(await this.files.exists(id))) throw new StoreError('notFound', `there is no campaign "${id}"`)
      const entry = await this.trash.put(id).catch((error: unknown) => {
        throw ioError(`could not move "${id}" to the trash`, error)
      })
      this.files.forget(id)
      this.log(`campaign "${id}" moved to trash/${entry}`)
    })
  }

  /** Brings back the newest trashed copy of `id`, unless another campaign has taken the id. */
  async undoRemove(id: string): Promise<CampaignSummary> {
    assertCampaignId(id)
    return this.queue.run(id, async () => {
      const entry = await this.trash.newest(id)
      if (entry === null) throw new StoreError('notFound', `there is no removed campaign "${id}"`)
      if (await this.files.exists(id)) throw idInUse(id)
      await this.trash.restore(id, entry).catch((error: unknown) => {
        throw ioError(`could not bring "${id}" back from trash/${entry}`, error)
      })
      this.log(`campaign "${id}" brought back from trash/${entry}`)
      return summarize(await this.files.read(id, true))
    })
  }

  /** Saves `make(id)` under the first free id from `base`; one at a time, like imports, so two never collide. */
  private addUnderFreeId(base: string, make: (id: string) => Campaign): Promise<CampaignSummary> {
    return this.queue.run('\0import', async () => {
      const trashed = await this.trash.ids()
      const id = await freeCampaignId(base, async (id) => trashed.has(id) || (await this.files.exists(id)))
      const campaign = make(id)
      await this.save(campaign)
      return summarize(campaign)
    })
  }

  /** Resolves once every queued load and save has finished. */
  whenIdle(): Promise<void> {
    return this.queue.idle()
  }

  /** Lets queued work finish, then releases the folder lock; the store must not be used afterwards. */
  async close(): Promise<void> {
    await this.whenIdle()
    await this.lock?.release()
  }
}
