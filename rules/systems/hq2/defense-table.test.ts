import { resolveEvents } from '../../core/chain'
import { describe, expect, it } from 'vitest'
import { applyEvents } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action } from '../../core/types'
import { hq2 } from '.'
import { planOf } from './actions'
import { acrobaticsOutcome, dodgeDamage } from './defense'
import { defaultSettings, settingsSchema, type Hq2Settings } from './settings'
import type { Hq2Stats } from './stats'
import { DUEL_MELEE, armor, duelPlan, figure, makeEncounter, weapon } from './test-fixtures'

// Rule edges as tables, defense side (§4.3–4.8, §5); every row cites the digest section it checks.

const plan = duelPlan
const melee = DUEL_MELEE
const defenseOf = (...args: Parameters<typeof plan>) => {
  const d = plan(...args).defense
  return d.kind === 'basic' ? d.total.value : d.kind
}

describe('§4.3 / §4.5 Total Defense', () => {
  const magic = (defenseBonus: number, defenseBaseMultiplier = 1) => ({
    attackBonus: 0,
    attackBaseMultiplier: 1,
    defenseBonus,
    defenseBaseMultiplier
  })
  it.each<[string, Partial<Hq2Stats>, Parameters<typeof plan>[2], number | string]>([
    [
      '§4.3 base + armor + magic',
      { defenseBase: 6, armor: [armor({ defenseBonus: 4 }), armor({ defenseBonus: 2 })], magic: magic(3) },
      {},
      15
    ],
    ['§4.3 magic multiplier on the base (×2)', { defenseBase: 6, magic: magic(0, 2) }, {}, 12],
    ['§4.5 armor worn −5 (default)', { defenseBase: 10, armor: [armor({ tags: ['worn'] })] }, {}, 5],
    [
      '§4.5 heavy armor in water −5',
      { defenseBase: 10, armor: [armor({ tags: ['heavy'] })] },
      { settings: { medium: 'water' } },
      5
    ],
    [
      '§4.5 heavy armor on land: no penalty',
      { defenseBase: 10, armor: [armor({ tags: ['heavy'] })] },
      {},
      10
    ],
    [
      '§4.5 A4 aquatic armor in water +5 (read as D)',
      { defenseBase: 10, armor: [armor({ tags: ['aquatic'] })] },
      { settings: { medium: 'water' } },
      15
    ],
    ['§4.5 darkness ×1/2', { defenseBase: 9 }, { settings: { darkness: true } }, 4],
    ['§4.5 defender blinded ×1/2', { defenseBase: 9, conditions: ['blinded'] }, {}, 4],
    [
      '§4.5 glare −5 (the same BM answer as for A)',
      { defenseBase: 9 },
      { settings: { lowVisibility: true }, answers: { 'hq2.lowVisibility': -3 } },
      6
    ],
    ['§4.5 attacked from behind by a located attacker ×1/2', { defenseBase: 9 }, { dSpec: { facing: 2 } }, 4],
    [
      '§4.5 from behind and dark ×1/4',
      { defenseBase: 9 },
      { dSpec: { facing: 2 }, settings: { darkness: true } },
      2
    ],
    [
      '§4.3 unlocated attacker from behind: no defense',
      { defenseBase: 9 },
      { dSpec: { facing: 2 }, aSpec: { stats: { conditions: ['hidden'] } } },
      'none'
    ],
    [
      '§4.3 unlocatedNoDefense always: none even from the front',
      { defenseBase: 9 },
      { settings: { unlocatedNoDefense: 'always' }, aSpec: { stats: { conditions: ['hidden'] } } },
      'none'
    ],
    ['§4.4 Pleno Ataque: ambushed', { defenseBase: 9, conditions: ['ambushed'] }, {}, 'none'],
    ['§4.4 Pleno Ataque: asleep', { defenseBase: 9, conditions: ['asleep'] }, {}, 'none'],
    ['§4.4 Pleno Ataque: immobilized', { defenseBase: 9, conditions: ['immobilized'] }, {}, 'none'],
    [
      '§4.4 Pleno Ataque: movement critically hindered',
      { defenseBase: 9, conditions: ['criticallyHindered'] },
      {},
      'none'
    ],
    ['§8 A11 zero dice after halving: no roll', { defenseBase: 1 }, { dSpec: { facing: 2 } }, 0]
  ])('%s', (_label, d, opts, total) => expect(defenseOf({ attackBase: 4 }, d, opts)).toBe(total))
})

