import { describe, expect, it } from 'vitest'
import { unavailableReason } from './unavailable-text'

// Issue 18: a campaign written by a newer Emboscada, or for rules this version lacks, is listed with the reason.

describe('unavailableReason', () => {
  const tooNew = {
    system: 'minecraft',
    unavailable: { reason: 'tooNew', version: 99, supported: 1 }
  } as const
  const foreign = { system: 'dnd5e', unavailable: { reason: 'unknownRules' } } as const

  it('names the format it needs and the newest this version reads', () => {
    expect(unavailableReason('es', tooNew)).toBe(
      'Necesita una versión más reciente de Emboscada (formato 99; esta lee hasta 1)'
    )
    expect(unavailableReason('en', tooNew)).toBe(
      'Needs a newer version of Emboscada (format 99; this one reads up to 1)'
    )
  })

  it('names the rules as the file says', () => {
    expect(unavailableReason('es', foreign)).toBe('Reglas desconocidas: «dnd5e»')
    expect(unavailableReason('en', foreign)).toBe('Unknown rules: “dnd5e”')
  })
})
