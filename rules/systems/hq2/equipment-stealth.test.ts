import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { hq2 } from '.'
import { planOf } from './actions'
import { readStats } from './stats'
import { armor, figure, makeEncounter, weapon, withActive } from './test-fixtures'

// Equipment change (hq2.md §3.2 [TEXT L48–50]) and Esconderse en las sombras / Percepción (hq2.md §4.3,
// [TEXT L100]), all through `stats.set`. Faces: 1–3 skull, 4–5 white shield, 6 black shield.

const skulls = (n: number) => Array<number>(n).fill(1)
const rolls = (events: GameEvent[], purpose: string) =>
  events.flatMap((e) => (e.type === 'dice.rolled' && e.purpose === purpose ? [e.result] : []))
const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const equip = (actorId: string, targetId: string): Action => ({ kind: 'equip', actorId, targetId })

const dagger = weapon({ id: 'hq2:dagger', attackBonus: 2 })
const axe = weapon({ id: 'hq2:battle-axe', hands: 2, attackBonus: 8 })
const shield = armor({ id: 'hq2:shield', defenseBonus: 2, tags: ['shield'] })

// A hero with a dagger readied and a battle-axe carried, in front of an orc without defense.
const armed = (worn = [armor({ id: 'hq2:helmet' })]) =>
  makeEncounter({
    beings: [
      {
        id: 'hero',
        side: 'heroes',
        at: [5, 5],
        facing: 2,
        stats: { attackBase: 4, meleeWeapon: dagger, armor: worn, carried: { weapons: [axe], armor: [] } }
      },
      { id: 'orc', side: 'bm', at: [6, 5], facing: 6, stats: { kind: 'monster', seat: 0 } }
    ]
  })

describe('equipment change (hq2.md §3.2 [TEXT L48]: free, any time)', () => {
  it('readies a carried weapon: the old one is carried, and the next attack uses the new one', () => {
    const state = armed()
    expect(hq2.legalActions(state, 'hero')).toContainEqual(equip('hero', 'hq2:battle-axe'))
    expect(planOf(state, melee('hero', 'orc'))?.attack.value).toBe(6)
    const events = resolveEvents(hq2, state, equip('hero', 'hq2:battle-axe'), forcedDice([]))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'stats.set', id: 'hero' })
    const after = applyEvents(state, events)
    const stats = readStats(figure(after, 'hero'))
    expect([stats.meleeWeapon?.id, stats.carried?.weapons.map((w) => w.id)]).toEqual([
      'hq2:battle-axe',
      ['hq2:dagger']
    ])
    expect(planOf(after, melee('hero', 'orc'))?.attack.value).toBe(12)
    const hit = resolveEvents(hq2, after, melee('hero', 'orc'), forcedDice(skulls(12)))
    expect(rolls(hit, 'attack')).toHaveLength(12)
    expect(hit).toContainEqual({ type: 'damaged', id: 'orc', amount: 12, source: 'attack' })
  })

  it('costs nothing: no MP, and the action is still there for the attack', () => {
    const state = armed()
    const r = applyCommand(state, { type: 'action.declare', action: equip('hero', 'hq2:battle-axe') }, hq2)
    if (!r.ok) throw new Error(r.violation.code)
    expect(r.state.turn?.economy).toEqual(state.turn?.economy)
    expect(hq2.validate(r.state, melee('hero', 'orc'))).toBeNull()
    // Even in the middle of a multi-attack (an attack already made), and back again.
    const attacking = withActive(r.state, 'hero', 6, [{ type: 'economy.attack', attacks: 1, allowance: 2 }])
    expect(hq2.validate(attacking, equip('hero', 'hq2:dagger'))).toBeNull()
  })

  it('is refused when the hands do not allow it (a shield and a two-handed weapon), and allowed once stowed', () => {
    const state = armed([shield])
    expect(hq2.validate(state, equip('hero', 'hq2:battle-axe'))).toEqual({
      code: 'notEnoughHands',
      params: { need: 3 }
    })
    expect(hq2.legalActions(state, 'hero')).not.toContainEqual(equip('hero', 'hq2:battle-axe'))
    const stowed = applyEvents(state, resolveEvents(hq2, state, equip('hero', 'hq2:shield'), forcedDice([])))
    const s = readStats(figure(stowed, 'hero'))
    expect([s.armor, s.carried?.armor.map((a) => a.id)]).toEqual([[], ['hq2:shield']])
    expect(hq2.validate(stowed, equip('hero', 'hq2:battle-axe'))).toBeNull()
    expect(hq2.validate(stowed, equip('hero', 'hq2:sword'))).toEqual({
      code: 'notCarried',
      params: { item: 'hq2:sword' }
    })
  })
})

