import { describe, expect, it } from 'vitest'
import { expectation } from '../../core/distribution'
import { formatFraction, type Fraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import type { Combatant } from '../../core/types'
import { hitChance, sequenceOdds, situationalAttack, swingOdds, type AttackSituation } from './attack-math'
import { attackRoutine, type AttackSlot } from './attack-routine'
import { armorClass, cmb, cmd, type DefenseContext } from './defense'
import { bullRushDistanceFt, maneuverChance, maneuverOdds, rollManeuver } from './maneuver-math'
import { defaultSettings, readSettings } from './settings'
import { abilityMod, readStats, type PfStats } from './stats'
import { greatsword, longsword, pfArmor, pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §10: the public worked examples 1, 2, 3, 4, 6, 7, 8 and 10, each built from figures whose
// stats produce the example's numbers and computed through the attack, defence and maneuver functions.
// (Example 5 is movement and example 9 is dying: other modules test them.)

const f = (p: Fraction): string => formatFraction(p)

const melee: DefenseContext = {
  touch: false,
  vsRanged: false,
  cover: 'none',
  coverAc: defaultSettings.coverAc
}
const noMods = { attack: 0, concealmentPercent: 0 }
const plain: AttackSituation = {
  flanking: false,
  charging: false,
  higherGround: false,
  shootingIntoMelee: false,
  rangeIncrements: 0,
  fightingDefensively: false,
  nonlethalSwap: false
}

const abilities = (patch: Partial<PfStats['abilities']>): PfStats['abilities'] => ({
  ...readStats(pfFigure('x')).abilities,
  ...patch
})

/** The single attack of a figure with this BAB and Str wielding `weapon`. */
function strike(bab: number, str: number, weapon = longsword): AttackSlot {
  const attacker = pfFigure('att', {
    stats: { bab, abilities: abilities({ str }), weapons: [weapon], wielding: { main: weapon.id, off: null } }
  })
  const slot = attackRoutine(attacker, 'single')[0]
  if (!slot) throw new Error('no attack')
  return slot
}

/** A defender whose AC is built from armor, Dex and the rest of `stats`. */
function defender(stats: Partial<PfStats>): Combatant {
  return pfFigure('def', { side: 'b', stats })
}

// AC 15: a chain shirt (+4, max Dex 4) and Dex 12.
const ac15 = defender({ armor: pfArmor(4, 4, 'light'), abilities: abilities({ dex: 12 }) })

describe('pathfinder1e.md §10 worked examples', () => {
  it('pathfinder1e example 1: +5 vs AC 15 is 11/20; +0 vs AC 30 is 1/20; +25 vs AC 10 is 19/20', () => {
    // §4.1 [TEXT L11]: a natural 1 always misses, a natural 20 always hits.
    const plus5 = strike(5, 10)
    expect(plus5.bonus).toBe(5)
    expect(armorClass(ac15, melee)).toBe(15)
    expect(f(swingOdds(plus5, noMods, armorClass(ac15, melee)).hit)).toBe('11/20')

    // AC 30: +1 full plate (9 + 1), a heavy shield (+2) and natural armor 8.
    const ac30 = defender({
      armor: pfArmor(9, 1, 'heavy', 1),
      shield: pfArmor(2, null, 'shield'),
      ac: { natural: 8, deflection: 0, dodge: 0, misc: 0 }
    })
    expect(armorClass(ac30, melee)).toBe(30)
    expect(f(swingOdds(strike(0, 10), noMods, armorClass(ac30, melee)).hit)).toBe('1/20')

    const plus25 = strike(20, 20)
    expect(plus25.bonus).toBe(25)
    expect(f(swingOdds(plus25, noMods, armorClass(defender({}), melee)).hit)).toBe('19/20')
  })

  it('pathfinder1e example 2: longsword 19–20/×2, +5 vs AC 15: P(crit) 11/200, P(hit) 11/20', () => {
    // §4.3: threat on 19–20 (both hit) = 2/20, confirmed with 11/20.
    const slot = strike(5, 10)
    expect([slot.critRange, slot.critMult]).toEqual([19, 2])
    const ac = armorClass(ac15, melee)
    expect(f(hitChance(slot.bonus, ac, slot.critRange).threat)).toBe('1/10')
    const odds = swingOdds(slot, noMods, ac)
    expect(f(odds.crit)).toBe('11/200')
    expect(f(odds.hit)).toBe('11/20')
  })

  it('pathfinder1e example 3: 1d8+3 at +5 vs AC 15 averages 363/80 per swing', () => {
    // BAB +2 and Str 16 (+3): +5 to hit, 1d8+3 damage (§4.4).
    const slot = strike(2, 16)
    expect(slot.bonus).toBe(5)
    expect(slot.damage).toEqual({ count: 1, sides: 8, bonus: 3 })
    const odds = swingOdds(slot, noMods, armorClass(ac15, melee))
    expect(f(expectation(odds.lethal))).toBe('363/80')
  })

  it('pathfinder1e example 4: greatsword 2d6+4 (Str +3 × 1½), +6 vs AC 18: 9/20, 9/200, 1089/200', () => {
    // §4.4: two-handed adds floor(1.5 × 3) = +4. BAB +3 and Str 16: +6 to hit.
    const slot = strike(3, 16, greatsword)
    expect(abilityMod(16)).toBe(3)
    expect(slot.bonus).toBe(6)
    expect(slot.damage).toEqual({ count: 2, sides: 6, bonus: 4 })
    // AC 18: banded mail (+7, max Dex 1) and Dex 12.
    const ac18 = defender({ armor: pfArmor(7, 1, 'heavy'), abilities: abilities({ dex: 12 }) })
    const ac = armorClass(ac18, melee)
    expect(ac).toBe(18)
    const odds = swingOdds(slot, noMods, ac)
    expect(f(odds.hit)).toBe('9/20')
    expect(f(odds.crit)).toBe('9/200')
    expect(f(expectation(odds.lethal))).toBe('1089/200')
  })

  it('pathfinder1e example 6: +4 flanking and charging vs AC 16 is 13/20; the charger has −2 AC', () => {
    const attacker = pfFigure('att', { stats: { bab: 4 } })
    const slot = attackRoutine(attacker, 'single')[0]
    if (!slot) throw new Error('no attack')
    expect(slot.bonus).toBe(4)
    // §4.7: flanking +2 and charge +2 from the settings.
    const settings = readSettings(pfState([attacker]))
    const attack = situationalAttack(attacker, slot, { ...plain, flanking: true, charging: true }, settings)
    expect(slot.bonus + attack).toBe(8)
    // AC 16: a breastplate (+6, max Dex 3).
    const ac16 = defender({ armor: pfArmor(6, 3) })
    expect(armorClass(ac16, melee)).toBe(16)
    expect(f(swingOdds(slot, { attack, concealmentPercent: 0 }, armorClass(ac16, melee)).hit)).toBe('13/20')
    // §3.2 [TEXT]: the charger's AC until its next turn.
    const charged = pfFigure('att', { stats: { effects: [{ id: 'charged', until: 'att' }] } })
    expect(armorClass(charged, melee)).toBe(armorClass(attacker, melee) - 2)
  })

  it('pathfinder1e example 7: trip CMB +5 vs CMD 15 is 11/20 (strict 10/20), never prone; bull rush by 12 is 15 ft', () => {
    // §4.10: CMB = BAB 3 + Str 14 (+2) + 0; CMD = 10 + BAB 2 + Str 12 (+1) + Dex 14 (+2) + 0.
    const tripper = pfFigure('att', { stats: { bab: 3, abilities: abilities({ str: 14 }) } })
    const target = defender({ bab: 2, abilities: abilities({ str: 12, dex: 14 }) })
    expect(cmb(tripper)).toBe(5)
    expect(cmd(target)).toBe(15)
    expect(f(maneuverChance(cmb(tripper), cmd(target), {}))).toBe('11/20')
    expect(f(maneuverChance(cmb(tripper), cmd(target), { strict: true }))).toBe('1/2')
    // §4.11: failing by 10 or more trips the attacker; its worst total (a natural 1: 6) fails by only 9.
    expect(f(maneuverOdds(cmb(tripper), cmd(target)).failBy10)).toBe('0')
    expect(rollManeuver(forcedDice([1]), 'att', 'pf1.trip', cmb(tripper), cmd(target)).margin).toBe(-9)
    // Bull rush: 5 + 5 × floor(12 / 5) = 15 ft; a CMB +12 rolling 15 beats CMD 15 by 12.
    expect(bullRushDistanceFt(12)).toBe(15)
    const rusher = pfFigure('rusher', { stats: { bab: 10, abilities: abilities({ str: 14 }) } })
    const rush = rollManeuver(forcedDice([15]), 'rusher', 'pf1.bullRush', cmb(rusher), cmd(target))
    expect([rush.success, rush.margin, bullRushDistanceFt(rush.margin)]).toEqual([true, 12, 15])
  })

  it('pathfinder1e example 8: +5 vs AC 15 with 20% concealment is 11/25; total concealment 11/40', () => {
    // §4.5: the miss chance is rolled after a hit; the percentages are the settings' (G-4).
    const slot = strike(5, 10)
    const ac = armorClass(ac15, melee)
    const concealed = swingOdds(
      slot,
      { attack: 0, concealmentPercent: defaultSettings.concealmentPercent },
      ac
    )
    expect(f(concealed.hit)).toBe('11/25')
    const total = swingOdds(
      slot,
      { attack: 0, concealmentPercent: defaultSettings.totalConcealmentPercent },
      ac
    )
    expect(f(total.hit)).toBe('11/40')
  })

  it('pathfinder1e example 10: BAB +11, Str +3: +14/+9/+4 vs AC 20 hit 3/4, 1/2, 1/4; expected hits 3/2', () => {
    const fighter = pfFigure('att', { stats: { bab: 11, abilities: abilities({ str: 16 }) } })
    const routine = attackRoutine(fighter, 'full')
    expect(routine.map((s) => s.bonus)).toEqual([14, 9, 4])
    // AC 20: +1 full plate (9 + 1, max Dex 1), Dex 10.
    const ac20 = defender({ armor: pfArmor(9, 1, 'heavy', 1) })
    const ac = armorClass(ac20, melee)
    expect(ac).toBe(20)
    const swings = routine.map((s) => swingOdds(s, noMods, ac))
    expect(swings.map((s) => f(s.hit))).toEqual(['3/4', '1/2', '1/4'])
    expect(f(sequenceOdds(swings).expectedHits)).toBe('3/2')
  })
})
