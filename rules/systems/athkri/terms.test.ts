import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { actionKinds } from './actions'
import { defaultSettings, ELEMENTS, locations } from './settings'
import { sizeClasses } from './stats'
import { terms } from './terms'

// Every i18n key the rules emit exists in both catalogues (Spanish first, same keys in English).

const dir = new URL('.', import.meta.url)
const source = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'terms.ts')
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .join('\n')
const matches = (re: RegExp) => [...source.matchAll(re)].map((m) => m[1] ?? '')

describe('athkri terms', () => {
  const es = terms.es as Record<string, string>
  const en = terms.en as Record<string, string>

  it('Spanish and English have the same keys, no empty text, and the same {params}', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    const params = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const key of Object.keys(es)) {
      expect(es[key]?.length, key).toBeGreaterThan(0)
      expect(params(en[key] ?? ''), key).toEqual(params(es[key] ?? ''))
    }
  })

  it('keeps the rules’ own Spanish terms', () => {
    expect(es['cost.major']).toBe('Acción Mayor')
    expect(es['cost.minor']).toBe('Acción Menor')
    expect(es['health.malherido']).toBe('Malherido')
    expect(es['health.inconsciente']).toBe('Inconsciente')
    expect(es['band.pointBlank']).toBe('Bocajarro')
  })

  it('has every violation code, roll purpose, modifier and decision the code emits', () => {
    const codes = matches(/code: '(\w+)'/g)
    const purposes = [...matches(/purpose: '(\w+)'/g), ...matches(/checkEvent\([^,]+, '(\w+)'/g)]
    const mods = matches(/key: '((?:mod|cover|band)\.\w+)'/g)
    expect(codes.length).toBeGreaterThan(20)
    expect(purposes).toContain('bleed')
    for (const c of codes) expect(es, c).toHaveProperty([`violation.${c}`])
    for (const p of purposes) expect(es, p).toHaveProperty([`roll.${p}`])
    for (const m of mods) expect(es, m).toHaveProperty([m])
    for (const key of [
      'decision.athkri.dodge',
      'decision.athkri.dodge.passive',
      'decision.athkri.dodge.dodge',
      'decision.athkri.coverAdjust',
      'decision.athkri.ambushBonus'
    ])
      expect(es).toHaveProperty([key])
  })

  it('has every action, setting, odds key, health state, location, element and size', () => {
    const keys = [
      ...actionKinds.map((k) => `action.${k}`),
      ...Object.keys(defaultSettings).map((k) => `setting.${k}`),
      ...['hit', 'wound', 'down', 'stealth'].map((k) => `odds.${k}`),
      ...['estable', 'malherido', 'inconsciente', 'muerto'].map((k) => `health.${k}`),
      ...locations.map((k) => `location.${k}`),
      ...ELEMENTS.map((k) => `element.${k}`),
      ...sizeClasses.map((k) => `size.${k}`),
      ...['major', 'minor', 'free'].map((k) => `cost.${k}`),
      ...['cover.light', 'cover.medium', 'cover.large', 'band.short', 'band.medium', 'band.long']
    ]
    for (const key of keys) expect(es, key).toHaveProperty([key])
  })
})
