// Pure (no Node): the IPC contract and the browser store check backup names with the same rules as the disk.

/** Where a backup came from: a copy set aside before a save, or the file as it was before a migration. */
export type BackupOrigin = 'save' | 'migration'

/** What a backup file name says about itself. */
export interface ParsedBackupName {
  /** The campaign it belongs to. */
  id: string
  origin: BackupOrigin
  /** ISO time in the name; absent for the old rotating `<id>.json.<n>.bak` names, which carry none. */
  at?: string
}

const ID = '[a-z0-9][a-z0-9-]{0,63}'
const STAMP = '\\d{8}T\\d{9}Z'

/** `<id>.<stamp>.<6 hex>.bak` on disk; the browser store leaves out the random part. */
const SAVE = new RegExp(`^(${ID})\\.(${STAMP})(?:\\.[0-9a-f]{6})?\\.bak$`)
/** The rotating names written before timestamped backups: still listed so existing folders keep working. */
const LEGACY = new RegExp(`^(${ID})\\.json\\.([1-9]\\d{0,2})\\.bak$`)
/** `<id>.json.v<from>-<stamp>.bak`, written once before a migration rewrites a file. */
const MIGRATION = new RegExp(`^(${ID})\\.json\\.v(\\d{1,6})-(${STAMP})\\.bak$`)

/** Any backup name in any of the three forms; no slash, no `..`, so it can never leave the backups folder. */
export const BACKUP_FILE_PATTERN = new RegExp(
  `^${ID}\\.(?:${STAMP}(?:\\.[0-9a-f]{6})?|json\\.[1-9]\\d{0,2}|json\\.v\\d{1,6}-${STAMP})\\.bak$`
)

/** `2026-11-30T04:39:00.123Z` → `20261130T043900123Z`: sortable and legal in Windows file names. */
export function fileStamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '')
}

/** The inverse of {@link fileStamp}; null for a stamp that is not a real instant (month 13...). */
export function parseFileStamp(s: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(s)
  if (match === null) return null
  const [, year, month, day, hours, minutes, seconds, ms] = match
  const iso = `${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${ms}Z`
  const time = Date.parse(iso)
  // Date.parse rolls some impossible dates over (Feb 31 → Mar 3); the round trip catches those too.
  return Number.isNaN(time) || new Date(time).toISOString() !== iso ? null : iso
}

/** The name of a backup taken at `date`; `suffix` (6 hex) keeps two backups in one millisecond apart. */
export function backupFileName(id: string, date: Date, suffix?: string): string {
  return suffix === undefined ? `${id}.${fileStamp(date)}.bak` : `${id}.${fileStamp(date)}.${suffix}.bak`
}

/** Reads a backup file name; null for anything else (temp files, stray names, traversal attempts). */
export function parseBackupName(name: string): ParsedBackupName | null {
  const save = SAVE.exec(name)
  if (save !== null) {
    const at = parseFileStamp(save[2] ?? '')
    return at === null ? null : { id: save[1] ?? '', origin: 'save', at }
  }
  const migration = MIGRATION.exec(name)
  if (migration !== null) {
    const at = parseFileStamp(migration[3] ?? '')
    return at === null ? null : { id: migration[1] ?? '', origin: 'migration', at }
  }
  const legacy = LEGACY.exec(name)
  return legacy === null ? null : { id: legacy[1] ?? '', origin: 'save' }
}
