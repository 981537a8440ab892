import { describe, expect, it } from 'vitest'
import { probability } from '../../core/distribution'
import { formatFraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import {
  bluffBonus,
  bullRushDistanceFt,
  feintDc,
  feintPenalty,
  maneuverAttackBonus,
  maneuverAutoSuccess,
  maneuverChance,
  maneuverCmdBonus,
  maneuverImmune,
  maneuverMarginDist,
  maneuverOdds,
  rollManeuver,
  sizeAllows,
  sizeLimited
} from './maneuver-math'
import { defaultSettings } from './settings'
import { readStats, type PfStats } from './stats'
import { pfFigure } from './test-fixtures'

// pathfinder1e.md §4.10 (CMB vs CMD: natural 20/1, incapacitated targets, stunned +4), §4.11 (size, legs,
// scaled results, bull rush distance, feint), A4 (tripStrict), A10 (+2 CMD per extra leg).

const f = formatFraction
const base = readStats(pfFigure('x'))
const fig = (stats: Partial<PfStats> = {}) => pfFigure('t', { stats })

describe('maneuverChance (§4.10 steps 5–6)', () => {
  it.each([
    [5, 15, false, '11/20'],
    [5, 15, true, '1/2'],
    [0, 40, false, '1/20'],
    [30, 10, false, '19/20'],
    [30, 10, true, '19/20']
  ])('CMB +%i vs CMD %i (strict %s): %s', (bonus, cmd, strict, p) => {
    expect(f(maneuverChance(bonus, cmd, { strict }))).toBe(p)
  })

  it('an incapacitated target: automatic success', () => {
    expect(f(maneuverChance(-10, 50, { autoSuccess: true }))).toBe('1')
  })
})

describe('maneuverOdds (§4.11 scaled results)', () => {
  it('CMB +0 vs CMD 15: success 6/20, by 5 only on a 20, fails by 10 on faces 1–5', () => {
    const odds = maneuverOdds(0, 15)
    expect([odds.success, odds.exceedBy5, odds.exceedBy10, odds.failBy10].map(f)).toEqual([
      '3/10',
      '1/20',
      '0',
      '1/4'
    ])
  })

  it('a natural 20 that falls short succeeds but does not exceed', () => {
    const odds = maneuverOdds(0, 30)
    expect([odds.success, odds.exceedBy5, odds.failBy10].map(f)).toEqual(['1/20', '0', '19/20'])
  })

  it('CMB +20 vs CMD 15: exceeds by 10 from a natural 5', () => {
    expect(f(maneuverOdds(20, 15).exceedBy10)).toBe('4/5')
  })

  it('an automatic success counts as a natural 20', () => {
    const odds = maneuverOdds(0, 12, { autoSuccess: true })
    expect([odds.success, odds.exceedBy5, odds.exceedBy10].map(f)).toEqual(['1', '1', '0'])
  })

  it('the margin distribution is d20 + CMB − CMD', () => {
    const margins = maneuverMarginDist(5, 15)
    expect([Math.min(...margins.keys()), Math.max(...margins.keys())]).toEqual([-9, 10])
    expect(f(probability(margins, (m) => m >= 0))).toBe('11/20')
  })
})

describe('bullRushDistanceFt (§4.11, §10 example 7)', () => {
  it.each([
    [0, 5],
    [4, 5],
    [5, 10],
    [9, 10],
    [12, 15],
    [-1, 0]
  ])('margin %i: %i ft', (margin, feet) => {
    expect(bullRushDistanceFt(margin)).toBe(feet)
  })
})

describe('maneuver limits and bonuses (§4.10, §4.11, A10)', () => {
  it.each<[string, Partial<PfStats>, Parameters<typeof maneuverCmdBonus>[1], number]>([
    ['A10 four legs vs trip: +4', { legs: 4 }, 'trip', 4],
    ['A10 four legs vs overrun: +4', { legs: 4 }, 'overrun', 4],
    ['legs do not matter to a bull rush', { legs: 4 }, 'bullRush', 0],
    ['two legs: nothing', {}, 'trip', 0],
    ['[SRD] Improved Trip: +2 CMD vs trip', { feats: ['ImprovedTrip'] }, 'trip', 2]
  ])('%s', (_title, stats, maneuver, bonus) => {
    expect(maneuverCmdBonus(fig(stats), maneuver, defaultSettings)).toBe(bonus)
  })

  it('the leg bonus comes from the settings', () => {
    expect(maneuverCmdBonus(fig({ legs: 6 }), 'trip', { extraLegCmdBonus: 0 })).toBe(0)
    expect(maneuverCmdBonus(fig({ legs: 6 }), 'trip', { extraLegCmdBonus: 1 })).toBe(4)
  })

  it('§4.11 legless and flying creatures cannot be tripped', () => {
    expect(maneuverImmune(fig({ legs: 0 }), 'trip')).toBe(true)
    expect(maneuverImmune(fig({ flying: true }), 'trip')).toBe(true)
    expect(maneuverImmune(fig({ legs: 0 }), 'bullRush')).toBe(false)
    expect(maneuverImmune(fig(), 'trip')).toBe(false)
  })

  it.each<[PfStats['size'], PfStats['size'], boolean]>([
    ['M', 'L', true],
    ['M', 'H', false],
    ['M', 'T', true],
    ['S', 'L', false],
    ['L', 'H', true]
  ])('§4.11 a %s attacker vs a %s target: %s', (a, t, ok) => {
    expect(sizeAllows(fig({ size: a }), fig({ size: t }))).toBe(ok)
  })

  it('§4.11 only trip, overrun and bull rush are size-limited', () => {
    expect(
      (['trip', 'overrun', 'bullRush', 'disarm', 'sunder', 'grapple'] as const).filter(sizeLimited)
    ).toEqual(['trip', 'overrun', 'bullRush'])
  })

  it('§4.10 an incapacitated target is an automatic success', () => {
    expect(maneuverAutoSuccess(fig({ conditions: ['unconscious'] }))).toBe(true)
    expect(maneuverAutoSuccess(fig({ conditions: ['pinned'] }))).toBe(true)
    expect(maneuverAutoSuccess(fig({ conditions: ['prone'] }))).toBe(false)
  })

  it.each<[string, Partial<PfStats>, Partial<PfStats>, Parameters<typeof maneuverAttackBonus>[2], number]>([
    ['§4.10 +4 against a stunned target', {}, { conditions: ['stunned'] }, 'trip', 4],
    ['§4.11 disarming unarmed −4', { wielding: { main: null, off: null } }, {}, 'disarm', -4],
    ['§4.11 a humanoid grappling with a weapon in hand −4', {}, {}, 'grapple', -4],
    [
      '§4.11 a humanoid with both hands free grapples normally',
      { wielding: { main: null, off: null } },
      {},
      'grapple',
      0
    ],
    ['§4.11 an animal grapples normally', { creatureType: 'animal' }, {}, 'grapple', 0],
    [
      '[SRD] Improved Bull Rush +2, Greater +2 more',
      { feats: ['ImprovedBullRush', 'GreaterBullRush'] },
      {},
      'bullRush',
      4
    ]
  ])('%s', (_title, attacker, target, maneuver, bonus) => {
    expect(maneuverAttackBonus(fig(attacker), fig(target), maneuver)).toBe(bonus)
  })
})

describe('rollManeuver', () => {
  it('rolls one d20 and reports the margin', () => {
    const r = rollManeuver(forcedDice([10]), 'a', 'pf1.trip', 5, 15)
    expect(r).toMatchObject({ success: true, margin: 0, natural: 10 })
    expect(r.events).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'a',
        purpose: 'pf1.trip',
        sides: 20,
        result: 15,
        target: 15,
        success: true
      }
    ])
  })

  it('A4 strict: equal is not enough (the event target is CMD + 1)', () => {
    const r = rollManeuver(forcedDice([10]), 'a', 'pf1.trip', 5, 15, { strict: true })
    expect(r.success).toBe(false)
    expect(r.events[0]).toMatchObject({ target: 16, success: false })
  })

  it('natural 20 succeeds, natural 1 fails', () => {
    expect(rollManeuver(forcedDice([20]), 'a', 'p', 0, 40)).toMatchObject({ success: true, margin: -20 })
    expect(rollManeuver(forcedDice([1]), 'a', 'p', 40, 10).events[0]).toMatchObject({
      success: false,
      natural: 'failure'
    })
  })

  it('an automatic success rolls nothing and counts as a natural 20', () => {
    expect(rollManeuver(forcedDice([]), 'a', 'p', 5, 15, { autoSuccess: true })).toEqual({
      events: [],
      success: true,
      margin: 10,
      natural: 20
    })
  })
})

