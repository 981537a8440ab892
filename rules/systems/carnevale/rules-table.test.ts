import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../core/fraction'
import {
  coverCounts,
  effectiveDex,
  isChargeFromSky,
  isCrowded,
  planCombat,
  takenOutChance,
  type CoverFacts
} from './combat'
import { aceChance, basicLaw, clampDice, classifyBasic, classifyOpposed, outcomeChances } from './dice'
import { disengageEffect } from './disengage'
import { drownAllowed, drownAttributeOf, drownLifeLoss, planDrown } from './drown'
import { fallDamage } from './falling'
import { grapplePush, largerBaseBonus, planGrapple } from './grapple'
import { lifeAfterProtection, protectionDice } from './protection'
import { carnevaleSettings, defaultSettings as s } from './settings'
import { UNARMED, weaponsOf, weaponUsable, type CarnevaleWeapon } from './stats'

// Rule edges as tables; every describe names the carnevale.md section it checks.

const f = formatFraction

describe('§2 dice: Aces, the clamp and the Destiny die', () => {
  it.each([
    ['§2 t ≤ 2: every face but the 1', -3, '9/10'],
    ['§2 t = 3', 3, '4/5'],
    ['§2 basic roll 7+', 7, '2/5'],
    ['§2 t = 10: only the 10', 10, '1/10'],
    ['§2 t > 10: the 10 is still an Ace', 15, '1/10']
  ])('%s', (_label, t, p) => {
    expect(f(aceChance(t, s))).toBe(p)
  })

  it.each([
    ['§2 t > 10 without the natural 10: no Ace at all', { tenAlwaysAce: false }, 11, '0'],
    ['§2 t ≤ 1 without the natural 1: every face', { oneNeverAce: false }, 1, '1']
  ])('%s', (_label, patch, t, p) => {
    expect(f(aceChance(t, carnevaleSettings(patch)))).toBe(p)
  })

  it.each([
    [-2, 0],
    [0, 0],
    [3, 3],
    [10, 10],
    [11, 10],
    [14, 10]
  ])('§2 clamp: %i dice → %i', (n, dice) => {
    expect(clampDice(n, s)).toBe(dice)
  })

  it.each([
    ['§2 Destiny 10 and another Ace: Critical', 10, 1, 2, 'critical'],
    ['§2 Destiny 10 alone: a Success, not a Critical', 10, 0, 1, 'success'],
    ['§2 Destiny 1 with an Ace elsewhere: Success', 1, 1, 1, 'success'],
    ['§2 Destiny 1 and no Ace: Fumble', 1, 0, 0, 'fumble'],
    ['§2 no Ace, Destiny 5: Fail', 5, 0, 0, 'fail'],
    ['§2 0 dice: Fail, never a Fumble', null, 0, 0, 'fail']
  ] as const)('%s', (_label, destiny, others, total, outcome) => {
    expect(classifyBasic(destiny, others, total, s)).toBe(outcome)
  })

  it.each([
    ['§2 [REC] A4 Destiny 10, net 2: Critical', 10, 3, 2, s, 'critical'],
    ['§2 [REC] A4 Destiny 10, net 1: Success only', 10, 2, 1, s, 'success'],
    ['§2 [REC] A4 Destiny 1, net 0 despite own Aces: Fumble', 1, 2, 0, s, 'fumble'],
    [
      '§2 A4 setting noActiveAces: Destiny 1 with own Aces is a Fail',
      1,
      2,
      0,
      carnevaleSettings({ opposedFumble: 'noActiveAces' }),
      'fail'
    ],
    ['§2 the opponent out-rolls a Destiny 10: Fail', 10, 1, 0, s, 'fail'],
    ['§2 criticals off: Success', 10, 3, 3, carnevaleSettings({ criticalsEnabled: false }), 'success'],
    ['§2 fumbles off: Fail', 1, 0, 0, carnevaleSettings({ fumblesEnabled: false }), 'fail']
  ] as const)('%s', (_label, destiny, aces, net, settings, outcome) => {
    expect(classifyOpposed(destiny, aces, net, settings)).toBe(outcome)
  })

  it('§2 one die: it is the Destiny die, so it can Fumble but never Critical', () => {
    const o = outcomeChances(basicLaw(1, 7, s))
    expect([o.critical, o.success, o.fail, o.fumble].map(f)).toEqual(['0', '2/5', '1/2', '1/10'])
  })

  it('§2 0 dice: a sure Fail', () => {
    const o = outcomeChances(basicLaw(0, 7, s))
    expect([o.critical, o.success, o.fail, o.fumble].map(f)).toEqual(['0', '0', '1', '0'])
  })
})

