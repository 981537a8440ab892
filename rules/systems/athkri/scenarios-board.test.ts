import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { athkri } from '.'
import { planAction } from './attack-action'
import { canTakeTurn, healthOf } from './health'
import { rollInitiative } from './initiative'
import { startTurn } from './start-turn'
import { figure, makeEncounter, type EncounterSpec, type FigureSpec } from './test-fixtures'

// Board, turn and health scenarios with scripted dice: footprints and reach, walking, split actions,
// bleeding and initiative (the attack modifiers are in modifiers.test.ts).

const melee = (actorId: string, targetId: string): Action => ({ kind: 'melee', actorId, targetId })
const step = (x: number, y: number) => ({ x, y, z: 0 })

function board(figures: FigureSpec[], extra: Omit<EncounterSpec, 'figures'> = {}) {
  return makeEncounter({ ...extra, figures })
}

function run(state: EncounterState, action: Action): EncounterState {
  const r = applyCommand(state, { type: 'action.declare', action }, athkri)
  if (!r.ok) throw new Error(r.violation.code)
  return r.state
}

describe('footprints and reach (athkri.md §3, A1)', () => {
  it.each([
    ['§3 Grande (2×2, Alcance 1) reaches 2 squares from any square', 'athkri:ogro', [8, 5], null],
    ['§3 Grande: 3 squares away is out of reach', 'athkri:ogro', [9, 5], 'notInReach'],
    ['§3 Enorme (3×3, Alcance 2) reaches 3 squares', 'athkri:golem-de-piedra', [10, 5], null],
    ['§3 Enorme: 4 squares away is out of reach', 'athkri:golem-de-piedra', [11, 5], 'notInReach'],
    ['§3 Minúsculo (Alcance −1) must share the square', 'athkri:rata-de-cloaca', [5, 5], null],
    ['§3 Minúsculo: an adjacent square is out of reach', 'athkri:rata-de-cloaca', [6, 5], 'notInReach']
  ] as const)('%s', (_label, creature, at, code) => {
    const state = board([
      { id: 'big', at: [5, 5], creature },
      { id: 'foe', side: 'b', at }
    ])
    expect(athkri.validate(state, melee('big', 'foe'))?.code ?? null).toBe(code)
  })

  it('§3 Gigante (4×4, Alcance 3) reaches 4 squares below its footprint too', () => {
    const state = board([
      { id: 'huge', at: [5, 5], stats: { sizeClass: 'gigante' } },
      { id: 'foe', side: 'b', at: [6, 12] },
      { id: 'far', side: 'b', at: [6, 13] }
    ])
    expect(athkri.validate(state, melee('huge', 'foe'))).toBeNull()
    expect(athkri.validate(state, melee('huge', 'far'))?.code).toBe('notInReach')
  })

  it('§3 A1 alternative: Alcance as an attack modifier, reach = adjacency', () => {
    const figs: FigureSpec[] = [
      { id: 'big', at: [5, 5], creature: 'athkri:ogro' },
      { id: 'near', side: 'b', at: [7, 5] },
      { id: 'far', side: 'b', at: [8, 5] }
    ]
    const state = board(figs, { settings: { alcanceRule: 'attackModifier' } })
    expect(athkri.validate(state, melee('big', 'far'))?.code).toBe('notInReach')
    expect(planAction(state, melee('big', 'near'))?.attacks[0]?.mods).toContainEqual({
      key: 'mod.alcance',
      value: 1
    })
  })

  it('§3: a small hero next to any square of a 2×2 is adjacent (and flanks with a friend across it)', () => {
    const state = board([
      { id: 'a', at: [4, 6] },
      { id: 'ogre', side: 'b', at: [5, 5], creature: 'athkri:ogro' },
      { id: 'b', at: [7, 4] }
    ])
    const mods = planAction(state, melee('a', 'ogre'))?.attacks[0]?.mods ?? []
    expect(mods).toContainEqual({ key: 'mod.flank', value: 2 })
  })
})

