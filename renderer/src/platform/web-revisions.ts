import { StoreError } from '../../../main/store/campaign-store'
import type { KeyValueStorage } from './web-store'

// Two tabs of the web build share one localStorage, and each autosaves its whole campaign after every command:
// without a check, the tab that saves last silently throws away what the other one played. So every change of
// a campaign's entry bumps a revision kept beside it (`emboscada:revision:<id>`), each store remembers the
// revision of the copy it handed out or saved, and a save from an older copy is refused as `stale`.
//
// localStorage has no transactions across tabs: two saves in the very same instant from two tabs can still
// race. Everything a human (or the paced AI) does is far slower than that window.

const REVISION = 'emboscada:revision:'

/** The storage key of campaign `id`'s revision. */
export function revisionKey(id: string): string {
  return REVISION + id
}

/** The campaign id of a revision key, or null for any other key (the `storage` event names the key). */
export function idOfRevisionKey(key: string | null): string | null {
  return key?.startsWith(REVISION) ? key.slice(REVISION.length) : null
}

/**
 * The revisions of the campaigns under `campaignPrefix`: `storage` is the storage as the store writes it (every
 * change of an entry bumps its revision), `assertCurrent` refuses a save from an older copy.
 */
export class WebRevisions {
  /** By id: the revision of the copy this store handed out (load, restore) or saved; null: none kept yet. */
  readonly #copies = new Map<string, string | null>()
  /** The storage with every write of a campaign's entry followed by a new revision. */
  readonly storage: KeyValueStorage

  constructor(
    private readonly raw: KeyValueStorage,
    campaignPrefix: string
  ) {
    const idOf = (key: string): string | null =>
      key.startsWith(campaignPrefix) ? key.slice(campaignPrefix.length) : null
    const write = (key: string, change: () => void): void => {
      const id = idOf(key)
      if (id === null) change()
      else this.#writeEntry(id, key, change)
    }
    this.storage = {
      get length() {
        return raw.length
      },
      key: (index) => raw.key(index),
      getItem: (key) => raw.getItem(key),
      setItem: (key, value) => write(key, () => raw.setItem(key, value)),
      removeItem: (key) => write(key, () => raw.removeItem(key))
    }
  }

  /** The caller now holds the copy storage has of `id` (loaded, restored or just saved). */
  remember(id: string): void {
    this.#copies.set(id, this.raw.getItem(revisionKey(id)))
  }

  /**
   * Refuses (`stale`) a save of `id` when this store handed out a copy and the entry changed since: another tab
   * saved, renamed, restored or removed it. A store that never read the id writes blind, as a new campaign does.
   */
  assertCurrent(id: string): void {
    if (!this.#copies.has(id)) return
    const mine = this.#copies.get(id) ?? null
    const stored = this.raw.getItem(revisionKey(id))
    if (mine !== stored)
      throw new StoreError(
        'stale',
        `campaign "${id}" changed since this copy was read (revision ${stored ?? 'none'}, the copy's ${mine ?? 'none'}); not saved`
      )
  }

  /**
   * Changes an entry, then bumps its revision. The entry goes first so that a tab that sees the new revision
   * (the `storage` event of its key comes last) also reads the new entry; if the revision cannot be written,
   * the entry is put back, so no tab ever misses a change.
   */
  #writeEntry(id: string, key: string, change: () => void): void {
    const before = this.raw.getItem(key)
    change()
    try {
      this.raw.setItem(revisionKey(id), String(nextRevision(this.raw.getItem(revisionKey(id)))))
    } catch (error) {
      try {
        if (before === null) this.raw.removeItem(key)
        else this.raw.setItem(key, before)
      } catch {
        // Storage too full even for the old text: the error below still tells the caller the write failed.
      }
      throw error
    }
  }
}

/** The revision after `stored`: a counter, from 1 for an entry that never had one. */
function nextRevision(stored: string | null): number {
  const n = Number(stored ?? 0)
  return Number.isSafeInteger(n) && n >= 0 ? n + 1 : 1
}
