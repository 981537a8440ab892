import { join } from 'node:path'
import { Low } from 'lowdb'
import type { Campaign } from '../../rules/core/schemas'
import { FILE_LIMITS } from '../validation'
import type { CampaignBackups } from './campaign-backups'
import {
  isUnavailable,
  StoreError,
  summarize,
  type CampaignListEntry,
  type QuarantineEntry,
  type SaveReport
} from './campaign-store'
import { decodeCampaign } from './decode'
import { campaignText, UnavailableCampaignError, unavailableEntry } from './campaign-text'
import {
  DurableJsonFile,
  errorCode,
  FileRejectedError,
  ignoreCode,
  type DurableFs,
  type DurableJsonFileOptions,
  type StoredJson,
  type WriteReport
} from './durable-json-file'
import type { MigrationChain } from './migrations'
import { keepInQuarantine, quarantineFile } from './quarantine'
import type { ProblemDetail } from './store-problem'

// Split out of lowdb-campaign-store.ts: the store's public operations decide *what* happens to a campaign
// and serialise it per id; this module is how one campaign file is read, validated, migrated, quarantined,
// repaired from a backup and written, with no queueing of its own (callers hold the id's queue slot).
//
// The order of every replacement is what makes it crash-safe: the new text is whole and synced in a temp
// file, whatever must survive (a backup, the damaged file in quarantine) is made durable next, and only then
// does one rename put the new version in place. A kill at any instant leaves the old file or the new one.

/** The folder, inside the campaigns folder, holding rotated and pre-migration backups. */
export const BACKUP_DIR = 'backups'

/** Identifies one version of a file on disk, so an unchanged file is not re-read and re-validated. */
interface FileStamp {
  size: number
  mtimeMs: number
  ino: number
}

/** Missing-file sentinel: lowdb's Low.read keeps the default data when the adapter returns null. */
const MISSING: StoredJson = { data: undefined }

/** What {@link CampaignFiles} works with: the folder, its backups, and the store's clock and log. */
export interface CampaignFilesOptions {
  dir: string
  fs: DurableFs
  chain: MigrationChain
  archive: CampaignBackups
  now: () => Date
  log: (message: string) => void
}

/** What a file holds, found without changing anything. */
type Inspection =
  | { kind: 'missing' }
  | { kind: 'good'; campaign: Campaign; migratedFrom?: number }
  | { kind: 'damaged'; reason: QuarantineEntry['reason']; message: string; detail?: ProblemDetail }

/**
 * The campaign files of one folder, one `<id>.json` each: reads them migrated and validated (an unreadable
 * one is quarantined and its newest good backup put in its place), writes them durably with a backup, and
 * remembers which versions it already knows to be good so an unchanged file is not read again.
 */
export class CampaignFiles {
  /** Files this session wrote or validated, by id: a matching stamp means "known good, entry cached". */
  private readonly known = new Map<string, { stamp: FileStamp; entry: CampaignListEntry }>()
  /** Quarantine files this store moved aside, with the backup restored in their place, if one was good. */
  private readonly movedAside = new Map<string, { restoredFrom: string; restoredAt: string } | null>()

  constructor(private readonly options: CampaignFilesOptions) {}

  /**
   * The campaign's list entry, cached while its file is unchanged; null when there is no such file (or it is
   * not a regular file). A file of a newer version or of unknown rules is an entry too, marked unavailable.
   */
  async entryOf(id: string): Promise<CampaignListEntry | null> {
    const stamp = await this.stampOf(id)
    if (stamp === null) return null
    const known = this.known.get(id)
    if (known !== undefined && sameStamp(known.stamp, stamp)) return known.entry
    try {
      return summarize(await this.read(id, true))
    } catch (error) {
      if (!(error instanceof UnavailableCampaignError)) throw error
      this.known.set(id, { stamp, entry: error.entry })
      return error.entry
    }
  }

  /**
   * Reads, migrates (backing up the old version first) and validates a campaign. An unreadable file is, with
   * `restore`, replaced by its newest good backup (the damaged file kept in quarantine) and that is returned;
   * without a good backup (or without `restore`) it is moved to quarantine and the refusal thrown.
   */
  async read(id: string, restore: boolean): Promise<Campaign> {
    const found = await this.inspect(id)
    if (found.kind === 'missing') throw new StoreError('notFound', `there is no campaign "${id}"`)
    if (found.kind === 'damaged') return this.recover(id, found, restore)
    if (found.migratedFrom !== undefined) {
      await this.backupBeforeMigration(id, found.migratedFrom)
      await this.write(found.campaign)
      this.options.log(`campaign "${id}" migrated from schemaVersion ${found.migratedFrom}`)
    } else {
      await this.remember(found.campaign)
    }
    return found.campaign
  }

