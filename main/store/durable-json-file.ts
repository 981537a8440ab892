import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Adapter } from 'lowdb'
import { checkJsonText, type TextLimits } from '../validation'
import type { ProblemDetail } from './store-problem'

// lowdb's own JSONFile (steno) renames a fixed `.name.tmp` without fsync: atomic against a crash, not against
// power loss, and two writers share one temp file (reliability.md §0.1). This adapter closes those gaps.

/** The file system calls the adapter makes; tests swap in a recorder or inject failures. */
export type DurableFs = Pick<
  typeof fsp,
  'open' | 'rename' | 'copyFile' | 'unlink' | 'stat' | 'readdir' | 'rm' | 'mkdir' | 'readFile' | 'link'
>

/** What the adapter hands lowdb: parsed JSON in a box, so `null` or `0` in a file is not mistaken for "missing". */
export interface StoredJson {
  data: unknown
  /**
   * The exact text to write for `data`, when the caller has already serialized it to check its size: the size
   * that is checked is then the size that is written. Without it the adapter serializes `data` itself.
   */
  text?: string
}

/** A file that exists but cannot be read as JSON; the store quarantines it. */
export class FileRejectedError extends Error {
  override readonly name = 'FileRejectedError'
  constructor(
    readonly reason: 'corrupt' | 'tooLarge' | 'invalid',
    message: string,
    /** Why, in the form the UI words in the GM's language. */
    readonly detail?: ProblemDetail
  ) {
    super(message)
  }
}

/** Options for {@link DurableJsonFile}. */
export interface DurableJsonFileOptions {
  /** Files larger than this are refused before reading (reliability.md F1). */
  maxBytes?: number
  /** Checks on the text before it is parsed (nesting, number of values); none when absent. */
  textLimits?: TextLimits
  /**
   * Sets the previous version aside (backup-folder.ts `take`) once the new one is safely in its temp
   * file and before it replaces the old; called only when there is an old file. A failure warns, never
   * fails the save: the report's `backup` then says `failed`.
   */
  backup?: (path: string) => Promise<unknown>
  /**
   * A step that must succeed before the new version replaces the old, run after `backup`: the repair of a
   * damaged file keeps the damaged one in quarantine here, so at every instant the campaign has a file.
   * A failure fails the write and leaves the old file as it was.
   */
  beforeReplace?: (path: string) => Promise<unknown>
  fs?: DurableFs
  platform?: NodeJS.Platform
  /** Pause between rename retries on Windows, where antivirus and indexers hold files briefly. */
  retryDelayMs?: number
  /** Told about problems that do not fail the save, such as a backup that could not be taken. */
  onWarning?: (message: string) => void
}

/** `.<name>.<pid>.<random>.tmp`: the pid says whose it is, so a sweep never deletes a live writer's file. */
const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/

/** What a write did with the version it replaced. */
export interface WriteReport {
  /** `kept`: set aside as a backup; `none`: there was no previous version (or no backup was asked for); `failed`. */
  backup: 'kept' | 'none' | 'failed'
  /** Why the backup failed (an OS code such as ENOSPC, or a message). */
  backupError?: string
}

/** Opening for reading never waits: a FIFO named like a campaign would otherwise hang the read for ever. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** A lowdb adapter: unique temp file → write → fsync → back up the old file → rename → fsync the folder. */
export class DurableJsonFile implements Adapter<StoredJson> {
  private readonly fs: DurableFs
  private readonly maxBytes: number

  constructor(
    readonly path: string,
    private readonly options: DurableJsonFileOptions = {}
  ) {
    this.fs = options.fs ?? fsp
    this.maxBytes = options.maxBytes ?? 50 * 1024 * 1024
  }

  /**
   * Parsed contents, or null when the file does not exist or is not a regular file (a FIFO, a device or a
   * folder named like one: skipped, never read); throws FileRejectedError when it is unreadable.
   */
  async read(): Promise<StoredJson | null> {
    let handle: fsp.FileHandle
    try {
      handle = await this.fs.open(this.path, READ_FLAGS)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null
      if (errorCode(error) === 'EISDIR') return this.notAFile()
      throw error
    }
    let bytes: Buffer
    try {
      // Size and kind first, from the same handle, so a huge file is never pulled into memory.
      const stat = await handle.stat()
      if (!stat.isFile()) return this.notAFile()
      if (stat.size > this.maxBytes)
        throw new FileRejectedError('tooLarge', `file is ${stat.size} bytes (cap ${this.maxBytes})`, {
          problem: 'fileTooLarge',
          params: { limit: this.maxBytes, found: stat.size }
        })
      bytes = await handle.readFile()
    } finally {
      await handle.close()
    }
    let text: string
    try {
      // fatal: invalid UTF-8 is damage, not text; the decoder also drops a leading BOM.
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      throw new FileRejectedError('corrupt', 'file is not valid UTF-8 text', { problem: 'notUtf8' })
    }
    if (text.trim() === '') throw new FileRejectedError('corrupt', 'file is empty', { problem: 'empty' })
    const limits = this.options.textLimits
    const violation = limits === undefined ? null : checkJsonText(text, limits)
    if (violation !== null) {
      const reason = violation.kind === 'size' ? 'tooLarge' : 'invalid'
      throw new FileRejectedError(reason, violation.message, violation)
    }
    try {
      return { data: JSON.parse(text) as unknown }
    } catch (error) {
      throw new FileRejectedError('corrupt', `file is not valid JSON (${messageOf(error)})`, {
        problem: 'notJson'
      })
    }
  }

