import { describe, expect, it } from 'vitest'
import { buildSampleCampaigns } from '../../tests/tools/sample-campaigns'
import { campaignSchema, type Campaign } from './schemas'
import type { EncounterState } from './types'

// Issue 18 item 4: ids come from typed names. Object.prototype's names are ids like any other, but
// `__proto__` never is: as a record key (initiative, play modes) it would swap the record's prototype.

/** The Minecraft sample, through JSON as a file is read (so a `__proto__` key is an own property). */
function sample(edit: (campaign: Campaign, initial: EncounterState) => void): unknown {
  const campaign = structuredClone(buildSampleCampaigns().find((c) => c.system === 'minecraft')!)
  edit(campaign, campaign.encounters[0]!.initial as EncounterState)
  return JSON.parse(JSON.stringify(campaign).replaceAll('"__PROTO__"', '"__proto__"'))
}

/** Renames the first figure everywhere the sample names it. */
const figureId = (id: string) => (_campaign: Campaign, initial: EncounterState) => {
  initial.combatants[0]!.id = id
}

/** Renames the first side, and its figures' side. */
const sideId = (id: string) => (_campaign: Campaign, initial: EncounterState) => {
  const old = initial.sides[0]!.id
  initial.sides[0]!.id = id
  for (const c of initial.combatants) if (c.side === old) c.side = id
}

/** Renames the first encounter (its record and its state). */
const encounterId = (id: string) => (campaign: Campaign, initial: EncounterState) => {
  campaign.encounters[0]!.id = id
  initial.id = id
}

/** Gives the first encounter a GM-mode play mode stored under its id, with the AI suggesting for a side. */
const modeKeys = (encounter: string, side: string) => (campaign: Campaign) => {
  campaign.automation = {
    encounters: { [encounter]: { mode: 'gm', sides: { [side]: 'suggests' } } }
  }
}

/** Puts an initiative count under `key`. */
const initiativeKey = (key: string) => (_campaign: Campaign, initial: EncounterState) => {
  initial.initiative = { [key]: 12 }
}

/** Adds a party template with this id. */
const templateId = (id: string) => (campaign: Campaign) => {
  campaign.party = [{ id, name: 'Steve', lifeMax: 5, stats: {} }]
}

const places = { figureId, sideId, encounterId, templateId }

describe('ids in a campaign file', () => {
  for (const [where, edit] of Object.entries(places)) {
    it(`${where}: refuses __proto__`, () => {
      expect(campaignSchema.safeParse(sample(edit('__PROTO__'))).success).toBe(false)
    })

    it(`${where}: takes Object.prototype's other names`, () => {
      for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__lookupGetter__'])
        expect(campaignSchema.safeParse(sample(edit(name))).success).toBe(true)
    })
  }

  // zod drops a `__proto__` key of a record as it parses (the store's guard refuses the file before that).
  it('records keyed by id: a __proto__ key is dropped, never a prototype; the other names are kept', () => {
    for (const edit of [initiativeKey('__PROTO__'), modeKeys('__PROTO__', 'heroes')]) {
      const parsed = campaignSchema.parse(sample(edit))
      const initiative = parsed.encounters[0]!.initial.initiative
      const modes = parsed.automation?.encounters ?? {}
      for (const record of [initiative, modes]) {
        expect(Object.hasOwn(record, '__proto__')).toBe(false)
        expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
      }
    }
    const parsed = campaignSchema.parse(sample(modeKeys('constructor', 'toString')))
    expect(parsed.automation?.encounters?.constructor).toEqual({
      mode: 'gm',
      sides: { toString: 'suggests' }
    })
    const initiative = campaignSchema.parse(sample(initiativeKey('valueOf'))).encounters[0]!.initial
      .initiative
    expect(Object.hasOwn(initiative, 'valueOf')).toBe(true)
  })
})