describe('walking (athkri.md §3 [GAP-PUB])', () => {
  const open = () =>
    board([
      { id: 'a', at: [10, 10] },
      { id: 'foe', side: 'b', at: [25, 25] }
    ])

  it('a Major walks the full Movimiento (10 m = 5 squares), a Minor half (2 squares)', () => {
    const moves = athkri.legalActions(open(), 'a').filter((a) => a.kind === 'move')
    expect(moves).toHaveLength(11 * 11 - 1)
    const path = (n: number) => Array.from({ length: n }, (_, i) => step(10, 11 + i))
    expect(athkri.economy.charge(open(), { kind: 'move', actorId: 'a', path: path(2) })).toEqual({
      type: 'economy.spendMinor',
      minor: 1
    })
    expect(athkri.economy.charge(open(), { kind: 'move', actorId: 'a', path: path(3) })).toEqual({
      type: 'economy.spendMajor',
      major: 1
    })
    expect(athkri.validate(open(), { kind: 'move', actorId: 'a', path: path(6) })).toEqual({
      code: 'tooFar',
      params: { squares: 6, max: 5 }
    })
    const afterMinor = run(open(), { kind: 'move', actorId: 'a', path: path(2) })
    expect(afterMinor.turn?.economy.context).toMatchObject({ major: 1, minor: 0 })
  })

  it('a 2 × 2 needs room for its whole footprint at every step', () => {
    const state = board(
      [
        { id: 'ogre', at: [5, 5], creature: 'athkri:ogro' },
        { id: 'foe', side: 'b', at: [20, 20] }
      ],
      { blocks: [[7, 6]] }
    )
    expect(athkri.validate(state, { kind: 'move', actorId: 'ogre', path: [step(6, 5)] })).toEqual({
      code: 'blocked',
      params: { x: 7, y: 6 }
    })
    expect(athkri.validate(state, { kind: 'move', actorId: 'ogre', path: [step(5, 4)] })).toBeNull()
  })

  it('Minúsculo figures share squares (up to 4) and may climb into a bigger figure; others may not enter', () => {
    const rats: FigureSpec[] = [0, 1, 2, 3].map((i) => ({
      id: `rat${i}`,
      at: [6, 5] as const,
      creature: 'athkri:rata-de-cloaca'
    }))
    const state = board([
      { id: 'rat', at: [5, 5], creature: 'athkri:rata-de-cloaca' },
      { id: 'hero', side: 'b', at: [5, 6] },
      ...rats.slice(0, 3)
    ])
    expect(athkri.validate(state, { kind: 'move', actorId: 'rat', path: [step(5, 6)] })).toBeNull()
    expect(athkri.validate(state, { kind: 'move', actorId: 'rat', path: [step(6, 5)] })).toBeNull()
    const full = board([{ id: 'rat', at: [5, 5], creature: 'athkri:rata-de-cloaca' }, ...rats])
    expect(athkri.validate(full, { kind: 'move', actorId: 'rat', path: [step(6, 5)] })?.code).toBe(
      'squareFull'
    )
    const heroTurn = { ...state, turn: state.turn && { ...state.turn, activeId: 'hero', sideId: 'b' } }
    expect(athkri.validate(heroTurn, { kind: 'move', actorId: 'hero', path: [step(5, 5)] })?.code).toBe(
      'occupied'
    )
  })
})

