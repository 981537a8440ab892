import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { backupFileName, fileStamp, parseBackupName, type BackupOrigin } from './backup-names'
import { DEFAULT_RETENTION, planRetention, type RetentionLimits, type RetentionPlan } from './backup-policy'
import { ignoreCode, sweepTempFiles, type DurableFs } from './durable-json-file'

// Node side of the backups: the names and the retention rules are pure (backup-names.ts, backup-policy.ts).

/** One backup file found in the folder. */
export interface BackupFile {
  /** The name inside the backups folder. */
  file: string
  id: string
  origin: BackupOrigin
  /** ISO time it was set aside: from the name, or the file's mtime for the old rotating names. */
  at: string
  /** Changes whenever the file does; callers cache what decoding it found under `file` + `version`. */
  version: string
}

/** Options for {@link BackupFolder}. */
export interface BackupFolderOptions {
  fs?: DurableFs
  now?: () => Date
  limits?: RetentionLimits
}

/** The `backups/` folder of the campaigns folder: takes, lists and prunes each campaign's backups. */
export class BackupFolder {
  private readonly fs: DurableFs
  private readonly now: () => Date
  private readonly limits: RetentionLimits

  constructor(
    readonly dir: string,
    options: BackupFolderOptions = {}
  ) {
    this.fs = options.fs ?? fsp
    this.now = options.now ?? (() => new Date())
    this.limits = options.limits ?? DEFAULT_RETENTION
  }

  /** Copies campaign `id`'s file at `path` to a new timestamped backup: temp copy → fsync → rename. */
  take(path: string, id: string): Promise<string> {
    return this.copyAs(path, backupFileName(id, this.now(), randomBytes(3).toString('hex')))
  }

  /** The same durable copy, under the name that marks the version a migration from `from` replaced. */
  takeBeforeMigration(path: string, id: string, from: number): Promise<string> {
    return this.copyAs(path, `${id}.json.v${from}-${fileStamp(this.now())}.bak`)
  }

  private async copyAs(path: string, name: string): Promise<string> {
    await this.fs.mkdir(this.dir, { recursive: true })
    // Same temp naming as DurableJsonFile, so the start-up sweep clears a copy a crash cut short.
    const temp = join(this.dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
    try {
      await this.fs.copyFile(path, temp, constants.COPYFILE_EXCL)
      // r+, not r: Windows cannot flush a handle opened read-only.
      const handle = await this.fs.open(temp, 'r+')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
      await this.fs.rename(temp, this.pathOf(name))
    } catch (error) {
      await this.fs.rm(temp, { force: true }).catch(() => undefined)
      throw error
    }
    return name
  }

  /** Campaign `id`'s backups, newest first; names of other campaigns and stray files are ignored. */
  async list(id: string): Promise<BackupFile[]> {
    const names = (await this.fs.readdir(this.dir).catch(ignoreCode('ENOENT'))) ?? []
    const files: BackupFile[] = []
    for (const file of names) {
      const parsed = parseBackupName(file)
      if (parsed === null || parsed.id !== id) continue
      // Gone between readdir and stat (pruned by a concurrent call): simply not listed.
      const stat = await this.fs.stat(this.pathOf(file)).catch(ignoreCode('ENOENT'))
      if (stat === undefined || !stat.isFile()) continue
      const at = parsed.at ?? new Date(stat.mtimeMs).toISOString()
      files.push({ file, id, origin: parsed.origin, at, version: `${stat.size}:${stat.mtimeMs}` })
    }
    return files.sort((a, b) => b.at.localeCompare(a.at) || b.file.localeCompare(a.file))
  }

  /** The retention plan for `files` now; `good` marks the files known to decode. */
  plan(files: readonly BackupFile[], good: (file: BackupFile) => boolean | undefined): RetentionPlan {
    const entries = files.map((f) => ({
      file: f.file,
      at: Date.parse(f.at),
      origin: f.origin,
      good: good(f)
    }))
    return planRetention(entries, this.now(), this.limits)
  }

  /**
   * Deletes the backups the retention policy lets go; returns their names. `isGood` (decoding, cached by the
   * caller) is asked newest first only until one good backup is found among those kept, or else among the
   * rest, which then stays: the policy's "never delete the only good backup" needs no more than that.
   */
  async prune(id: string, isGood?: (file: BackupFile) => Promise<boolean>): Promise<string[]> {
    const files = await this.list(id)
    let plan = this.plan(files, () => undefined)
    if (plan.prune.length === 0) return []
    if (isGood !== undefined) {
      const first = plan
      const order = [
        ...files.filter((f) => first.keep.has(f.file)),
        ...files.filter((f) => !first.keep.has(f.file))
      ]
      let found: string | undefined
      for (const file of order) {
        if (await isGood(file)) {
          found = file.file
          break
        }
      }
      plan = this.plan(files, (f) => (f.file === found ? true : undefined))
    }
    for (const file of plan.prune) await this.fs.rm(this.pathOf(file), { force: true })
    return plan.prune
  }

  /** The full path of a backup named `file` (a name from {@link list}, never user text). */
  pathOf(file: string): string {
    return join(this.dir, file)
  }

  /** Deletes temp copies a killed backup left behind; call at start-up. */
  sweep(): Promise<string[]> {
    return sweepTempFiles(this.dir, this.fs)
  }
}
