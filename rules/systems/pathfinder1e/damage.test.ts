import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { EncounterState } from '../../core/types'
import { damageEvents, applyHealing, massiveDamageThreshold, rollD20, type DamageAmount } from './damage'
import { healthOf, lifeMinFor, type HealthState } from './health'
import type { PfSettings } from './settings'
import { readStats, type PfStats } from './stats'
import { basePfStats, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'

const abilities = (con: number): PfStats['abilities'] => ({ ...basePfStats.abilities, con })

function setup(patch: PfFigurePatch, settings: Partial<PfSettings> = {}): EncounterState {
  return pfState([pfFigure('t', patch), pfFigure('foe', { side: 'b' })], { settings })
}

function after(state: EncounterState, events: GameEvent[]) {
  const next = applyEvents(state, events)
  const t = next.combatants.find((c) => c.id === 't')
  if (!t) throw new Error('no target')
  return { t, stats: readStats(t), health: healthOf(t) }
}

const hit = (lethal: number, nonlethal = 0): DamageAmount => ({ lethal, nonlethal })
const types = (events: GameEvent[]) => events.map((e) => e.type)

describe('damageEvents: health states (pathfinder1e.md §5)', () => {
  const rows: Array<{
    rule: string
    patch: PfFigurePatch
    amount: DamageAmount
    life: number
    health: HealthState
    out: boolean
    conditions: string[]
  }> = [
    {
      rule: '§5 HP > 0 after the blow: normal',
      patch: { life: 10 },
      amount: hit(4),
      life: 6,
      health: 'healthy',
      out: false,
      conditions: []
    },
    {
      rule: '§5 [TEXT L251] exactly 0: disabled, still in the fight',
      patch: { life: 10 },
      amount: hit(10),
      life: 0,
      health: 'disabled',
      out: false,
      conditions: []
    },
    {
      rule: '§5 [TEXT L253] below 0: unconscious and dying, out',
      patch: { life: 10 },
      amount: hit(12),
      life: -2,
      health: 'dying',
      out: true,
      conditions: ['unconscious']
    },
    {
      rule: '§5 [TEXT L255] to −Con: dead',
      patch: { life: 10 },
      amount: hit(20),
      life: -10,
      health: 'dead',
      out: true,
      conditions: ['dead']
    },
    {
      rule: '§5 [TEXT L255] beyond −Con: life stops at the floor',
      patch: { life: 10 },
      amount: hit(35),
      life: -10,
      health: 'dead',
      out: true,
      conditions: ['dead']
    },
    {
      rule: '§5 [SRD] a stable figure that takes damage is dying again',
      patch: { life: -3, stats: { conditions: ['unconscious', 'stable'] } },
      amount: hit(1),
      life: -4,
      health: 'dying',
      out: true,
      conditions: ['unconscious']
    },
    {
      rule: '§5 [TEXT L281] nonlethal = HP: staggered',
      patch: { life: 10 },
      amount: hit(0, 10),
      life: 10,
      health: 'staggered',
      out: false,
      conditions: []
    },
    {
      rule: '§5 [TEXT L283] nonlethal > HP: unconscious, out',
      patch: { life: 9, stats: { nonlethal: 7 } },
      amount: hit(0, 3),
      life: 9,
      health: 'unconscious',
      out: true,
      conditions: ['unconscious']
    },
    {
      rule: '§5 lethal damage under nonlethal: unconscious',
      patch: { life: 10, stats: { nonlethal: 6 } },
      amount: hit(5),
      life: 5,
      health: 'unconscious',
      out: true,
      conditions: ['unconscious']
    }
  ]
  it.each(rows)('$rule', ({ patch, amount, life, health, out, conditions }) => {
    const state = setup({ lifeMax: 10, ...patch })
    const events = damageEvents(state, 't', amount, 'attack', forcedDice([]))
    const now = after(state, events)
    expect(now.t.life).toBe(life)
    expect(now.health).toBe(health)
    expect(now.t.out).toBe(out)
    expect(now.stats.conditions).toEqual(conditions)
  })

  it('events: the damage, the new stats, then out of the fight', () => {
    const state = setup({ life: 10 })
    expect(types(damageEvents(state, 't', hit(12), 'attack', forcedDice([])))).toEqual([
      'damaged',
      'stats.set',
      'combatant.out'
    ])
    expect(damageEvents(state, 't', hit(4), 'attack', forcedDice([]))).toEqual([
      { type: 'damaged', id: 't', amount: 4, source: 'attack' }
    ])
  })

  it('a dead figure takes no more damage', () => {
    const state = setup({ life: -10, lifeMax: 10, stats: { conditions: ['dead'] } })
    expect(damageEvents(state, 't', hit(5), 'attack', forcedDice([]))).toEqual([])
  })
})

describe('temporary HP and nonlethal damage (§5)', () => {
  it('temporary HP absorb lethal damage first', () => {
    const state = setup({ life: 10, stats: { tempHp: 5 } })
    const soaked = damageEvents(state, 't', hit(3), 'attack', forcedDice([]))
    expect(types(soaked)).toEqual(['stats.set'])
    expect(after(state, soaked)).toMatchObject({ t: { life: 10 }, stats: { tempHp: 2 } })
    const through = damageEvents(state, 't', hit(8), 'attack', forcedDice([]))
    expect(after(state, through)).toMatchObject({ t: { life: 7 }, stats: { tempHp: 0 } })
  })

  it('temporary HP left after the lethal part absorb nonlethal damage', () => {
    const state = setup({ life: 10, stats: { tempHp: 5 } })
    const events = damageEvents(state, 't', hit(3, 4), 'attack', forcedDice([]))
    expect(after(state, events)).toMatchObject({ t: { life: 10 }, stats: { tempHp: 0, nonlethal: 2 } })
  })

  it('§5 [TEXT L275] nonlethal damage is kept apart from HP', () => {
    const state = setup({ life: 10 })
    const events = damageEvents(state, 't', hit(0, 4), 'fist', forcedDice([]))
    expect(types(events)).toEqual(['stats.set'])
    expect(after(state, events)).toMatchObject({
      t: { life: 10 },
      stats: { nonlethal: 4 },
      health: 'healthy'
    })
  })

  it('§5 [TEXT L287] once nonlethal equals max HP, further nonlethal is lethal', () => {
    const state = setup({ life: 10, lifeMax: 10, stats: { nonlethal: 8 } })
    const events = damageEvents(state, 't', hit(0, 5), 'fist', forcedDice([]))
    expect(events[0]).toEqual({ type: 'damaged', id: 't', amount: 3, source: 'fist' })
    expect(after(state, events)).toMatchObject({ t: { life: 7 }, stats: { nonlethal: 10 } })
  })

  it('§5 [TEXT L287] with regeneration nonlethal just keeps adding', () => {
    const state = setup({ life: 10, lifeMax: 10, stats: { nonlethal: 8, regeneration: true } })
    const events = damageEvents(state, 't', hit(0, 5), 'fist', forcedDice([]))
    expect(after(state, events)).toMatchObject({ t: { life: 10 }, stats: { nonlethal: 13 } })
  })
})

describe('massive damage (§5 [TEXT L257], G-9, A6)', () => {
  const big = { life: 120, lifeMax: 120 }

  it('a single attack at the threshold that does not kill forces a Fort save: failure kills', () => {
    const state = setup(big)
    const events = damageEvents(state, 't', hit(60), 'attack', forcedDice([5]), { singleAttack: true })
    expect(events[1]).toEqual({
      type: 'dice.rolled',
      actorId: 't',
      purpose: 'pf1.massive-damage',
      sides: 20,
      result: 5,
      target: 15,
      success: false
    })
    expect(after(state, events)).toMatchObject({ t: { life: 60, out: true }, health: 'dead' })
  })

  it('a successful save (d20 + Fort + Con mod ≥ 15) survives', () => {
    const state = setup({ ...big, stats: { saves: { fort: 2, ref: 0, will: 0 }, abilities: abilities(14) } })
    const events = damageEvents(state, 't', hit(70), 'attack', forcedDice([11]), { singleAttack: true })
    expect(events.find((e) => e.type === 'dice.rolled')).toMatchObject({ result: 15, success: true })
    expect(after(state, events)).toMatchObject({ t: { life: 50, out: false }, health: 'healthy' })
  })

  it('natural 1 fails and natural 20 succeeds whatever the bonus (§0 L69)', () => {
    const strong = setup({ ...big, stats: { saves: { fort: 30, ref: 0, will: 0 } } })
    const one = damageEvents(strong, 't', hit(60), 'attack', forcedDice([1]), { singleAttack: true })
    expect(one[1]).toMatchObject({ success: false, natural: 'failure' })
    const weak = setup({ ...big, stats: { saves: { fort: -5, ref: 0, will: 0 } } })
    const twenty = damageEvents(weak, 't', hit(60), 'attack', forcedDice([20]), { singleAttack: true })
    expect(twenty[1]).toMatchObject({ success: true, natural: 'success' })
  })

  const none: Array<{ rule: string; state: EncounterState; amount: number; single: boolean }> = [
    { rule: 'below the threshold', state: setup(big), amount: 59, single: true },
    { rule: 'A6: not a single attack (sum of blows)', state: setup(big), amount: 60, single: false },
    {
      rule: 'G-9: the rule switched off',
      state: setup(big, { massiveDamage: false }),
      amount: 60,
      single: true
    },
    {
      rule: 'a blow that kills outright',
      state: setup({ life: 40, lifeMax: 40 }),
      amount: 50,
      single: true
    }
  ]
  it.each(none)('no save: $rule', ({ state, amount, single }) => {
    const events = damageEvents(state, 't', hit(amount), 'attack', forcedDice([]), { singleAttack: single })
    expect(events.some((e) => e.type === 'dice.rolled')).toBe(false)
  })

  it('the minimum of 50 applies to small totals (max HP 40, Con 14: 50 damage leaves it dying)', () => {
    const state = setup({ life: 40, lifeMax: 40, stats: { abilities: abilities(14) } })
    const events = damageEvents(state, 't', hit(50), 'attack', forcedDice([15]), { singleAttack: true })
    expect(events.some((e) => e.type === 'dice.rolled')).toBe(true)
    expect(after(state, events)).toMatchObject({ t: { life: -10 }, health: 'dying' })
  })

  it('pathfinder1e example 9: Con 12, max 40, taken to −5 → dying; dead at ≤ −12; threshold for 120 is 60', () => {
    const state = setup({ life: 40, lifeMax: 40, stats: { abilities: abilities(12) } })
    const events = damageEvents(state, 't', hit(45), 'attack', forcedDice([]), { singleAttack: true })
    expect(after(state, events)).toMatchObject({ t: { life: -5, out: true }, health: 'dying' })
    expect(lifeMinFor(readStats(state.combatants[0] ?? pfFigure('x')))).toBe(-12)
    const dying = applyEvents(state, events)
    expect(after(dying, damageEvents(dying, 't', hit(6), 'attack', forcedDice([]))).health).toBe('dying')
    expect(after(dying, damageEvents(dying, 't', hit(7), 'attack', forcedDice([]))).health).toBe('dead')
    expect(massiveDamageThreshold(120, 50)).toBe(60)
    expect(massiveDamageThreshold(40, 50)).toBe(50)
  })
})

describe('applyHealing (§5)', () => {
  it('[TEXT L269] never above max HP', () => {
    const state = setup({ life: 8, lifeMax: 10 })
    expect(applyHealing(state, 't', 5, 'potion')).toEqual([
      { type: 'healed', id: 't', amount: 2, source: 'potion' }
    ])
  })

  it('[TEXT L289] removes the same amount of nonlethal damage', () => {
    const state = setup({ life: 10, lifeMax: 10, stats: { nonlethal: 6 } })
    const events = applyHealing(state, 't', 4, 'cure')
    expect(types(events)).toEqual(['stats.set'])
    expect(after(state, events).stats.nonlethal).toBe(2)
  })

  it('a dying figure healed to 0 or more wakes: conditions cleaned, back in the fight', () => {
    const state = setup({ life: 10, lifeMax: 10 })
    const down = applyEvents(state, damageEvents(state, 't', hit(13), 'attack', forcedDice([])))
    const events = applyHealing(down, 't', 5, 'cure')
    expect(types(events)).toEqual(['healed', 'stats.set', 'combatant.back'])
    expect(after(down, events)).toMatchObject({
      t: { life: 2, out: false },
      stats: { conditions: [] },
      health: 'healthy'
    })
  })

  it('[REC] healing that leaves a dying figure below 0 stabilizes it', () => {
    const state = setup({ life: -5, lifeMax: 10, stats: { conditions: ['unconscious'] } })
    const events = applyHealing(
      { ...state, combatants: state.combatants.map((c) => ({ ...c, out: true })) },
      't',
      2,
      'cure'
    )
    expect(types(events)).toEqual(['healed', 'stats.set'])
    expect(after(state, events)).toMatchObject({ t: { life: -3 }, health: 'stable' })
  })

  it('a figure knocked out by nonlethal wakes once HP exceed it again', () => {
    const state = setup({ life: 5, lifeMax: 10, stats: { nonlethal: 8 } })
    const out = {
      ...state,
      combatants: state.combatants.map((c) => (c.id === 't' ? { ...c, out: true } : c))
    }
    const events = applyHealing(out, 't', 2, 'cure')
    expect(after(out, events)).toMatchObject({
      t: { life: 7, out: false },
      stats: { nonlethal: 6 },
      health: 'healthy'
    })
  })

  it('a disabled figure healed is healthy; the dead are not healed', () => {
    const state = setup({ life: 0, lifeMax: 10 })
    expect(types(applyHealing(state, 't', 3, 'cure'))).toEqual(['healed'])
    const dead = setup({ life: -10, lifeMax: 10, stats: { conditions: ['dead'] } })
    expect(applyHealing(dead, 't', 30, 'cure')).toEqual([])
  })
})

describe('rollD20', () => {
  it('a check where only a natural 20 decides (§5 stabilization)', () => {
    expect(rollD20(forcedDice([1]), 'a', 'p', 15, 10, 'natural20')).toMatchObject({ success: true })
    expect(rollD20(forcedDice([20]), 'a', 'p', -20, 10, 'natural20').event).toMatchObject({
      result: 0,
      success: true,
      natural: 'success'
    })
    expect(rollD20(forcedDice([9]), 'a', 'p', 0, 10, 'natural20').success).toBe(false)
  })
})
