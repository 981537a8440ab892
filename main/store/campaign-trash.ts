import { join } from 'node:path'
import { fileStamp } from './backup-names'
import type { BackupFolder } from './backup-folder'
import { errorCode, ignoreCode, type DurableFs } from './durable-json-file'

// The desktop's soft delete. A removed campaign is never deleted: its file and its backups move (rename, so
// nothing is copied or rewritten) into a folder of its own under trash/, one per removal, named by id and time.

/** The folder, inside the campaigns folder, that holds removed campaigns. */
export const TRASH_DIR = 'trash'

/** `<id>.<stamp>` or `<id>.<stamp>.<n>` for a second removal of one id in the same millisecond. */
const ENTRY = /^([a-z0-9][a-z0-9-]{0,63})\.(\d{8}T\d{9}Z)(?:\.([1-9]\d{0,3}))?$/

/** The sub-folder of a trash entry that holds the campaign's backups. */
const BACKUPS = 'backups'

/** The trash/ folder of a campaigns folder. */
export class CampaignTrash {
  private readonly root: string

  constructor(
    private readonly dir: string,
    private readonly backups: BackupFolder,
    private readonly fs: DurableFs,
    private readonly now: () => Date
  ) {
    this.root = join(dir, TRASH_DIR)
  }

  /**
   * Moves campaign `id`'s file, then its backups, into a new trash entry; returns the entry's name. The
   * campaign file goes first, so the list loses it at once; a crash before the backups follow leaves them in
   * backups/, still listed there and still restorable.
   */
  async put(id: string): Promise<string> {
    const entry = await this.newEntry(id)
    await this.fs.rename(join(this.dir, `${id}.json`), join(this.root, entry, `${id}.json`))
    const files = await this.backups.list(id)
    if (files.length > 0) await this.fs.mkdir(join(this.root, entry, BACKUPS))
    for (const { file } of files)
      await this.fs.rename(this.backups.pathOf(file), join(this.root, entry, BACKUPS, file))
    return entry
  }

  /** The newest trash entry of `id`, or null when it has none. */
  async newest(id: string): Promise<string | null> {
    const entries = (await this.entries()).filter((e) => e.id === id)
    return entries.at(-1)?.name ?? null
  }

  /** Every id with at least one trash entry: new campaigns avoid them, so an undo always finds its id free. */
  async ids(): Promise<Set<string>> {
    return new Set((await this.entries()).map((e) => e.id))
  }

  /**
   * Moves entry `entry` of `id` back: the backups first, then the campaign file, so the campaign reappears
   * whole. The caller has checked that `<id>.json` is free. A backup whose name is taken stays in the trash.
   */
  async restore(id: string, entry: string): Promise<void> {
    const folder = join(this.root, entry)
    const saved = (await this.fs.readdir(join(folder, BACKUPS)).catch(ignoreCode('ENOENT'))) ?? []
    if (saved.length > 0) await this.fs.mkdir(this.backups.dir, { recursive: true })
    for (const file of saved) {
      const target = this.backups.pathOf(file)
      if ((await this.fs.stat(target).catch(ignoreCode('ENOENT'))) !== undefined) continue
      await this.fs.rename(join(folder, BACKUPS, file), target)
    }
    await this.fs.rename(join(folder, `${id}.json`), join(this.dir, `${id}.json`))
    await this.removeIfEmpty(join(folder, BACKUPS))
    await this.removeIfEmpty(folder)
  }

  /** Trash entries, oldest first (by time, then by same-millisecond counter). */
  private async entries(): Promise<{ name: string; id: string; stamp: string; n: number }[]> {
    const names = (await this.fs.readdir(this.root).catch(ignoreCode('ENOENT'))) ?? []
    const entries = []
    for (const name of names) {
      const match = ENTRY.exec(name)
      if (match === null) continue
      entries.push({ name, id: match[1] ?? '', stamp: match[2] ?? '', n: Number(match[3] ?? 1) })
    }
    return entries.sort((a, b) => a.stamp.localeCompare(b.stamp) || a.n - b.n)
  }

  /** Creates a fresh entry folder; mkdir without `recursive` fails on an existing name, so none is reused. */
  private async newEntry(id: string): Promise<string> {
    await this.fs.mkdir(this.root, { recursive: true })
    const stamp = fileStamp(this.now())
    for (let n = 1; n < 10_000; n++) {
      const name = n === 1 ? `${id}.${stamp}` : `${id}.${stamp}.${n}`
      try {
        await this.fs.mkdir(join(this.root, name))
        return name
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error
      }
    }
    throw new Error(`no free trash entry for "${id}" at ${stamp}`)
  }

  private async removeIfEmpty(path: string): Promise<void> {
    const left = await this.fs.readdir(path).catch(ignoreCode('ENOENT'))
    if (left !== undefined && left.length === 0) await this.fs.rm(path, { recursive: true, force: true })
  }
}
