import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { join } from 'node:path'
import { fileStamp, parseFileStamp } from './backup-names'
import type { QuarantineEntry } from './campaign-store'
import { errorCode, ignoreCode, type DurableFs } from './durable-json-file'

/** The folder, inside the campaigns folder, where unreadable files are moved. */
const QUARANTINE_DIR = 'quarantine'

type Reason = QuarantineEntry['reason']

const ENTRY = /^([a-z0-9][a-z0-9-]{0,63})\.(\d{8}T\d{9}Z)\.(corrupt|invalid|tooLarge)\.[0-9a-f]+\.json$/

/** Moves `<dir>/<id>.json` into quarantine under a new, unique name; returns that path relative to `dir`. */
export async function quarantineFile(
  fs: DurableFs,
  dir: string,
  id: string,
  reason: Reason,
  now: Date
): Promise<string> {
  await fs.mkdir(join(dir, QUARANTINE_DIR), { recursive: true })
  // The random part keeps two quarantines in the same millisecond apart: rename would overwrite silently.
  const name = `${id}.${fileStamp(now)}.${reason}.${randomBytes(3).toString('hex')}.json`
  const relative = `${QUARANTINE_DIR}/${name}`
  await fs.rename(join(dir, `${id}.json`), join(dir, QUARANTINE_DIR, name))
  return relative
}

/**
 * Keeps a durable copy of the file at `path` (campaign `id`'s, about to be replaced) in quarantine and returns
 * its path relative to `dir`. A hard link when the file system has them: instant, no extra space, so it still
 * works on a full disk; a synced copy otherwise. The quarantine folder is synced either way, so once this
 * returns the damaged file survives a crash, whatever happens to `path` next.
 */
export async function keepInQuarantine(
  fs: DurableFs,
  dir: string,
  path: string,
  id: string,
  reason: Reason,
  now: Date
): Promise<string> {
  const folder = join(dir, QUARANTINE_DIR)
  await fs.mkdir(folder, { recursive: true })
  const name = `${id}.${fileStamp(now)}.${reason}.${randomBytes(3).toString('hex')}.json`
  const target = join(folder, name)
  try {
    await fs.link(path, target)
  } catch (error) {
    // FAT and exFAT (USB sticks) and some network shares have no hard links: copy instead.
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV', 'EOPNOTSUPP', 'EMLINK'].includes(errorCode(error) ?? ''))
      throw error
    await fs.copyFile(path, target, constants.COPYFILE_EXCL)
    await syncPath(fs, target, 'r+')
  }
  await syncPath(fs, folder, 'r').catch(() => undefined)
  return `${QUARANTINE_DIR}/${name}`
}

async function syncPath(fs: DurableFs, path: string, flags: string): Promise<void> {
  const handle = await fs.open(path, flags)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Reads the quarantine folder back into entries, newest first; the file names carry everything. */
export async function listQuarantine(fs: DurableFs, dir: string): Promise<QuarantineEntry[]> {
  const names = (await fs.readdir(join(dir, QUARANTINE_DIR)).catch(ignoreCode('ENOENT'))) ?? []
  const entries: QuarantineEntry[] = []
  for (const name of names) {
    const match = ENTRY.exec(name)
    if (match === null) continue
    const [, id = '', stamp = '', reason = ''] = match
    const at = parseFileStamp(stamp)
    if (at === null) continue
    entries.push({ id, file: `${QUARANTINE_DIR}/${name}`, reason: reason as Reason, at })
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.file.localeCompare(b.file))
}
