import { describe, expect, it } from 'vitest'
import stoneSword from './content/stone-sword.json'
import zombie from './content/zombie.json'
import { bundledDocuments, createFigure, loadContent, minecraftContent } from './content'
import { statsSchema } from './stats'

describe('minecraft content', () => {
  it('loads every bundled document: namespaced kebab-case ids, each with a source', () => {
    const content = minecraftContent()
    expect(content.weapons.size + content.armor.size + content.creatures.size).toBe(bundledDocuments.length)
    const all = [...content.weapons.values(), ...content.armor.values(), ...content.creatures.values()]
    for (const doc of all) {
      expect(doc.id).toMatch(/^minecraft:[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(doc.source.length).toBeGreaterThan(10)
    }
    // Issue 3: a bestiary of at least 8 creatures and 4 ready heroes.
    const roles = [...content.creatures.values()].map((c) => c.role)
    expect(roles.filter((r) => r === 'monster').length).toBeGreaterThanOrEqual(8)
    expect(roles.filter((r) => r === 'hero').length).toBeGreaterThanOrEqual(4)
    // Life totals and profiles are [GAP]: the documents say so.
    for (const c of content.creatures.values()) expect(c.source).toMatch(/^placeholder/)
    expect(content.weapons.get('minecraft:bow')?.source).toMatch(/^placeholder/)
  })

  it('holds the §4.4 materials: swords, bow Fa 3, unarmed, armor', () => {
    const { weapons, armor } = minecraftContent()
    expect(weapons.get('minecraft:iron-sword')).toMatchObject({
      kind: 'melee',
      material: 'steel',
      skillKey: 'sword'
    })
    expect(weapons.get('minecraft:bow')).toMatchObject({ kind: 'ranged', fa: 3 })
    expect(weapons.get('minecraft:unarmed')?.material).toBeUndefined()
    expect([...armor.values()].map((a) => a.material).sort()).toEqual([
      'chainmail',
      'diamond',
      'gold',
      'leather',
      'steel'
    ])
  })

  it('an unknown field fails loudly', () => {
    expect(() => loadContent([{ ...stoneSword, sharpness: 3 }])).toThrow(/sharpness/)
    expect(() => loadContent([{ ...zombie, stats: { ...zombie.stats, speed: 2 } }])).toThrow(/speed/)
  })

  it('bad ids, duplicates, dangling references and bad materials fail', () => {
    expect(() => loadContent([{ ...stoneSword, id: 'Stone Sword' }])).toThrow()
    expect(() => loadContent([stoneSword, stoneSword])).toThrow(/duplicate/)
    expect(() =>
      loadContent([{ ...zombie, stats: { ...zombie.stats, armor: 'minecraft:nothing' } }])
    ).toThrow(/unknown armor/)
    expect(() => loadContent([{ ...stoneSword, material: 'leather' }])).toThrow()
    expect(() => loadContent([{ ...stoneSword, kind: 'ranged' }])).toThrow(/fa/)
  })

  it('createFigure embeds equipment into valid stats', () => {
    const skel = createFigure('minecraft:skeleton', { id: 's1', side: 'm', pos: { x: 1, y: 2, z: 0 } })
    expect(statsSchema.parse(skel.stats)).toEqual(skel.stats)
    expect(skel.stats.rangedWeapon).toEqual({ id: 'minecraft:bow', kind: 'ranged', skillKey: 'bow', fa: 3 })
    expect(skel).toMatchObject({ name: 'Esqueleto', life: 3, lifeMax: 3, out: false })
    expect('meleeWeapon' in skel.stats).toBe(false)
    expect(() => createFigure('minecraft:ghast', { id: 'g', side: 'm', pos: { x: 0, y: 0, z: 0 } })).toThrow(
      /ghast/
    )
  })
})

describe('minecraft bestiary', () => {
  it('every creature becomes a figure whose equipment resolves, with the skill for what it carries', () => {
    for (const id of minecraftContent().creatures.keys()) {
      const c = createFigure(id, { id: 'x', side: 'm', pos: { x: 0, y: 0, z: 0 } })
      const stats = statsSchema.parse(c.stats)
      for (const w of [stats.meleeWeapon, stats.rangedWeapon]) {
        if (w) expect(stats.weaponSkill[w.skillKey], `${id} ${w.id}`).toBeGreaterThan(0)
      }
    }
  })
})