describe('§4.6 dice multipliers', () => {
  it.each<[string, number, number, Hq2Settings['multiplierRemainder'], number]>([
    ['§4.6 A3 40 dice ×10: 4 scaled dice, none left over', 40, 10, 'plainDice', 4],
    ['§4.6 A3 23 dice ×10: 2 scaled + 3 plain', 23, 10, 'plainDice', 5],
    ['§4.6 A3 9 dice ×4: 2 scaled + 1 plain', 9, 4, 'plainDice', 3],
    ['§4.6 ×1: every die', 7, 1, 'plainDice', 7],
    ['§4.6 A3 roundDown: 23 ×10 → 2 dice, the 3 left over dropped', 23, 10, 'roundDown', 2],
    ['§4.6 A3 roundUp: 23 ×10 → 3 dice', 23, 10, 'roundUp', 3]
  ])('%s', (_label, dice, k, multiplierRemainder, rolled) => {
    const state = makeEncounter({
      settings: { multiplierPromptAbove: 1, multiplierRemainder },
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: dice } },
        { id: 'd', side: 'm', at: [6, 5], stats: { conditions: ['asleep'] } }
      ]
    })
    const events = resolveEvents(hq2, state, melee, forcedDice(Array<number>(rolled).fill(4)), {
      'hq2.attackMultiplier': k
    })
    expect(events.filter((e) => e.type === 'dice.rolled')).toHaveLength(rolled)
  })
})

describe('§4.8 alternative defenses', () => {
  it.each([
    ['§4.8 dodge: S 37, s 3 → 7', 37, 3, 7],
    ['§4.8 dodge: S 37, s 4 → 0', 37, 4, 0],
    ['§4.8 dodge: S 37, s 9 capped at the difficulty 4 → 0', 37, 9, 0],
    ['§4.8 dodge: S 9, s 0 → 9', 9, 0, 9],
    ['§4.8 dodge: S 0 → 0', 0, 2, 0]
  ])('%s', (_label, skulls, s, damage) => expect(dodgeDamage(defaultSettings, skulls, s, 10)).toBe(damage))

  it('§4.8 A6 floor rounding: S 37 → difficulty 3, so s 3 stops 30 and s 4 still 30', () => {
    const floor = { ...defaultSettings, difficultyRounding: 'floor' as const }
    expect([dodgeDamage(floor, 37, 3, 10), dodgeDamage(floor, 37, 4, 10)]).toEqual([7, 7])
  })

  it.each([
    ['§4.8 capped: S 23, stunt 1, s 4 → 10', 23, 4, 1, 'capped', false, 10, 0],
    ['§4.8 capped: s < stunt → the full S', 23, 0, 1, 'capped', false, 23, 0],
    ['§4.8 capped: every point met → 0', 23, 6, 1, 'capped', false, 0, 0],
    ['§4.8 capped: 5 × unmet never exceeds S (S 3 → D_att 1)', 3, 0, 0, 'capped', false, 3, 0],
    ['§4.8 literal: 5 × (D_att + D_stunt − min(s, total))', 23, 4, 1, 'literal', false, 10, 0],
    ['§4.8 literal: s 0 → 5 × 6', 23, 0, 1, 'literal', false, 30, 0],
    ['G-8 counter missed by 2 (large): fall 5 × 2', 23, 4, 1, 'capped', true, 10, 10],
    ['G-8 counter missed by exactly 1 is not large: no fall', 23, 5, 1, 'capped', true, 5, 0]
  ] as const)('%s', (_label, skulls, s, stunt, mode, counter, damage, fall) => {
    const o = acrobaticsOutcome({ ...defaultSettings, acrobaticsDamage: mode }, skulls, s, stunt, counter)
    expect([o.damage, o.fall]).toEqual([damage, fall])
  })

  it('G-8 fallDamageScope acrobatics: a defense check can end in a fall too', () => {
    const all = { ...defaultSettings, fallDamageScope: 'acrobatics' as const }
    expect(acrobaticsOutcome(all, 23, 4, 1).fall).toBe(10)
  })

  it('§4.8 G-5 juggling only against missiles, like dodge at 10 skulls a point', () => {
    const bow = weapon({ ranged: true, range: 8 })
    const state = makeEncounter({
      width: 20,
      beings: [
        { id: 'a', side: 'h', at: [2, 5], facing: 2, stats: { attackBase: 15, rangedWeapon: bow } },
        { id: 'd', side: 'm', at: [8, 5], facing: 6, stats: { skills: { malabarismo: 1 } } }
      ]
    })
    const shot: Action = { ...melee, kind: 'ranged' }
    expect(hq2.decide?.(state, shot, {})).toMatchObject({ choices: ['basic', 'juggling'] })
    const events = resolveEvents(hq2, state, shot, forcedDice([...Array<number>(15).fill(1), 1, 4, 4]), {
      'hq2.defense': 'juggling'
    })
    expect(events).toContainEqual({ type: 'damaged', id: 'd', amount: 5, source: 'attack' })
  })

  it('A7 blindFightingProtectsDefense off: last turn’s Lucha a ciegas no longer spares the Defense', () => {
    const state = makeEncounter({
      settings: { darkness: true },
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 4 } },
        { id: 'd', side: 'm', at: [6, 5], facing: 6, stats: { defenseBase: 8, skills: { luchaACiegas: 1 } } }
      ]
    })
    const economy = { value: 'acted', context: { mp: 0, attacks: 0, blindFighting: 1 } }
    const log = [{ type: 'economy.spent' as const, actorId: 'd', cost: {}, economy }]
    const total = (settings: Partial<Hq2Settings>) => {
      const d = planOf({ ...state, log, settings: { darkness: true, ...settings } }, melee)?.defense
      return d?.kind === 'basic' ? d.total.value : -1
    }
    expect([total({}), total({ blindFightingProtectsDefense: false })]).toEqual([8, 4])
  })

  it('§7 G-10 BM beings get the basic defense only unless the GM allows more', () => {
    const d = { kind: 'monster' as const, seat: 0, skills: { esquivar: 3 } }
    expect(plan({ attackBase: 4 }, d).requests.map((r) => r.id)).toEqual([])
    expect(
      plan({ attackBase: 4 }, d, { settings: { bmBasicDefenseOnly: false } }).requests.map((r) => r.id)
    ).toEqual(['hq2.defense'])
  })
})