describe('split action (athkri.md §4 [TEXT L61–62], §5.1, G-5)', () => {
  const duel = (settings = {}, attacker: Partial<FigureSpec> = {}) =>
    board(
      [
        { id: 'a', at: [5, 5], facing: 2, ...attacker },
        { id: 'b', side: 'b', at: [6, 5], facing: 6 }
      ],
      { settings }
    )
  const split: Action = { kind: 'split', actorId: 'a' }
  const level = (s: EncounterState) => planAction(s, melee('a', 'b'))?.attacks[0]?.check

  it('needs the GM (disabled by default)', () => {
    expect(athkri.validate(duel(), split)).toEqual({ code: 'splitDisabled' })
  })

  it('one Major becomes two that keep the low die; the rest of the turn is unchanged', () => {
    let s = run(duel({ splitActionEnabled: true, gmPrompts: 'auto', opposedDodgeEnabled: false }), split)
    expect(s.turn?.economy.context).toMatchObject({ major: 0, low: 2, minor: 1 })
    expect(level(s)).toEqual({ level: 'low', flat: 3 })
    s = run(s, melee('a', 'b'))
    expect(level(s)?.level).toBe('low')
    s = run(s, melee('a', 'b'))
    expect(s.turn?.economy.context).toMatchObject({ major: 0, low: 0, minor: 1 })
  })

  it('is refused while already keeping the low die (Malherido)', () => {
    expect(athkri.validate(duel({ splitActionEnabled: true }, { life: 2 }), split)).toEqual({
      code: 'alreadyLowDie'
    })
  })

  it('from the high die: one level down by §5.1, or the low die with splitMode forceLow', () => {
    const high = { stats: { baseDieLevel: 'high' as const } }
    const s1 = run(duel({ splitActionEnabled: true }, high), split)
    expect(level(s1)?.level).toBe('mid')
    const s2 = run(duel({ splitActionEnabled: true, splitMode: 'forceLow' }, high), split)
    expect(level(s2)?.level).toBe('low')
  })
})

describe('bleeding and stabilizing (athkri.md §6)', () => {
  const fallen = (extra: GameEvent[] = [], settings = {}) =>
    makeEncounter({
      figures: [
        { id: 'pc', at: [1, 1], life: 0, lifeMax: 20, out: true },
        { id: 'foe', side: 'b', at: [2, 1] }
      ],
      log: [{ type: 'combatant.out', id: 'pc' }, ...extra],
      settings
    })

  it('a passed save (Físico 3 + low die ≥ 12) stabilizes at 1 HP; it stays unconscious and stops taking turns', () => {
    const state = fallen()
    const events = startTurn(state, 'pc', forcedDice([9, 9, 9]))
    expect(events.map((e) => e.type)).toEqual(['economy.changed', 'dice.rolled'])
    const after = applyEvents(state, events)
    expect(healthOf(after, figure(after, 'pc'))).toMatchObject({
      hp: 1,
      state: 'inconsciente',
      stabilized: true
    })
    expect([canTakeTurn(figure(state, 'pc'), state), canTakeTurn(figure(after, 'pc'), after)]).toEqual([
      true,
      false
    ])
  })

  it('bleed-out: each failed save costs k × Físico (3, 6, 9 …) until −6 × Físico; the dead take no more turns', () => {
    let state = fallen()
    const lost: number[] = []
    for (let k = 1; k <= 4; k++) {
      const events = startTurn(state, 'pc', forcedDice([2, 5, 6]))
      lost.push(...events.flatMap((e) => (e.type === 'damaged' ? [e.amount] : [])))
      state = applyEvents(state, events)
    }
    // 0 − 3 − 6 − 9 = −18 = −6 × 3 after the third failure: dead, so the fourth opening rolls nothing.
    expect(lost).toEqual([3, 6, 9])
    expect(healthOf(state, figure(state, 'pc'))).toMatchObject({ hp: -18, state: 'muerto', bleedFailures: 3 })
    expect(canTakeTurn(figure(state, 'pc'), state)).toBe(false)
    const ordered = { ...state, initiative: { pc: 30, foe: 5 }, turn: null }
    expect(athkri.turnOrder.first(ordered)?.actorId).toBe('foe')
  })

  it('hurt again after stabilizing alone: a new episode, and no more saves without help [TEXT L47]', () => {
    const hurt = fallen([
      {
        type: 'dice.rolled',
        actorId: 'pc',
        purpose: 'bleed',
        sides: 10,
        result: 12,
        target: 12,
        success: true
      },
      { type: 'damaged', id: 'pc', amount: 4, source: 'weapon' }
    ])
    expect(healthOf(hurt, figure(hurt, 'pc'))).toMatchObject({
      hp: -3,
      stabilized: false,
      canSelfStabilize: false
    })
    const events = startTurn(hurt, 'pc', forcedDice([]))
    expect(events.filter((e) => e.type === 'damaged')).toEqual([
      { type: 'damaged', id: 'pc', amount: 3, source: 'bleed' }
    ])
  })

  it('A6 alternative: death once the damage since full HP reaches 6 × Físico', () => {
    const state = fallen([{ type: 'damaged', id: 'pc', amount: 1, source: 'weapon' }], {
      deathRule: 'accumulatedDamage'
    })
    // 20 to fall + 1 more = 21 ≥ 18: dead, although HP −1 is far from −18.
    expect(healthOf(state, figure(state, 'pc')).state).toBe('muerto')
    expect(healthOf({ ...state, settings: {} }, figure(state, 'pc')).state).toBe('inconsciente')
  })

  it('a blow that drops a figure is logged to 0, then out, then the rest below 0', () => {
    const state = board([
      { id: 'a', at: [5, 5], facing: 2 },
      { id: 'b', side: 'b', at: [6, 5], facing: 6, life: 3 }
    ])
    const events = resolveEvents(athkri, state, melee('a', 'b'), forcedDice([9, 9, 9, 6]), {})
    expect(events.filter((e) => e.type === 'damaged' || e.type === 'combatant.out')).toEqual([
      { type: 'damaged', id: 'b', amount: 3, source: 'weapon' },
      { type: 'combatant.out', id: 'b' },
      { type: 'damaged', id: 'b', amount: 3, source: 'weapon' }
    ])
    const after = applyEvents(state, events)
    expect(healthOf(after, figure(after, 'b'))).toMatchObject({ hp: -3, state: 'inconsciente' })
  })
})

