import { join } from 'node:path'
import { Low } from 'lowdb'
import type { Campaign, CampaignSummary } from '../../rules/core/schemas'
import { FILE_LIMITS } from '../validation'
import { fileStamp } from './backup-names'
import type { CampaignBackups } from './campaign-backups'
import { StoreError, summarize, type QuarantineEntry } from './campaign-store'
import { decodeCampaign } from './decode'
import {
  DurableJsonFile,
  errorCode,
  FileRejectedError,
  ignoreCode,
  type DurableFs,
  type StoredJson
} from './durable-json-file'
import type { MigrationChain } from './migrations'
import { quarantineFile } from './quarantine'
import type { ProblemDetail } from './store-problem'

// Split out of lowdb-campaign-store.ts: the store's public operations decide *what* happens to a campaign
// and serialise it per id; this module is how one campaign file is read, validated, migrated, quarantined,
// restored from a backup and written, with no queueing of its own (callers hold the id's queue slot).

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

/**
 * The campaign files of one folder, one `<id>.json` each: reads them migrated and validated (an unreadable
 * one is quarantined and its newest good backup put in its place), writes them durably with a backup, and
 * remembers which versions it already knows to be good so an unchanged file is not read again.
 */
export class CampaignFiles {
  /** Files this session wrote or validated, by id: a matching stamp means "known good, summary cached". */
  private readonly known = new Map<string, { stamp: FileStamp; summary: CampaignSummary }>()
  /** Quarantine files this store moved aside, with the backup restored in their place, if one was good. */
  private readonly movedAside = new Map<string, { restoredFrom: string; restoredAt: string } | null>()

  constructor(private readonly options: CampaignFilesOptions) {}

  /** The campaign's summary, cached while its file is unchanged; null when there is no such file. */
  async summaryOf(id: string): Promise<CampaignSummary | null> {
    const stamp = await this.stampOf(id)
    if (stamp === null) return null
    const known = this.known.get(id)
    if (known !== undefined && sameStamp(known.stamp, stamp)) return known.summary
    return summarize(await this.read(id, true))
  }

  /**
   * Reads, migrates (backing up the old version first) and validates a campaign; an unreadable file is
   * quarantined, and with `restore` its newest good backup is written in its place and returned.
   */
  async read(id: string, restore: boolean): Promise<Campaign> {
    const db = new Low<StoredJson>(this.fileFor(id), MISSING)
    try {
      await db.read()
    } catch (error) {
      if (error instanceof FileRejectedError)
        return this.reject(id, error.reason, error.message, restore, error.detail)
      throw ioError(`could not read "${id}"`, error)
    }
    if (db.data === MISSING) throw new StoreError('notFound', `there is no campaign "${id}"`)
    const decoded = decodeCampaign(db.data.data, this.options.chain, id)
    if (!decoded.ok) {
      // A newer app's file is not damaged: leave it exactly where it is.
      const detail = { problem: decoded.problem, params: decoded.params }
      if (decoded.code === 'tooNew')
        throw new StoreError('tooNew', `campaign "${id}" was ${decoded.message}`, undefined, detail)
      return this.reject(id, decoded.code, decoded.message, restore, detail)
    }
    if (decoded.migratedFrom !== undefined) {
      await this.backupBeforeMigration(id, decoded.migratedFrom)
      await this.write(decoded.campaign)
      this.options.log(`campaign "${id}" migrated from schemaVersion ${decoded.migratedFrom}`)
    } else {
      await this.remember(decoded.campaign)
    }
    return decoded.campaign
  }

  /** Before overwriting: quarantine a file we cannot read, refuse one a newer app wrote. */
  async guardExisting(id: string): Promise<void> {
    const stamp = await this.stampOf(id)
    if (stamp === null || sameStamp(this.known.get(id)?.stamp, stamp)) return
    try {
      await this.read(id, false)
    } catch (error) {
      if (!(error instanceof StoreError)) throw error
      if (error.code === 'tooNew')
        throw new StoreError('tooNew', `not saving over a newer file: ${error.message}`)
      if (error.code === 'io') throw error
    }
  }

  /** Writes durably; `backUp` false when the caller has already set the current version aside. */
  async write(campaign: Campaign, backUp = true): Promise<void> {
    const { archive, log } = this.options
    const db = new Low<StoredJson>(this.fileFor(campaign.id, backUp), { data: campaign })
    try {
      await db.write()
    } catch (error) {
      throw ioError(`could not save "${campaign.id}"`, error)
    }
    await this.remember(campaign)
    try {
      const pruned = await archive.prune(campaign.id)
      if (pruned.length > 0) log(`pruned ${pruned.length} old backup(s) of "${campaign.id}"`)
    } catch (error) {
      // Too many backups is untidy, not a lost save.
      log(`could not prune the backups of "${campaign.id}": ${errorCode(error) ?? String(error)}`)
    }
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

  /** Moves an unreadable file to quarantine, then tries the backups, newest first. */
  private async reject(
    id: string,
    reason: QuarantineEntry['reason'],
    message: string,
    restore: boolean,
    detail?: ProblemDetail
  ): Promise<Campaign> {
    const { fs, dir, now, log, archive } = this.options
    const file = await quarantineFile(fs, dir, id, reason, now()).catch((error: unknown) => {
      throw ioError(`could not move the unreadable "${id}" aside`, error)
    })
    this.known.delete(id)
    log(`campaign "${id}": ${message}; moved to ${file}`)
    if (restore) {
      // Only loads and lists tell the GM: a save or a restore over an unreadable file replaces it anyway.
      this.movedAside.set(file, null)
      // The GM keeps playing on the newest good backup; quarantined() tells the UI what happened.
      const good = await archive.newestGood(id)
      if (good !== null) {
        await this.write(good.campaign)
        const restoredFrom = `${BACKUP_DIR}/${good.file.file}`
        this.movedAside.set(file, { restoredFrom, restoredAt: good.file.at })
        log(`campaign "${id}" restored from ${restoredFrom}`)
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

  private async remember(campaign: Campaign): Promise<void> {
    const stamp = await this.stampOf(campaign.id)
    if (stamp !== null) this.known.set(campaign.id, { stamp, summary: summarize(campaign) })
  }

  private async backupBeforeMigration(id: string, from: number): Promise<void> {
    const { fs, dir, now } = this.options
    await fs.mkdir(join(dir, BACKUP_DIR), { recursive: true })
    await fs.copyFile(this.pathOf(id), join(dir, BACKUP_DIR, `${id}.json.v${from}-${fileStamp(now())}.bak`))
  }

  private fileFor(id: string, backUp = true): DurableJsonFile {
    const folder = this.options.archive.folder
    return new DurableJsonFile(this.pathOf(id), {
      fs: this.options.fs,
      maxBytes: FILE_LIMITS.maxBytes,
      backup: backUp ? (path) => folder.take(path, id) : undefined,
      onWarning: this.options.log
    })
  }

  private async stampOf(id: string): Promise<FileStamp | null> {
    const stat = await this.options.fs.stat(this.pathOf(id)).catch(ignoreCode('ENOENT'))
    return stat === undefined ? null : { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino }
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
