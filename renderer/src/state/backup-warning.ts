import type { SaveReport } from '../../../main/store/campaign-store'
import { translate, type Locale } from '../i18n'

// Issue 18 "Never lose a campaign, part 2": a save that could not keep the version it replaced as a backup
// (disk full) still saves, so nothing else would tell the GM that there is no going back any more. The app
// keeps this warning above every page until a later save keeps its backup again. Pure, so both languages and
// every transition are unit-tested.

/** Backups failing (`error` as the system said it) and whether the GM closed the banner; null: all is well. */
export type BackupWarning = { error: string; dismissed: boolean } | null

/**
 * The warning after a save's report: a failed backup raises it (or keeps it, still dismissed if it was: the
 * autosave reports after every command, and a GM who closed it has read it), a kept one clears it, and `none`
 * (a new campaign, nothing to keep) says nothing either way.
 */
export function warningAfterSave(current: BackupWarning, report: SaveReport): BackupWarning {
  if (report.backup === 'kept') return null
  if (report.backup === 'none') return current
  return { error: report.error ?? '', dismissed: current?.dismissed ?? false }
}

/** The warning with its banner closed; it comes back only after a backup succeeds and a later one fails. */
export function dismissWarning(current: BackupWarning): BackupWarning {
  return current === null ? null : { ...current, dismissed: true }
}

/** True when the banner is to be shown. */
export function warningShown(warning: BackupWarning): warning is { error: string; dismissed: false } {
  return warning !== null && !warning.dismissed
}

/** Error names that mean "the disk is full" (ENOSPC; EDQUOT: over the user's disk quota). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT'])

/** The banner's sentence: what happened, why, and what to do, in the GM's language. */
export function backupWarningText(locale: Locale, error: string): string {
  if (DISK_FULL.has(error)) return translate(locale, 'backupWarning.diskFull')
  if (error === 'QuotaExceededError') return translate(locale, 'backupWarning.browserFull')
  return translate(locale, 'backupWarning.other', { error: error === '' ? '?' : error.slice(0, 80) })
}
