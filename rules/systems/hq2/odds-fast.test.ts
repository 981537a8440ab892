import { describe, expect, it } from 'vitest'
import type { Dist } from '../../core/distribution'
import { formatFraction, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, EncounterState } from '../../core/types'
import { hq2 } from '.'
import { planOf } from './actions'
import { attackOdds, checkDist, counterChance, damageDist, defenseRollDist, poolDist } from './odds'
import {
  referenceActionOdds,
  referenceAttackOdds,
  referenceCounterChance,
  referenceDamageDist
} from './odds-reference'
import { defaultSettings, readSettings, type Hq2Settings } from './settings'
import type { Hq2Stats } from './stats'
import { armor, makeEncounter, weapon, type BeingSpec } from './test-fixtures'

// The fast odds (odds.ts over core/exact-law.ts) against the pair-by-pair algebra they replaced
// (odds-reference.ts): the same fractions, in the same order, on tables of small pools; and exact
// properties of a 1,000-dice law the old algebra takes seconds to build.

const law = (d: Dist): string => [...d].map(([v, p]) => `${v}:${formatFraction(p)}`).join(' ')
const oddsText = (o: ActionOdds | null): string =>
  o ? `${o.headline.map((h) => `${h.key}=${formatFraction(h.p)}`).join(' ')} | ${law(o.damage)}` : 'null'

const melee: Action = { kind: 'melee', actorId: 'a', targetId: 'd' }
// A multiplier is asked above this many dice: 1 lets the tables set it on small pools.
const askMultipliers: Partial<Hq2Settings> = { multiplierPromptAbove: 1 }

function duel(
  a: Partial<Hq2Stats>,
  d: Partial<Hq2Stats>,
  opts: { settings?: Partial<Hq2Settings>; life?: number; dSpec?: Partial<BeingSpec> } = {}
): EncounterState {
  return makeEncounter({
    width: 20,
    settings: { ...askMultipliers, ...opts.settings },
    beings: [
      { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: a },
      { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: d, life: opts.life ?? 100, ...opts.dSpec }
    ]
  })
}

/** Both implementations on one action: the same text (values, order, fractions) and the same laws. */
function expectSame(state: EncounterState, action: Action, answers: Answers = {}) {
  const fast = hq2.odds(state, action, answers)
  expect(oddsText(fast)).toBe(oddsText(referenceActionOdds(state, action, answers)))
  const plan = planOf(state, action, answers)
  if (!plan) return fast
  const settings = readSettings(state)
  expect(law(damageDist(settings, plan))).toBe(law(referenceDamageDist(settings, plan)))
  expect(formatFraction(counterChance(settings, plan))).toBe(
    formatFraction(referenceCounterChance(settings, plan))
  )
  return fast
}

const hero = (defenseBase: number): Partial<Hq2Stats> => ({ defenseBase, defenseFace: 'white' })
const monster = (defenseBase: number): Partial<Hq2Stats> => ({
  kind: 'monster',
  seat: 0,
  defenseBase,
  defenseFace: 'black'
})

