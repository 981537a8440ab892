import { describe, expect, it } from 'vitest'
import type { Dist } from '../../core/distribution'
import { formatFraction, type Fraction } from '../../core/fraction'
import { combatOdds, planCombat, type CombatSituation } from './combat'
import { aceChance, clampDice } from './dice'
import { disengageOdds, planDisengage } from './disengage'
import { drownOdds, planDrown } from './drown'
import { grappleOdds, planGrapple } from './grapple'
import { defaultSettings as s } from './settings'
import { weaponSchema, type CarnevaleWeapon } from './stats'

// carnevale.md §11: the public acceptance tests, each through the plan → odds path the engine will use.

const f = (p: Fraction) => formatFraction(p)
const text = (d: Dist) => [...d].map(([v, p]) => `${v}:${f(p)}`)

const weapon = (patch: Partial<CarnevaleWeapon> = {}): CarnevaleWeapon =>
  weaponSchema.parse({
    name: 'Stiletto',
    rangeIn: 0,
    evasion: 0,
    damage: 0,
    penetration: 0,
    abilities: [],
    ...patch
  })

const attack = (
  att: number,
  dex: number,
  patch: Partial<CombatSituation> = {},
  pro = 0
): CombatSituation => ({
  attacker: { att },
  target: { dex, pro },
  weapon: weapon(),
  ...patch
})

describe('carnevale.md §11 worked examples', () => {
  it('carnevale example 1', () => {
    const table = Array.from({ length: 12 }, (_, t) => f(aceChance(t, s)))
    expect(table).toEqual([
      '9/10',
      '9/10',
      '9/10',
      '4/5',
      '7/10',
      '3/5',
      '1/2',
      '2/5',
      '3/10',
      '1/5',
      '1/10',
      '1/10'
    ])
  })

  it('carnevale example 2', () => {
    const odds = combatOdds(planCombat(attack(5, 6), s), s)
    expect(f(odds.outcomes.critical)).toBe('3/32')
    expect(f(odds.outcomes.success)).toBe('7/8')
    expect(f(odds.outcomes.fail)).toBe('1/40')
    expect(f(odds.outcomes.fumble)).toBe('1/160')
    expect(f(odds.hit)).toBe('31/32')
    expect(f(odds.counterAttack)).toBe('1/160')
  })

  it('carnevale example 3', () => {
    const plan = planCombat(attack(5, 6, { weapon: weapon({ evasion: 1 }) }), s)
    expect(plan.aceTarget).toBe(7)
    const odds = combatOdds(plan, s)
    expect(f(odds.hit)).toBe('2882/3125')
    expect(f(odds.outcomes.critical)).toBe('272/3125')
    expect(f(odds.outcomes.fumble)).toBe('81/6250')
  })

  it('carnevale example 4', () => {
    const plan = planCombat(attack(5, 6, { weapon: weapon({ damage: 1, penetration: -1 }) }, 3), s)
    expect(plan.protectionDice).toBe(2)
    const odds = combatOdds(plan, s)
    expect(text(odds.targetLifeLost)).toEqual([
      '0:271/4000',
      '1:243/2000',
      '2:1821/8000',
      '3:419/1600',
      '4:389/2000',
      '5:747/8000',
      '6:9/320',
      '7:39/8000',
      '8:3/8000'
    ])
    expect(f(odds.expectedTargetLifeLost)).toBe('4501/1600')
    // The attacker's own Fumble loss is kept apart from the target's.
    expect(text(odds.attackerLifeLost)).toEqual(['0:159/160', '1:1/160'])
  })

  it('carnevale example 5', () => {
    const plan = planCombat(attack(5, 6, { target: { dex: 6, pro: 0, enemiesInContact: 3 } }), s)
    expect(plan.aceTarget).toBe(5)
    const o = combatOdds(plan, s).outcomes
    expect([o.critical, o.success, o.fail, o.fumble].map(f)).toEqual([
      '609/6250',
      '5577/6250',
      '24/3125',
      '8/3125'
    ])
  })

  it('carnevale example 6', () => {
    const sky = planCombat(attack(4, 5, { chargeFromSky: true }, 3), s)
    expect(sky.protectionDice).toBe(0)
    expect(f(combatOdds(sky, s).expectedTargetLifeLost)).toBe('3117/1250')
    const ground = planCombat(attack(4, 5, {}, 3), s)
    expect(ground.protectionDice).toBe(3)
    expect(f(combatOdds(ground, s).expectedTargetLifeLost)).toBe('110979/78125')
  })

  it('carnevale example 7', () => {
    const plan = planGrapple({ value: 4, baseMm: 40 }, { value: 3, baseMm: 30 }, false, s)
    expect(plan).toEqual({ attackerDice: 5, targetDice: 3 })
    const odds = grappleOdds(plan, s)
    expect(f(odds.outcomes.success)).toBe('41862/78125')
    expect(f(odds.outcomes.critical)).toBe('3656/78125')
    expect(f(odds.outcomes.fail)).toBe('56901/156250')
    expect(f(odds.outcomes.fumble)).toBe('8313/156250')
    expect(f(odds.expectedPushIfMoved)).toBe('85489/22759')
  })

  it('carnevale example 8', () => {
    const odds = drownOdds(planDrown({ value: 4, baseMm: 30 }, { value: 4, baseMm: 30 }, s), s)
    expect(f(odds.outcomes.success)).toBe('26211/78125')
    expect(f(odds.outcomes.critical)).toBe('1917/78125')
    expect(f(odds.outcomes.fumble)).toBe('11791/156250')
    expect(odds.attackerLifeLost.get(2)).toEqual(odds.outcomes.fumble)
    expect(f(odds.expectedTargetLifeLost)).toBe('101826/78125')
  })

  it('carnevale example 9', () => {
    const plan = planDisengage({ dex: 3, enemiesInContact: 3 }, { dex: 3, enemiesInContact: 1 }, s)
    expect(plan).toEqual({ moverDice: 2, enemyDice: 3 })
    const odds = disengageOdds(plan, s)
    expect(f(odds.enemyAoO)).toBe('2477/3125')
    expect(f(odds.blocked)).toBe('571/6250')
    expect(f(odds.bonusMove)).toBe('27/3125')
  })

  it('carnevale example 10', () => {
    expect(clampDice(8 + 3, s)).toBe(10)
    expect(planCombat(attack(8, 6, { attackDice: 3 }), s).attackDice).toBe(10)
  })
})
