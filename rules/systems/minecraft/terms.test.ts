import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FALL_DECISION, terms } from '.'
import { defaultSettings } from './settings'

// The catalogue covers every key the ruleset emits; the codes are read from the sources themselves, so a
// new violation or roll purpose without a label fails here.

const dir = new URL('./', import.meta.url)
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-fixtures.ts')
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .join('\n')
const found = (re: RegExp) => [...new Set([...sources.matchAll(re)].map((m) => m[1] ?? ''))].sort()
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('Minecraft terms (es first, en with the same keys)', () => {
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
    ['roll.<purpose> for every roll', found(/roll\(dice, \w+, '(\w+)'/g), 'roll'],
    ['source.<x> for every damage source', [...found(/source: '(\w+)'/g), 'wound'], 'source'],
    ['obstacle.<x> for every collision', found(/obstacle: '(\w+)'/g), 'obstacle'],
    ['setting.<key> for every setting', Object.keys(defaultSettings), 'setting'],
    ['odds.<key> for every headline', ['hit', 'wound'], 'odds'],
    ['action.<kind> for every action', ['move', 'melee', 'ranged', 'face'], 'action'],
    ['sector.<x> for every sector', ['front', 'flank', 'back'], 'sector'],
    ['decision.<id> for every decision', [FALL_DECISION], 'decision']
  ])('%s', (_label, codes, prefix) => {
    expect(codes.length).toBeGreaterThan(0)
    const missing = codes.filter((c) => !(`${prefix}.${c}` in es))
    expect(missing).toEqual([])
  })

  it('the sources emit the codes this test expects (the scan is not vacuous)', () => {
    expect(found(/code: '(\w+)'/g)).toEqual(
      expect.arrayContaining(['tooSteep', 'dropTooHigh', 'heightDifference', 'outOfRange', 'noLineOfSight'])
    )
    expect(found(/roll\(dice, \w+, '(\w+)'/g)).toEqual(['hit', 'impact', 'wound'])
    expect(found(/source: '(\w+)'/g)).toEqual(['fall', 'impact'])
  })

  it('Spanish keeps the rules’ own terms', () => {
    expect(es['odds.hit']).toContain('impactar')
    expect(es['odds.wound']).toContain('herir')
    expect(es['sector.flank']).toContain('flanco')
    expect(es['sector.back']).toContain('espalda')
    expect(es['violation.notEnoughAp']).toContain('PA')
    expect(es['violation.outOfRange']).toContain('cuesta abajo')
    expect(es['source.impact']).toBe('choque')
  })
})
