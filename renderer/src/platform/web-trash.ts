import { fileStamp } from '../../../main/store/backup-names'
import type { KeyValueStorage } from './web-store'

// The browser twin of the desktop's trash/ folder: a removed campaign's entry and its backups move, key by key,
// under `emboscada:trash:<id>:<stamp>[.<n>]:`, one prefix per removal, so a later removal never overwrites an
// earlier one. Key by key rather than one big record, so a move never needs twice the campaign's room in a
// storage quota of a few megabytes.

const TRASH = 'emboscada:trash:'
const ENTRY = /^emboscada:trash:([a-z0-9][a-z0-9-]{0,63}):(\d{8}T\d{9}Z)(?:\.([1-9]\d{0,3}))?:/

/** Where a trashed campaign's keys came from: its current version and its backups. */
export interface TrashedKeys {
  /** The storage key of the campaign's current version. */
  current: string
  /** The storage keys of its backups. */
  backups: string[]
}

/** The suffix a moved key gets inside its trash entry: `campaign`, or `backup:` and the backup key's tail. */
function suffixOf(key: string, keys: TrashedKeys): string {
  return key === keys.current ? 'campaign' : `backup:${key.slice(key.lastIndexOf(':') + 1)}`
}

/** Removed campaigns in browser storage. */
export class WebTrash {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => Date
  ) {}

  /**
   * Moves the campaign's current version, then its backups, under a new trash entry; returns the entry's
   * prefix. Each key is written before the original is removed, so a full storage stops the move with
   * nothing lost (the error is thrown to the caller).
   */
  put(id: string, keys: TrashedKeys): string {
    const entry = this.#newEntry(id)
    for (const key of [keys.current, ...keys.backups]) {
      const text = this.storage.getItem(key)
      if (text === null) continue
      this.storage.setItem(entry + suffixOf(key, keys), text)
      this.storage.removeItem(key)
    }
    return entry
  }

  /** The newest trash entry of `id` (its key prefix), or null. */
  newest(id: string): string | null {
    return (
      this.#entries()
        .filter((e) => e.id === id)
        .at(-1)?.prefix ?? null
    )
  }

  /** Every id with something in the trash: new campaigns avoid them, so an undo finds its id free. */
  ids(): Set<string> {
    return new Set(this.#entries().map((e) => e.id))
  }

  /**
   * Moves entry `prefix` back: backups first (under `backupKey(tail)`, skipping a taken key, which stays in
   * the trash), then the current version to `current`. The caller has checked that `current` is free.
   */
  restore(prefix: string, current: string, backupKey: (tail: string) => string): void {
    const keys = this.#keysUnder(prefix)
    for (const key of keys) {
      const tail = key.slice(prefix.length)
      if (!tail.startsWith('backup:')) continue
      const target = backupKey(tail.slice('backup:'.length))
      if (this.storage.getItem(target) !== null) continue
      this.#move(key, target)
    }
    this.#move(prefix + 'campaign', current)
  }

  #move(from: string, to: string): void {
    const text = this.storage.getItem(from)
    if (text === null) return
    this.storage.setItem(to, text)
    this.storage.removeItem(from)
  }

  #newEntry(id: string): string {
    const stamp = fileStamp(this.now())
    const taken = new Set(this.#entries().map((e) => e.prefix))
    for (let n = 1; ; n++) {
      const prefix = n === 1 ? `${TRASH}${id}:${stamp}:` : `${TRASH}${id}:${stamp}.${n}:`
      if (!taken.has(prefix)) return prefix
    }
  }

  /** Trash entries, oldest first (by time, then by same-millisecond counter). */
  #entries(): { prefix: string; id: string; stamp: string; n: number }[] {
    const seen = new Map<string, { prefix: string; id: string; stamp: string; n: number }>()
    for (const key of this.#keysUnder(TRASH)) {
      const match = ENTRY.exec(key)
      if (match === null || seen.has(match[0])) continue
      seen.set(match[0], {
        prefix: match[0],
        id: match[1] ?? '',
        stamp: match[2] ?? '',
        n: Number(match[3] ?? 1)
      })
    }
    return [...seen.values()].sort((a, b) => a.stamp.localeCompare(b.stamp) || a.n - b.n)
  }

  #keysUnder(prefix: string): string[] {
    const keys: string[] = []
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    return keys
  }
}
