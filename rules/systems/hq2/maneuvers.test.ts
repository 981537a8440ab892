import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { expectation } from '../../core/distribution'
import { applyEvents, type GameEvent } from '../../core/events'
import { formatFraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Action, Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { hq2 } from '.'
import { planOf } from './actions'
import { pendingManeuver } from './economy.machine'
import { figure, makeEncounter, type BeingSpec } from './test-fixtures'

// Maneuvers (hq2.md §3.2 [TEXT L34–38], §4.2, §4.8, A7, A10): the one action after which the being
// attacks; each through the flow, with forced dice where a check is rolled.

const step = (x: number, y: number) => ({ x, y, z: 0 })
const skulls = (n: number) => Array<number>(n).fill(1)
const blanks = (n: number) => Array<number>(n).fill(4)

// The rogue at (2, 5) facing east; the orc at (6, 5) facing west (toward the rogue).
function scene(rogue: BeingSpec['stats'] = {}, orc: Partial<BeingSpec> = {}, settings = {}): EncounterState {
  return makeEncounter({
    settings,
    beings: [
      {
        id: 'rogue',
        side: 'heroes',
        at: [2, 5],
        facing: 2,
        stats: {
          attackBase: 8,
          movement: { fixed: 6 },
          skills: { apunalar: 1, cargar: 1, luchaACiegas: 1, acrobacias: 2, moverseEnSilencio: 2 },
          ...rogue
        }
      },
      {
        id: 'orc',
        side: 'bm',
        at: [6, 5],
        facing: 6,
        stats: { kind: 'monster', seat: 0, defenseFace: 'black', defenseBase: 6 },
        ...orc
      }
    ]
  })
}

function play(state: EncounterState, commands: Command[]): EncounterState {
  return commands.reduce((s, c) => {
    const r = applyCommand(s, c, hq2)
    if (!r.ok) throw new Error(`${c.type}: ${r.violation.code}`)
    return r.state
  }, state)
}
const declare = (action: Action): Command => ({ type: 'action.declare', action })
const attack: Action = { kind: 'melee', actorId: 'rogue', targetId: 'orc' }

describe('maneuvers (hq2.md §3.2)', () => {
  it('need the skill, a target in reach, and the action still unused', () => {
    const far = scene()
    expect(hq2.validate(far, { kind: 'stab', actorId: 'rogue', targetId: 'orc' })).toEqual({
      code: 'notAdjacent',
      params: { targetId: 'orc' }
    })
    const near = scene({}, { at: [3, 5] })
    expect(hq2.validate(near, { kind: 'stab', actorId: 'rogue', targetId: 'orc' })).toBeNull()
    expect(
      hq2.validate(scene({ skills: {} }, { at: [3, 5] }), { kind: 'stab', actorId: 'rogue', targetId: 'orc' })
    ).toEqual({
      code: 'lacksSkill',
      params: { skill: 'apunalar' }
    })
  })

  it('after a maneuver only its melee attack may follow; it turns the economy to attacking', () => {
    let state = play(scene({}, { at: [3, 5] }), [
      declare({ kind: 'blindFighting', actorId: 'rogue', targetId: 'orc' })
    ])
    expect(pendingManeuver(state.turn?.economy)).toBe('blindFighting')
    expect(hq2.validate(state, { kind: 'move', actorId: 'rogue', path: [step(2, 4)] })).toEqual({
      code: 'attackPending'
    })
    expect(hq2.validate(state, { kind: 'interact', actorId: 'rogue' })).toEqual({ code: 'attackPending' })
    expect(hq2.legalActions(state, 'rogue').map((a) => a.kind)).toEqual(['melee'])
    state = play(state, [declare(attack)])
    expect(state.turn?.economy.value).toBe('acted')
  })

  it('Apuñalar doubles Total Attack only from behind the target (L70, L100)', () => {
    const front = scene({}, { at: [3, 5] })
    const p1 = planOf(play(front, [declare({ kind: 'stab', actorId: 'rogue', targetId: 'orc' })]), attack)
    expect([p1?.sector, p1?.attack.value]).toEqual(['front', 8])
    const back = scene({}, { at: [3, 5], facing: 2 })
    const p2 = planOf(play(back, [declare({ kind: 'stab', actorId: 'rogue', targetId: 'orc' })]), attack)
    expect([p2?.sector, p2?.attack.value, p2?.defense.kind === 'basic' && p2.defense.total.value]).toEqual([
      'back',
      16,
      3
    ])
  })

  it('Cargar: a straight run of at least 2 squares paid in MP, then the attack with its bonus', () => {
    const state = scene()
    const run = {
      kind: 'charge',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(3, 5), step(4, 5), step(5, 5)]
    }
    expect(hq2.validate(state, { ...run, path: [step(3, 5), step(3, 4)] })).toEqual({
      code: 'chargeNotStraight',
      params: { min: 2 }
    })
    const after = play(state, [declare(run)])
    expect(figure(after, 'rogue').pos).toEqual(step(5, 5))
    expect(after.turn?.economy.context.mp).toBe(3)
    expect(planOf(after, attack)?.attack.terms).toContainEqual({ key: 'charge', value: 5 })
    expect(hq2.legalActions(state, 'rogue')).toContainEqual(run)
  })

  it('Lucha a ciegas: this turn’s attacks ignore darkness; the defender keeps it next turn (A7)', () => {
    const dark = scene({}, { at: [3, 5] }, { darkness: true })
    expect(planOf(dark, attack)?.attack.value).toBe(4)
    const after = play(dark, [declare({ kind: 'blindFighting', actorId: 'rogue', targetId: 'orc' })])
    expect(planOf(after, attack)?.attack.value).toBe(8)
    // In the dark the rogue defends with 6 → 3; having used the maneuver in its last turn, with 6.
    const rogueDefense = (s: EncounterState) => {
      const p = planOf({ ...s, turn: null }, { kind: 'melee', actorId: 'orc', targetId: 'rogue' })
      return p?.defense.kind === 'basic' ? p.defense.total.value : -1
    }
    const withD = (s: EncounterState) => ({
      ...s,
      combatants: s.combatants.map((c) =>
        c.id === 'rogue' ? { ...c, stats: { ...c.stats, defenseBase: 6 } } : c
      )
    })
    expect(rogueDefense(withD(dark))).toBe(3)
    expect(rogueDefense(withD(after))).toBe(6)
  })

  it('Acrobacias: a check against the BM difficulty; success leaps over the enemy and strikes its back', () => {
    const state = scene({}, { at: [3, 5] })
    const leap: Action = {
      kind: 'acrobatics',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(3, 4), step(4, 5)]
    }
    expect(hq2.validate(state, leap)).toBeNull()
    expect(hq2.decide?.(state, leap, {})).toMatchObject({
      id: 'hq2.maneuverDifficulty',
      deciderId: 'orc',
      default: 2
    })
    const odds = hq2.odds(state, leap)
    expect(odds?.headline[0]).toMatchObject({ key: 'check' })
    // 2 base dice + 2 skill: two skulls meet difficulty 2.
    const events = resolveEvents(hq2, state, leap, forcedDice([1, 1, 4, 4]), {})
    expect(events.at(-1)).toEqual({ type: 'moved', id: 'rogue', path: leap.path, facing: 3 })
    const landed = applyEvents(state, events)
    // The orc faces west; the rogue at (4, 5) is straight behind it: Defense halved, no surprise bonus.
    const p = planOf(
      {
        ...landed,
        turn: {
          ...state.turn!,
          economy: { value: '{"maneuvered":"acrobatics"}', context: { mp: 6, attacks: 1, blindFighting: 0 } }
        }
      },
      attack
    )
    expect(p?.sector).toBe('back')
    expect(p?.attack.terms.map((t) => t.key)).not.toContain('surpriseBonus')
  })

  it('Acrobacias failed: no leap, a plain attack may follow; a large failure hurts (G-8)', () => {
    const state = scene({}, { at: [3, 5] }, { fallDamageScope: 'acrobatics' })
    const leap: Action = {
      kind: 'acrobatics',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(3, 4), step(4, 4), step(5, 4), step(4, 5)]
    }
    const s1 = play(state, [
      declare(leap),
      { type: 'decision.answer', decisionId: 'hq2.maneuverDifficulty', choice: 4 },
      { type: 'decision.answer', decisionId: 'hq2.check', choice: 'enter' },
      { type: 'decision.answer', decisionId: 'hq2.checkPoints', choice: 1 }
    ])
    expect(figure(s1, 'rogue')).toMatchObject({ pos: step(2, 5), life: 85 })
    expect(pendingManeuver(s1.turn?.economy)).toBe('failed')
    expect(planOf(s1, attack)?.maneuver).toBe('failed')
    const s2 = play(s1, [declare(attack)])
    expect(s2.log.filter((e) => e.type === 'attack.declared').at(-1)).toMatchObject({ mode: 'melee' })
  })

  it('Moverse en silencio: an unnoticed approach to the back leaves the enemy no defense', () => {
    const state = scene({}, { at: [6, 5], facing: 6 })
    const sneak: Action = {
      kind: 'moveSilently',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(2, 4), step(3, 4), step(4, 4)]
    }
    expect(hq2.validate(state, sneak)).toEqual({ code: 'notAdjacent', params: { targetId: 'orc' } })
    const toBack = scene({}, { at: [4, 5], facing: 6 })
    const around: Action = {
      kind: 'moveSilently',
      actorId: 'rogue',
      targetId: 'orc',
      path: [step(2, 4), step(3, 4), step(4, 4), step(5, 4)]
    }
    const s1 = play(toBack, [
      declare(around),
      { type: 'decision.answer', decisionId: 'hq2.maneuverDifficulty', choice: 2 },
      { type: 'decision.answer', decisionId: 'hq2.check', choice: 'enter' },
      { type: 'decision.answer', decisionId: 'hq2.checkPoints', choice: 2 }
    ])
    expect(figure(s1, 'rogue').pos).toEqual(step(5, 4))
    const p = planOf(s1, attack)
    expect([p?.sector, p?.defense.kind]).toEqual(['back', 'none'])
    // It arrives facing east (its last step), so the orc is also behind it: Attack 8 × 1/2 (§4.4).
    expect(p?.attack.factors.map((x) => x.key)).toEqual(['targetBehind'])
    const odds = hq2.odds(toBack, around, {
      'hq2.maneuverDifficulty': 2,
      'hq2.check': 'enter',
      'hq2.checkPoints': 2
    })
    expect(odds && formatFraction(expectation(odds.damage))).toBe('2')
  })

  it('the maneuver’s bonus applies to the first attack only (A10)', () => {
    const state = scene({ attacksPerTurn: 2 }, { at: [3, 5], facing: 2 })
    const s1 = play(state, [declare({ kind: 'stab', actorId: 'rogue', targetId: 'orc' })])
    expect(planOf(s1, attack)?.attack.value).toBe(16)
    const events: GameEvent[] = resolveEvents(
      hq2,
      s1,
      attack,
      forcedDice([...skulls(1), ...blanks(15), ...blanks(3)])
    )
    const s2 = play(s1, [declare(attack)])
    expect(s2.turn?.economy.value).toBe('attacking')
    expect(planOf(s2, attack)?.attack.value).toBe(8)
    expect(events[0]).toMatchObject({ type: 'attack.declared', mode: 'stab', sector: 'back' })
  })
})