  /**
   * Writes `campaign` over whatever its file holds now: a good version is backed up first (with `backUp`), a
   * damaged one kept in quarantine as part of the replacement. Refused over a file this version cannot open
   * (a newer app's, or of unknown rules), which is left exactly as it is.
   */
  async replace(campaign: Campaign, backUp = true): Promise<SaveReport> {
    const stamp = await this.stampOf(campaign.id)
    const known = this.known.get(campaign.id)
    // The shortcut is for files this session wrote or read as good; an unavailable one (cached by a listing)
    // goes through inspect, which refuses it.
    if (
      stamp === null ||
      (known !== undefined && !isUnavailable(known.entry) && sameStamp(known.stamp, stamp))
    )
      return this.write(campaign, backUp)
    const found = await this.inspect(campaign.id)
    if (found.kind !== 'damaged') return this.write(campaign, backUp)
    const file = await this.writeKeeping(campaign, found.reason)
    this.options.log(`campaign "${campaign.id}" was unreadable (${found.message}); kept as ${file}`)
    return { backup: 'none' }
  }

  /**
   * Makes `campaign` (a backup the GM chose) current. The current version is kept as a backup first, and
   * here that is required: without it the restore could not be undone.
   */
  async restore(campaign: Campaign): Promise<void> {
    const { id } = campaign
    const stamp = await this.stampOf(id)
    const found = stamp === null ? ({ kind: 'missing' } as const) : await this.inspect(id)
    if (found.kind === 'damaged') {
      await this.writeKeeping(campaign, found.reason)
      return
    }
    const folder = this.options.archive.folder
    const keep =
      found.kind === 'missing'
        ? undefined
        : (path: string) =>
            folder.take(path, id).catch((error: unknown) => {
              throw ioError(`could not keep the current "${id}" before restoring`, error)
            })
    await this.put(campaign, this.fileFor(id, { beforeReplace: keep }))
  }

  /** Writes durably, the previous version set aside as a backup unless `backUp` is false. */
  async write(campaign: Campaign, backUp = true): Promise<SaveReport> {
    const folder = this.options.archive.folder
    const backup = backUp ? (path: string) => folder.take(path, campaign.id) : undefined
    const report = await this.put(campaign, this.fileFor(campaign.id, { backup }))
    return report.backupError === undefined
      ? { backup: report.backup }
      : { backup: report.backup, error: report.backupError }
  }

  /** Whether campaign `id` has a file now. */
  async exists(id: string): Promise<boolean> {
    return (await this.stampOf(id)) !== null
  }

  /** Forgets what is known of `id` (its file was moved away). */
  forget(id: string): void {
    this.known.delete(id)
  }

  /** The quarantine `entries` with what this store moved aside marked `thisSession` (and what replaced it). */
  markThisSession(entries: QuarantineEntry[]): QuarantineEntry[] {
    return entries.map((entry) => {
      const moved = this.movedAside.get(entry.file)
      if (moved === undefined) return entry
      return moved === null ? { ...entry, thisSession: true } : { ...entry, ...moved, thisSession: true }
    })
  }

  /** The path of campaign `id`'s file. */
  pathOf(id: string): string {
    return join(this.options.dir, `${id}.json`)
  }

  /** Reads and decodes the file, changing nothing; a file this version cannot open throws its list entry. */
  private async inspect(id: string): Promise<Inspection> {
    const db = new Low<StoredJson>(this.fileFor(id), MISSING)
    try {
      await db.read()
    } catch (error) {
      if (error instanceof FileRejectedError)
        return { kind: 'damaged', reason: error.reason, message: error.message, detail: error.detail }
      throw ioError(`could not read "${id}"`, error)
    }
    if (db.data === MISSING) return { kind: 'missing' }
    const decoded = decodeCampaign(db.data.data, this.options.chain, id)
    if (decoded.ok) return { kind: 'good', ...decoded }
    if (decoded.code === 'tooNew' || decoded.code === 'unknownRules')
      throw new UnavailableCampaignError(unavailableEntry(id, decoded), decoded)
    const detail = { problem: decoded.problem, params: decoded.params }
    return { kind: 'damaged', reason: decoded.code, message: decoded.message, detail }
  }

