import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents } from '../../core/events'
import { expectation } from '../../core/distribution'
import { formatFraction, type Fraction } from '../../core/fraction'
import { keptFaceDist } from '../../core/keep-die'
import { forcedDice } from '../../core/rng'
import type { Action, Answers, EncounterState } from '../../core/types'
import { athkri } from '.'
import { planAction } from './attack-action'
import { finalDamage, elementResponse } from './damage'
import { openingBudget } from './economy.machine'
import { healthOf, healthStateOf } from './health'
import { majorsFor } from './initiative'
import { checkChance } from './odds'
import { defaultSettings, readSettings } from './settings'
import { bleedCheck, startTurn } from './start-turn'
import { figure, longbow, makeEncounter, movedLastTurn, type FigureSpec } from './test-fixtures'

// athkri.md §11: the public acceptance tests, each computed through the ruleset (odds, economy, health).
// Figures face each other (attacker west facing east, target east facing west) unless a test says otherwise.

const f = (p: Fraction): string => formatFraction(p)

function headline(state: EncounterState, action: Action, answers: Answers = {}): Record<string, string> {
  const odds = athkri.odds(state, action, answers)
  if (!odds) throw new Error('no odds')
  return Object.fromEntries(odds.headline.map((h) => [h.key, f(h.p)]))
}

const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const ranged = (actorId: string, targetId: string): Action => ({ kind: 'ranged', actorId, targetId })

function duel(attacker: Partial<FigureSpec>, target: Partial<FigureSpec>, extra: FigureSpec[] = []) {
  return makeEncounter({
    figures: [
      { id: 'att', side: 'a', at: [5, 5], facing: 2, ...attacker },
      { id: 'def', side: 'b', at: [6, 5], facing: 6, ...target },
      ...extra
    ]
  })
}

