import { describe, expect, it } from 'vitest'
import { squareKey } from '../../core/geometry'
import { encounterStateSchema } from '../../core/schemas'
import { bundledDocuments, createBeing, hq2Content, loadContent } from './content'
import { hq2SampleEncounter } from './sample'
import { readStats, statsSchema } from './stats'

// Content is data (house-style "A ruleset plug-in"): one document per file, strict schemas, a source each.

const docs = bundledDocuments as ReadonlyArray<Record<string, unknown>>
const byId = (id: string) => docs.find((d) => d.id === id) ?? {}

describe('HQ2 content', () => {
  const content = hq2Content()

  it('has a bestiary of at least 8 creatures, 4 ready heroes, weapons and armor, each with a source', () => {
    const creatures = [...content.creatures.values()]
    expect(creatures.filter((c) => c.role === 'monster').length).toBeGreaterThanOrEqual(8)
    expect(creatures.filter((c) => c.role === 'hero').map((c) => c.id)).toEqual([
      'hq2:barbarian',
      'hq2:dwarf',
      'hq2:elf',
      'hq2:wizard'
    ])
    expect(content.weapons.size).toBeGreaterThanOrEqual(8)
    expect(content.armor.size).toBeGreaterThanOrEqual(5)
    for (const d of docs) expect(String(d.source)).toMatch(/hq2|placeholder/)
  })

  it('heroes use character sheets and white shields, roll 2d6 to move; monsters black shields and fixed MP (§4.1, §3.2)', () => {
    for (const c of content.creatures.values()) {
      const hero = c.role === 'hero'
      expect([c.stats.usesCharacterSheet, c.stats.defenseFace, 'dice' in c.stats.movement]).toEqual([
        hero,
        hero ? 'white' : 'black',
        hero
      ])
    }
  })

  it('refuses unknown fields, unknown hook keys, bad ids, duplicates and dangling references loudly', () => {
    const orc = byId('hq2:orc')
    const sword = byId('hq2:broadsword')
    expect(() => loadContent([{ ...sword, sharpness: 3 }])).toThrow()
    expect(() => loadContent([{ ...sword, hooks: [{ key: 'vorpal' }] }])).toThrow()
    expect(() => loadContent([{ ...sword, id: 'Broadsword' }])).toThrow()
    expect(() => loadContent([sword, sword])).toThrow(/duplicate/)
    expect(() => loadContent([orc])).toThrow(/refers to unknown/)
    expect(() => loadContent(docs.filter((d) => d.id !== 'hq2:longbow'))).toThrow(
      /unknown weapon hq2:longbow/
    )
  })

  it('checks hands: a two-handed weapon leaves no hand for a shield (§3.2 [TEXT L49–50])', () => {
    const fimir = byId('hq2:fimir') as { stats: Record<string, unknown> }
    const shielded = { ...fimir, stats: { ...fimir.stats, armor: ['hq2:shield'] } }
    expect(() => loadContent([...docs.filter((d) => d.id !== 'hq2:fimir'), shielded])).toThrow(/two hands/)
  })

  it('createBeing embeds gear and sets seat, conditions and sub-group per placement', () => {
    const elf = createBeing('hq2:elf', {
      id: 'elf',
      side: 'heroes',
      seat: 3,
      pos: { x: 1, y: 1, z: 0 },
      conditions: ['hidden'],
      subgroup: 'band'
    })
    expect(statsSchema.safeParse(elf.stats).success).toBe(true)
    const stats = readStats(elf)
    expect([
      stats.seat,
      stats.conditions,
      stats.subgroup,
      stats.rangedWeapon?.id,
      stats.armor.map((a) => a.id)
    ]).toEqual([3, ['hidden'], 'band', 'hq2:longbow', ['hq2:leather-armor']])
    expect([elf.life, elf.lifeMax, elf.name]).toEqual([28, 28, 'Elfa'])
  })
})

describe('the sample encounter', () => {
  const sample = hq2SampleEncounter()

  it('is a valid, unstarted, seeded HQ2 encounter', () => {
    expect(encounterStateSchema.safeParse(sample).success).toBe(true)
    expect([
      sample.system,
      sample.phase,
      sample.round,
      sample.turn,
      sample.pending,
      sample.initiative
    ]).toEqual(['hq2', 'setup', 0, null, null, {}])
    for (const c of sample.combatants) expect(statsSchema.safeParse(c.stats).success).toBe(true)
  })

  it('4 human heroes in seats 1–4 against 5–8 BM beings controlled by the AI, every token coloured', () => {
    const heroes = sample.combatants.filter((c) => c.side === 'heroes')
    const monsters = sample.combatants.filter((c) => c.side === 'monsters')
    expect(heroes.map((c) => [c.controller, readStats(c).seat])).toEqual([
      ['human', 1],
      ['human', 2],
      ['human', 3],
      ['human', 4]
    ])
    expect(monsters.length).toBeGreaterThanOrEqual(5)
    expect(monsters.length).toBeLessThanOrEqual(8)
    expect(monsters.every((c) => c.controller === 'ai' && readStats(c).seat === 0)).toBe(true)
    expect(sample.combatants.every((c) => typeof c.color === 'number')).toBe(true)
  })

  it('rooms and corridors: walls as blocks, every being on its own free square', () => {
    const walls = new Set(sample.board.blocks.map(squareKey))
    expect(walls.size).toBeGreaterThan(100)
    const squares = sample.combatants.map((c) => squareKey(c.pos))
    expect(new Set(squares).size).toBe(squares.length)
    expect(squares.filter((k) => walls.has(k))).toEqual([])
  })
})