  /**
   * A damaged file: with `restore`, the newest good backup replaces it while it is kept in quarantine (so the
   * campaign never lacks a file, even if the process dies halfway). If that replacement cannot be written
   * (disk full), the backup is still returned, and the damaged file stays where it is for the next try.
   */
  private async recover(
    id: string,
    found: Extract<Inspection, { kind: 'damaged' }>,
    restore: boolean
  ): Promise<Campaign> {
    const { log, archive } = this.options
    const good = restore
      ? await archive.newestGood(id).catch((error: unknown) => {
          throw ioError(`could not read the backups of "${id}"`, error)
        })
      : null
    if (good !== null) {
      const restoredFrom = `${BACKUP_DIR}/${good.file.file}`
      try {
        const file = await this.writeKeeping(good.campaign, found.reason)
        this.movedAside.set(file, { restoredFrom, restoredAt: good.file.at })
        log(`campaign "${id}": ${found.message}; kept as ${file} and restored from ${restoredFrom}`)
      } catch (error) {
        if (!(error instanceof StoreError) || error.code !== 'io') throw error
        log(`campaign "${id}": ${found.message}; opened from ${restoredFrom}, not repaired: ${error.message}`)
      }
      return good.campaign
    }
    const { fs, dir, now } = this.options
    const file = await quarantineFile(fs, dir, id, found.reason, now()).catch((error: unknown) => {
      throw ioError(`could not move the unreadable "${id}" aside`, error)
    })
    this.known.delete(id)
    log(`campaign "${id}": ${found.message}; moved to ${file}`)
    if (restore) this.movedAside.set(file, null)
    const none = restore ? '; there is no good backup to restore' : ''
    throw new StoreError(
      found.reason,
      `campaign "${id}" could not be opened (${found.message}); moved to ${file}${none}`,
      file,
      found.detail
    )
  }

  /** Replaces a damaged file with `campaign`, the damaged one kept in quarantine first; returns where. */
  private async writeKeeping(campaign: Campaign, reason: QuarantineEntry['reason']): Promise<string> {
    const { fs, dir, now } = this.options
    let kept = ''
    const keep = async (path: string) => {
      kept = await keepInQuarantine(fs, dir, path, campaign.id, reason, now())
    }
    await this.put(campaign, this.fileFor(campaign.id, { beforeReplace: keep }))
    return kept
  }

  /** Serializes once, checks the size of exactly that text, writes it, and prunes old backups. */
  private async put(campaign: Campaign, file: DurableJsonFile): Promise<WriteReport> {
    const text = campaignText(campaign)
    let report: WriteReport
    try {
      report = await file.writeReporting({ data: campaign, text })
    } catch (error) {
      if (error instanceof StoreError) throw error
      throw ioError(`could not save "${campaign.id}"`, error)
    }
    await this.remember(campaign)
    try {
      const pruned = await this.options.archive.prune(campaign.id)
      if (pruned.length > 0) this.options.log(`pruned ${pruned.length} old backup(s) of "${campaign.id}"`)
    } catch (error) {
      // Too many backups is untidy, not a lost save.
      this.options.log(
        `could not prune the backups of "${campaign.id}": ${errorCode(error) ?? String(error)}`
      )
    }
    return report
  }

  private async remember(campaign: Campaign): Promise<void> {
    const stamp = await this.stampOf(campaign.id)
    if (stamp !== null) this.known.set(campaign.id, { stamp, entry: summarize(campaign) })
  }

  private async backupBeforeMigration(id: string, from: number): Promise<void> {
    // Durable like every other backup (copy, fsync, rename): the migrated write replaces the only original.
    await this.options.archive.folder.takeBeforeMigration(this.pathOf(id), id, from)
  }

  private fileFor(
    id: string,
    hooks: Pick<DurableJsonFileOptions, 'backup' | 'beforeReplace'> = {}
  ): DurableJsonFile {
    return new DurableJsonFile(this.pathOf(id), {
      fs: this.options.fs,
      maxBytes: FILE_LIMITS.maxBytes,
      textLimits: FILE_LIMITS,
      onWarning: this.options.log,
      ...hooks
    })
  }

  /** The file's version, or null when there is none or it is not a regular file (never read, never listed). */
  private async stampOf(id: string): Promise<FileStamp | null> {
    const stat = await this.options.fs.stat(this.pathOf(id)).catch(ignoreCode('ENOENT'))
    if (stat === undefined || !stat.isFile()) return null
    return { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino }
  }
}

function sameStamp(a: FileStamp | undefined, b: FileStamp): boolean {
  return a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino
}

/** A failed file operation as the store's `io` error, naming what could not be done and the OS code. */
export function ioError(what: string, error: unknown): StoreError {
  const code = errorCode(error)
  return new StoreError('io', `${what}: ${code ?? (error instanceof Error ? error.message : String(error))}`)
}