describe('initiative (athkri.md §4 Preparación, A17, G-1)', () => {
  const figs: FigureSpec[] = [
    { id: 'a', at: [1, 1], stats: { iniciativa: 5 } },
    { id: 'b', at: [2, 1], stats: { iniciativa: 5 } },
    { id: 'c', side: 'b', at: [9, 9], stats: { iniciativa: 8 } }
  ]
  const setup = () => ({ ...board(figs, { activeId: null }), phase: 'setup' as const, round: 0 })

  it('Iniciativa + 1o3d10 once; ties by the characteristic, then a roll-off among the still tied', () => {
    const events = rollInitiative(setup(), forcedDice([7, 7, 7, 7, 7, 7, 4, 4, 4, 3, 8]))
    const totals = events.flatMap((e) => (e.type === 'initiative.rolled' ? [`${e.id}:${e.total}`] : []))
    expect(totals).toEqual(['a:12', 'b:12', 'c:12'])
    const after = applyEvents(setup(), events)
    expect(athkri.turnOrder.first(after)).toEqual({ sideId: 'b', actorId: 'c' })
    const next = {
      ...after,
      turn: {
        sideId: 'b',
        activeId: 'c',
        activated: ['c'],
        economy: { value: 'acting', context: {} },
        actions: 0
      }
    }
    expect(athkri.turnOrder.next(next)).toEqual({ sideId: 'a', actorId: 'b' })
  })

  it('a tied roll-off is rolled again', () => {
    const events = rollInitiative(setup(), forcedDice([7, 7, 7, 7, 7, 7, 4, 4, 4, 5, 5, 2, 9]))
    expect(events.filter((e) => e.type === 'dice.rolled' && e.purpose === 'initiativeTie')).toHaveLength(4)
    const after = applyEvents(setup(), events)
    const next = {
      ...after,
      turn: {
        sideId: 'b',
        activeId: 'c',
        activated: ['c'],
        economy: { value: 'acting', context: {} },
        actions: 0
      }
    }
    expect(athkri.turnOrder.next(next)?.actorId).toBe('b')
  })

  it('the encounter starts with everyone rolling and the highest total acting first with its Majors', () => {
    const r = applyCommand(setup(), { type: 'encounter.start' }, athkri)
    if (!r.ok) throw new Error(r.violation.code)
    const totals = r.state.initiative
    expect(Object.keys(totals).sort()).toEqual(['a', 'b', 'c'])
    const best = Math.max(...Object.values(totals))
    expect(totals[r.state.turn?.activeId ?? '']).toBe(best)
    expect(r.state.turn?.economy.context.major).toBe(Math.max(1, Math.floor(best / 10)))
  })
})
