import { describe, expect, it } from 'vitest'
import { getRuleset } from '../../../rules/systems'
import type { Action } from '../../../rules/core/types'
import { formatPercent, translate, translateCode, type Locale } from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import {
  actionGroups,
  actionLabel,
  contentName,
  contentNames,
  prettifyId,
  type LabelTranslator
} from './action-label'
import { pathfinderHeroTurn } from './fixtures'
import { ownActions } from './options'

const tr = (
  current: Locale,
  system: 'pathfinder1e' | 'hq2' | 'carnevale' = 'pathfinder1e'
): LabelTranslator => ({
  current,
  t: (key, params) => translate(current, key, params),
  code: (prefix, code, params) => translateCode(current, prefix, code, params, systemTerms[system]),
  percent: (p) => formatPercent(current, p)
})
const names: Record<string, string> = { 'goblin-2': 'Goblin 2', irene: 'Irene', anselma: 'Anselma' }
const nameOf = (id: string): string => names[id] ?? id
const label = (action: Omit<Action, 'actorId'>, locale: Locale = 'es') =>
  actionLabel(tr(locale), { actorId: 'irene', ...action }, nameOf)

describe('actionLabel', () => {
  it('names a ready trigger, a grapple option and a weapon in the rules’ words', () => {
    expect(label({ kind: 'ready', options: { trigger: 'attacks' } })).toBe('preparar una acción: si ataca')
    expect(label({ kind: 'grappleMaintain', targetId: 'goblin-2', options: { option: 'pin' } })).toBe(
      'mantener la presa: Sujetar'
    )
    expect(label({ kind: 'drawWeapon', options: { weapon: 'pathfinder1e:longsword' } })).toBe(
      'desenvainar un arma: Espada larga'
    )
    expect(label({ kind: 'drawWeapon', options: { weapon: 'pathfinder1e:longsword' } }, 'en')).toBe(
      'draw a weapon: Longsword'
    )
  })

  it('names a spell by the ruleset’s term, and says when it is cast defensively', () => {
    const spell = { spell: 'pathfinder1e:magic-missile' }
    expect(label({ kind: 'cast', targetId: 'goblin-2', options: spell })).toBe(
      'lanzar un conjuro: proyectil mágico'
    )
    expect(label({ kind: 'cast', targetId: 'goblin-2', options: { ...spell, defensive: 1 } })).toBe(
      'lanzar un conjuro: proyectil mágico (a la defensiva)'
    )
    expect(label({ kind: 'cast', targetId: 'irene', options: { spell: 'pathfinder1e:mage-armor' } })).toBe(
      'lanzar un conjuro: armadura de mago'
    )
  })

  it('says whom a delay waits for, and names an item a target id points at', () => {
    expect(label({ kind: 'delay', options: { after: 'goblin-2' } })).toBe(
      'retrasar hasta después de Goblin 2'
    )
    expect(label({ kind: 'delay', options: { after: 'goblin-2' } }, 'en')).toBe('delay until after Goblin 2')
    expect(
      actionLabel(tr('es', 'hq2'), { kind: 'equip', actorId: 'a', targetId: 'hq2:no-such-axe' }, nameOf)
    ).toBe('cambiar el equipo de combate activo: no such axe')
  })
})

describe('contentName', () => {
  it('prefers the ruleset’s term, then the content’s own name, then the slug spelt out', () => {
    expect(contentNames.size).toBeGreaterThan(50)
    expect(contentName(tr('es'), 'pathfinder1e:sleep')).toBe('dormir')
    expect(contentName(tr('en'), 'pathfinder1e:heavy-mace')).toBe('Heavy mace')
    expect(contentName(tr('es'), 'pathfinder1e:vorpal-spoon')).toBe('vorpal spoon')
    expect(prettifyId('x:fiveFootStep')).toBe('five foot step')
  })
})

describe('actionGroups', () => {
  it('puts a kind’s variants under one heading with short buttons; a lone action keeps its label', () => {
    const pf = getRuleset('pathfinder1e')
    const state = pathfinderHeroTurn()
    const names = new Map(state.combatants.map((c) => [c.id, c.name]))
    const groups = actionGroups(
      tr('es'),
      ownActions(state, pf.legalActions(state, 'irene')),
      (id) => names.get(id) ?? id
    )
    const ready = groups.find((g) => g.kind === 'ready')
    expect(ready?.heading).toBe('preparar una acción')
    expect(ready?.items.map((i) => i.text)).toEqual([
      'si entra en su alcance',
      'si ataca',
      'si empieza a lanzar un conjuro',
      'si carga'
    ])
    expect(ready?.items[1]?.label).toBe('preparar una acción: si ataca')
    const delay = groups.find((g) => g.kind === 'delay')
    expect(delay?.heading).toBe('retrasar hasta después de …')
    expect(delay?.items[0]?.label).toMatch(/^retrasar hasta después de \S/)
    const lone = groups.find((g) => g.kind === 'totalDefense')
    expect(lone).toMatchObject({ heading: null, items: [{ text: 'defensa total' }] })
  })
})

describe('Carnevale labels', () => {
  const weaponOf = (actorId: string, i: number) =>
    actorId === 'archibugiere' ? ['Arcabuz', 'Daga', 'sin armas'][i] : undefined
  const carnevale = (action: Action, locale: Locale) =>
    actionLabel(tr(locale, 'carnevale'), action, nameOf, weaponOf)

  it('names the weapon of a Combat, not its index, and leaves a push point out', () => {
    const shot: Action = {
      kind: 'combat',
      actorId: 'archibugiere',
      targetId: 'irene',
      options: { weapon: 0 }
    }
    expect(carnevale(shot, 'es')).toBe('Combate: Arcabuz')
    expect(carnevale(shot, 'en')).toBe('Combat: Arcabuz')
    const grapple: Action = { kind: 'grapple', actorId: 'archibugiere', options: { pushX: 10, pushY: 20 } }
    expect(carnevale(grapple, 'es')).toBe('Agarre')
  })
})
