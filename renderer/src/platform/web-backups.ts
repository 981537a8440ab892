import type { Campaign } from '../../../rules/core/schemas'
import { backupFileName, fileStamp, parseBackupName, parseFileStamp } from '../../../main/store/backup-names'
import { planRetention } from '../../../main/store/backup-policy'
import {
  StoreError,
  type BackupEntry,
  type QuarantineEntry,
  type SaveReport
} from '../../../main/store/campaign-store'
import { decodeCampaign } from '../../../main/store/decode'
import { campaignMigrations } from '../../../main/store/migrations'
import type { KeyValueStorage } from './web-store'

// The browser twin of backups/ and quarantine/: a few versions per campaign in the same storage, since
// localStorage has only a few megabytes. Backups give way to saves: a save never fails because of them, but
// its report says when the version it replaced could not be kept, so the GM is told.

/** How many previous versions of each campaign the browser keeps. */
export const WEB_BACKUPS_KEPT = 5

const BACKUP = 'emboscada:backup:'

/** What browsers call a full storage (DOMException's name); the save report's `error` says it this way. */
export const QUOTA_EXCEEDED = 'QuotaExceededError'

/** True for a storage write refused for lack of room (some browsers only say "quota" in the message). */
export function isStorageFull(error: unknown): boolean {
  return error instanceof Error && (error.name === QUOTA_EXCEEDED || /quota/i.test(error.message))
}

/** The storage key prefix of campaign `id`'s backups (`emboscada:backup:<id>:<stamp>`). */
export function backupPrefix(id: string): string {
  return `${BACKUP}${id}:`
}
const QUARANTINE = 'emboscada:quarantine:'
const QUARANTINE_KEY =
  /^emboscada:quarantine:([a-z0-9][a-z0-9-]{0,63}):(\d{8}T\d{9}Z):(corrupt|invalid|tooLarge)$/

type Reason = QuarantineEntry['reason']

/** What {@link WebBackups} needs from the store around it. */
export interface WebBackupsDeps {
  storage: KeyValueStorage
  /** The storage key of a campaign's current version. */
  keyOf: (id: string) => string
  /**
   * The current version, validated; throws the store's StoreError (corrupt, invalid, notFound...), or a
   * `tooNew` / `unknownRules` one for an entry this version cannot open, which is then left exactly as it is.
   */
  readCurrent: (id: string) => Campaign
  now: () => Date
}

interface StoredBackup {
  key: string
  file: string
  at: string
}

/** Backups (`emboscada:backup:<id>:<stamp>`), quarantine (`emboscada:quarantine:<id>:<stamp>:<reason>`). */
export class WebBackups {
  /** Quarantine keys written this session, with the backup opened in their place if one was good. */
  readonly #session = new Map<string, { restoredFrom: string; restoredAt: string } | null>()
  /** By backup key: the text decoded and what it gave (null: damaged); another tab may rewrite a key. */
  readonly #readable = new Map<string, { text: string; campaign: Campaign | null }>()
  /** By id: the text last read or written, known good, so a save need not re-validate what it replaces. */
  readonly #known = new Map<string, string>()

  constructor(private readonly deps: WebBackupsDeps) {}

  /** The campaign; if its entry cannot be read, it is moved aside and the newest good backup opened. */
  open(id: string): Campaign {
    try {
      const campaign = this.deps.readCurrent(id)
      this.#remember(id)
      return campaign
    } catch (error) {
      const reason = reasonToMove(error)
      const moved = this.#moveAside(id, reason)
      // Could not keep a copy (storage full): leave the entry exactly as it is and report the original error.
      if (moved === null) throw error
      this.#session.set(moved, null)
      const good = this.#entries(id).find((b) => this.#decode(b) !== null)
      const campaign = good === undefined ? null : this.#decode(good)
      const why = (error as StoreError).message
      if (good === undefined || campaign === null)
        throw new StoreError(reason, `${why}; it was moved aside, and there is no good backup`, moved)
      try {
        this.writeCurrent(id, JSON.stringify(campaign))
      } catch {
        throw new StoreError(
          'io',
          `${why}; it was moved aside, but its backup could not be written back`,
          moved
        )
      }
      this.#session.set(moved, { restoredFrom: good.file, restoredAt: good.at })
      return campaign
    }
  }

