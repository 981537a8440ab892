import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { actionKinds } from './actions'
import { jumpCodes } from './jump'
import { pathCodes } from './movement'
import { decisionKeys } from './reactions'
import { defaultSettings } from './settings'
import { terms } from './terms'

// Every i18n key the Carnevale rules emit exists in both catalogues (Spanish first, the same keys and
// placeholders in English). The codes are read from the source text, so a new refusal, roll purpose,
// Life source or odds line without its term fails here rather than showing up raw in the UI.

const dir = new URL('./', import.meta.url)
const sources = readdirSync(dir)
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('terms') && f !== 'test-fixtures.ts'
  )
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .join('\n')
const found = (re: RegExp) => [...new Set([...sources.matchAll(re)].map((m) => m[1] ?? ''))].sort()
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('Carnevale terms (es first, en with the same keys)', () => {
  const es: Record<string, string> = terms.es
  const en: Record<string, string> = terms.en

  it('es and en have the same keys, none empty, with the same {placeholders}', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const [key, text] of Object.entries(es)) {
      expect(text.length, key).toBeGreaterThan(0)
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(text))
    }
  })

  it.each([
    ['violation.<code> for every code in the sources', found(/code: '(\w+)'/g), 'violation'],
    ['violation.<code> for every refused path', [...pathCodes], 'violation'],
    ['violation.<code> for every refused jump', [...jumpCodes], 'violation'],
    ['violation.<code> for every AoO refusal', found(/'(noGrapple|unknownChoice)'/g), 'violation'],
    ['roll.<purpose> for every pool', [...found(/poolEvents\([^,]+, '(\w+)'/g), 'rollOff'], 'roll'],
    ['source.<x> for every Life loss', found(/loseLife\([^)]*'(\w+)'\)/g), 'source'],
    ['odds.<key> for every headline', found(/key: '(\w+)'/g), 'odds'],
    ['sector.<x> for every AoO reason', ['charge', 'guard', 'disengage', 'counter'], 'sector'],
    ['action.<kind> for every action', [...actionKinds], 'action'],
    ['decision.<id> for every decision', [...decisionKeys], 'decision'],
    ['setting.<key> for every setting', Object.keys(defaultSettings), 'setting'],
    ['face.<n> for every d10 face and Destiny face', ['1', '10', 'destiny1', 'destiny10'], 'face']
  ])('%s', (_label, codes, prefix) => {
    expect(codes.length).toBeGreaterThan(0)
    expect(codes.filter((c) => !(`${prefix}.${c}` in es))).toEqual([])
  })

  it('the scans find what the rules emit (they are not vacuous)', () => {
    expect(found(/code: '(\w+)'/g)).toEqual(
      expect.arrayContaining([
        'weaponNotAquatic',
        'waterCreature',
        'guardInWater',
        'notInContact',
        'outOfRange'
      ])
    )
    expect(found(/poolEvents\([^,]+, '(\w+)'/g)).toEqual(
      expect.arrayContaining(['attack', 'protection', 'grapple', 'drown', 'disengage', 'fall'])
    )
    expect(found(/loseLife\([^)]*'(\w+)'\)/g)).toEqual(['combat', 'drown', 'fall', 'fumble'])
  })

  it('Spanish keeps the rules’ own terms', () => {
    expect(es['action.grapple']).toBe('Agarre')
    expect(es['action.drown']).toBe('Ahogar')
    expect(es['action.guard']).toBe('Guardia')
    expect(es['log.naturalSuccess']).toContain('Destino')
    expect(es['violation.notEnoughAp']).toContain('PA')
    expect(es['decision.carnevale.charge.pass']).toBe('no atacar')
  })
})