// A BM orc with Esconderse en las sombras behind a hero who faces away; the hero has Percepción.
const ambush = (orcConditions: ('hidden' | 'prone')[] = [], activeId = 'orc') =>
  makeEncounter({
    activeId,
    beings: [
      {
        id: 'orc',
        side: 'bm',
        at: [5, 5],
        facing: 2,
        stats: {
          kind: 'monster',
          seat: 0,
          attackBase: 10,
          skills: { esconderseEnSombras: 1 },
          conditions: orcConditions
        }
      },
      {
        id: 'hero',
        side: 'heroes',
        at: [6, 5],
        facing: 2,
        stats: { defenseBase: 6, skills: { percepcion: 1 } }
      }
    ]
  })

describe('Esconderse en las sombras (hq2.md §4.3 step 3, [TEXT L100])', () => {
  it('is the one action, asks the BM its difficulty, and on success makes the being hidden (unlocated)', () => {
    const state = ambush()
    const hide: Action = { kind: 'hide', actorId: 'orc' }
    expect(hq2.legalActions(state, 'orc')).toContainEqual(hide)
    expect(hq2.decide?.(state, hide, {})).toMatchObject({ id: 'hq2.hideDifficulty', default: 1 })
    // 2 base dice + skill 1: one skull overcomes difficulty 1.
    const events = resolveEvents(hq2, state, hide, forcedDice([1, 4, 4]))
    expect(rolls(events, 'check')).toHaveLength(3)
    const after = applyEvents(state, events)
    expect(readStats(figure(after, 'orc')).conditions).toEqual(['hidden'])
    expect(hq2.validate(after, hide)).toEqual({ code: 'alreadyHidden' })
    // Its next turn: the hero, attacked from behind by an unlocated attacker, gets no defense.
    const next = withActive(after, 'orc')
    expect(planOf(next, melee('orc', 'hero'))?.defense).toEqual({ kind: 'none', reason: 'unlocated' })
    const hit = resolveEvents(hq2, next, melee('orc', 'hero'), forcedDice(skulls(10)))
    expect(rolls(hit, 'defense')).toEqual([])
    expect(hit).toContainEqual({ type: 'damaged', id: 'hero', amount: 10, source: 'attack' })
  })

  it('fails without the skulls, needs the skill, and uses up the action', () => {
    const state = ambush()
    const hide: Action = { kind: 'hide', actorId: 'orc' }
    const failed = resolveEvents(hq2, state, hide, forcedDice([4, 4, 5]))
    expect(failed.some((e) => e.type === 'stats.set')).toBe(false)
    expect(hq2.validate(withActive(state, 'hero'), { kind: 'hide', actorId: 'hero' })).toEqual({
      code: 'lacksSkill',
      params: { skill: 'esconderseEnSombras' }
    })
    const acted = withActive(state, 'orc', 6, [{ type: 'economy.act', actions: 1 }])
    expect(hq2.validate(acted, hide)).toEqual({ code: 'actionUsed' })
    expect(hq2.legalActions(acted, 'orc')).not.toContainEqual(hide)
  })
})

describe('Percepción (hq2.md §4.3 step 3: a successful check locates hidden enemies)', () => {
  const perceive: Action = { kind: 'perceive', actorId: 'hero' }

  it('clears the hidden condition of the enemy on a success, and the defense is back', () => {
    const state = ambush(['hidden', 'prone'], 'hero')
    expect(hq2.legalActions(state, 'hero')).toContainEqual(perceive)
    expect(hq2.decide?.(state, perceive, {})).toMatchObject({
      id: 'hq2.perceptionDifficulty',
      deciderId: 'orc'
    })
    const events = resolveEvents(hq2, state, perceive, forcedDice([2, 5, 6]))
    const after = applyEvents(state, events)
    expect(readStats(figure(after, 'orc')).conditions).toEqual(['prone'])
    const orcTurn = withActive(after, 'orc')
    expect(planOf(orcTurn, melee('orc', 'hero'))?.defense.kind).toBe('basic')
  })

  it('leaves it hidden on a failure', () => {
    const state = ambush(['hidden'], 'hero')
    const events = resolveEvents(hq2, state, perceive, forcedDice([4, 5, 6]))
    expect(rolls(events, 'check')).toHaveLength(3)
    expect(events.some((e) => e.type === 'stats.set')).toBe(false)
    expect(readStats(figure(applyEvents(state, events), 'orc')).conditions).toEqual(['hidden'])
  })

  it('is offered only when an enemy is hidden; untrained per perceptionUntrained', () => {
    const state = ambush([], 'hero')
    expect(hq2.validate(state, perceive)).toEqual({ code: 'noHiddenEnemy' })
    expect(hq2.legalActions(state, 'hero')).not.toContainEqual(perceive)
    const untrained = makeEncounter({
      settings: { perceptionUntrained: false },
      beings: [
        { id: 'hero', side: 'heroes', at: [6, 5] },
        { id: 'orc', side: 'bm', at: [5, 5], stats: { kind: 'monster', seat: 0, conditions: ['hidden'] } }
      ]
    })
    expect(hq2.validate(untrained, perceive)).toEqual({
      code: 'lacksSkill',
      params: { skill: 'percepcion' }
    })
    expect(hq2.validate({ ...untrained, settings: {} }, perceive)).toBeNull()
  })
})
