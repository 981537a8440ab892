import { randomBytes } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Adapter } from 'lowdb'
import type { ProblemDetail } from './store-problem'

// lowdb's own JSONFile (steno) renames a fixed `.name.tmp` without fsync: atomic against a crash, not against
// power loss, and two writers share one temp file (reliability.md §0.1). This adapter closes those gaps.

/** The file system calls the adapter makes; tests swap in a recorder or inject failures. */
export type DurableFs = Pick<
  typeof fsp,
  'open' | 'rename' | 'copyFile' | 'unlink' | 'stat' | 'readdir' | 'rm' | 'mkdir' | 'readFile'
>

/** What the adapter hands lowdb: parsed JSON in a box, so `null` or `0` in a file is not mistaken for "missing". */
export interface StoredJson {
  data: unknown
}

/** A file that exists but cannot be read as JSON; the store quarantines it. */
export class FileRejectedError extends Error {
  override readonly name = 'FileRejectedError'
  constructor(
    readonly reason: 'corrupt' | 'tooLarge',
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
  /**
   * Sets the previous version aside (backup-folder.ts `take`) once the new one is safely in its temp
   * file and before it replaces the old; called only when there is an old file. A failure warns, never
   * fails the save.
   */
  backup?: (path: string) => Promise<unknown>
  fs?: DurableFs
  platform?: NodeJS.Platform
  /** Pause between rename retries on Windows, where antivirus and indexers hold files briefly. */
  retryDelayMs?: number
  /** Told about problems that do not fail the save, such as a backup that could not be taken. */
  onWarning?: (message: string) => void
}

const TEMP_FILE = /^\..+\.tmp$/

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

  /** Parsed contents, or null when the file does not exist; throws FileRejectedError when it is unreadable. */
  async read(): Promise<StoredJson | null> {
    let handle: fsp.FileHandle
    try {
      handle = await this.fs.open(this.path, 'r')
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null
      throw error
    }
    let bytes: Buffer
    try {
      // Size first, from the same handle, so a huge file is never pulled into memory.
      const { size } = await handle.stat()
      if (size > this.maxBytes)
        throw new FileRejectedError('tooLarge', `file is ${size} bytes (cap ${this.maxBytes})`, {
          problem: 'fileTooLarge',
          params: { limit: this.maxBytes, found: size }
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
    try {
      return { data: JSON.parse(text) as unknown }
    } catch (error) {
      throw new FileRejectedError('corrupt', `file is not valid JSON (${messageOf(error)})`, {
        problem: 'notJson'
      })
    }
  }

  /** Replaces the file so that a crash or power loss leaves either the old or the new version, whole. */
  async write(doc: StoredJson): Promise<void> {
    const text = JSON.stringify(doc.data, null, 2) as string | undefined
    if (text === undefined) throw new TypeError('nothing to write: the value is not JSON')
    const dir = dirname(this.path)
    // Unique per write: a fixed temp name is shared by concurrent writers and can tear (lowdb's JSONFile).
    const temp = join(dir, `.${basename(this.path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
    let handle: fsp.FileHandle | undefined
    try {
      handle = await this.fs.open(temp, 'wx')
      await handle.writeFile(text + '\n', 'utf8')
      await handle.sync()
      const closing = handle
      handle = undefined
      await closing.close()
      await this.backUpPrevious()
      await this.renameWithRetry(temp, this.path)
    } catch (error) {
      const open = handle
      if (open !== undefined) await quietly(() => open.close())
      await quietly(() => this.fs.unlink(temp))
      throw error
    }
    await this.syncDir(dir)
  }

  private async backUpPrevious(): Promise<void> {
    const backup = this.options.backup
    if (backup === undefined) return
    try {
      // Nothing to back up on the first save.
      await this.fs.stat(this.path)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return
      throw error
    }
    try {
      await backup(this.path)
    } catch (error) {
      // A missing backup must not cost the GM the save itself.
      this.options.onWarning?.(`could not back up ${this.path}: ${messageOf(error)}`)
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

/** Deletes temp files a killed process left behind; call at start-up, before any write. */
export async function sweepTempFiles(dir: string, fs: DurableFs = fsp): Promise<string[]> {
  const names = await fs.readdir(dir).catch(ignoreCode('ENOENT'))
  const temps = (names ?? []).filter((name) => TEMP_FILE.test(name))
  for (const name of temps) await fs.rm(join(dir, name), { force: true })
  return temps
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