  /**
   * Replaces campaign `id`'s entry with `text`. The version it replaces is kept as a backup first (best
   * effort: the report says when it could not be), an unreadable one is moved aside (required: nothing
   * unreadable is overwritten), and one this version cannot open refuses the save with nothing written. The
   * write's own storage error is thrown.
   */
  save(id: string, text: string): SaveReport {
    const aside = this.#setAside(id)
    this.writeCurrent(id, text)
    // Room for the save comes from the oldest backups first: with nothing older left, this one went too.
    if (aside.key !== undefined && this.deps.storage.getItem(aside.key) === null)
      return { backup: 'failed', error: QUOTA_EXCEEDED }
    return aside.report
  }

  /** Keeps the current version as a backup, or moves an unreadable one aside; `key`: the backup kept. */
  #setAside(id: string): { report: SaveReport; key?: string } {
    const text = this.deps.storage.getItem(this.deps.keyOf(id))
    if (text === null) return { report: { backup: 'none' } }
    if (this.#known.get(id) !== text) {
      try {
        this.deps.readCurrent(id)
      } catch (error) {
        if (this.#moveAside(id, reasonToMove(error)) === null)
          throw new StoreError('io', `could not move the unreadable "${id}" aside; it was not overwritten`)
        return { report: { backup: 'none' } }
      }
    }
    const key = this.#freeBackupKey(id)
    try {
      this.deps.storage.setItem(key, text)
    } catch (error) {
      // The save itself matters more than one more old version; the report tells the GM it is missing.
      return { report: { backup: 'failed', error: errorName(error) } }
    }
    this.#prune(id)
    return { report: { backup: 'kept' }, key }
  }