describe('§3 crowding and cover', () => {
  it.each([
    [2, false, 6],
    [3, true, 5],
    [5, true, 5]
  ])('§3 [TEXT L17] %i enemies in contact: crowded %s, DEX 6 → %i', (n, crowded, dex) => {
    expect(isCrowded(n, s)).toBe(crowded)
    expect(effectiveDex(6, n, s)).toBe(dex)
  })

  const facts = (patch: Partial<CoverFacts>): CoverFacts => ({
    inCover: false,
    inWater: false,
    baseContact: false,
    contactViaObstacle: false,
    ...patch
  })
  it.each([
    ['§3 terrain cover at range', { inCover: true }, true],
    ['§3 [TEXT L15] base contact removes terrain cover', { inCover: true, baseContact: true }, false],
    ['§3 [TEXT L15] water cover is kept in base contact', { inWater: true, baseContact: true }, true],
    [
      '§3 [TEXT L15] contact across a shared obstacle counts as cover',
      { baseContact: true, contactViaObstacle: true },
      true
    ],
    ['§3 no cover', {}, false]
  ])('%s', (_label, patch, counts) => {
    expect(coverCounts(facts(patch))).toBe(counts)
  })
})

describe('§5.1–5.2 Combat plan, weapons and Protection', () => {
  const blade: CarnevaleWeapon = {
    name: 'Sword',
    rangeIn: 0,
    evasion: -1,
    damage: 2,
    penetration: -2,
    abilities: []
  }
  it.each([
    [
      '§5.2 Evasion −1 lowers the Ace target',
      {},
      { attackDice: 4, aceTarget: 5, damageBonus: 2, protectionDice: 1 }
    ],
    ['§3 [GAP] cover +1 DEX', { cover: true }, { aceTarget: 6 }],
    ['§3 crowding −1 DEX', { enemiesInContact: 3 }, { aceTarget: 4 }],
    ['§7 [REC] a Stunned target rolls one Protection die fewer', { stunned: true }, { protectionDice: 0 }]
  ])('%s', (_label, patch, expected) => {
    const plan = planCombat({ attacker: { att: 4 }, target: { dex: 6, pro: 3, ...patch }, weapon: blade }, s)
    expect(plan).toMatchObject(expected)
  })

  it('§4 [TEXT L23] a charge from the sky adds Penetration −5; other sources are summed', () => {
    const plan = planCombat(
      {
        attacker: { att: 4 },
        target: { dex: 6, pro: 9 },
        weapon: blade,
        penetration: 1,
        chargeFromSky: true
      },
      s
    )
    expect(plan.protectionDice).toBe(3)
    expect(protectionDice(2, -5, false, s)).toBe(0)
    expect([2.9, 3, 5].map((h) => isChargeFromSky(h, s))).toEqual([false, true, true])
  })

  it.each([
    ['§5.1 6.2 Success: one Damage per Ace', 4, 'success', 3, 1],
    ['§5.1 6.2 Success: never below 0', 2, 'success', 3, 0],
    ['§5.1 6.2 Critical: one extra Ace', 4, 'critical', 2, 1],
    ['§5.1 6.2 Fumble: +1 Damage', 3, 'fumble', 0, 4],
    ['§5.1 6.2 Fail: no change', 3, 'fail', 0, 3],
    ['§5.1 no Damage, nothing to lose', 0, 'fumble', 0, 0]
  ] as const)('%s', (_label, damage, outcome, aces, life) => {
    expect(lifeAfterProtection(damage, outcome, aces, s)).toBe(life)
  })

  it('§5.2 [TEXT L71–74] the unarmed profile is always offered last', () => {
    expect(UNARMED).toEqual({
      name: 'Sin armas',
      rangeIn: 0,
      evasion: 0,
      damage: 0,
      penetration: 1,
      abilities: ['Aquatic']
    })
    expect(weaponsOf({ weapons: [blade] })).toEqual([blade, UNARMED])
  })

  it.each([
    ['§6 [TEXT L53] swimming: a non-Aquatic weapon is refused', true, false, blade, false],
    ['§6 swimming, but the action started out of the water', true, true, blade, true],
    ['§6 swimming with an Aquatic weapon', true, false, UNARMED, true],
    ['§6 not swimming', false, false, blade, true]
  ])('%s', (_label, swimming, startedOut, weapon, ok) => {
    expect(weaponUsable(weapon, swimming, startedOut)).toBe(ok)
  })

  it('§6 [GAP-PUB] taken out at 0 Life: the chance a loss reaches the Life left', () => {
    const loss = new Map([
      [0, { n: 1n, d: 2n }],
      [2, { n: 1n, d: 4n }],
      [3, { n: 1n, d: 4n }]
    ])
    expect([1, 3, 4, 0].map((life) => f(takenOutChance(loss, life)))).toEqual(['1/2', '1/4', '0', '0'])
  })
})

