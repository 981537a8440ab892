import { describe, expect, it, vi } from 'vitest'
import { formatFraction } from '../../../rules/core/fraction'
import { applyCommand } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import { hq2SampleEncounter } from '../../../rules/systems/hq2'
import { pathfinderHeroTurn, play, ruleset, started } from './fixtures'
import type { Action, EncounterState } from '../../../rules/core/types'
import { translateCode } from '../i18n'
import { systemTerms } from '../i18n/system-terms'
import {
  actionKey,
  attackKinds,
  attackOptions,
  costParts,
  economyCounters,
  economyLabel,
  formatCost,
  isFlag,
  knowsKind,
  ownActions,
  totalCost
} from './options'

describe('totalCost', () => {
  it('prices moves per square and attacks by kind', () => {
    const state = started()
    const path = [
      { x: 3, y: 5, z: 0 },
      { x: 4, y: 5, z: 0 }
    ]
    expect(totalCost(ruleset, state, { kind: 'move', actorId: 'steve', path })).toBe(2)
    expect(totalCost(ruleset, state, { kind: 'melee', actorId: 'steve', targetId: 'zombie-1' })).toBe(1)
    expect(totalCost(ruleset, state, { kind: 'ranged', actorId: 'steve', targetId: 'zombie-1' })).toBe(2)
  })
})

describe('attackOptions', () => {
  it('leaves out an attack the figure has no weapon for', () => {
    const options = attackOptions(ruleset, started(), 'steve', 'zombie-1')
    expect(options.map((o) => o.action.kind)).toEqual(['melee'])
    expect(options[0]?.violation?.code).toBe('notAdjacent')
  })

  it('offers a bow shot with its exact odds, and melee with the reason it is refused', () => {
    const alex = play(started(), { type: 'activation.select', actorId: 'alex' })
    const [melee, ranged] = attackOptions(ruleset, alex, 'alex', 'zombie-1')
    expect(melee?.violation?.code).toBe('notAdjacent')
    expect(ranged?.violation).toBeNull()
    expect(ranged?.cost).toEqual([{ key: 'ap', n: 2 }])
    expect(ranged?.odds?.headline.map((h) => h.key)).toEqual(['hit', 'wound'])
    expect(ranged?.odds?.headline.every((h) => /^\d+(\/\d+)?$/.test(formatFraction(h.p)))).toBe(true)
  })
})

describe('economyCounters', () => {
  it('shows the AP left out of the AP the activation started with', () => {
    expect(economyCounters(ruleset, started())).toEqual([{ key: 'ap', value: 3, max: 3 }])
    const moved = play(started(), {
      type: 'action.declare',
      action: { kind: 'move', actorId: 'steve', path: [{ x: 3, y: 5, z: 0 }] }
    })
    expect(economyCounters(ruleset, moved)).toEqual([{ key: 'ap', value: 2, max: 3 }])
  })
})

describe('economyCounters with flags and bookkeeping keys', () => {
  /** The started sample with an economy that opened as `opened` and holds `now` (a PF-like turn). */
  function withEconomy(opened: Record<string, number>, now: Record<string, number>): EncounterState {
    const state = started()
    const turn = state.turn!
    return {
      ...state,
      turn: { ...turn, economy: { ...turn.economy, context: now } },
      log: state.log.map((e) =>
        e.type === 'turn.started' ? { ...e, economy: { ...e.economy, context: opened } } : e
      )
    }
  }

  it('hides keys starting with `_` (the economy’s own bookkeeping)', () => {
    const state = withEconomy({ ap: 3, _moved: 0, _aoo: 1 }, { ap: 2, _moved: 4, _aoo: 1 })
    expect(economyCounters(ruleset, state)).toEqual([{ key: 'ap', value: 2, max: 3 }])
  })

  it('keeps one-use flags, available or spent, as counters of max 1', () => {
    const state = withEconomy(
      { standard: 1, move: 1, swift: 1, step: 1, _feet: 0 },
      { standard: 1, move: 0, swift: 1, step: 0, _feet: 30 }
    )
    const counters = economyCounters(ruleset, state)
    expect(counters.map((c) => [c.key, c.value, isFlag(c)])).toEqual([
      ['standard', 1, true],
      ['move', 0, true],
      ['swift', 1, true],
      ['step', 0, true]
    ])
    expect(isFlag({ key: 'ap', value: 1, max: 3 })).toBe(false)
  })
})

