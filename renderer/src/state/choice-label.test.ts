import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../../rules/core/types'
import { choiceLabel, weaponName, type ChoiceWords } from './choice-label'

const terms: Record<string, string> = {
  'action.combat': 'Combate',
  'action.grapple': 'Agarre',
  'decision.carnevale.guard.drown': 'Ahogar'
}

const words: ChoiceWords = {
  code: (prefix, code) => terms[`${prefix}.${code}`] ?? code,
  pass: 'No atacar',
  figureName: (id) => (id === 'madre' ? 'Madre Salobre' : undefined),
  weaponOf: (i) => ['Estoque', 'Daga', 'sin armas'][i]
}

describe('choiceLabel', () => {
  it('names a figure, a weapon, a kind, a term and declining in words', () => {
    expect(choiceLabel(words, 'carnevale.guard', 'madre')).toBe('Madre Salobre')
    expect(choiceLabel(words, 'carnevale.guard', 'combat:1')).toBe('Combate: Daga')
    expect(choiceLabel(words, 'carnevale.guard', 'combat:2')).toBe('Combate: sin armas')
    expect(choiceLabel(words, 'carnevale.guard', 'grapple')).toBe('Agarre')
    expect(choiceLabel(words, 'carnevale.guard', 'drown')).toBe('Ahogar')
    expect(choiceLabel(words, 'carnevale.guard', 'pass')).toBe('No atacar')
  })

  it('falls back to the kind when the weapon is unknown, and to the code when nothing words it', () => {
    expect(choiceLabel(words, 'carnevale.guard', 'combat:9')).toBe('Combate')
    expect(choiceLabel(words, 'carnevale.guard', 'dance')).toBe('dance')
  })
})

describe('weaponName', () => {
  const figure = { stats: { weapons: [{ name: 'Arcabuz' }, { name: 'Daga' }] } } as unknown as Combatant
  it('reads the card, then the unarmed profile just past it', () => {
    expect(weaponName(figure, 0, 'unarmed')).toBe('Arcabuz')
    expect(weaponName(figure, 2, 'unarmed')).toBe('unarmed')
    expect(weaponName(figure, 3, 'unarmed')).toBeUndefined()
    expect(weaponName(figure, -1, 'unarmed')).toBeUndefined()
    expect(weaponName(undefined, 0, 'unarmed')).toBeUndefined()
  })
})
