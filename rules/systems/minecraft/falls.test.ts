import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { chooseStep } from '../../../ai'
import { mean } from '../../core/distribution'
import { applyEvents, type GameEvent } from '../../core/events'
import { formatFraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, Command, EncounterState } from '../../core/types'
import { applyCommand, replay, whoDecides } from '../../flow/engine'
import { FALL_DECISION, GM_DECIDER, minecraft } from '.'
import type { McSettings } from './settings'
import { figure, makeEncounter, type FigureSpec } from './test-fixtures'

// minecraft.md §4.2 step 5 [REC] + G-4: a knockback off a ledge moves the figure anyway and it falls; the
// GM enters the fall's damage (a decision request, default from settings: 0 per block).

const types = (events: GameEvent[]) => events.map((e) => e.type)
const melee: Action = { kind: 'melee', actorId: 'a', targetId: 't' }
const answer = (choice: number): Command => ({ type: 'decision.answer', decisionId: FALL_DECISION, choice })

/**
 * The attacker on (1, 1) and the target on (2, 1) stand on a ledge `ledge` blocks high; (3, 1) is low ground.
 * The target faces east by default, so the attacker is behind it: the hit is automatic (§4.2 [TEXT L58]).
 */
function ledge(ledgeHeight = 4, settings: Partial<McSettings> = {}, target: Partial<FigureSpec> = {}) {
  const h = String(ledgeHeight)
  return makeEncounter({
    elevation: [`0${h}${h}000`, `0${h}${h}000`, `0${h}${h}000`],
    settings,
    figures: [
      { id: 'a', side: 'h', at: [1, 1], facing: 2, stats: { f: 3 } },
      { id: 't', side: 'z', at: [2, 1], facing: 2, life: 4, stats: { r: 2 }, ...target }
    ]
  })
}

function apply(state: EncounterState, command: Command): EncounterState {
  const r = applyCommand(state, command, minecraft)
  if (!r.ok) throw new Error(r.violation.code)
  return r.state
}

describe('G-4 the fall decision request', () => {
  it('an attack that would push its target off a ledge asks the GM, default 0, before any die', () => {
    expect(minecraft.decide?.(ledge(), melee, {})).toEqual({
      id: FALL_DECISION,
      deciderId: GM_DECIDER,
      range: { min: 0, max: 4 },
      default: 0,
      params: { name: 't', blocks: 4 }
    })
  })

  it.each([
    ['G-4 no ledge (a 3-block drop is a step): nothing to ask', 3, {}, {}, null],
    ['G-4 askFallDamage off: nothing to ask', 4, { askFallDamage: false }, {}, null],
    ['G-4 fallDamagePerBlock 1: 5 blocks → 5 − 3 = 2 proposed', 5, { fallDamagePerBlock: 1 }, {}, 2],
    ['G-4 the proposal never exceeds the life left', 9, { fallDamagePerBlock: 2 }, { life: 3 }, 3],
    ['G-4 maxDropWithoutFall 4: 4 blocks is no fall', 4, { maxDropWithoutFall: 4 }, {}, null]
  ] as const)('%s', (_label, height, settings, target, expected) => {
    const request = minecraft.decide?.(ledge(height, settings, target), melee, {}) ?? null
    expect(request === null ? null : request.default).toBe(expected)
  })

  it('once answered, nothing more is asked', () => {
    expect(minecraft.decide?.(ledge(), melee, { [FALL_DECISION]: 2 })).toBeNull()
  })
})