  /** Writes a campaign's current text, dropping the oldest backups while storage is too full to take it. */
  writeCurrent(id: string, text: string): void {
    for (;;) {
      try {
        this.deps.storage.setItem(this.deps.keyOf(id), text)
        this.#known.set(id, text)
        return
      } catch (error) {
        if (!this.#dropOldestBackup()) throw error
      }
    }
  }

  /** Campaign `id`'s backups for the restore UI, newest first. */
  list(id: string): BackupEntry[] {
    return this.#entries(id).map(({ file, at, key }) => {
      const campaign = this.#decode({ key, file, at })
      return campaign === null
        ? { file, at, kind: 'save', readable: false }
        : {
            file,
            at,
            kind: 'save',
            name: campaign.name,
            encounterCount: campaign.encounters.length,
            readable: true
          }
    })
  }

  /** Makes backup `file` current; the current version is kept as a backup first, or nothing happens. */
  restore(id: string, file: string): Campaign {
    const parsed = parseBackupName(file)
    if (parsed?.id !== id || parsed.at === undefined || file !== backupFileName(id, new Date(parsed.at)))
      throw new StoreError('badId', `not a backup of "${id}": ${JSON.stringify(file).slice(0, 80)}`)
    const chosen = this.#entries(id).find((b) => b.file === file)
    if (chosen === undefined) throw new StoreError('notFound', `there is no backup ${file}`)
    const campaign = this.#decode(chosen)
    if (campaign === null) throw new StoreError('corrupt', `backup ${file} cannot be restored: it is damaged`)
    const current = this.deps.storage.getItem(this.deps.keyOf(id))
    if (current !== null) {
      let readable = true
      try {
        this.deps.readCurrent(id)
      } catch (error) {
        const reason = reasonToMove(error)
        readable = false
        if (this.#moveAside(id, reason) === null)
          throw new StoreError('io', `could not move the unreadable "${id}" aside before restoring`)
      }
      try {
        if (readable) this.deps.storage.setItem(this.#freeBackupKey(id), current)
      } catch (error) {
        // Unlike a save's backup this one is required: without it the restore could not be undone.
        const message = error instanceof Error ? error.message : String(error)
        throw new StoreError(
          'io',
          `could not keep the current "${id}" before restoring: ${message}`,
          undefined,
          {
            problem: 'storageFull'
          }
        )
      }
    }
    this.writeCurrent(id, JSON.stringify(campaign))
    this.#prune(id)
    return campaign
  }

  /** Every entry moved aside, newest first; this session's marked, with the backup opened in its place. */
  quarantined(): QuarantineEntry[] {
    const entries: QuarantineEntry[] = []
    for (const key of this.#keys(QUARANTINE)) {
      const match = QUARANTINE_KEY.exec(key)
      const at = match === null ? null : parseFileStamp(match[2] ?? '')
      if (match === null || at === null) continue
      const entry: QuarantineEntry = { id: match[1] ?? '', file: key, reason: match[3] as Reason, at }
      const moved = this.#session.get(key)
      if (moved === undefined) entries.push(entry)
      else
        entries.push(
          moved === null ? { ...entry, thisSession: true } : { ...entry, ...moved, thisSession: true }
        )
    }
    return entries.sort((a, b) => b.at.localeCompare(a.at) || a.file.localeCompare(b.file))
  }

  #remember(id: string): void {
    const text = this.deps.storage.getItem(this.deps.keyOf(id))
    if (text !== null) this.#known.set(id, text)
  }

  /** Copies the entry to a quarantine key, then removes it; null (entry untouched) when the copy fails. */
  #moveAside(id: string, reason: Reason): string | null {
    const text = this.deps.storage.getItem(this.deps.keyOf(id))
    if (text === null) return null
    let at = this.deps.now().getTime()
    while (this.deps.storage.getItem(`${QUARANTINE}${id}:${fileStamp(new Date(at))}:${reason}`) !== null) at++
    const key = `${QUARANTINE}${id}:${fileStamp(new Date(at))}:${reason}`
    try {
      this.deps.storage.setItem(key, text)
    } catch {
      return null
    }
    this.deps.storage.removeItem(this.deps.keyOf(id))
    this.#known.delete(id)
    return key
  }

  /** A backup key no other backup of `id` has: one millisecond later while the stamp is taken. */
  #freeBackupKey(id: string): string {
    let at = this.deps.now().getTime()
    while (this.deps.storage.getItem(`${BACKUP}${id}:${fileStamp(new Date(at))}`) !== null) at++
    return `${BACKUP}${id}:${fileStamp(new Date(at))}`
  }

  /** Keeps the newest {@link WEB_BACKUPS_KEPT}; the same policy as the desktop, without the dailies. */
  #prune(id: string): void {
    const backups = this.#entries(id)
    const newestGood = backups.find((b) => this.#decode(b) !== null)?.key
    const entries = backups.map((b) => ({
      file: b.key,
      at: Date.parse(b.at),
      origin: 'save' as const,
      good: b.key === newestGood
    }))
    const plan = planRetention(entries, this.deps.now(), { saves: WEB_BACKUPS_KEPT, days: 0 })
    for (const key of plan.prune) {
      this.deps.storage.removeItem(key)
      this.#readable.delete(key)
    }
  }

  #dropOldestBackup(): boolean {
    const oldest = this.#keys(BACKUP)
      .map((key) => ({ key, stamp: key.slice(key.lastIndexOf(':') + 1) }))
      .sort((a, b) => a.stamp.localeCompare(b.stamp))[0]
    if (oldest === undefined) return false
    this.deps.storage.removeItem(oldest.key)
    this.#readable.delete(oldest.key)
    return true
  }

  #entries(id: string): StoredBackup[] {
    const prefix = `${BACKUP}${id}:`
    const backups: StoredBackup[] = []
    for (const key of this.#keys(prefix)) {
      const at = parseFileStamp(key.slice(prefix.length))
      if (at !== null) backups.push({ key, at, file: backupFileName(id, new Date(at)) })
    }
    return backups.sort((a, b) => b.at.localeCompare(a.at))
  }

  #decode(backup: StoredBackup): Campaign | null {
    const text = this.deps.storage.getItem(backup.key) ?? ''
    const cached = this.#readable.get(backup.key)
    if (cached?.text === text) return cached.campaign
    const id = backup.key.slice(BACKUP.length, backup.key.lastIndexOf(':'))
    let campaign: Campaign | null = null
    try {
      const decoded = decodeCampaign(JSON.parse(text), campaignMigrations, id)
      if (decoded.ok) campaign = decoded.campaign
    } catch {
      // Not JSON: a damaged backup, listed as unreadable.
    }
    this.#readable.set(backup.key, { text, campaign })
    return campaign
  }

  #keys(prefix: string): string[] {
    const keys: string[] = []
    for (let i = 0; i < this.deps.storage.length; i++) {
      const key = this.deps.storage.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    return keys
  }
}

/**
 * The quarantine reason for a load error that means "this entry is unreadable"; any other error is rethrown,
 * among them `tooNew` and `unknownRules`: such an entry is not damaged, and stays exactly where it is.
 */
function reasonToMove(error: unknown): Reason {
  if (
    error instanceof StoreError &&
    (error.code === 'corrupt' || error.code === 'invalid' || error.code === 'tooLarge')
  )
    return error.code
  throw error
}

/** A failed backup as reported: a full storage by the name browsers give it, else by the error's name. */
function errorName(error: unknown): string {
  if (isStorageFull(error)) return QUOTA_EXCEEDED
  return error instanceof Error ? error.name : String(error).slice(0, 80)
}
