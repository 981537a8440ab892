import { randomBytes } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import { StoreError } from './campaign-store'
import { errorCode, processIsAlive } from './durable-json-file'

// One writer per campaigns folder (reliability.md D7). Electron's single-instance lock covers two copies of
// the app with the same profile; this covers everything else that opens a store on the folder (a second
// profile pointed at it, a tool, a test), because two writers silently undo each other's saves and one's
// start-up sweep would delete the other's temp files. The lock is a small file beside the folder, so it
// exists before the folder does (first run seeds the folder by renaming a scratch copy into place).

/** Who holds a folder: written into the lock file as JSON. */
export interface LockOwner {
  pid: number
  host: string
  /** A random token: tells this holder's lock from a later one's when releasing or breaking it. */
  token: string
  since: string
}

/** Options for {@link lockFolder}; tests swap in a clock, a host name and a liveness check. */
export interface FolderLockOptions {
  fs?: Pick<typeof fsp, 'open' | 'readFile' | 'unlink' | 'utimes' | 'stat' | 'mkdir'>
  host?: string
  pid?: number
  isAlive?: (pid: number) => boolean
  now?: () => Date
  /** How often the holder touches the lock (default 30 s). */
  heartbeatMs?: number
  /**
   * A lock untouched for this long is stale even if its pid seems alive (default 3 min): the pid may belong
   * to another process by now (a reboot), or the holder may be on another machine sharing the folder.
   */
  staleMs?: number
}

/** A held lock: released on close, kept fresh meanwhile. */
export interface FolderLock {
  readonly path: string
  readonly owner: LockOwner
  release(): Promise<void>
}

/** The lock file of a campaigns folder. */
export function lockPathOf(dir: string): string {
  return `${dir}.lock`
}

/**
 * Takes the folder's lock or throws `locked` (problem `folderLocked`, naming the holder). A lock left by a
 * process that is gone (same host, pid not running) or untouched for `staleMs` is broken and taken.
 */
export async function lockFolder(dir: string, options: FolderLockOptions = {}): Promise<FolderLock> {
  const fs = options.fs ?? fsp
  const path = lockPathOf(dir)
  const owner: LockOwner = {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    token: randomBytes(8).toString('hex'),
    since: (options.now?.() ?? new Date()).toISOString()
  }
  await fs.mkdir(dirname(path), { recursive: true })
  // Two tries: the second after breaking a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await create(fs, path, owner)) return held(fs, path, owner, options.heartbeatMs ?? 30_000)
    const found = await readOwner(fs, path)
    if (found === 'gone') continue
    if (!(await isStale(fs, path, found, owner, options))) throw lockedBy(found)
    // Only the lock we judged stale is removed: if its text changed meanwhile, someone else just took it.
    const again = await readOwner(fs, path)
    if (again !== 'gone' && (again === null || found === null || again.token === found.token))
      await fs.unlink(path).catch(() => undefined)
  }
  const found = await readOwner(fs, path)
  throw lockedBy(found === 'gone' ? null : found)
}

async function create(
  fs: NonNullable<FolderLockOptions['fs']>,
  path: string,
  owner: LockOwner
): Promise<boolean> {
  let handle: fsp.FileHandle
  try {
    handle = await fs.open(path, 'wx')
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw new StoreError('io', `could not lock the campaigns folder: ${errorCode(error) ?? String(error)}`)
  }
  try {
    await handle.writeFile(JSON.stringify(owner))
    await handle.sync()
  } finally {
    await handle.close()
  }
  return true
}

/** The holder as the lock file says; null when the file is unreadable (a crash mid-write); 'gone' if deleted. */
async function readOwner(
  fs: NonNullable<FolderLockOptions['fs']>,
  path: string
): Promise<LockOwner | null | 'gone'> {
  let text: string
  try {
    text = await fs.readFile(path, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone'
    throw new StoreError(
      'io',
      `could not read the campaigns folder lock: ${errorCode(error) ?? String(error)}`
    )
  }
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const { pid, host, token, since } = value as Record<string, unknown>
    if (typeof pid !== 'number' || typeof host !== 'string' || typeof token !== 'string') return null
    return { pid, host, token, since: typeof since === 'string' ? since : '' }
  } catch {
    return null
  }
}

async function isStale(
  fs: NonNullable<FolderLockOptions['fs']>,
  path: string,
  found: LockOwner | null,
  me: LockOwner,
  options: FolderLockOptions
): Promise<boolean> {
  const stat = await fs.stat(path).catch(() => null)
  if (stat === null) return true
  const age = (options.now?.() ?? new Date()).getTime() - stat.mtimeMs
  if (age > (options.staleMs ?? 180_000)) return true
  // Unreadable but fresh: a holder that crashed while writing it, or one writing it right now. Wait it out.
  if (found === null) return false
  const isAlive = options.isAlive ?? processIsAlive
  // Our own pid: a store of this very process that is gone (the store worker restarted after a crash) or
  // replaced (a test reopening the folder). One process opens one store; the lock is between processes.
  return found.host === me.host && (found.pid === me.pid || !isAlive(found.pid))
}

function held(
  fs: NonNullable<FolderLockOptions['fs']>,
  path: string,
  owner: LockOwner,
  heartbeatMs: number
): FolderLock {
  // Touching the file tells others the holder lives, even where its pid cannot be checked (another host).
  const timer = setInterval(() => {
    const now = new Date()
    void fs.utimes(path, now, now).catch(() => undefined)
  }, heartbeatMs)
  timer.unref?.()
  return {
    path,
    owner,
    async release() {
      clearInterval(timer)
      const found = await readOwner(fs, path).catch(() => null)
      // Never remove a lock that is no longer ours (broken as stale while this process was suspended).
      if (found !== 'gone' && found?.token === owner.token) await fs.unlink(path).catch(() => undefined)
    }
  }
}

function lockedBy(owner: LockOwner | null): StoreError {
  const who = owner === null ? 'another process' : `process ${owner.pid} on ${owner.host}`
  return new StoreError('locked', `the campaigns folder is in use by ${who}`, undefined, {
    problem: 'folderLocked',
    params: { pid: owner?.pid ?? '?', host: (owner?.host ?? '?').slice(0, 100) }
  })
}