describe('§4.1 / §4.7 gear hooks', () => {
  it('§4.7 step 5 a weapon multiplies the damage, then adds its fixed undefendable damage', () => {
    const rune = weapon({
      hooks: [
        { key: 'damageMultiplier', factor: 2 },
        { key: 'fixedDamage', amount: 3 }
      ]
    })
    const state = makeEncounter({
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 4, meleeWeapon: rune } },
        { id: 'd', side: 'm', at: [6, 5], stats: { defenseBase: 2 } }
      ]
    })
    // 3 skulls − 1 white shield = 2 → ×2 + 3 = 7.
    expect(resolveEvents(hq2, state, melee, forcedDice([1, 1, 1, 4, 4, 6]))).toContainEqual({
      type: 'damaged',
      id: 'd',
      amount: 7,
      source: 'attack'
    })
  })

  it('§4.1 armor that counts skulls as shields too, and armor that absorbs', () => {
    const d = plan(
      { attackBase: 4 },
      {
        defenseBase: 2,
        armor: [
          armor({
            hooks: [
              { key: 'countFace', face: 'skull' },
              { key: 'absorb', amount: 1 }
            ]
          })
        ]
      }
    ).defense
    expect(d.kind === 'basic' && [d.pool.faces, d.absorb]).toEqual([['white', 'skull'], 1])
  })
})

describe('§5 health (G1)', () => {
  it('§5 each point of damage removes a Body Point; at 0 the being is out; the log never goes below 0', () => {
    const state = makeEncounter({
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 6 } },
        { id: 'd', side: 'm', at: [6, 5], life: 4, stats: { conditions: ['asleep'] } }
      ]
    })
    const events = resolveEvents(hq2, state, melee, forcedDice([1, 1, 1, 1, 1, 4]))
    expect(events.slice(-2)).toEqual([
      { type: 'damaged', id: 'd', amount: 4, source: 'attack' },
      { type: 'combatant.out', id: 'd' }
    ])
    expect(figure(applyEvents(state, events), 'd')).toMatchObject({ life: 0, out: true })
  })
})

describe('settings (every [REC]/[GAP]/[PLACEHOLDER]/GM point)', () => {
  it('the defaults validate, unknown keys and bad values are refused', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings)
    expect(settingsSchema.safeParse({ ...defaultSettings, bogus: 1 }).success).toBe(false)
    expect(settingsSchema.safeParse({ ...defaultSettings, acrobaticsDamage: 'generous' }).success).toBe(false)
    expect(
      settingsSchema.safeParse({ ...defaultSettings, strictSequentialBeings: 'sometimes' }).success
    ).toBe(false)
  })
})
