import type { QuarantineEntry } from '../../../main/store/campaign-store'
import { translate, type Locale } from '../i18n'

// Pure wording for the backups dialog and the quarantine notice, so both languages are unit-tested.

/** A backup's time in the GM's language and local time, to the second: a fight saves every few seconds. */
export function formatBackupTime(locale: Locale, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
    new Date(iso)
  )
}

/**
 * The notice for a file moved aside: which campaign, why in plain words, and which backup was opened in
 * its place, or that none could be. `name` is the campaign's name when known (the restored copy's), else
 * its id.
 */
export function quarantineNoticeText(
  locale: Locale,
  entry: QuarantineEntry,
  name: string,
  timeZone?: string
): string {
  const reason = translate(locale, `quarantine.reason.${entry.reason}`)
  if (entry.restoredAt === undefined) return translate(locale, 'quarantine.lost', { name, reason })
  const time = formatBackupTime(locale, entry.restoredAt, timeZone)
  return translate(locale, 'quarantine.restored', { name, reason, time })
}