describe('fast odds = the previous algebra, fraction for fraction', () => {
  const attacks = [0, 1, 2, 5, 9, 13]
  const defenses = [0, 1, 3, 8, 12]
  it.each(
    attacks.flatMap((a) => defenses.flatMap((d) => [[a, d, 'white'] as const, [a, d, 'black'] as const]))
  )('basic defense: %i attack dice vs %i defense dice (%s shields)', (a, d, face) => {
    const target = face === 'white' ? hero(d) : monster(d)
    expectSame(duel({ attackBase: a }, target), melee)
    // Life below the most damage: the law is capped, kill is not 0.
    expectSame(duel({ attackBase: a }, target, { life: 3 }), melee)
  })

  const multipliers = [1, 2, 3, 5]
  const remainders = ['plainDice', 'roundDown', 'roundUp'] as const
  it.each(
    remainders.flatMap((r) => multipliers.flatMap((ka) => multipliers.map((kd) => [r, ka, kd] as const)))
  )('multipliers (%s): attack ×%i vs defense ×%i', (multiplierRemainder, ka, kd) => {
    const state = duel({ attackBase: 13 }, monster(11), { settings: { multiplierRemainder }, life: 9 })
    expectSame(state, melee, { 'hq2.attackMultiplier': ka, 'hq2.defenseMultiplier': kd })
  })

  it.each<[string, Partial<Hq2Stats>, Partial<Hq2Stats>]>([
    [
      'shields count as hits (p = 5/6)',
      { meleeWeapon: weapon({ hooks: [{ key: 'countFace', face: 'white' }] }) },
      {}
    ],
    ['fixed damage +3', { meleeWeapon: weapon({ hooks: [{ key: 'fixedDamage', amount: 3 }] }) }, {}],
    ['damage ×2', { meleeWeapon: weapon({ hooks: [{ key: 'damageMultiplier', factor: 2 }] }) }, {}],
    ['armor absorbs 2', {}, { armor: [armor({ hooks: [{ key: 'absorb', amount: 2 }] })] }],
    [
      'armor counts skulls as shields (p = 2/3)',
      {},
      { armor: [armor({ hooks: [{ key: 'countFace', face: 'skull' }] })] }
    ],
    [
      'every face counts on both sides (p = 1)',
      {
        meleeWeapon: weapon({
          hooks: [
            { key: 'countFace', face: 'white' },
            { key: 'countFace', face: 'black' }
          ]
        })
      },
      {
        armor: [
          armor({ hooks: [{ key: 'countFace', face: 'skull' }] }),
          armor({ hooks: [{ key: 'countFace', face: 'white' }] })
        ]
      }
    ]
  ])('gear: %s', (_, a, d) => {
    for (const life of [4, 100]) {
      expectSame(duel({ attackBase: 9, ...a }, { ...monster(7), ...d }, { life }), melee, {
        'hq2.attackMultiplier': 2
      })
      expectSame(duel({ attackBase: 9, ...a }, { ...hero(7), ...d }, { life }), melee)
    }
  })

  const checks: Array<[string, Answers]> = [
    ['rolled check', {}],
    ['entered check, 0 points', { 'hq2.check': 'enter', 'hq2.checkPoints': 0 }],
    ['entered check, 3 points', { 'hq2.check': 'enter', 'hq2.checkPoints': 3 }]
  ]
  const alternatives: Array<[string, Partial<Hq2Settings>]> = [
    ['default settings', {}],
    ['literal acrobatics, floor rounding', { acrobaticsDamage: 'literal', difficultyRounding: 'floor' }],
    ['falls from any acrobatics', { fallDamageScope: 'acrobatics', largeFailureMargin: 1 }]
  ]
  it.each(
    (['dodge', 'acrobatics', 'counter'] as const).flatMap((defense) =>
      checks.flatMap(([c, answers]) =>
        alternatives.map(([s, settings]) => [defense, c, s, answers, settings] as const)
      )
    )
  )('alternative defense %s, %s, %s', (defense, _c, _s, answers, settings) => {
    const d = { ...hero(4), attackBase: 6, skills: { esquivar: 2, acrobacias: 3 } }
    for (const attack of [0, 7, 23]) {
      const state = duel({ attackBase: attack }, d, { settings, life: 12 })
      const odds = expectSame(state, melee, {
        ...answers,
        'hq2.defense': defense,
        'hq2.attackMultiplier': 1,
        'hq2.stuntPoints': 1,
        'hq2.counterMovePoints': 1
      })
      expect(odds?.headline.map((h) => h.key)).toEqual(
        defense === 'counter' ? ['wound', 'kill', 'counter'] : ['wound', 'kill']
      )
    }
  })

  it('juggling against a thrown weapon', () => {
    const bow = weapon({ ranged: true, range: 8 })
    for (const attack of [3, 15, 31]) {
      const state = duel(
        { attackBase: attack, rangedWeapon: bow },
        { skills: { malabarismo: 1 } },
        { dSpec: { at: [8, 5] } }
      )
      const shot: Action = { ...melee, kind: 'ranged' }
      expect(planOf(state, shot, { 'hq2.defense': 'juggling' })?.defense.kind).toBe('juggling')
      expectSame(state, shot, { 'hq2.defense': 'juggling', 'hq2.attackMultiplier': 1 })
    }
  })

  it('no defense (pleno ataque), and an attack with no dice', () => {
    const state = duel({ attackBase: 11 }, { ...monster(5), conditions: ['asleep'] }, { life: 6 })
    expect(planOf(state, melee)?.defense.kind).toBe('none')
    expectSame(state, melee, { 'hq2.attackMultiplier': 2 })
    const plan = planOf(duel({ attackBase: 0 }, monster(4)), melee)!
    expect(law(poolDist(plan.pool))).toBe('0:1')
    expect(oddsText(attackOdds(defaultSettings, plan))).toBe(
      oddsText(referenceAttackOdds(defaultSettings, plan))
    )
  })

  it('maneuvers: the check, then the attack from behind or, failed, from the front', () => {
    const step = (x: number, y: number) => ({ x, y, z: 0 })
    for (const [attack, defense] of [
      [8, 3],
      [13, 9]
    ] as const) {
      const state = makeEncounter({
        settings: askMultipliers,
        beings: [
          {
            id: 'a',
            side: 'h',
            at: [2, 5],
            facing: 2,
            stats: {
              attackBase: attack,
              movement: { fixed: 6 },
              skills: { acrobacias: 2, apunalar: 1, cargar: 1 }
            }
          },
          { id: 'd', side: 'm', at: [3, 5], facing: 6, stats: monster(defense), life: 7 }
        ]
      })
      const leap: Action = { kind: 'acrobatics', actorId: 'a', targetId: 'd', path: [step(3, 4), step(4, 5)] }
      // Difficulty 0: the check always succeeds (the failure branch has probability 0); 9: never.
      for (const difficulty of [0, 1, 2, 4, 9]) {
        const odds = expectSame(state, leap, {
          'hq2.maneuverDifficulty': difficulty,
          'hq2.attackMultiplier': 2
        })
        expect(odds?.headline[0]?.key).toBe('check')
      }
      expectSame(state, leap, { 'hq2.check': 'enter', 'hq2.checkPoints': 1 })
      expectSame(state, { kind: 'stab', actorId: 'a', targetId: 'd' })
    }
  })

  it('the laws of each roll', () => {
    const plan = planOf(duel({ attackBase: 7 }, monster(5)), melee, { 'hq2.attackMultiplier': 3 })!
    expect(law(poolDist(plan.pool))).toBe('0:1/8 1:1/8 3:1/4 4:1/4 6:1/8 7:1/8')
    expect(law(defenseRollDist(plan))).toBe(
      '0:3125/7776 1:3125/7776 2:625/3888 3:125/3888 4:25/7776 5:1/7776'
    )
    expect(law(checkDist({ mode: 'roll', dice: 3 }))).toBe('0:1/8 1:3/8 2:3/8 3:1/8')
    expect(law(checkDist({ mode: 'enter', points: 4 }))).toBe('4:1')
  })
})

