import type { Campaign } from '../../rules/core/schemas'
import { FILE_LIMITS } from '../validation'
import type { BackupFile, BackupFolder } from './backup-folder'
import { BACKUP_FILE_PATTERN, parseBackupName } from './backup-names'
import { StoreError, type BackupEntry } from './campaign-store'
import { decodeCampaign } from './decode'
import { DurableJsonFile, FileRejectedError, type DurableFs } from './durable-json-file'
import type { MigrationChain } from './migrations'

/** What decoding a backup found; cached, because a backup file never changes under its name. */
type Health = { readable: true; name: string; encounterCount: number } | { readable: false }

type Failure = {
  ok: false
  code: 'corrupt' | 'invalid' | 'tooLarge' | 'tooNew' | 'unknownRules'
  message: string
}
type Opened = { ok: true; campaign: Campaign } | Failure

/** A backup chosen for a restore, decoded. */
export interface ChosenBackup {
  file: BackupFile
  campaign: Campaign
}

/** The desktop store's view of its backups: decoded (with a cache), listed for the UI, pruned, restored. */
export class CampaignBackups {
  /** By file name: the file's version when checked, and what was found. */
  private readonly checked = new Map<string, { version: string; health: Health }>()

  constructor(
    readonly folder: BackupFolder,
    private readonly chain: MigrationChain,
    private readonly fs: DurableFs
  ) {}

  /** Campaign `id`'s backups for the restore UI, newest first, each decoded once per version. */
  async entries(id: string): Promise<BackupEntry[]> {
    const files = await this.folder.list(id)
    const health = new Map<string, Health>()
    for (const file of files) health.set(file.file, await this.check(file))
    const plan = this.folder.plan(files, (f) => health.get(f.file)?.readable)
    return files.map((file) => {
      const reason = plan.keep.get(file.file)
      const kind = reason === 'daily' || reason === 'migration' ? reason : 'save'
      const found = health.get(file.file)
      return found?.readable === true
        ? {
            file: file.file,
            at: file.at,
            kind,
            name: found.name,
            encounterCount: found.encounterCount,
            readable: true
          }
        : { file: file.file, at: file.at, kind, readable: false }
    })
  }

  /** Applies the retention policy to campaign `id`'s backups; returns the names deleted. */
  async prune(id: string): Promise<string[]> {
    const removed = await this.folder.prune(id, async (file) => (await this.check(file)).readable)
    for (const file of removed) this.checked.delete(file)
    return removed
  }

  /**
   * The newest backup that decodes, for the automatic repair of a damaged file; null if none does. A backup
   * that cannot be *read* (an i/o error) throws instead: "no good backup" would have the damaged file moved
   * aside, when a good backup may well be there once the disk answers.
   */
  async newestGood(id: string): Promise<ChosenBackup | null> {
    for (const file of await this.folder.list(id)) {
      const opened = await this.open(file).catch((error: unknown) => {
        // Pruned or removed since the listing: simply not a candidate.
        if (error instanceof StoreError && error.code === 'notFound') return null
        throw error
      })
      if (opened?.ok === true) return { file, campaign: opened.campaign }
    }
    return null
  }

  /**
   * A backup the GM picked: the name must be one {@link entries} lists for this campaign (the pattern admits
   * no `/`, `\` or `..`, so it cannot point outside the folder), and it must decode.
   */
  async choose(id: string, name: unknown): Promise<ChosenBackup> {
    if (typeof name !== 'string' || !BACKUP_FILE_PATTERN.test(name) || parseBackupName(name)?.id !== id)
      throw new StoreError('badId', `not a backup of "${id}": ${JSON.stringify(name)?.slice(0, 80)}`)
    const file = (await this.folder.list(id)).find((f) => f.file === name)
    if (file === undefined) throw new StoreError('notFound', `there is no backup ${name}`)
    const opened = await this.open(file)
    if (!opened.ok) throw new StoreError(opened.code, `backup ${name} cannot be restored: ${opened.message}`)
    return { file, campaign: opened.campaign }
  }

  private async check(file: BackupFile): Promise<Health> {
    const cached = this.checked.get(file.file)
    if (cached?.version === file.version) return cached.health
    let health: Health
    try {
      const opened = await this.open(file)
      health = opened.ok
        ? { readable: true, name: opened.campaign.name, encounterCount: opened.campaign.encounters.length }
        : { readable: false }
    } catch {
      // An i/o failure may pass (a locked file): unreadable for now, but not remembered.
      return { readable: false }
    }
    this.checked.set(file.file, { version: file.version, health })
    return health
  }

  private async open(file: BackupFile): Promise<Opened> {
    let raw
    try {
      raw = await new DurableJsonFile(this.folder.pathOf(file.file), {
        fs: this.fs,
        maxBytes: FILE_LIMITS.maxBytes,
        textLimits: FILE_LIMITS
      }).read()
    } catch (error) {
      if (error instanceof FileRejectedError) return { ok: false, code: error.reason, message: error.message }
      throw error
    }
    if (raw === null) throw new StoreError('notFound', `backup ${file.file} is gone`)
    const decoded = decodeCampaign(raw.data, this.chain, file.id)
    return decoded.ok
      ? { ok: true, campaign: decoded.campaign }
      : { ok: false, code: decoded.code, message: decoded.message }
  }
}