describe('economyLabel', () => {
  const code = (prefix: string, key: string): string => translateCode('es', prefix, key)

  it('uses the catalogue or the rule system’s terms', () => {
    expect(economyLabel(code, 'ap')).toBe('PA')
    const terms = { es: { 'economy.swift': 'rápida' }, en: {} }
    expect(economyLabel((p, k) => translateCode('es', p, k, undefined, terms), 'swift')).toBe('rápida')
  })

  it('spells out a key nobody translates instead of showing an identifier', () => {
    expect(economyLabel(code, 'fiveFootStep')).toBe('five foot step')
    expect(economyLabel(code, 'move_action')).toBe('move action')
    expect(economyLabel(code, 'mp')).toBe('mp')
  })
})

describe('economyCounters with start-of-turn grants', () => {
  it('counts HQ2 movement points out of what the activation rolled, and hides empty flags', () => {
    const hq2 = getRuleset('hq2')
    const state = applyCommand(hq2SampleEncounter(), { type: 'encounter.start' }, hq2)
    if (!state.ok) throw new Error(state.violation.code)
    const rolled = state.state.log.findLast((e) => e.type === 'economy.changed')
    const mp = rolled?.type === 'economy.changed' ? rolled.economy.context.mp : undefined
    expect(mp).toBeGreaterThan(0)
    const counters = economyCounters(hq2, state.state)
    expect(counters.find((c) => c.key === 'mp')).toEqual({ key: 'mp', value: mp, max: mp })
    expect(counters.map((c) => c.key)).not.toContain('blindFighting')
  })
})

describe('attackOptions and ownActions from the legal actions', () => {
  it('offers what the rules list on a figure beyond melee and ranged (HQ2 maneuvers)', () => {
    const hq2 = getRuleset('hq2')
    const legal = [
      { kind: 'melee', actorId: 'a', targetId: 't' },
      { kind: 'charge', actorId: 'a', targetId: 't', path: [{ x: 1, y: 1, z: 0 }] },
      { kind: 'melee', actorId: 'a', targetId: 'other' }
    ]
    const kinds = attackOptions(hq2, hq2SampleEncounter(), 'a', 't', legal).map((o) => o.action.kind)
    expect(kinds).toContain('charge')
    expect(kinds.filter((k) => k === 'melee')).toHaveLength(1)
  })

  it('lists actions that need no figure on the map, once per kind and item', () => {
    const state = started()
    const legal = [
      { kind: 'move', actorId: 'steve', path: [{ x: 3, y: 5, z: 0 }] },
      { kind: 'face', actorId: 'steve', facing: 3 },
      { kind: 'melee', actorId: 'steve', targetId: 'zombie-1' },
      { kind: 'hide', actorId: 'steve' },
      { kind: 'hide', actorId: 'steve' },
      { kind: 'equip', actorId: 'steve', targetId: 'hq2:axe' }
    ]
    expect(ownActions(state, legal).map((a) => `${a.kind}:${a.targetId ?? ''}`)).toEqual([
      'hide:',
      'equip:hq2:axe'
    ])
  })
})

describe('costParts and formatCost', () => {
  const code =
    (system?: 'minecraft' | 'pathfinder1e' | 'athkri') =>
    (prefix: string, key: string, params?: Record<string, number>): string =>
      translateCode('es', prefix, key, params, system ? systemTerms[system] : undefined)

  it('keeps Minecraft’s AP readable', () => {
    const state = started()
    const parts = costParts(ruleset, state, { kind: 'ranged', actorId: 'steve', targetId: 'zombie-1' })
    expect(parts).toEqual([{ key: 'ap', n: 2 }])
    expect(formatCost(code('minecraft'), parts)).toBe('2 PA')
    expect(formatCost(code(), parts)).toBe('2 PA')
  })

  it('words a Pathfinder action by the economy event’s own fields, not their sum', () => {
    const pf = getRuleset('pathfinder1e')
    const state = pathfinderHeroTurn()
    const cost = (action: Omit<Action, 'actorId'>) =>
      formatCost(code('pathfinder1e'), costParts(pf, state, { actorId: 'irene', ...action }))
    expect(cost({ kind: 'attack', targetId: 'goblin-1' })).toBe('un ataque')
    expect(cost({ kind: 'ready', options: { trigger: 'attacks' } })).toBe('acción estándar')
    expect(
      cost({ kind: 'cast', targetId: 'goblin-1', options: { spell: 'pathfinder1e:magic-missile' } })
    ).toBe('acción estándar')
    // A move action that moves no squares (drawing a weapon) leaves out "0 casillas".
    expect(cost({ kind: 'drawWeapon', options: { weapon: 'pathfinder1e:light-crossbow' } })).toBe(
      'acción de movimiento ×1'
    )
    expect(cost({ kind: 'delay', options: { after: 'goblin-2' } })).toBe('el resto del turno')
  })

  it('keeps an all-zero cost (a free action) and spells out a key nobody words', () => {
    expect(formatCost(code('athkri'), [{ key: 'free', n: 0 }])).toBe('Acción gratuita')
    expect(formatCost(code(), [{ key: 'widgets', n: 3 }])).toBe('widgets 3')
  })
})

