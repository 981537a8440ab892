import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hq2, terms } from '.'
import { actionKinds } from './actions'
import { checkModes, DECISION, defenseChoices } from './decisions'
import { defaultSettings } from './settings'
import { conditionNames, skillNames } from './stats'

// The catalogue covers every key the ruleset emits; codes are read from the sources themselves, so a new
// violation, roll purpose or total term without a label fails here.

const dir = new URL('./', import.meta.url)
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-fixtures.ts' && f !== 'terms.ts')
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .join('\n')
const found = (re: RegExp) => [...new Set([...sources.matchAll(re)].map((m) => m[1] ?? ''))].sort()
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
// The keys of a total's terms and factors (totals.ts), GM-set rows included.
const termKeys = [...found(/key: '(\w+)', (?:value|factor)/g), ...found(/gmRow\(x, DECISION\.(\w+)/g)]

describe('HQ2 terms (es first, en with the same keys)', () => {
  const es: Record<string, string> = terms.es
  const en: Record<string, string> = terms.en

  it('is the ruleset’s catalogue; es and en have the same keys, none empty, with the same {placeholders}', () => {
    expect(hq2.terms).toBe(terms)
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const [key, text] of Object.entries(es)) {
      expect(text.length, key).toBeGreaterThan(0)
      expect(placeholders(en[key] ?? ''), key).toEqual(placeholders(text))
    }
  })

  it.each([
    ['violation.<code> for every code in the sources', found(/code: '(\w+)'/g), 'violation'],
    [
      'roll.<purpose> for every roll',
      [...found(/purpose: '(\w+)'/g), ...found(/'(\w+)', events\)/g)],
      'roll'
    ],
    ['source.<x> for every damage source', [...found(/source: '(\w+)'/g), 'attack', 'counter'], 'source'],
    ['setting.<key> for every setting', Object.keys(defaultSettings), 'setting'],
    ['odds.<key> for every headline', found(/key: '(\w+)', p/g), 'odds'],
    ['decision.<id> for every decision', Object.values(DECISION), 'decision'],
    ['decision.hq2.defense.<choice>', defenseChoices.map((c) => `hq2.defense.${c}`), 'decision'],
    ['decision.hq2.check.<mode>', checkModes.map((c) => `hq2.check.${c}`), 'decision'],
    ['action.<kind> for every action and attack mode', [...actionKinds, 'counter'], 'action'],
    ['sector.<x> for every sector', ['front', 'back'], 'sector'],
    ['term.<key> for every term and factor of a total', termKeys, 'term'],
    ['skill.<name>', [...skillNames], 'skill'],
    ['condition.<name>', [...conditionNames], 'condition'],
    ['cost.<x> for every economy cost', ['mp', 'attacks', 'allowance', 'actions'], 'cost'],
    [
      'economy.<x> for every counter and state',
      ['mp', 'attacks', 'blindFighting', 'ready', 'maneuvered', 'attacking', 'acted', 'spent'],
      'economy'
    ]
  ])('%s', (_label, codes, prefix) => {
    expect(codes.length).toBeGreaterThan(0)
    expect(codes.filter((c) => !(`${prefix}.${c}` in es))).toEqual([])
  })

  it('the source scans are not vacuous', () => {
    expect(found(/code: '(\w+)'/g)).toEqual(
      expect.arrayContaining(['notEnoughMp', 'actionUsed', 'attackPending', 'targetBehind', 'lacksSkill'])
    )
    expect([...found(/purpose: '(\w+)'/g), ...found(/'(\w+)', events\)/g)].sort()).toEqual([
      'attack',
      'check',
      'defense',
      'movement'
    ])
    expect(found(/key: '(\w+)', p/g)).toEqual(['check', 'counter', 'kill', 'wound'])
    expect(termKeys).toEqual(
      expect.arrayContaining([
        'darkness',
        'targetBehind',
        'stab',
        'fromBehind',
        'positionalBonus',
        'weaponPenalty'
      ])
    )
  })

  it('Spanish keeps the rules’ own terms', () => {
    expect(es['roll.attack']).toContain('calaveras')
    expect(es['decision.hq2.defense.basic']).toContain('defensa básica')
    expect(es['violation.attackPending']).toContain('maniobra')
    expect(es['odds.kill']).toContain('Puntos de Cuerpo')
    expect(es['decision.hq2.stuntPoints']).toMatch(/^BM/)
    expect(es['term.darkness']).toContain('oscuridad')
  })
})