  private notAFile(): null {
    this.options.onWarning?.(`skipped ${this.path}: not a regular file`)
    return null
  }

  /** lowdb's entry point: {@link writeReporting} without the report. */
  async write(doc: StoredJson): Promise<void> {
    await this.writeReporting(doc)
  }

  /**
   * Replaces the file so that a crash or power loss leaves either the old or the new version, whole, and
   * says what became of the old one. Compact JSON: indenting made a file up to 60 times its data (deep
   * stats), and the store checks the size of the very text written here.
   */
  async writeReporting(doc: StoredJson): Promise<WriteReport> {
    const text = doc.text ?? (JSON.stringify(doc.data) as string | undefined)
    if (text === undefined) throw new TypeError('nothing to write: the value is not JSON')
    const dir = dirname(this.path)
    // Unique per write: a fixed temp name is shared by concurrent writers and can tear (lowdb's JSONFile).
    const temp = join(dir, `.${basename(this.path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
    let handle: fsp.FileHandle | undefined
    let report: WriteReport
    try {
      handle = await this.fs.open(temp, 'wx')
      await handle.writeFile(text + '\n', 'utf8')
      await handle.sync()
      const closing = handle
      handle = undefined
      await closing.close()
      report = await this.backUpPrevious()
      await this.options.beforeReplace?.(this.path)
      await this.renameWithRetry(temp, this.path)
    } catch (error) {
      const open = handle
      if (open !== undefined) await quietly(() => open.close())
      await quietly(() => this.fs.unlink(temp))
      throw error
    }
    await this.syncDir(dir)
    return report
  }

  private async backUpPrevious(): Promise<WriteReport> {
    const backup = this.options.backup
    if (backup === undefined) return { backup: 'none' }
    try {
      // Nothing to back up on the first save.
      await this.fs.stat(this.path)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return { backup: 'none' }
      throw error
    }
    try {
      await backup(this.path)
      return { backup: 'kept' }
    } catch (error) {
      // A missing backup must not cost the GM the save itself; the report tells them.
      this.options.onWarning?.(`could not back up ${this.path}: ${messageOf(error)}`)
      return { backup: 'failed', backupError: errorCode(error) ?? messageOf(error) }
    }
  }

  private async renameWithRetry(from: string, to: string): Promise<void> {
    const windows = (this.options.platform ?? process.platform) === 'win32'
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.fs.rename(from, to)
      } catch (error) {
        const transient = ['EPERM', 'EBUSY', 'EACCES'].includes(errorCode(error) ?? '')
        if (!windows || !transient || attempt >= 10) throw error
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 100))
      }
    }
  }

  private async syncDir(dir: string): Promise<void> {
    // Makes the rename itself durable. Windows cannot open a folder for fsync, and NTFS journals the rename.
    if ((this.options.platform ?? process.platform) === 'win32') return
    let handle: fsp.FileHandle | undefined
    try {
      handle = await this.fs.open(dir, 'r')
      await handle.sync()
    } catch (error) {
      // The new file is already in place; some file systems refuse directory fsync, which is no reason to fail.
      this.options.onWarning?.(`could not fsync ${dir}: ${messageOf(error)}`)
    } finally {
      const open = handle
      if (open !== undefined) await quietly(() => open.close())
    }
  }
}

/**
 * Deletes temp files a killed process left behind; call at start-up, before any write. Only those of
 * processes that are gone: a temp file of a live process is another writer's save in flight (a second
 * Emboscada on the folder, which the folder lock refuses, or a tool the lock does not know), and deleting
 * it would fail that save.
 */
export async function sweepTempFiles(
  dir: string,
  fs: DurableFs = fsp,
  isAlive: (pid: number) => boolean = processIsAlive
): Promise<string[]> {
  const names = await fs.readdir(dir).catch(ignoreCode('ENOENT'))
  const temps = (names ?? []).filter((name) => {
    const pid = TEMP_FILE.exec(name)?.[1]
    return pid !== undefined && (Number(pid) === process.pid || !isAlive(Number(pid)))
  })
  for (const name of temps) await fs.rm(join(dir, name), { force: true })
  return temps
}

/** Whether a process with this id runs on this machine (signal 0 checks without sending anything). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return errorCode(error) === 'EPERM'
  }
}

/** The `code` of a Node system error, if any. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}

/** A catch handler that swallows one error code and rethrows the rest. */
export function ignoreCode(code: string): (error: unknown) => undefined {
  return (error) => {
    if (errorCode(error) === code) return undefined
    throw error
  }
}

/** Best-effort cleanup: a failure here must not mask the error that got us here. */
async function quietly(action: () => Promise<unknown>): Promise<void> {
  try {
    await action()
  } catch {
    // Nothing more to do: the caller is already reporting the original failure.
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
