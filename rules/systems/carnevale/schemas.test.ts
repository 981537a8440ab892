import { describe, expect, it } from 'vitest'
import { carnevaleSettings, defaultSettings, readSettings, settingsSchema } from './settings'
import { characterSchema, isWaterCreature, statsSchema, weaponHas, weaponSchema, UNARMED } from './stats'

// carnevale.md §9–10: the settings (every [GAP]/[REC]/[PLACEHOLDER] choice) and the character data model.

const profile = {
  mov: 5,
  dex: 5,
  att: 4,
  pro: 2,
  mind: 3,
  apMax: 3,
  abilities: ['Water Creature'],
  weapons: [{ name: 'Claws', rangeIn: 0, evasion: 0, damage: 1, penetration: -1, abilities: [] }]
}

const status = {
  ap: 3,
  apSpentThisActivation: 0,
  counters: { guard: false, stunned: 0 },
  inWater: true,
  swimming: true,
  activatedThisRound: false
}

describe('§9 settings', () => {
  it('the defaults are valid and carry the digest recommendations', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings)
    expect(defaultSettings).toMatchObject({
      maxDice: 10,
      basicAceTarget: 7,
      opposedCriticalNet: 2,
      opposedFumble: 'netZero',
      coverDexBonus: 1,
      crowdingThreshold: 3,
      chargeFromSkyHeight: 3,
      chargeFromSkyPenetration: -5,
      maxApPerActivation: 3,
      aooNestingLimit: 2,
      drownAttribute: 'att',
      stunnedDicePenalty: 1
    })
  })

  it('merges overrides, refuses unknown keys and bad values', () => {
    expect(carnevaleSettings({ coverDexBonus: 2 }).coverDexBonus).toBe(2)
    expect(() => carnevaleSettings({ coverDexBonus: -1 })).toThrow()
    expect(() => carnevaleSettings({ noSuchRule: true })).toThrow()
    expect(() => carnevaleSettings({ grappleFumble: 'maybe' })).toThrow()
  })

  it('reads an encounter once per settings object', () => {
    const state = { settings: { fumblesEnabled: false } }
    expect(readSettings(state)).toBe(readSettings(state))
    expect(readSettings(state).fumblesEnabled).toBe(false)
  })
})

describe('§10 character data model', () => {
  it('a printed profile parses; attributes stay within 0..10', () => {
    expect(statsSchema.parse(profile)).toEqual(profile)
    expect(() => statsSchema.parse({ ...profile, dex: 11 })).toThrow()
    expect(() => statsSchema.parse({ ...profile, extra: 1 })).toThrow()
  })

  it('the full §10 record joins identity, profile and status', () => {
    const c = {
      id: 'gondolier',
      player: 'p1',
      name: 'Gondolier',
      baseMm: 30,
      pos: { x: 1, y: 2, z: 0 },
      lifeMax: 6,
      life: 6,
      ...profile,
      ...status
    }
    expect(characterSchema.parse(c)).toEqual(c)
    expect(() => characterSchema.parse({ ...c, life: 7 })).toThrow()
  })

  it('§5.2 weapons: blanks are 0, abilities are read case-insensitively', () => {
    expect(weaponSchema.parse(UNARMED)).toEqual(UNARMED)
    expect(() => weaponSchema.parse({ ...UNARMED, evasion: 0.5 })).toThrow()
    expect(weaponHas(UNARMED, 'aquatic')).toBe(true)
    expect(isWaterCreature(profile)).toBe(true)
    expect(isWaterCreature({ abilities: [] })).toBe(false)
  })
})
