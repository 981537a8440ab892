import { ownValue } from '../../../rules/core/own-key'

// When each campaign was last opened, kept in the browser's storage (the desktop's renderer has one too), so
// the list puts the campaigns in play first and offers "Continue" on the latest. Pure but for the storage handed in.

/** The storage key: a JSON object of campaign id → ISO time it was last opened. */
export const OPENED_KEY = 'emboscada:opened'

/** How many campaigns are remembered; the oldest are forgotten first. */
const KEPT = 100

/** The few `Storage` methods used, so tests can pass a Map-backed shim. */
export type OpenedStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Campaign id → ISO time of its last opening; an unreadable record counts as none. */
export function readOpened(storage: OpenedStorage): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(OPENED_KEY) ?? '{}')
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {}
    // Campaign ids are slugs of typed names (`constructor`): the record is built and read by own keys only.
    return Object.fromEntries(
      Object.entries(raw).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !Number.isNaN(Date.parse(entry[1]))
      )
    )
  } catch {
    return {}
  }
}

/** Notes that campaign `id` was opened at `at`; never throws (a full storage just forgets). */
export function recordOpened(storage: OpenedStorage, id: string, at: Date = new Date()): void {
  const opened = { ...readOpened(storage), [id]: at.toISOString() }
  const kept = Object.entries(opened)
    .sort((a, b) => b[1].localeCompare(a[1]))
    .slice(0, KEPT)
  try {
    storage.setItem(OPENED_KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // Remembering the order is a convenience; it must never stop a campaign from opening.
  }
}

/** When campaign `id` was last opened, if it ever was (ids such as `constructor` are no prototype reads). */
export function openedAt(opened: Readonly<Record<string, string>>, id: string): string | undefined {
  return ownValue(opened, id)
}

/** The campaigns, last opened first; those never opened keep their order (the store's, by name) after them. */
export function sortByOpened<T extends { id: string }>(
  campaigns: readonly T[],
  opened: Readonly<Record<string, string>>
): T[] {
  const at = (c: T): string => openedAt(opened, c.id) ?? ''
  return campaigns
    .map((campaign, index) => ({ campaign, index }))
    .sort((a, b) => at(b.campaign).localeCompare(at(a.campaign)) || a.index - b.index)
    .map(({ campaign }) => campaign)
}

/** The listed campaign opened most recently, with when; null if none of them was ever opened. */
export function lastOpened<T extends { id: string }>(
  campaigns: readonly T[],
  opened: Readonly<Record<string, string>>
): { campaign: T; at: string } | null {
  const [first] = sortByOpened(campaigns, opened)
  const at = first === undefined ? undefined : openedAt(opened, first.id)
  return first === undefined || at === undefined ? null : { campaign: first, at }
}
