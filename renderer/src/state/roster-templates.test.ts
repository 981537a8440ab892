import { describe, expect, it } from 'vitest'
import pfSample from '../../../resources/campaigns/pathfinder1e-sample.json'
import { figureTemplateSchema, type FigureTemplate } from '../../../rules/core/schemas'
import type { Combatant } from '../../../rules/core/types'
import { getRuleset } from '../../../rules/systems'
import * as pf from '../../../rules/systems/pathfinder1e/content'
import { bundledCreatures, creatureTemplate, footprintOf, importPack } from './roster-content'
import {
  blankTemplate,
  cloneTemplate,
  combatantOf,
  facetsOf,
  filterTemplates,
  fold,
  freshTemplateId,
  templateOf
} from './roster-templates'

const SYSTEMS = ['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale']

const t = (
  id: string,
  name: string,
  stats: Record<string, unknown> = {},
  source?: string
): FigureTemplate => ({
  id,
  name,
  lifeMax: 5,
  stats,
  ...(source ? { source } : {})
})

describe('search and filters', () => {
  const list = [
    t('esq', 'Esqueleto Arquero', { size: 'M' }, 'pathfinder1e:skeleton'),
    t('gob', 'Goblin', { size: 'S' }, 'pathfinder1e:goblin'),
    t('ogr', 'Ogro', { size: 'L' }),
    t('zom', 'Zombi Ágil', { size: 'M' })
  ]

  it('is blind to accents and case, on name and source, every word', () => {
    expect(fold('Ágil ÑANDÚ')).toBe('agil nandu')
    expect(filterTemplates(list, 'agil', {}).map((x) => x.id)).toEqual(['zom'])
    expect(filterTemplates(list, 'ARQUÉRO', {}).map((x) => x.id)).toEqual(['esq'])
    expect(filterTemplates(list, 'skeleton', {}).map((x) => x.id)).toEqual(['esq'])
    expect(filterTemplates(list, 'goblin pathfinder', {}).map((x) => x.id)).toEqual(['gob'])
    expect(filterTemplates(list, '', {})).toHaveLength(4)
  })

  it('filters on a stat, empty meaning any, together with the search', () => {
    expect(filterTemplates(list, '', { size: 'M' }).map((x) => x.id)).toEqual(['esq', 'zom'])
    expect(filterTemplates(list, 'zombi', { size: 'M' }).map((x) => x.id)).toEqual(['zom'])
    expect(filterTemplates(list, '', { size: '' })).toHaveLength(4)
  })

  it('offers the filters each system has', () => {
    expect(facetsOf('pathfinder1e').map((f) => f.key)).toEqual(['size', 'creatureType'])
    expect(facetsOf('hq2').map((f) => f.key)).toEqual(['kind'])
    expect(facetsOf('athkri').map((f) => f.key)).toEqual(['sizeClass'])
    expect(facetsOf('minecraft')).toEqual([])
  })
})

describe('ids, clones and blanks', () => {
  it('makes ids free in the list from names and content ids', () => {
    const list = [t('goblin', 'Goblin'), t('goblin-2', 'Goblin 2')]
    expect(freshTemplateId(list, 'pathfinder1e:goblin')).toBe('goblin-3')
    expect(freshTemplateId(list, 'Señor Oscuro')).toBe('senor-oscuro')
    const copy = cloneTemplate(list, list[0] as FigureTemplate, 'Goblin (copia)')
    expect(copy).toMatchObject({ id: 'goblin-3', name: 'Goblin (copia)' })
    expect(copy.stats).not.toBe(list[0]?.stats)
  })

  it('starts a blank figure that its ruleset accepts as it is', () => {
    for (const system of SYSTEMS) {
      const blank = blankTemplate(system, [], 'Nuevo')
      expect(figureTemplateSchema.safeParse(blank).success, system).toBe(true)
      expect(getRuleset(system).schemas.stats.safeParse(blank.stats).success, system).toBe(true)
      expect(Object.keys(blank.stats).length, system).toBeGreaterThan(2)
    }
  })
})

