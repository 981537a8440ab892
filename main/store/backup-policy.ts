import type { BackupOrigin } from './backup-names'

// Pure (no Node, no clock): the desktop store and the tests hand in the entries and "now".

/** How many backups to keep: the newest `saves`, plus the newest of each of the last `days` UTC days. */
export interface RetentionLimits {
  saves: number
  days: number
}

/** Issue 8: the last 10 saves, and one a day for a week. */
export const DEFAULT_RETENTION: RetentionLimits = { saves: 10, days: 7 }

/** One backup as the policy sees it. */
export interface RetentionEntry {
  file: string
  /** When it was set aside, in ms since the epoch. */
  at: number
  origin: BackupOrigin
  /** True when it is known to decode to a campaign; false or absent when damaged or not checked. */
  good?: boolean
}

/** Why a backup stays: a newest save, a day's newest, a pre-migration copy, or the last good one. */
export type RetentionReason = 'recent' | 'daily' | 'migration' | 'lastGood'

/** What to keep (with why) and what to delete. */
export interface RetentionPlan {
  keep: Map<string, RetentionReason>
  prune: string[]
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Keeps the newest `saves` save backups, the newest save backup of each of the last `days` UTC calendar days
 * (today included), and every pre-migration backup. If none of those is known good, the newest known-good
 * backup stays too: pruning must never delete the only copy the GM could go back to.
 */
export function planRetention(
  entries: readonly RetentionEntry[],
  now: Date,
  limits: RetentionLimits = DEFAULT_RETENTION
): RetentionPlan {
  const keep = new Map<string, RetentionReason>()
  // Newest first; equal times fall back to the name so the plan never depends on the input order.
  const byAge = [...entries].sort((a, b) => b.at - a.at || b.file.localeCompare(a.file))
  const saves = byAge.filter((e) => e.origin === 'save')
  for (const entry of byAge) if (entry.origin === 'migration') keep.set(entry.file, 'migration')
  for (const entry of saves.slice(0, Math.max(0, limits.saves))) keep.set(entry.file, 'recent')
  const today = Math.floor(now.getTime() / DAY_MS)
  const daysSeen = new Set<number>()
  for (const entry of saves) {
    const day = Math.floor(entry.at / DAY_MS)
    if (day > today || day <= today - limits.days || daysSeen.has(day)) continue
    daysSeen.add(day)
    if (!keep.has(entry.file)) keep.set(entry.file, 'daily')
  }
  if (!byAge.some((e) => e.good === true && keep.has(e.file))) {
    const lastGood = byAge.find((e) => e.good === true)
    if (lastGood !== undefined) keep.set(lastGood.file, 'lastGood')
  }
  return { keep, prune: byAge.filter((e) => !keep.has(e.file)).map((e) => e.file) }
}
