import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { Low } from 'lowdb'
import { campaignSchema, type Campaign, type CampaignSummary } from '../../rules/core/schemas'
import { checkJsonLimits, FILE_LIMITS, formatIssues } from '../validation'
import {
  assertCampaignId,
  isCampaignId,
  StoreError,
  summarize,
  type ManagedCampaignStore,
  type QuarantineEntry
} from './campaign-store'
import { decodeCampaign } from './decode'
import {
  DurableJsonFile,
  errorCode,
  FileRejectedError,
  ignoreCode,
  sweepTempFiles,
  type DurableFs,
  type StoredJson
} from './durable-json-file'
import { KeyedQueue } from './keyed-queue'
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
  /** How many previous versions of each campaign to keep in `backups/`. */
  keepBackups?: number
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
  const swept = await sweepTempFiles(options.dir, fs)
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
  private readonly keep: number
  private readonly now: () => Date
  private readonly log: (message: string) => void
  private readonly queue = new KeyedQueue()
  /** Files this session wrote or validated, by id: a matching stamp means "known good, summary cached". */
  private readonly known = new Map<string, { stamp: FileStamp; summary: CampaignSummary }>()
  private readonly restorations = new Map<string, string>()

  constructor(private readonly options: CampaignStoreOptions) {
    this.fs = options.fs ?? fsp
    this.chain = options.migrations ?? campaignMigrations
    this.keep = options.keepBackups ?? 3
    this.now = options.now ?? (() => new Date())
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
    if (violation !== null)
      throw new StoreError(violation.kind === 'size' ? 'tooLarge' : 'invalid', violation.message)
    const parsed = campaignSchema.safeParse(campaign)
    if (!parsed.success) throw new StoreError('invalid', formatIssues(parsed.error))
    const valid = parsed.data
    await this.queue.run(valid.id, async () => {
      await this.guardExisting(valid.id)
      await this.writeCampaign(valid)
    })
  }

  /** Adds a campaign from a file's text; a taken id gets a `-2`, `-3`... suffix rather than overwriting. */
  async importJson(json: string): Promise<CampaignSummary> {
    if (json.length > FILE_LIMITS.maxBytes)
      throw new StoreError('tooLarge', 'the file is too large to import')
    let raw: unknown
    try {
      raw = JSON.parse(json.replace(/^\uFEFF/, ''))
    } catch (error) {
      throw new StoreError(
        'corrupt',
        `not valid JSON (${error instanceof Error ? error.message : String(error)})`
      )
    }
    const decoded = decodeCampaign(raw, this.chain)
    if (!decoded.ok) throw new StoreError(decoded.code, decoded.message)
    const imported = decoded.campaign
    // One import at a time, so two imports of the same file cannot both pick the same free id.
    return this.queue.run('\0import', async () => {
      // A spread of validated zod output, never of raw parsed JSON (reliability.md §0.9).
      const campaign: Campaign = { ...imported, id: await this.freeId(imported.id) }
      await this.save(campaign)
      return summarize(campaign)
    })
  }

  /** Everything in quarantine, newest first. */
  async quarantined(): Promise<QuarantineEntry[]> {
    const entries = await listQuarantine(this.fs, this.options.dir)
    return entries.map((entry) => {
      const restoredFrom = this.restorations.get(entry.file)
      return restoredFrom === undefined ? entry : { ...entry, restoredFrom }
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
      if (error instanceof FileRejectedError) return this.reject(id, error.reason, error.message, restore)
      throw ioError(`could not read "${id}"`, error)
    }
    if (db.data === MISSING) throw new StoreError('notFound', `there is no campaign "${id}"`)
    const decoded = decodeCampaign(db.data.data, this.chain, id)
    if (!decoded.ok) {
      // A newer app's file is not damaged: leave it exactly where it is.
      if (decoded.code === 'tooNew') throw new StoreError('tooNew', `campaign "${id}" was ${decoded.message}`)
      return this.reject(id, decoded.code, decoded.message, restore)
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
    restore: boolean
  ): Promise<Campaign> {
    const file = await quarantineFile(this.fs, this.options.dir, id, reason, this.now()).catch(
      (error: unknown) => {
        throw ioError(`could not move the unreadable "${id}" aside`, error)
      }
    )
    this.known.delete(id)
    this.log(`campaign "${id}": ${message}; moved to ${file}`)
    if (restore) {
      for (let n = 1; n <= this.keep; n++) {
        const backup = `${BACKUP_DIR}/${id}.json.${n}.bak`
        const raw = await this.readQuietly(join(this.options.dir, backup))
        const decoded = raw === null ? null : decodeCampaign(raw.data, this.chain, id)
        if (decoded === null || !decoded.ok) continue
        await this.writeCampaign(decoded.campaign)
        this.restorations.set(file, backup)
        this.log(`campaign "${id}" restored from ${backup}`)
        return decoded.campaign
      }
    }
    throw new StoreError(reason, `campaign "${id}" could not be opened (${message}); moved to ${file}`, file)
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

  private async writeCampaign(campaign: Campaign): Promise<void> {
    const db = new Low<StoredJson>(this.fileFor(campaign.id), { data: campaign })
    try {
      await db.write()
    } catch (error) {
      throw ioError(`could not save "${campaign.id}"`, error)
    }
    await this.remember(campaign)
  }

  private async remember(campaign: Campaign): Promise<void> {
    const stamp = await this.stampOf(campaign.id)
    if (stamp !== null) this.known.set(campaign.id, { stamp, summary: summarize(campaign) })
  }

  private async backupBeforeMigration(id: string, from: number): Promise<void> {
    const stamp = this.now().toISOString().replace(/[-:.]/g, '')
    await this.fs.mkdir(join(this.options.dir, BACKUP_DIR), { recursive: true })
    await this.fs.copyFile(
      this.pathOf(id),
      join(this.options.dir, BACKUP_DIR, `${id}.json.v${from}-${stamp}.bak`)
    )
  }

  private async freeId(base: string): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const suffix = n === 1 ? '' : `-${n}`
      const id = base.slice(0, 64 - suffix.length) + suffix
      if ((await this.stampOf(id)) === null) return id
    }
    throw new StoreError('invalid', `too many campaigns named "${base}"`)
  }

  private fileFor(id: string): DurableJsonFile {
    return new DurableJsonFile(this.pathOf(id), {
      fs: this.fs,
      maxBytes: FILE_LIMITS.maxBytes,
      backups: { dir: join(this.options.dir, BACKUP_DIR), keep: this.keep },
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

  private async readQuietly(path: string): Promise<StoredJson | null> {
    try {
      return await new DurableJsonFile(path, { fs: this.fs, maxBytes: FILE_LIMITS.maxBytes }).read()
    } catch {
      return null
    }
  }
}

function sameStamp(a: FileStamp | undefined, b: FileStamp): boolean {
  return a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino
}

function ioError(what: string, error: unknown): StoreError {
  const code = errorCode(error)
  return new StoreError('io', `${what}: ${code ?? (error instanceof Error ? error.message : String(error))}`)
}