describe('feint (§4.11)', () => {
  it('DC 10 + BAB + Wis', () => {
    expect(feintDc(fig({ bab: 2, abilities: { ...base.abilities, wis: 14 } }))).toBe(14)
  })

  it('or 10 + Sense Motive when higher', () => {
    expect(
      feintDc(fig({ bab: 2, abilities: { ...base.abilities, wis: 14 }, skills: { senseMotive: 6 } }))
    ).toBe(16)
    expect(feintDc(fig({ bab: 8, skills: { senseMotive: 2 } }))).toBe(18)
  })

  it.each<[string, Partial<PfStats>, number | null]>([
    ['a humanoid: no penalty', {}, 0],
    ['a non-humanoid: −4', { creatureType: 'magicalBeast', abilities: { ...base.abilities, int: 6 } }, -4],
    [
      'animal intelligence (Int 2): −8',
      { creatureType: 'animal', abilities: { ...base.abilities, int: 2 } },
      -8
    ],
    [
      'mindless (Int 0): impossible',
      { creatureType: 'undead', abilities: { ...base.abilities, int: 0 } },
      null
    ]
  ])('%s', (_title, stats, penalty) => {
    expect(feintPenalty(fig(stats))).toBe(penalty)
  })

  it('the Bluff bonus is the skill total, or Cha without it', () => {
    expect(bluffBonus(fig({ skills: { bluff: 7 } }))).toBe(7)
    expect(bluffBonus(fig({ abilities: { ...base.abilities, cha: 14 } }))).toBe(2)
  })
})
