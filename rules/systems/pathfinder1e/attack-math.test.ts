import { describe, expect, it } from 'vitest'
import { expectation, type Dist } from '../../core/distribution'
import { formatFraction, frac, type Fraction } from '../../core/fraction'
import {
  critChance,
  deathChance,
  hitChance,
  outChance,
  rangeIncrementsFor,
  sequenceOdds,
  situationalAttack,
  swingOdds,
  type AttackSituation
} from './attack-math'
import { attackRoutine, type AttackSlot } from './attack-routine'
import { defaultSettings } from './settings'
import type { PfStats } from './stats'
import { longbow, pfFigure, testSlot } from './test-fixtures'

// pathfinder1e.md §4.1 (natural 1/20), §4.3 (crits), §4.4 (minimum damage), §4.5 (concealment), §4.7
// (attacker table), §5 (out and dead thresholds).

const f = (p: Fraction): string => formatFraction(p)
/** A distribution as "value:p" strings, sorted by value. */
const show = (d: Dist): string[] =>
  [...d]
    .filter(([, p]) => p.n !== 0n)
    .sort(([a], [b]) => a - b)
    .map(([v, p]) => `${v}:${f(p)}`)

/** A melee slot with this bonus, damage and crit profile. */
function slot(patch: Partial<AttackSlot> = {}): AttackSlot {
  return testSlot({ id: 'test', bonus: 10, damage: { count: 0, sides: 0, bonus: 5 }, ...patch })
}
const noMods = { attack: 0, concealmentPercent: 0 }

describe('hitChance (§4.1, §4.3, A9)', () => {
  it.each([
    [5, 15, 20, '11/20', '1/20'],
    [0, 30, 20, '1/20', '1/20'],
    [25, 10, 20, '19/20', '1/20'],
    [5, 15, 19, '11/20', '1/10'],
    [10, 15, 18, '4/5', '3/20'],
    // A9: 18 and 19 miss (18 + 0 < 25), so only the natural 20 threatens.
    [0, 25, 18, '1/20', '1/20'],
    [-5, 10, 20, '3/10', '1/20']
  ])('+%i vs AC %i, threat %i–20: hit %s, threat %s', (bonus, ac, range, hit, threat) => {
    const odds = hitChance(bonus, ac, range)
    expect([f(odds.hit), f(odds.threat)]).toEqual([hit, threat])
  })
})

describe('critChance (§4.3)', () => {
  it('18–20 at +10 vs AC 20: threat 3/20 × confirm 11/20', () => {
    expect(f(critChance(10, 20, 18))).toBe('33/400')
  })

  it('the confirmation has its own natural 1 (a sure hit still confirms 19/20)', () => {
    expect(f(critChance(30, 10, 20))).toBe('19/400')
  })

  it('the confirmation has its own natural 20 (a hopeless confirm still 1/20)', () => {
    expect(f(critChance(0, 40, 20))).toBe('1/400')
  })
})