describe('a 1,000-dice attack against 1,000 defense dice, exactly', () => {
  // Every denominator divides 2^1000 · 6^1000: sums over that common denominator are exact.
  const common = 2n ** 1000n * 6n ** 1000n
  const over = (d: Dist, f: (v: number) => bigint = () => 1n) => {
    let acc = 0n
    for (const [v, p] of d) {
      expect(common % p.d).toBe(0n)
      acc += f(v) * p.n * (common / p.d)
    }
    return acc
  }
  const state = duel({ attackBase: 1000 }, monster(1000), { life: 1000 })
  const answers = { 'hq2.attackMultiplier': 1, 'hq2.defenseMultiplier': 1 }
  const plan = planOf(state, melee, answers)!
  const odds = hq2.odds(state, melee, answers)!

  it('plans 1,000 skull dice against 1,000 black-shield dice', () => {
    expect(plan.pool).toMatchObject({ dice: 1000, multiplier: 1 })
    expect(plan.defense).toMatchObject({
      kind: 'basic',
      pool: { dice: 1000, multiplier: 1, faces: ['black'] }
    })
  })

  it('the skulls: Bin(1000, 1/2), total 1, mean 500 and variance 250 exactly', () => {
    const skulls = poolDist(plan.pool)
    expect(skulls.size).toBe(1001)
    expect(over(skulls)).toBe(common)
    expect(over(skulls, (v) => BigInt(v))).toBe(500n * common)
    expect(over(skulls, (v) => BigInt((v - 500) ** 2))).toBe(250n * common)
  })

  it('the life lost: total 1, and its extremes in closed form', () => {
    expect(odds.damage.size).toBe(1001)
    expect(over(odds.damage)).toBe(common)
    const p = (v: number): Fraction => odds.damage.get(v)!
    // 1,000 damage: every attack die a skull and no defense die a black shield.
    expect(p(1000)).toEqual({ n: 5n ** 1000n, d: 12n ** 1000n })
    // wound = 1 − P(0 damage); kill = P(1,000 damage) (life 1,000).
    const [wound, kill] = odds.headline
    expect(wound?.key).toBe('wound')
    expect(wound!.p.n * p(0).d + p(0).n * wound!.p.d).toBe(wound!.p.d * p(0).d)
    expect(kill).toEqual({ key: 'kill', p: p(1000) })
  })

  it('the mean of skulls − shields is 1000/2 − 1000/6 where no shield is wasted', () => {
    // max(0, S − B) = S − B + max(0, B − S): E = 1000/3 + E[max(0, B − S)] > 1000/3.
    const mean = over(odds.damage, (v) => BigInt(v))
    expect(mean * 3n > 1000n * common).toBe(true)
    expect(mean * 3n - 1000n * common < common / 10n ** 30n).toBe(true)
  })
})