describe('athkri.md §11 worked examples', () => {
  it('athkri example 1', () => {
    const mid = keptFaceDist(readSettings({ settings: {} }).baseDieLevel)
    expect([...mid].map(([v, p]) => `${v}:${f(p)}`)).toEqual([
      '1:7/250',
      '2:19/250',
      '3:14/125',
      '4:17/125',
      '5:37/250',
      '6:37/250',
      '7:17/125',
      '8:14/125',
      '9:19/250',
      '10:7/250'
    ])
    expect(f(expectation(mid))).toBe('11/2')
  })

  // Físico 4 + Combate cuerpo a cuerpo 3 = 7 vs Defensa 14.
  const fighter = {
    stats: { attributes: { fisico: 4, agilidad: 3, mente: 3 }, skills: { combateCuerpoACuerpo: 3 } }
  }
  const defended = { stats: { defensa: 14 } }

  it('athkri example 2', () => {
    expect(headline(duel(fighter, defended), melee('att', 'def')).hit).toBe('44/125')
  })

  it('athkri example 3', () => {
    // A PC with Físico 4 is Malherido at HP ≤ 4: it keeps the low die.
    const state = duel({ ...fighter, life: 4, lifeMax: 20 }, defended)
    expect(healthOf(state, figure(state, 'att')).state).toBe('malherido')
    expect(headline(state, melee('att', 'def')).hit).toBe('8/125')
  })

  it('athkri example 4', () => {
    // Longbow 25/50/100, target 40 m (20 squares) away and moving: Media 20 + 3 = 23; 5 + 4 = 9 → needs 14.
    const shooter = {
      stats: {
        attributes: { fisico: 3, agilidad: 5, mente: 3 },
        skills: { combateADistancia: 4 },
        weapons: [longbow]
      }
    }
    const spec = (
      at: [number, number],
      target: Partial<FigureSpec> = {},
      log = movedLastTurn('def', { x: 25, y: 5 })
    ) =>
      makeEncounter({
        figures: [
          { id: 'att', side: 'a', at: [5, 5], facing: 2, ...shooter },
          { id: 'def', side: 'b', at, facing: 6, ...target }
        ],
        settings: { gmPrompts: 'auto' },
        log
      })
    const far = spec([25, 5])
    expect(athkri.decide?.(far, ranged('att', 'def'), {})).toBeNull()
    expect(headline(far, ranged('att', 'def')).hit).toBe('343/15625')
    expect(
      headline({ ...far, settings: { ...far.settings, explodeOnTen: false } }, ranged('att', 'def')).hit
    ).toBe('0')
    // Other cover values for the same bow: adjacent → 10; prone at 40 m → 25.
    expect(coverOf(spec([6, 5], {}, []))).toBe(10)
    expect(coverOf(spec([25, 5], { stats: { conditions: ['prone'] } }, []))).toBe(25)
    expect(coverOf(far)).toBe(23)
  })

  it('athkri example 5', () => {
    // Físico 3 + CaC 2 vs Defensa 13: flanked (an ally also reaches the target) needs 6, alone needs 8.
    const attacker = {
      stats: { attributes: { fisico: 3, agilidad: 3, mente: 3 }, skills: { combateCuerpoACuerpo: 2 } }
    }
    const target = { stats: { defensa: 13 } }
    const ally: FigureSpec = { id: 'ally', side: 'a', at: [7, 6], facing: 6 }
    expect(headline(duel(attacker, target, [ally]), melee('att', 'def')).hit).toBe('1/2')
    expect(headline(duel(attacker, target), melee('att', 'def')).hit).toBe('27/125')
  })

  it('athkri example 6', () => {
    expect([34, 19, 47].map((t) => majorsFor(t, defaultSettings.majorsRule))).toEqual([3, 1, 4])
    const state = makeEncounter({ figures: [{ id: 'a', at: [1, 1] }], initiative: { a: 34 } })
    expect(openingBudget(state, figure(state, 'a'))).toEqual({ major: 3, minor: 1, free: 3 })
  })

  it('athkri example 7', () => {
    const settings = readSettings({ settings: {} })
    const weak = elementResponse(settings, 'fuego', { weaknesses: ['fuego'], resistances: [] })
    const resistant = elementResponse(settings, 'fuego', { weaknesses: [], resistances: ['fuego'] })
    expect([finalDamage(7, 0, 0, weak), finalDamage(7, 0, 0, resistant)]).toEqual([14, 3])
    // Through an attack: a fire weapon dealing 7 on a hit.
    const firebrand = {
      id: 'athkri:fire',
      kind: 'melee' as const,
      light: false,
      damage: '7',
      element: 'fuego',
      attackAttribute: 'fisico',
      attackSkill: 'combateCuerpoACuerpo'
    }
    const state = duel({ stats: { weapons: [firebrand] } }, { stats: { weaknesses: ['fuego'] } })
    const events = resolveEvents(athkri, state, melee('att', 'def'), forcedDice([9, 9, 9]), {
      'athkri.dodge': 'passive'
    })
    expect(events.filter((e) => e.type === 'damaged').map((e) => e.type === 'damaged' && e.amount)).toEqual([
      14
    ])
  })

  it('athkri example 8', () => {
    const s = readSettings({ settings: {} })
    expect([6, 5, 1, 0, -29, -30].map((hp) => healthStateOf(hp, 5, false, 30, s))).toEqual([
      'estable',
      'malherido',
      'malherido',
      'inconsciente',
      'inconsciente',
      'muerto'
    ])
    // Bleeding from HP 0 with three failed saves: −5, −15, −30 → dead.
    let state = makeEncounter({
      figures: [
        {
          id: 'pc',
          at: [1, 1],
          life: 0,
          lifeMax: 30,
          out: true,
          stats: { attributes: { fisico: 5, agilidad: 3, mente: 3 } }
        },
        { id: 'foe', side: 'b', at: [9, 9] }
      ],
      log: [{ type: 'combatant.out', id: 'pc' }]
    })
    const hp: number[] = []
    for (let i = 0; i < 3; i++) {
      state = applyEvents(state, startTurn(state, 'pc', forcedDice([1, 2, 2])))
      hp.push(healthOf(state, figure(state, 'pc')).hp)
    }
    expect(hp).toEqual([-5, -15, -30])
    expect(healthOf(state, figure(state, 'pc')).state).toBe('muerto')
    // NPC with maxHP 30: floor(30/4) = 7 → Malherido when HP ≤ 6.
    expect([7, 6].map((v) => healthStateOf(v, 5, true, 30, s))).toEqual(['estable', 'malherido'])
  })

  it('athkri example 9', () => {
    const state = makeEncounter({
      figures: [
        {
          id: 'pc',
          at: [1, 1],
          life: 0,
          out: true,
          stats: { attributes: { fisico: 3, agilidad: 3, mente: 3 } }
        },
        { id: 'foe', side: 'b', at: [9, 9] }
      ],
      log: [{ type: 'combatant.out', id: 'pc' }]
    })
    const settings = readSettings(state)
    expect(f(checkChance(settings, bleedCheck(state, 'pc'), settings.bleedDifficulty))).toBe('1/125')
    const off = { ...state, settings: { malheridoAppliesToBleedSave: false } }
    expect(f(checkChance(readSettings(off), bleedCheck(off, 'pc'), 12))).toBe('13/125')
  })

  it('athkri example 10', () => {
    // Attacker Físico + CaC = 7, defender Agilidad + Esquivar = 6, both on the middle die.
    const attacker = {
      stats: { attributes: { fisico: 4, agilidad: 3, mente: 3 }, skills: { combateCuerpoACuerpo: 3 } }
    }
    const defender = { stats: { attributes: { fisico: 3, agilidad: 4, mente: 3 }, skills: { esquivar: 2 } } }
    const state = duel(attacker, defender)
    expect(headline(state, melee('att', 'def'), { 'athkri.dodge': 'dodge' }).hit).toBe(
      '1303879459/1951593750'
    )
    const noFumble = { ...state, settings: { fumbleOnOne: false } }
    const p = athkri.odds(noFumble, melee('att', 'def'), { 'athkri.dodge': 'dodge' })?.headline[0]?.p
    expect(p && Number(p.n) / Number(p.d)).toBeCloseTo(0.671022, 6)
  })
})

function coverOf(state: EncounterState): number {
  const plan = planAction(state, ranged('att', 'def'))?.attacks[0]
  if (!plan) throw new Error('no plan')
  return plan.difficulty
}