describe('swingOdds (§4.3–4.5)', () => {
  // +10 vs AC 11: every face but the 1 hits; a 20 threatens; confirmation 19/20.
  it('×3 crit: the damage rolled three times with its modifiers', () => {
    const odds = swingOdds(slot({ critMult: 3 }), noMods, 11)
    expect([f(odds.hit), f(odds.crit)]).toEqual(['19/20', '19/400'])
    expect(show(odds.lethal)).toEqual(['0:1/20', '5:361/400', '15:19/400'])
    expect(show(odds.nonlethal)).toEqual(['0:1'])
  })

  it('×3 crit with dice: 3 × (1d8 + 2)', () => {
    const odds = swingOdds(slot({ critMult: 3, damage: { count: 1, sides: 8, bonus: 2 } }), noMods, 11)
    // E = (hit − crit) × 6.5 + crit × 19.5 = 361/400 × 13/2 + 19/400 × 39/2.
    expect(f(expectation(odds.lethal))).toBe(f(frac(361 * 13 + 19 * 39, 800)))
    expect(f(odds.lethal.get(30) ?? frac(0))).toBe(f(frac(19, 400 * 512)))
  })

  it('immune to crits: a confirmed threat deals normal damage', () => {
    const odds = swingOdds(slot({ critMult: 3 }), noMods, 11, { immuneCrit: true })
    expect(f(odds.crit)).toBe('0')
    expect(show(odds.lethal)).toEqual(['0:1/20', '5:19/20'])
  })

  it('coup de grace (§4.8): an automatic hit and critical', () => {
    const odds = swingOdds(slot({ bonus: -10 }), { attack: 0, concealmentPercent: 50 }, 40, {
      autoCrit: true
    })
    expect([f(odds.hit), f(odds.crit)]).toEqual(['1', '1'])
    expect(show(odds.lethal)).toEqual(['10:1'])
  })

  it('§4.5 concealment: the miss chance applies to hits and crits alike', () => {
    const odds = swingOdds(slot(), { attack: 0, concealmentPercent: 20 }, 11)
    expect([f(odds.hit), f(odds.crit)]).toEqual(['19/25', '19/500'])
  })

  it('§4.4 [TEXT L27]: a total below 1 deals 1 nonlethal damage', () => {
    // 1d4 − 3: faces 1–3 total below 1 (1 nonlethal), face 4 deals 1 lethal.
    const odds = swingOdds(slot({ damage: { count: 1, sides: 4, bonus: -3 } }), noMods, 11, {
      immuneCrit: true
    })
    expect(show(odds.lethal)).toEqual(['0:61/80', '1:19/80'])
    expect(show(odds.nonlethal)).toEqual(['0:23/80', '1:57/80'])
  })

  it('a nonlethal weapon deals only nonlethal damage', () => {
    const odds = swingOdds(slot({ nonlethal: true }), noMods, 11, { immuneCrit: true })
    expect(show(odds.lethal)).toEqual(['0:1'])
    expect(show(odds.nonlethal)).toEqual(['0:1/20', '5:19/20'])
  })

  it('§4.3 precision dice are added once, never multiplied', () => {
    const odds = swingOdds(slot(), { ...noMods, precisionDice: { count: 2, sides: 6 } }, 11)
    // Normal hit 5 + 2d6 (mean 12), crit 10 + 2d6 (mean 17).
    expect(f(expectation(odds.lethal))).toBe(f(frac(361 * 12 + 19 * 17, 400)))
    expect(Math.max(...odds.lethal.keys())).toBe(22)
  })
})

describe('sequenceOdds', () => {
  it('independent swings convolve', () => {
    const odds = swingOdds(slot(), noMods, 11, { immuneCrit: true })
    const both = sequenceOdds([odds, odds])
    expect(show(both.lethal)).toEqual(['0:1/400', '5:19/200', '10:361/400'])
    expect(f(both.expectedHits)).toBe('19/10')
  })

  it('no swings: nothing', () => {
    expect(show(sequenceOdds([]).lethal)).toEqual(['0:1'])
  })
})

describe('outChance and deathChance (§5)', () => {
  const damage: Dist = new Map([
    [0, frac(1, 2)],
    [6, frac(1, 4)],
    [16, frac(1, 4)]
  ])

  it('below 0 is out (dying); at or below −Con is dead', () => {
    const target = pfFigure('t', { life: 5 })
    expect(f(outChance(damage, target))).toBe('1/2')
    expect(f(deathChance(damage, target))).toBe('1/4')
  })

  it('temporary HP absorb damage first', () => {
    const target = pfFigure('t', { life: 5, stats: { tempHp: 2 } })
    expect(f(outChance(damage, target))).toBe('1/4')
  })

  it('exactly 0 HP is disabled, not out', () => {
    expect(f(outChance(new Map([[5, frac(1)]]), pfFigure('t', { life: 5 })))).toBe('0')
  })
})

