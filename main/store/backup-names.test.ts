import { describe, expect, it } from 'vitest'
import {
  BACKUP_FILE_PATTERN,
  backupFileName,
  fileStamp,
  parseBackupName,
  parseFileStamp
} from './backup-names'

describe('backup names', () => {
  it('round-trips a timestamped name, with and without the random part', () => {
    const at = new Date('2026-11-30T04:39:00.123Z')
    expect(backupFileName('demo', at, '1a2b3c')).toBe('demo.20261130T043900123Z.1a2b3c.bak')
    expect(backupFileName('demo', at)).toBe('demo.20261130T043900123Z.bak')
    for (const name of [backupFileName('demo', at, '1a2b3c'), backupFileName('demo', at)]) {
      expect(parseBackupName(name)).toEqual({ id: 'demo', origin: 'save', at: at.toISOString() })
      expect(BACKUP_FILE_PATTERN.test(name)).toBe(true)
    }
    expect(parseFileStamp(fileStamp(at))).toBe(at.toISOString())
  })

  it.each([
    ['demo.json.1.bak', { id: 'demo', origin: 'save' }],
    ['my-camp-2.json.3.bak', { id: 'my-camp-2', origin: 'save' }],
    [
      'demo.json.v0-20261130T043900123Z.bak',
      { id: 'demo', origin: 'migration', at: '2026-11-30T04:39:00.123Z' }
    ]
  ])('reads the older form %s', (name, parsed) => {
    expect(parseBackupName(name)).toEqual(parsed)
    expect(BACKUP_FILE_PATTERN.test(name)).toBe(true)
  })

  it.each([
    '../demo.20261130T043900123Z.1a2b3c.bak',
    'backups/demo.json.1.bak',
    'demo.20261130T043900123Z.1a2b3c.bak/..',
    'demo\\..\\x.json.1.bak',
    '..',
    '',
    'demo.json',
    'demo.json.0.bak',
    'demo.json.1000.bak',
    'Demo.json.1.bak',
    'demo.20261130T043900123Z.1A2B3C.bak',
    'demo.20261130T043900123Z.1a2b3c.bak.tmp',
    '.demo.20261130T043900123Z.1a2b3c.bak.123.abcdef01.tmp',
    'demo.20261130T043900123Z.1a2b3c.bak\0'
  ])('refuses %j', (name) => {
    expect(BACKUP_FILE_PATTERN.test(name)).toBe(false)
    expect(parseBackupName(name)).toBeNull()
  })

  it('refuses a stamp that is no real instant even where the pattern has the right digits', () => {
    expect(parseFileStamp('20260231T000000000Z')).toBeNull()
    expect(parseFileStamp('20261130T246000000Z')).toBeNull()
    expect(parseBackupName('demo.20260231T000000000Z.bak')).toBeNull()
    expect(parseBackupName('demo.20261330T043900123Z.1a2b3c.bak')).toBeNull()
  })
})