describe('G-4 falls resolved with the answer (forced dice)', () => {
  it('the push lands on the low ground, the fall takes what the GM entered, then the wound roll', () => {
    const state = ledge()
    // Back attack: no hit roll. T_w = 5 + 3 − 2 = 6.
    const events = resolveEvents(minecraft, state, melee, forcedDice([6]), { [FALL_DECISION]: 2 })
    expect(types(events)).toEqual([
      'attack.declared',
      'attack.hit',
      'pushed',
      'damaged',
      'dice.rolled',
      'damaged'
    ])
    expect(events).toContainEqual({ type: 'damaged', id: 't', amount: 2, source: 'fall' })
    expect(figure(applyEvents(state, events), 't')).toMatchObject({ pos: { x: 3, y: 1, z: 0 }, life: 1 })
  })

  it('a fall that kills ends the attack: no wound roll', () => {
    const events = resolveEvents(minecraft, ledge(), melee, forcedDice([]), { [FALL_DECISION]: 4 })
    expect(events.slice(-2)).toEqual([
      { type: 'damaged', id: 't', amount: 4, source: 'fall' },
      { type: 'combatant.out', id: 't' }
    ])
  })

  it('without an answer the proposal applies (askFallDamage off, 1 per block beyond 3)', () => {
    const state = ledge(6, { askFallDamage: false, fallDamagePerBlock: 1 })
    const events = resolveEvents(minecraft, state, melee, forcedDice([10]))
    expect(events).toContainEqual({ type: 'damaged', id: 't', amount: 3, source: 'fall' })
  })

  it('A10 knockbackFirst off: the wound roll comes first, then the push and the fall', () => {
    const state = ledge(4, { knockbackFirst: false })
    const events = resolveEvents(minecraft, state, melee, forcedDice([1]), { [FALL_DECISION]: 1 })
    expect(types(events).slice(2)).toEqual(['dice.rolled', 'damaged', 'pushed', 'damaged'])
    const killed = resolveEvents(
      minecraft,
      ledge(4, { knockbackFirst: false }, { life: 1 }),
      melee,
      forcedDice([1])
    )
    expect(types(killed).slice(-3)).toEqual(['dice.rolled', 'damaged', 'combatant.out'])
  })

  it('the odds count the fall as certain damage on a hit', () => {
    const state = ledge(4, {}, { facing: 6 })
    const plain = minecraft.odds(state, melee)
    const withFall = minecraft.odds(state, melee, { [FALL_DECISION]: 2 })
    // Front attack: T_hit 5 → 1/2; T_w 6 → 3/5. With a 2-life fall, every hit wounds.
    expect(plain?.headline.map((h) => formatFraction(h.p))).toEqual(['1/2', '3/10'])
    expect(withFall?.headline.map((h) => formatFraction(h.p))).toEqual(['1/2', '1/2'])
    expect(mean(withFall?.damage ?? new Map())).toBeCloseTo(0.5 * (2 + 0.6), 12)
  })
})

describe('G-4 falls through the engine (decide → decision.answer → resolve)', () => {
  it('halts the attack for the GM, spends nothing meanwhile, then resolves with the answer', () => {
    let state = apply(ledge(), { type: 'action.declare', action: melee })
    expect(state.pending?.request).toMatchObject({ id: FALL_DECISION, deciderId: GM_DECIDER, default: 0 })
    expect(whoDecides(state)).toBe(GM_DECIDER)
    expect(state.turn?.economy.context.ap).toBe(3)
    expect(applyCommand(state, answer(5), minecraft)).toMatchObject({
      ok: false,
      violation: { code: 'invalidAnswer' }
    })
    state = apply(state, answer(2))
    expect(state.pending).toBeNull()
    expect(state.turn?.economy.context.ap).toBe(2)
    expect(state.log).toContainEqual({ type: 'damaged', id: 't', amount: 2, source: 'fall' })
    expect(figure(state, 't').pos).toEqual({ x: 3, y: 1, z: 0 })
  })

  it('the AI answers a GM point with its default, and the log replays', () => {
    const declare: Command = { type: 'action.declare', action: melee }
    const halted = apply(ledge(), declare)
    const step = chooseStep(halted, minecraft, whoDecides(halted) ?? '')
    expect(step.command).toEqual(answer(0))
    const end = apply(halted, step.command)
    expect(end.log.filter((e) => e.type === 'damaged' && e.source === 'fall')).toEqual([])
    expect(replay(ledge(), [declare, step.command], minecraft)).toEqual(end)
  })

  it('voluntaryFalls: a move off the ledge asks too, and the fall lands after the move', () => {
    const state = makeEncounter({
      elevation: ['0550', '0550'],
      settings: { voluntaryFalls: true, fallDamagePerBlock: 1 },
      figures: [
        { id: 'a', side: 'h', at: [2, 0], life: 5 },
        { id: 'z', side: 'z', at: [0, 1] }
      ]
    })
    const jump: Action = { kind: 'move', actorId: 'a', path: [{ x: 3, y: 0, z: 0 }] }
    expect(minecraft.decide?.(state, jump, {})).toMatchObject({
      default: 2,
      params: { name: 'a', blocks: 5 }
    })
    const walk: Action = { kind: 'move', actorId: 'a', path: [{ x: 1, y: 0, z: 5 }] }
    expect(minecraft.decide?.(state, walk, {})).toBeNull()
    let s = apply(state, { type: 'action.declare', action: jump })
    s = apply(s, answer(1))
    expect(s.log.slice(-2)).toEqual([
      { type: 'moved', id: 'a', path: [{ x: 3, y: 0, z: 0 }], facing: 2 },
      { type: 'damaged', id: 'a', amount: 1, source: 'fall' }
    ])
    expect(figure(s, 'a')).toMatchObject({ pos: { x: 3, y: 0, z: 0 }, life: 4 })
  })
})
