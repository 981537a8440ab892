import { describe, expect, it } from 'vitest'
import { translateCode } from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import { getRuleset } from '../../../rules/systems'
import { checkStats } from './stat-form'
import { fieldLabel, issueText, optionLabel, type CodeText } from './stat-labels'

const codeFor =
  (lang: 'es' | 'en', system: 'hq2' | 'pathfinder1e' | 'carnevale' | 'athkri'): CodeText =>
  (prefix, code, params) =>
    translateCode(lang, prefix, code, params, systemTerms[system])

describe('stat labels', () => {
  it('names fields from the catalogue, per system first, else in words', () => {
    expect(fieldLabel(codeFor('es', 'pathfinder1e'), 'pathfinder1e', 'abilities')).toBe('Características')
    expect(fieldLabel(codeFor('es', 'carnevale'), 'carnevale', 'abilities')).toBe('Habilidades')
    expect(fieldLabel(codeFor('en', 'pathfinder1e'), 'pathfinder1e', 'bab')).toBe('Base attack bonus')
    expect(fieldLabel(codeFor('es', 'hq2'), 'hq2', 'unsuitedAgainst')).toBe('Inadecuada contra')
    expect(fieldLabel(codeFor('es', 'hq2'), 'hq2', 'notYetNamed')).toBe('Not yet named')
  })

  // Issue 21 bug 8: "Añadir Range increment ft / Hp left / Broken / Mount id" in the Spanish editor: a field
  // without a label fell back to its key in English words. Every field of every system's stat block is named.
  it.each(['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale'] as const)(
    'every %s stat field has a label in Spanish and English',
    (system) => {
      const missing: string[] = []
      for (const key of fieldKeys(getRuleset(system).schemas.stats))
        for (const lang of ['es', 'en'] as const) {
          const code: CodeText = (prefix, c, params) =>
            translateCode(lang, prefix, c, params, systemTerms[system])
          const named = [`stat.${system}`, 'stat'].some((prefix) => code(prefix, key) !== key)
          if (!named) missing.push(`${lang}:${key}`)
        }
      expect(missing).toEqual([])
    }
  )

  it('names values with the system’s own terms', () => {
    const hq2Es = codeFor('es', 'hq2')
    expect(optionLabel(hq2Es, 'conditions', 'prone')).toBe(systemTerms.hq2?.es['condition.prone'])
    expect(optionLabel(hq2Es, 'skills', 'esquivar')).toBe(systemTerms.hq2?.es['skill.esquivar'])
    expect(optionLabel(hq2Es, 'shape', 'M')).toBe('M')
    expect(optionLabel(hq2Es, 'creatureType', 'magicalBeast')).toBe('Bestia mágica')
    expect(optionLabel(hq2Es, 'defenseFace', 'white')).toBe(systemTerms.hq2?.es['face.white'])
    expect(optionLabel(hq2Es, 'traits', 'pointBlankShooter')).toBe('Point blank shooter')
  })

  it('words schema problems in the UI language', () => {
    const schema = getRuleset('pathfinder1e').schemas.stats
    const result = checkStats(schema, { size: 'M' })
    if (result.ok) throw new Error('an almost empty block is refused')
    const es = result.issues.map((i) => issueText(codeFor('es', 'pathfinder1e'), i))
    expect(es).toContain('se espera un número')
    const en = result.issues.map((i) => issueText(codeFor('en', 'pathfinder1e'), i))
    expect(en).toContain('a number expected')
    expect(
      issueText(codeFor('es', 'pathfinder1e'), {
        path: 'bab',
        code: 'too_big',
        params: { maximum: 40, origin: 'number' },
        message: ''
      })
    ).toBe('el máximo es 40')
    expect(
      issueText(codeFor('en', 'pathfinder1e'), {
        path: 'weapons',
        code: 'too_big',
        params: { maximum: 8, origin: 'array' },
        message: ''
      })
    ).toBe('at most 8')
    expect(
      issueText(codeFor('en', 'pathfinder1e'), { path: '', code: 'weird', params: {}, message: 'boom' })
    ).toBe('invalid (boom)')
  })
})

/** Every field name in a zod schema, nested objects, arrays, records and optionals included. */
function fieldKeys(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def
  if (!def || depth > 8) return out
  const inner = (x: unknown) => fieldKeys(x, out, depth + 1)
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        out.add(k)
        inner(v)
      }
      break
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      inner(def.innerType)
      break
    case 'pipe':
      inner(def.in)
      break
    case 'array':
      inner(def.element)
      break
    case 'record':
      inner(def.valueType)
      break
    case 'union':
      for (const o of def.options as unknown[]) inner(o)
      break
  }
  return out
}
