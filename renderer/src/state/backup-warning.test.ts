import { describe, expect, it } from 'vitest'
import type { SaveReport } from '../../../main/store/campaign-store'
import {
  backupWarningText,
  dismissWarning,
  warningAfterSave,
  warningShown,
  type BackupWarning
} from './backup-warning'

// Issue 18: a save whose backup failed (disk full) is told to the GM by a banner that stays until a later
// save keeps its backup again, in Spanish and in English.

const failed: SaveReport = { backup: 'failed', error: 'ENOSPC' }
const kept: SaveReport = { backup: 'kept' }
const none: SaveReport = { backup: 'none' }

/** The warning after `reports`, in order, from none. */
const after = (...reports: SaveReport[]): BackupWarning =>
  reports.reduce(warningAfterSave, null as BackupWarning)

describe('the backup warning', () => {
  it('appears when a backup fails and clears when a later save keeps its backup', () => {
    expect(after(kept)).toBeNull()
    expect(after(failed)).toEqual({ error: 'ENOSPC', dismissed: false })
    expect(warningShown(after(failed))).toBe(true)
    expect(after(failed, kept)).toBeNull()
  })

  it('is neither raised nor cleared by a save with nothing to keep (a new campaign)', () => {
    expect(after(none)).toBeNull()
    expect(after(failed, none)).toEqual({ error: 'ENOSPC', dismissed: false })
  })

  it('stays closed once dismissed while backups keep failing, and comes back after they recovered', () => {
    const dismissed = dismissWarning(after(failed))
    expect(warningShown(dismissed)).toBe(false)
    const stillFailing = warningAfterSave(dismissed, failed)
    expect(warningShown(stillFailing)).toBe(false)
    const again = [kept, failed].reduce(warningAfterSave, stillFailing)
    expect(warningShown(again)).toBe(true)
    expect(dismissWarning(null)).toBeNull()
  })

  it('keeps the newest error the system gave', () => {
    expect(after(failed, { backup: 'failed', error: 'EIO' })).toEqual({ error: 'EIO', dismissed: false })
  })
})

describe('backupWarningText', () => {
  it('says a full disk plainly, and what to do, in both languages', () => {
    expect(backupWarningText('es', 'ENOSPC')).toBe(
      'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (disco lleno). Libera espacio: sin copias no podrás volver atrás si algo sale mal.'
    )
    expect(backupWarningText('en', 'ENOSPC')).toBe(
      'Saved, but the previous version could not be kept as a backup (the disk is full). Free some space: without backups there is no going back if something goes wrong.'
    )
    expect(backupWarningText('en', 'EDQUOT')).toBe(backupWarningText('en', 'ENOSPC'))
  })

  it('says a full browser storage, with the way out the browser has: exporting', () => {
    expect(backupWarningText('es', 'QuotaExceededError')).toBe(
      'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (el almacenamiento del navegador está lleno). Sin copias no podrás volver atrás si algo sale mal: exporta la campaña para tener una copia.'
    )
    expect(backupWarningText('en', 'QuotaExceededError')).toBe(
      'Saved, but the previous version could not be kept as a backup (the browser’s storage is full). Without backups there is no going back if something goes wrong: export the campaign to keep a copy.'
    )
  })

  it('names any other error as the system gave it', () => {
    expect(backupWarningText('es', 'EACCES')).toBe(
      'Guardado, pero no se pudo conservar la versión anterior como copia de seguridad (EACCES). Sin copias no podrás volver atrás si algo sale mal.'
    )
    expect(backupWarningText('en', '')).toBe(
      'Saved, but the previous version could not be kept as a backup (?). Without backups there is no going back if something goes wrong.'
    )
  })
})
