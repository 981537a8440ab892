import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { stateHash } from '../../../rules/core/hash'
import { campaignSchema, encounterRecordSchema, type Campaign } from '../../../rules/core/schemas'
import type { EncounterState } from '../../../rules/core/types'
import { balanceGamesFrom, balanceTemplates, changeWords, targetPercent, BALANCE_GAMES } from './auto-balance'
import { versionWith } from './builder'

const sample = (id: string): Campaign =>
  campaignSchema.parse(JSON.parse(readFileSync(`resources/campaigns/${id}-sample.json`, 'utf8')))

describe('auto-balance inputs', () => {
  it('reads the games knob, within bounds', () => {
    expect(balanceGamesFrom('')).toBe(BALANCE_GAMES)
    expect(balanceGamesFrom('?balanceGames=3')).toBe(3)
    expect(balanceGamesFrom('?balanceGames=0')).toBe(BALANCE_GAMES)
    expect(balanceGamesFrom('?balanceGames=abc')).toBe(BALANCE_GAMES)
  })

  it('keeps the target between 5 and 95 %', () => {
    expect(targetPercent(120)).toBe(95)
    expect(targetPercent(1)).toBe(5)
    expect(targetPercent(59.6)).toBe(60)
    expect(targetPercent(NaN)).toBe(60)
  })

  it('offers the bestiary first, then the ruleset content, as AI figures', () => {
    const mc = sample('minecraft')
    const bestiary = [
      { id: 'boss', name: 'Boss', lifeMax: 9, stats: mc.encounters[0]!.initial.combatants[2]!.stats }
    ]
    const templates = balanceTemplates({ ...mc, bestiary }, 'en')
    expect(templates[0]!.key).toBe('boss')
    expect(templates.some((t) => t.key === 'minecraft:zombie' && t.name === 'Zombie')).toBe(true)
    expect(templates.every((t) => t.model.controller === 'ai')).toBe(true)
  })

  it('words each kind of change', () => {
    expect(changeWords({ kind: 'add', id: 'z', name: 'Zombie', template: 'minecraft:zombie' })).toEqual({
      key: 'balance.change.add',
      params: { name: 'Zombie' }
    })
    expect(
      changeWords({ kind: 'swap', id: 'z', name: 'Zombie', template: 't', newId: 'e', newName: 'Enderman' })
    ).toEqual({ key: 'balance.change.swap', params: { name: 'Zombie', newName: 'Enderman' } })
  })
})

describe('versionWith', () => {
  it('saves a proposal as a new version right after its encounter, the original untouched', () => {
    const mc = sample('minecraft')
    const source = mc.encounters[0]!
    const initial = source.initial as EncounterState
    const proposal: EncounterState = { ...initial, combatants: initial.combatants.slice(0, -1) }
    const { campaign, id, name } = versionWith(mc, source.id, proposal)
    expect(name).toBe(`${source.name} (v2)`)
    expect(campaign.encounters.map((e) => e.id)).toEqual([
      source.id,
      id,
      ...mc.encounters.slice(1).map((e) => e.id)
    ])
    const record = campaign.encounters[1]!
    expect(encounterRecordSchema.safeParse(record).success).toBe(true)
    expect(record.initial.combatants.length).toBe(initial.combatants.length - 1)
    expect(record.stateHash).toBe(stateHash(record.initial as EncounterState))
    expect(campaign.encounters[0]).toBe(source)
  })
})
