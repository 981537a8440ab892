import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { Low } from 'lowdb'
import { campaignSchema, type Campaign, type CampaignSummary } from '../../rules/core/schemas'
import { checkJsonLimits, FILE_LIMITS, formatIssues, schemaParams } from '../validation'
import { BackupFolder } from './backup-folder'
import { fileStamp } from './backup-names'
import type { RetentionLimits } from './backup-policy'
import { CampaignBackups } from './campaign-backups'
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
  type ManagedCampaignStore,
  type NewCampaign,
  type QuarantineEntry
} from './campaign-store'
import { CampaignTrash } from './campaign-trash'
import { contentRefusal, decodeCampaign } from './decode'
import {
  DurableJsonFile,
  errorCode,
  FileRejectedError,
  ignoreCode,
  sweepTempFiles,
  type DurableFs,
  type StoredJson
} from './durable-json-file'
import { decodeImportText, freeCampaignId, storeErrorOf } from './import-text'
import { KeyedQueue } from './keyed-queue'
import type { ProblemDetail } from './store-problem'
import { campaignMigrations, type MigrationChain } from './migrations'
import { listQuarantine, quarantineFile } from './quarantine'
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
}

/** The folder, inside the campaigns folder, holding rotated and pre-migration backups. */
const BACKUP_DIR = 'backups'

/** Opens (and on first run, seeds) the campaigns folder, sweeping temp files a crash left behind. */
export async function openCampaignStore(options: CampaignStoreOptions): Promise<LowdbCampaignStore> {
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
  return new LowdbCampaignStore({ ...options, fs, log })
}

/** Identifies one version of a file on disk, so an unchanged file is not re-read and re-validated. */
interface FileStamp {
  size: number
  mtimeMs: number
  ino: number
}

/** Missing-file sentinel: lowdb's Low.read keeps the default data when the adapter returns null. */
const MISSING: StoredJson = { data: undefined }

/** The desktop campaign store: one lowdb file per campaign, written by {@link DurableJsonFile}. */
export class LowdbCampaignStore implements ManagedCampaignStore {
  private readonly fs: DurableFs
  private readonly chain: MigrationChain
  private readonly archive: CampaignBackups
  private readonly trash: CampaignTrash
  private readonly now: () => Date
  private readonly log: (message: string) => void
  private readonly queue = new KeyedQueue()
  /** Files this session wrote or validated, by id: a matching stamp means "known good, summary cached". */
  private readonly known = new Map<string, { stamp: FileStamp; summary: CampaignSummary }>()
  /** Quarantine files this store moved aside, with the backup restored in their place, if one was good. */
  private readonly movedAside = new Map<string, { restoredFrom: string; restoredAt: string } | null>()

  constructor(private readonly options: CampaignStoreOptions) {
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
  }