describe('templates and combatants', () => {
  const goblin = pfSample.encounters[0]?.initial.combatants.find((c) => c.id === 'goblin-1') as Combatant

  it('keeps what a figure is and drops where it stands', () => {
    const template = templateOf(goblin, 'pathfinder1e:goblin')
    expect(figureTemplateSchema.parse(template)).toEqual(template)
    expect(template).not.toHaveProperty('pos')
    expect(template).not.toHaveProperty('side')
    const back = combatantOf(template, 'goblins', 'ai')
    expect(back).toMatchObject({ side: 'goblins', controller: 'ai', life: goblin.lifeMax, out: false })
    expect(back.stats).toEqual(goblin.stats)
    expect(back).not.toHaveProperty('source')
  })
})

describe('content packs', () => {
  for (const system of SYSTEMS)
    it(`${system}: every bundled creature makes a valid template`, () => {
      const creatures = bundledCreatures(system, 'es')
      expect(creatures.length).toBeGreaterThan(3)
      const stats = getRuleset(system).schemas.stats
      for (const c of creatures) {
        const template = creatureTemplate(system, c.id, 'en')
        expect(template.source).toBe(c.id)
        expect(template.name).toBe(c.name.en)
        expect(stats.safeParse(template.stats).success, c.id).toBe(true)
        expect(figureTemplateSchema.safeParse(template).success, c.id).toBe(true)
      }
    })

  it('gives PF and Athkri footprints from their sizes', () => {
    expect(footprintOf('pathfinder1e', { size: 'L' })).toBe(2)
    expect(footprintOf('athkri', { sizeClass: 'enorme' })).toBe(3)
    expect(footprintOf('hq2', { kind: 'monster' })).toBeUndefined()
  })

  const bundledGoblin = (): Record<string, unknown> => {
    const doc = pf.bundledDocuments.find((d) => (d as { id: string }).id === 'pathfinder1e:goblin')
    return structuredClone(doc) as Record<string, unknown>
  }

  it('imports a pack that uses bundled weapons', () => {
    const doc = {
      ...bundledGoblin(),
      id: 'pathfinder1e:goblin-chief',
      name: { es: 'Jefe goblin', en: 'Goblin chief' }
    }
    const outcome = importPack('pathfinder1e', JSON.stringify([doc]), 'es')
    expect(outcome.ok && outcome.templates.map((x) => [x.name, x.source])).toEqual([
      ['Jefe goblin', 'pathfinder1e:goblin-chief']
    ])
  })

  it('refuses bad packs with located problems', () => {
    expect(importPack('pathfinder1e', '{', 'es')).toMatchObject({ ok: false, problems: [{ code: 'json' }] })
    expect(importPack('pathfinder1e', '{}', 'es')).toMatchObject({
      ok: false,
      problems: [{ code: 'notArray' }]
    })
    const bad = { ...bundledGoblin(), id: 'pathfinder1e:bad', hp: 0 }
    expect(importPack('pathfinder1e', JSON.stringify([bundledGoblin(), bad]), 'es')).toMatchObject({
      ok: false,
      problems: [{ code: 'document', index: 1, issue: { path: 'hp', code: 'too_small' } }]
    })
    const unknownWeapon = bundledGoblin()
    unknownWeapon.id = 'pathfinder1e:goblin-x'
    ;(unknownWeapon.stats as { weapons: string[] }).weapons = ['pathfinder1e:nope']
    ;(unknownWeapon.stats as { wielding: unknown }).wielding = { main: null, off: null }
    expect(importPack('pathfinder1e', JSON.stringify([unknownWeapon]), 'es')).toMatchObject({
      ok: false,
      problems: [{ code: 'references' }]
    })
    const weaponOnly = pf.bundledDocuments.find((d) => (d as { id: string }).id === 'pathfinder1e:dagger')
    expect(importPack('pathfinder1e', JSON.stringify([weaponOnly]), 'es')).toMatchObject({
      ok: false,
      problems: [{ code: 'noCreatures' }]
    })
  })
})