describe('§5.3 Grapple and §5.4 Drown', () => {
  it.each([
    [
      '§5.3 [TEXT L78] the larger base gives +1 die',
      { value: 4, baseMm: 40 },
      { value: 3, baseMm: 30 },
      false,
      5,
      3
    ],
    ['§5.3 equal bases: no bonus', { value: 4, baseMm: 30 }, { value: 3, baseMm: 30 }, false, 4, 3],
    [
      '§5.3 "without modifiers": Stunned is ignored',
      { value: 4, baseMm: 30, stunned: true },
      { value: 3, baseMm: 30 },
      false,
      4,
      3
    ],
    [
      '§5.3 [TEXT L89] a friendly target: a basic roll',
      { value: 4, baseMm: 30 },
      { value: 3, baseMm: 30 },
      true,
      4,
      null
    ]
  ])('%s', (_label, attacker, target, friendly, mine, theirs) => {
    expect(planGrapple(attacker, target, friendly, s)).toEqual({ attackerDice: mine, targetDice: theirs })
  })

  it('§5.3 grappleIgnoresModifiers off: Stunned costs a die', () => {
    const loose = carnevaleSettings({ grappleIgnoresModifiers: false })
    expect(
      planGrapple({ value: 4, baseMm: 30, stunned: true }, { value: 3, baseMm: 30 }, false, loose)
        .attackerDice
    ).toBe(3)
  })

  it.each([
    [0, 2],
    [1, 3],
    [4, 6]
  ])('§5.3 A5 net %i Aces: push up to %i"', (net, inches) => {
    expect(grapplePush(net, s)).toBe(inches)
  })

  it.each([
    ['§5.4 [TEXT L99] Success: 2 + net', 'success', 2, 4],
    ['§5.4 [TEXT L101] Critical: 4 + net', 'critical', 3, 7],
    ['§5.4 Fail: nothing', 'fail', 0, 0],
    ['§5.4 Fumble: the target loses nothing (the attacker loses 2)', 'fumble', 0, 0]
  ] as const)('%s', (_label, outcome, net, life) => {
    expect(drownLifeLoss(outcome, net, s)).toBe(life)
  })

  const ok = {
    enemy: true,
    lineOfSight: true,
    baseContact: true,
    targetInWater: true,
    targetWaterCreature: false
  }
  it.each([
    ['§5.4 all conditions met', {}, true],
    ['§5.4 [TEXT L97] a Water Creature cannot be drowned', { targetWaterCreature: true }, false],
    ['§5.4 the target must be in water', { targetInWater: false }, false],
    ['§5.4 base contact is needed', { baseContact: false }, false],
    ['§5.4 line of sight is needed', { lineOfSight: false }, false]
  ])('%s', (_label, patch, allowed) => {
    expect(drownAllowed({ ...ok, ...patch })).toBe(allowed)
  })

  it('§5.4 [TEXT L95] Drown: +1 die for the larger base; Stunned counts (§7)', () => {
    expect(planDrown({ value: 4, baseMm: 40, stunned: true }, { value: 4, baseMm: 30 }, s)).toEqual({
      attackerDice: 4,
      targetDice: 4
    })
    expect(largerBaseBonus(30, 40, s)).toBe(0)
    expect(drownAttributeOf({ att: 4, dex: 6 }, s)).toBe(4)
    expect(drownAttributeOf({ att: 4, dex: 6 }, carnevaleSettings({ drownAttribute: 'dex' }))).toBe(6)
  })
})

describe('§4 Disengage and §3 falling', () => {
  it.each([
    ['§4 [TEXT L27] Success: move normally', 'success', { enemyAoO: false, canMove: true, extraInches: 0 }],
    ['§4 [TEXT L28] Fail: AoO, then move', 'fail', { enemyAoO: true, canMove: true, extraInches: 0 }],
    ['§4 [TEXT L29] Critical: +1"', 'critical', { enemyAoO: false, canMove: true, extraInches: 1 }],
    ['§4 [TEXT L30] Fumble: AoO, no move', 'fumble', { enemyAoO: true, canMove: false, extraInches: 0 }]
  ] as const)('%s', (_label, outcome, effect) => {
    expect(disengageEffect(outcome, s)).toEqual(effect)
  })

  it.each([
    ['§3 [PLACEHOLDER] a 2.9" drop is safe', 2.9, false, 0],
    ['§3 [PLACEHOLDER] 3" → 3 Damage', 3, false, 3],
    ['§3 [PLACEHOLDER] 4.5" → 4 Damage (full inches)', 4.5, false, 4],
    ['§3 [PLACEHOLDER] into water: safe', 6, true, 0]
  ])('%s', (_label, heightInches, intoWater, damage) => {
    expect(fallDamage({ heightInches, intoWater, pro: 2 }, s)).toBe(damage)
  })
})