  /** Summaries of every readable campaign, by name; unreadable files are quarantined and left out. */
  async list(): Promise<CampaignSummary[]> {
    const names = (await this.fs.readdir(this.options.dir).catch(ignoreCode('ENOENT'))) ?? []
    const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length))
    const summaries: CampaignSummary[] = []
    for (const id of ids.filter(isCampaignId)) {
      try {
        const summary = await this.queue.run(id, () => this.summaryOf(id))
        if (summary !== null) summaries.push(summary)
      } catch (error) {
        if (!(error instanceof StoreError)) throw error
        this.log(`list skipped "${id}": ${error.message}`)
      }
    }
    return summaries.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  }

  /** The campaign, migrated and validated; an unreadable file is quarantined and a good backup restored. */
  async load(id: string): Promise<Campaign> {
    assertCampaignId(id)
    return this.queue.run(id, () => this.readCampaign(id, true))
  }

  /** Validates and writes durably, after every earlier save of the same id. */
  async save(campaign: Campaign): Promise<void> {
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
    await this.queue.run(valid.id, async () => {
      await this.guardExisting(valid.id)
      await this.writeCampaign(valid)
    })
  }

  /** Adds a campaign from a file's text; a taken id gets a `-2`, `-3`... suffix rather than overwriting. */
  async importJson(json: string): Promise<CampaignSummary> {
    const imported = decodeImportText(json, this.chain)
    // One import at a time, so two imports of the same file cannot both pick the same free id.
    return this.queue.run('\0import', async () => {
      const id = await freeCampaignId(imported.id, async (id) => (await this.stampOf(id)) !== null)
      // A spread of validated zod output, never of raw parsed JSON (reliability.md §0.9).
      const campaign: Campaign = { ...imported, id }
      await this.save(campaign)
      return summarize(campaign)
    })
  }

  /** Everything in quarantine, newest first; what this store moved aside is marked `thisSession`. */
  async quarantined(): Promise<QuarantineEntry[]> {
    const entries = await listQuarantine(this.fs, this.options.dir)
    return entries.map((entry) => {
      const moved = this.movedAside.get(entry.file)
      if (moved === undefined) return entry
      return moved === null ? { ...entry, thisSession: true } : { ...entry, ...moved, thisSession: true }
    })
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
      await this.guardExisting(id)
      if ((await this.stampOf(id)) !== null) {
        // Unlike a save's backup this one is required: without it the restore could not be undone.
        await this.archive.folder.take(this.pathOf(id), id).catch((error: unknown) => {
          throw ioError(`could not keep the current "${id}" before restoring`, error)
        })
      }
      await this.writeCampaign(chosen.campaign, false)
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
      const renamed = { ...(await this.readCampaign(id, true)), name: clean }
      await this.guardExisting(id)
      await this.writeCampaign(renamed)
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
      if ((await this.stampOf(id)) === null) throw new StoreError('notFound', `there is no campaign "${id}"`)
      const entry = await this.trash.put(id).catch((error: unknown) => {
        throw ioError(`could not move "${id}" to the trash`, error)
      })
      this.known.delete(id)
      this.log(`campaign "${id}" moved to trash/${entry}`)
    })
  }

  /** Brings back the newest trashed copy of `id`, unless another campaign has taken the id. */
  async undoRemove(id: string): Promise<CampaignSummary> {
    assertCampaignId(id)
    return this.queue.run(id, async () => {
      const entry = await this.trash.newest(id)
      if (entry === null) throw new StoreError('notFound', `there is no removed campaign "${id}"`)
      if ((await this.stampOf(id)) !== null) throw idInUse(id)
      await this.trash.restore(id, entry).catch((error: unknown) => {
        throw ioError(`could not bring "${id}" back from trash/${entry}`, error)
      })
      this.log(`campaign "${id}" brought back from trash/${entry}`)
      return summarize(await this.readCampaign(id, true))
    })
  }

  /** Saves `make(id)` under the first free id from `base`; one at a time, like imports, so two never collide. */
  private addUnderFreeId(base: string, make: (id: string) => Campaign): Promise<CampaignSummary> {
    return this.queue.run('\0import', async () => {
      const trashed = await this.trash.ids()
      const id = await freeCampaignId(
        base,
        async (id) => trashed.has(id) || (await this.stampOf(id)) !== null
      )
      const campaign = make(id)
      await this.save(campaign)
      return summarize(campaign)
    })
  }

  /** Resolves once every queued load and save has finished. */
  whenIdle(): Promise<void> {
    return this.queue.idle()
  }

  private async summaryOf(id: string): Promise<CampaignSummary | null> {
    const stamp = await this.stampOf(id)
    if (stamp === null) return null
    const known = this.known.get(id)
    if (known !== undefined && sameStamp(known.stamp, stamp)) return known.summary
    return summarize(await this.readCampaign(id, true))
  }

  private async readCampaign(id: string, restore: boolean): Promise<Campaign> {
    const db = new Low<StoredJson>(this.fileFor(id), MISSING)
    try {
      await db.read()
    } catch (error) {
      if (error instanceof FileRejectedError)
        return this.reject(id, error.reason, error.message, restore, error.detail)
      throw ioError(`could not read "${id}"`, error)
    }
    if (db.data === MISSING) throw new StoreError('notFound', `there is no campaign "${id}"`)
    const decoded = decodeCampaign(db.data.data, this.chain, id)
    if (!decoded.ok) {
      // A newer app's file is not damaged: leave it exactly where it is.
      const detail = { problem: decoded.problem, params: decoded.params }
      if (decoded.code === 'tooNew')
        throw new StoreError('tooNew', `campaign "${id}" was ${decoded.message}`, undefined, detail)
      return this.reject(id, decoded.code, decoded.message, restore, detail)
    }
    if (decoded.migratedFrom !== undefined) {
      await this.backupBeforeMigration(id, decoded.migratedFrom)
      await this.writeCampaign(decoded.campaign)
      this.log(`campaign "${id}" migrated from schemaVersion ${decoded.migratedFrom}`)
    } else {
      await this.remember(decoded.campaign)
    }
    return decoded.campaign
  }

  /** Moves an unreadable file to quarantine, then tries the backups, newest first. */
  private async reject(
    id: string,
    reason: QuarantineEntry['reason'],
    message: string,
    restore: boolean,
    detail?: ProblemDetail
  ): Promise<Campaign> {
    const file = await quarantineFile(this.fs, this.options.dir, id, reason, this.now()).catch(
      (error: unknown) => {
        throw ioError(`could not move the unreadable "${id}" aside`, error)
      }
    )
    this.known.delete(id)
    this.log(`campaign "${id}": ${message}; moved to ${file}`)
    if (restore) {
      // Only loads and lists tell the GM: a save or a restore over an unreadable file replaces it anyway.
      this.movedAside.set(file, null)
      // The GM keeps playing on the newest good backup; quarantined() tells the UI what happened.
      const good = await this.archive.newestGood(id)
      if (good !== null) {
        await this.writeCampaign(good.campaign)
        const restoredFrom = `${BACKUP_DIR}/${good.file.file}`
        this.movedAside.set(file, { restoredFrom, restoredAt: good.file.at })
        this.log(`campaign "${id}" restored from ${restoredFrom}`)
        return good.campaign
      }
    }
    const none = restore ? '; there is no good backup to restore' : ''
    throw new StoreError(
      reason,
      `campaign "${id}" could not be opened (${message}); moved to ${file}${none}`,
      file,
      detail
    )
  }

  /** Before overwriting: quarantine a file we cannot read, refuse one a newer app wrote. */
  private async guardExisting(id: string): Promise<void> {
    const stamp = await this.stampOf(id)
    if (stamp === null || sameStamp(this.known.get(id)?.stamp, stamp)) return
    try {
      await this.readCampaign(id, false)
    } catch (error) {
      if (!(error instanceof StoreError)) throw error
      if (error.code === 'tooNew')
        throw new StoreError('tooNew', `not saving over a newer file: ${error.message}`)
      if (error.code === 'io') throw error
    }
  }

  /** Writes durably; `backUp` false when the caller has already set the current version aside. */
  private async writeCampaign(campaign: Campaign, backUp = true): Promise<void> {
    const db = new Low<StoredJson>(this.fileFor(campaign.id, backUp), { data: campaign })
    try {
      await db.write()
    } catch (error) {
      throw ioError(`could not save "${campaign.id}"`, error)
    }
    await this.remember(campaign)
    try {
      const pruned = await this.archive.prune(campaign.id)
      if (pruned.length > 0) this.log(`pruned ${pruned.length} old backup(s) of "${campaign.id}"`)
    } catch (error) {
      // Too many backups is untidy, not a lost save.
      this.log(`could not prune the backups of "${campaign.id}": ${errorCode(error) ?? String(error)}`)
    }
  }

  private async remember(campaign: Campaign): Promise<void> {
    const stamp = await this.stampOf(campaign.id)
    if (stamp !== null) this.known.set(campaign.id, { stamp, summary: summarize(campaign) })
  }

  private async backupBeforeMigration(id: string, from: number): Promise<void> {
    await this.fs.mkdir(join(this.options.dir, BACKUP_DIR), { recursive: true })
    await this.fs.copyFile(
      this.pathOf(id),
      join(this.options.dir, BACKUP_DIR, `${id}.json.v${from}-${fileStamp(this.now())}.bak`)
    )
  }

  private fileFor(id: string, backUp = true): DurableJsonFile {
    const folder = this.archive.folder
    return new DurableJsonFile(this.pathOf(id), {
      fs: this.fs,
      maxBytes: FILE_LIMITS.maxBytes,
      backup: backUp ? (path) => folder.take(path, id) : undefined,
      onWarning: this.log
    })
  }

  private pathOf(id: string): string {
    return join(this.options.dir, `${id}.json`)
  }

  private async stampOf(id: string): Promise<FileStamp | null> {
    const stat = await this.fs.stat(this.pathOf(id)).catch(ignoreCode('ENOENT'))
    return stat === undefined ? null : { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino }
  }
}

function sameStamp(a: FileStamp | undefined, b: FileStamp): boolean {
  return a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino
}

function ioError(what: string, error: unknown): StoreError {
  const code = errorCode(error)
  return new StoreError('io', `${what}: ${code ?? (error instanceof Error ? error.message : String(error))}`)
}
