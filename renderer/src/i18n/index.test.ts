import { describe, expect, it } from 'vitest'
import { en } from './en'
import { es } from './es'
import { formatPercent, translate, translateCode } from './index'
import { systemTerms } from './system-terms'

describe('i18n catalogues', () => {
  it('English has exactly the Spanish keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
  })

  it('every English text keeps the Spanish placeholders', () => {
    const names = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
    for (const [key, text] of Object.entries(es)) {
      expect(names(en[key as keyof typeof es]), key).toEqual(names(text))
    }
  })

  it('no text is blank', () => {
    for (const text of [...Object.values(es), ...Object.values(en)]) expect(text.trim()).not.toBe('')
  })
})

describe('translate', () => {
  it('interpolates parameters', () => {
    expect(translate('es', 'encounter.round', { round: 3 })).toBe('Ronda 3')
    expect(translate('en', 'cost.ap', { n: 2 })).toBe('2 AP')
  })

  it('keeps unknown placeholders and shows unknown keys raw', () => {
    expect(translate('en', 'encounter.round')).toBe('Round {round}')
    expect(translate('es', 'no.such.key', { a: 1 })).toBe('no.such.key (a=1)')
  })

  it('translates rule codes and falls back to the raw code', () => {
    expect(translateCode('es', 'violation', 'cannotAfford')).toBe('no quedan puntos de acción suficientes')
    expect(translateCode('en', 'violation', 'fooBar', { x: 2 })).toBe('fooBar (x=2)')
    expect(translateCode('es', 'roll', 'hit')).toBe('tirada para impactar')
  })

  it('puts a rule system’s own terms first', () => {
    const terms = { es: { 'violation.blocked': 'bloque en {square}' }, en: {} }
    expect(translateCode('es', 'violation', 'blocked', { square: 'E3' }, terms)).toBe('bloque en E3')
    expect(translateCode('en', 'violation', 'blocked', {}, terms)).toBe('the square holds a block')
  })

  it('formats percentages per locale', () => {
    expect(formatPercent('en', 0.7)).toBe('70%')
    expect(formatPercent('es', 0.35).replace(/\s/g, ' ')).toBe('35 %')
  })
})

describe('system terms', () => {
  it('Minecraft’s terms have the same keys in both languages', () => {
    for (const terms of Object.values(systemTerms)) {
      expect(Object.keys(terms.en).sort()).toEqual(Object.keys(terms.es).sort())
    }
  })
})