describe('situationalAttack (§4.7 attacker table)', () => {
  const plain: AttackSituation = {
    flanking: false,
    charging: false,
    higherGround: false,
    shootingIntoMelee: false,
    rangeIncrements: 0,
    fightingDefensively: false,
    nonlethalSwap: false
  }
  const swordsman = pfFigure('att')
  const sword = attackRoutine(swordsman, 'single')[0]
  const bowSlot = attackRoutine(
    pfFigure('b', { stats: { weapons: [longbow], wielding: { main: longbow.id, off: null } } }),
    'single'
  )[0]
  if (!sword || !bowSlot) throw new Error('fixture')

  it.each<[string, Partial<AttackSituation>, Partial<PfStats>, boolean, number]>([
    ['nothing', {}, {}, false, 0],
    ['flanking +2 in melee', { flanking: true }, {}, false, 2],
    ['no flanking bonus at range', { flanking: true }, {}, true, 0],
    ['charging +2', { charging: true }, {}, false, 2],
    ['higher ground +1 in melee', { higherGround: true }, {}, false, 1],
    ['higher ground: nothing at range', { higherGround: true }, {}, true, 0],
    ['shooting into melee −4', { shootingIntoMelee: true }, {}, true, -4],
    ['Precise Shot removes it', { shootingIntoMelee: true }, { feats: ['PreciseShot'] }, true, 0],
    ['two range increments beyond the first −4', { rangeIncrements: 2 }, {}, true, -4],
    ['fighting defensively −4', { fightingDefensively: true }, {}, false, -4],
    ['lethal/nonlethal swap −4', { nonlethalSwap: true }, {}, false, -4],
    ['mounted vs smaller on foot +1', { mountedVsSmallerOnFoot: true }, {}, false, 1],
    ['mount running −8 at range', { mountMove: 'run' }, {}, true, -8],
    ['mount double-moving −4 at range', { mountMove: 'double' }, {}, true, -4],
    ['dazzled −1', {}, { conditions: ['dazzled'] }, true, -1],
    ['entangled −2', {}, { conditions: ['entangled'] }, false, -2],
    ['prone −4 in melee', {}, { conditions: ['prone'] }, false, -4],
    ['prone at range: no modifier (a crossbow)', {}, { conditions: ['prone'] }, true, 0],
    ['shaken −2', {}, { conditions: ['shaken'] }, false, -2],
    ['frightened −2', {}, { conditions: ['frightened'] }, true, -2],
    ['squeezing −4', {}, { conditions: ['squeezing'] }, false, -4],
    ['grappled −2', {}, { conditions: ['grappled'] }, false, -2],
    ['invisible +2', {}, { conditions: ['invisible'] }, true, 2],
    [
      'flanking, charging and shaken',
      { flanking: true, charging: true },
      { conditions: ['shaken'] },
      false,
      2
    ]
  ])('%s', (_title, sit, stats, rangedAttack, expected) => {
    const attacker = pfFigure('att', { stats })
    expect(
      situationalAttack(attacker, rangedAttack ? bowSlot : sword, { ...plain, ...sit }, defaultSettings)
    ).toBe(expected)
  })

  it('the bonuses come from the settings', () => {
    const settings = { ...defaultSettings, flankingBonus: 4, shootingIntoMeleePenalty: 2 }
    expect(situationalAttack(swordsman, sword, { ...plain, flanking: true }, settings)).toBe(4)
    expect(situationalAttack(swordsman, bowSlot, { ...plain, shootingIntoMelee: true }, settings)).toBe(-2)
  })

  it.each([
    [30, 100, 0],
    [100, 100, 0],
    [101, 100, 1],
    [250, 100, 2]
  ])('%i ft with a %i-ft increment: %i increments beyond the first', (distance, increment, expected) => {
    expect(rangeIncrementsFor(distance, increment)).toBe(expected)
  })
})
