import { describe, expect, it } from 'vitest'
import { buildSampleCampaigns } from '../../../tests/tools/sample-campaigns'
import type { EncounterState } from '../../../rules/core/types'
import { freeEncounterId } from './builder'
import { freshId } from './map-edit-figures'
import { freshTemplateId } from './roster-templates'

// Issue 18 item 4: the ids the app makes from typed names may be Object.prototype's names (the rules read
// them as own keys), but never `__proto__`, which the campaign schema refuses: every generator gives a slug
// without `_` or a numbered suffix.

const NAMES = ['__proto__', 'Constructor', 'constructor', 'toString', 'hasOwnProperty']

describe('fresh ids from typed names', () => {
  const campaign = buildSampleCampaigns()[0]!
  const state = campaign.encounters[0]!.initial as EncounterState

  it.each(NAMES)('%s never gives __proto__ and stays a usable id', (name) => {
    for (const id of [freeEncounterId(campaign, name), freshId(state, name), freshTemplateId([], name)]) {
      expect(id).not.toBe('__proto__')
      expect(id.length).toBeGreaterThan(0)
    }
  })

  it('a name like an Object.prototype member is kept as its slug', () => {
    expect(freeEncounterId(campaign, 'Constructor')).toBe('constructor')
    expect(freshTemplateId([], 'Constructor')).toBe('constructor')
  })
})
