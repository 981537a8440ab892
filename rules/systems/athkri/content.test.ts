import { describe, expect, it } from 'vitest'
import { athkriContent, bundledDocuments, createFigure, loadContent } from './content'
import { statsSchema } from './stats'

// The bestiary and ready heroes (one JSON document per file, with its source).

describe('athkri content', () => {
  const content = athkriContent()
  const creatures = [...content.creatures.values()]

  it('has at least 8 creatures and 4 ready heroes, of several sizes (a Minúsculo and a 2×2 or bigger)', () => {
    expect(creatures.filter((c) => c.role === 'monster').length).toBeGreaterThanOrEqual(8)
    expect(creatures.filter((c) => c.role === 'hero').length).toBeGreaterThanOrEqual(4)
    const sizes = new Set(creatures.map((c) => c.stats.sizeClass))
    expect(sizes.has('minusculo')).toBe(true)
    expect(sizes.has('grande')).toBe(true)
    expect(sizes.has('enorme')).toBe(true)
    expect(content.weapons.size).toBeGreaterThanOrEqual(8)
    expect(content.armor.size).toBeGreaterThanOrEqual(3)
  })

  it('every document names its source: a rules-text section or "placeholder: …"', () => {
    for (const doc of bundledDocuments as Array<{ source: string }>) {
      expect(doc.source).toMatch(/athkri|placeholder: /)
    }
  })

  it('heroes are PCs and monsters NPCs (athkri.md §6 thresholds differ)', () => {
    for (const c of creatures) expect(c.stats.isNpc).toBe(c.role === 'monster')
  })

  it('creates figures with embedded equipment, footprint size from the size class, and valid stats', () => {
    const ogre = createFigure('athkri:ogro', { id: 'o', side: 'm', pos: { x: 1, y: 1, z: 0 } })
    expect(ogre.size).toBe(2)
    expect(statsSchema.parse(ogre.stats).weapons[0]?.damage).toBe('2d6+2')
    const rat = createFigure('athkri:rata-de-cloaca', { id: 'r', side: 'm', pos: { x: 1, y: 1, z: 0 } })
    expect(rat.size).toBe(0.5)
    expect(() => createFigure('athkri:nobody', { id: 'x', side: 'm', pos: { x: 0, y: 0, z: 0 } })).toThrow(
      /unknown creature/
    )
  })

  it('fails loudly: unknown fields, duplicate ids, dangling references, unknown elements', () => {
    const [first] = bundledDocuments as Array<Record<string, unknown>>
    expect(() => loadContent([{ ...first, extra: 1 }])).toThrow()
    expect(() => loadContent([first, first])).toThrow(/duplicate/)
    const hero = (bundledDocuments as Array<Record<string, unknown>>).find((d) => d.id === 'athkri:guerrera')
    expect(() => loadContent([hero])).toThrow(/unknown weapon/)
    const bolt = (bundledDocuments as Array<Record<string, unknown>>).find(
      (d) => d.id === 'athkri:rayo-de-fuego'
    )
    expect(() => loadContent([{ ...bolt, element: 'explosion' }])).toThrow(/unknown element/)
    expect(() => loadContent([{ ...bolt, range: undefined }])).toThrow()
  })
})
