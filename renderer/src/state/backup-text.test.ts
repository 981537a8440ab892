import { describe, expect, it } from 'vitest'
import type { QuarantineEntry } from '../../../main/store/campaign-store'
import { formatBackupTime, quarantineNoticeText } from './backup-text'

const moved: QuarantineEntry = {
  id: 'demo',
  file: 'quarantine/demo.20261130T043900123Z.corrupt.1a2b3c.json',
  reason: 'corrupt',
  at: '2026-11-30T04:39:00.123Z',
  thisSession: true
}
const restored: QuarantineEntry = {
  ...moved,
  restoredFrom: 'backups/demo.20261129T210500000Z.abcdef.bak',
  restoredAt: '2026-11-29T21:05:00.000Z'
}

// Spaces in Intl output vary (narrow no-break before AM/PM); compare with plain spaces.
const plain = (s: string): string => s.replace(/\s/g, ' ')

describe('backup wording', () => {
  it('formats times in the GM’s language', () => {
    expect(plain(formatBackupTime('en', restored.restoredAt!, 'UTC'))).toBe('Nov 29, 2026, 9:05:00 PM')
    expect(plain(formatBackupTime('es', restored.restoredAt!, 'UTC'))).toBe('29 nov 2026, 21:05:00')
  })

  it.each([
    [
      'en',
      restored,
      '“Demo” could not be opened (the file is damaged). The file was moved aside, not deleted, and the backup from Nov 29, 2026, 9:05:00 PM was opened.'
    ],
    [
      'es',
      restored,
      '«Demo» no se pudo abrir (el archivo está dañado). El archivo se ha apartado, sin borrarlo, y se ha abierto la copia del 29 nov 2026, 21:05:00.'
    ],
    [
      'en',
      { ...moved, reason: 'invalid' as const },
      '“Demo” could not be opened (its contents are not a valid campaign). The file was moved aside, not deleted, but there is no good backup to open.'
    ],
    [
      'es',
      { ...moved, reason: 'tooLarge' as const },
      '«Demo» no se pudo abrir (el archivo es demasiado grande). El archivo se ha apartado, sin borrarlo, pero no hay ninguna copia buena que abrir.'
    ]
  ] as const)('words the %s notice for %j', (locale, entry, text) => {
    expect(plain(quarantineNoticeText(locale, entry, 'Demo', 'UTC'))).toBe(text)
  })
})
