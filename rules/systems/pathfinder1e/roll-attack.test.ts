import { testSlot } from './test-fixtures'
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { AttackSlot } from './attack-routine'
import { rollSwing } from './roll-attack'

// pathfinder1e.md §4.1, §4.3–4.5, §4.8: one swing with forced dice, in the documented order (attack d20,
// confirmation d20 on a threat, miss-chance d100 when concealed and hit, damage dice). Running out of
// forced faces throws, so each test also proves no extra die was rolled.

/** A longsword-like slot: +5, 1d8+3, 19–20/×2. */
function slot(patch: Partial<AttackSlot> = {}): AttackSlot {
  return testSlot({
    id: 'sword',
    bonus: 5,
    damage: { count: 1, sides: 8, bonus: 3 },
    critRange: 19,
    ...patch
  })
}
const noMods = { attack: 0, concealmentPercent: 0 }
const purposes = (events: GameEvent[]) => events.map((e) => (e.type === 'dice.rolled' ? e.purpose : e.type))

describe('rollSwing', () => {
  it('a hit: declared, the attack die, the hit and one damage die', () => {
    const swing = rollSwing(forcedDice([12, 5]), 'a', 'b', slot(), noMods, 15)
    expect(swing).toMatchObject({ hit: true, crit: false, lethal: 8, nonlethal: 0, natural: 12 })
    expect(swing.events).toEqual([
      { type: 'attack.declared', attackerId: 'a', targetId: 'b', mode: 'melee' },
      {
        type: 'dice.rolled',
        actorId: 'a',
        purpose: 'pf1.attack',
        sides: 20,
        result: 17,
        target: 15,
        success: true
      },
      { type: 'attack.hit', attackerId: 'a', targetId: 'b', automatic: false },
      { type: 'dice.rolled', actorId: 'a', purpose: 'pf1.damage', sides: 8, result: 5, success: true }
    ])
  })

  it('a miss rolls no damage', () => {
    const swing = rollSwing(forcedDice([9]), 'a', 'b', slot(), noMods, 15)
    expect(swing).toMatchObject({ hit: false, lethal: 0, nonlethal: 0 })
    expect(purposes(swing.events)).toEqual(['attack.declared', 'pf1.attack', 'attack.missed'])
  })

  it('§4.1 a natural 1 misses whatever the bonus', () => {
    const swing = rollSwing(forcedDice([1]), 'a', 'b', slot({ bonus: 40 }), noMods, 10)
    expect(swing.hit).toBe(false)
    expect(swing.events[1]).toMatchObject({ purpose: 'pf1.attack', success: false, natural: 'failure' })
  })

  it('§4.1 a natural 20 hits whatever the AC, threatens, and the confirmation can fail on its own 1', () => {
    const swing = rollSwing(forcedDice([20, 1, 4]), 'a', 'b', slot(), noMods, 50)
    expect(swing).toMatchObject({ hit: true, crit: false, lethal: 7 })
    expect(swing.events.slice(1, 4)).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'a',
        purpose: 'pf1.attack',
        sides: 20,
        result: 25,
        target: 50,
        success: true,
        natural: 'success'
      },
      {
        type: 'dice.rolled',
        actorId: 'a',
        purpose: 'pf1.confirm',
        sides: 20,
        result: 6,
        target: 50,
        success: false,
        natural: 'failure'
      },
      { type: 'attack.hit', attackerId: 'a', targetId: 'b', automatic: true }
    ])
  })

  it('§4.3 a confirmed 19 rolls the damage twice with its modifiers', () => {
    const swing = rollSwing(forcedDice([19, 10, 3, 4]), 'a', 'b', slot(), noMods, 15)
    expect(swing).toMatchObject({ hit: true, crit: true, lethal: 3 + 3 + 4 + 3 })
    expect(purposes(swing.events)).toEqual([
      'attack.declared',
      'pf1.attack',
      'pf1.confirm',
      'attack.hit',
      'pf1.damage',
      'pf1.damage'
    ])
  })

  it('A9: a 19 that misses is no threat (no confirmation die)', () => {
    const swing = rollSwing(forcedDice([19]), 'a', 'b', slot(), noMods, 30)
    expect(swing.hit).toBe(false)
  })

  it('§4.3 a ×3 weapon rolls three times; precision dice once', () => {
    const axe = slot({ critRange: 20, critMult: 3, damage: { count: 1, sides: 8, bonus: 1 } })
    const mods = { ...noMods, precisionDice: { count: 2, sides: 6 } }
    const swing = rollSwing(forcedDice([20, 15, 8, 8, 8, 6, 6]), 'a', 'b', axe, mods, 15)
    expect(swing).toMatchObject({ crit: true, lethal: 3 * 9 + 12 })
  })

  it('§4.3 immune to crits: no confirmation die, normal damage', () => {
    const swing = rollSwing(forcedDice([20, 6]), 'a', 'b', slot(), noMods, 15, { immuneCrit: true })
    expect(swing).toMatchObject({ hit: true, crit: false, lethal: 9 })
  })

  it('§4.5 a concealment d100 at or under the percentage misses', () => {
    const swing = rollSwing(forcedDice([15, 20]), 'a', 'b', slot(), { attack: 0, concealmentPercent: 20 }, 15)
    expect(swing.hit).toBe(false)
    expect(swing.events.slice(2)).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'a',
        purpose: 'pf1.miss-chance',
        sides: 100,
        result: 20,
        target: 21,
        success: false
      },
      { type: 'attack.missed', attackerId: 'a', targetId: 'b' }
    ])
  })

  it('§4.5 above the percentage the hit stands; the d100 comes after the confirmation', () => {
    const swing = rollSwing(
      forcedDice([19, 12, 21, 2, 2]),
      'a',
      'b',
      slot(),
      { attack: 0, concealmentPercent: 20 },
      15
    )
    expect(swing).toMatchObject({ hit: true, crit: true, lethal: 10 })
    expect(purposes(swing.events).slice(1, 4)).toEqual(['pf1.attack', 'pf1.confirm', 'pf1.miss-chance'])
  })

  it('§4.5 no d100 on a miss', () => {
    expect(rollSwing(forcedDice([2]), 'a', 'b', slot(), { attack: 0, concealmentPercent: 50 }, 15).hit).toBe(
      false
    )
  })

  it('situational modifiers add to the attack total', () => {
    const swing = rollSwing(forcedDice([8, 1]), 'a', 'b', slot(), { attack: 2, concealmentPercent: 0 }, 15)
    expect(swing.hit).toBe(true)
  })

  it('§4.4 [TEXT L27] a total below 1 deals 1 nonlethal', () => {
    const weak = slot({ damage: { count: 1, sides: 4, bonus: -3 } })
    expect(rollSwing(forcedDice([15, 2]), 'a', 'b', weak, noMods, 15)).toMatchObject({
      lethal: 0,
      nonlethal: 1
    })
  })

  it('a nonlethal weapon deals nonlethal damage', () => {
    const sap = slot({ nonlethal: true, damage: { count: 1, sides: 3, bonus: 0 } })
    expect(rollSwing(forcedDice([15, 3]), 'a', 'b', sap, noMods, 15)).toMatchObject({
      lethal: 0,
      nonlethal: 3
    })
  })

  it('§4.8 coup de grace: no attack die, an automatic critical', () => {
    const swing = rollSwing(forcedDice([2, 7]), 'a', 'b', slot(), noMods, 99, {
      autoCrit: true,
      mode: 'coupDeGrace'
    })
    expect(swing).toMatchObject({ hit: true, crit: true, lethal: 2 + 3 + 7 + 3, natural: 20 })
    expect(swing.events.slice(0, 2)).toEqual([
      { type: 'attack.declared', attackerId: 'a', targetId: 'b', mode: 'coupDeGrace' },
      { type: 'attack.hit', attackerId: 'a', targetId: 'b', automatic: true }
    ])
  })

  it('the mode defaults to ranged for a ranged slot and never emits damaged', () => {
    const swing = rollSwing(forcedDice([15, 4]), 'a', 'b', slot({ ranged: true }), noMods, 15)
    expect(swing.events[0]).toMatchObject({ mode: 'ranged' })
    expect(swing.events.some((e) => e.type === 'damaged')).toBe(false)
  })
})