describe('attackKinds: the ruleset’s own attack vocabulary', () => {
  it('offers melee and ranged to a ruleset that knows them, asking it once', () => {
    const state = started()
    const spy = vi.spyOn(ruleset, 'validate')
    expect(attackKinds(ruleset, state, 'steve', 'zombie-1')).toEqual(['melee', 'ranged'])
    const calls = spy.mock.calls.length
    expect(knowsKind(ruleset, state, 'melee', 'steve', 'zombie-1')).toBe(true)
    expect(spy.mock.calls.length).toBe(calls)
    spy.mockRestore()
  })

  it('offers Pathfinder its `attack`, learnt from the actions seen against the other side', () => {
    const pf = getRuleset('pathfinder1e')
    const state = pathfinderHeroTurn()
    expect(knowsKind(pf, state, 'melee', 'irene', 'goblin-1')).toBe(false)
    const seen: Action[] = [
      { kind: 'attack', actorId: 'goblin-1', targetId: 'valeria' },
      { kind: 'delay', actorId: 'irene', options: { after: 'goblin-2' } },
      { kind: 'stabilize', actorId: 'irene', targetId: 'anselma' },
      {
        kind: 'cast',
        actorId: 'irene',
        targetId: 'goblin-1',
        options: { spell: 'pathfinder1e:magic-missile' }
      }
    ]
    expect(attackKinds(pf, state, 'irene', 'goblin-1', seen)).toEqual(['attack'])
    // A figure out of reach says why, once, beside what the ruleset lists on it.
    const legal = pf.legalActions(state, 'irene')
    const options = attackOptions(pf, state, 'irene', 'goblin-1', legal)
    const refused = options.filter((o) => o.violation)
    expect(refused.map((o) => [o.action.kind, o.violation?.code])).toEqual([['attack', 'outOfReach']])
    expect(options.filter((o) => !o.violation).map((o) => o.action.options?.spell)).toEqual([
      'pathfinder1e:magic-missile',
      'pathfinder1e:sleep'
    ])
  })

  it('offers no attack on the actor’s own side, only what the ruleset lists there', () => {
    const pf = getRuleset('pathfinder1e')
    const state = pathfinderHeroTurn()
    const legal = pf.legalActions(state, 'irene')
    const onAlly = attackOptions(pf, state, 'irene', 'anselma', legal)
    expect(onAlly.map((o) => [o.action.kind, o.action.options?.spell, o.violation])).toEqual([
      ['cast', 'pathfinder1e:mage-armor', null]
    ])
  })
})

describe('ownActions: one per distinct action', () => {
  it('keeps each ready trigger, weapon, self-cast and delay, and leaves spells on others to the map', () => {
    const pf = getRuleset('pathfinder1e')
    const state = pathfinderHeroTurn()
    const own = ownActions(state, pf.legalActions(state, 'irene'))
    const kinds = own.map((a) => a.kind)
    expect(kinds.filter((k) => k === 'ready')).toHaveLength(4)
    expect(own.filter((a) => a.kind === 'ready').map((a) => a.options?.trigger)).toEqual([
      'entersReach',
      'attacks',
      'casts',
      'charges'
    ])
    expect(own.find((a) => a.kind === 'drawWeapon')?.options).toEqual({
      weapon: 'pathfinder1e:light-crossbow'
    })
    expect(own.filter((a) => a.kind === 'delay').length).toBeGreaterThan(1)
    expect(own.filter((a) => a.kind === 'cast')).toEqual([
      { kind: 'cast', actorId: 'irene', targetId: 'irene', options: { spell: 'pathfinder1e:mage-armor' } }
    ])
    expect(new Set(own.map(actionKey)).size).toBe(own.length)
  })

  it('tells actions apart by options, not by their aim', () => {
    const a: Action = { kind: 'cast', actorId: 'i', targetId: 'g', options: { spell: 's', defensive: 1 } }
    expect(actionKey(a)).toBe(actionKey({ ...a, options: { defensive: 1, spell: 's' }, facing: 3 }))
    expect(actionKey(a)).not.toBe(actionKey({ ...a, options: { spell: 's' } }))
  })
})
