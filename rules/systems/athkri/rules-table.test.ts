import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../core/fraction'
import type { Action } from '../../core/types'
import { bandOf } from './attack'
import { distanceMetres } from './board'
import { actionCost } from './costs'
import { applyElement, parseDamage } from './damage'
import { reduceLevel } from './dice'
import {
  bleedDamage,
  healthStateOf,
  healWhileUnconscious,
  manaFromMeditation,
  naturalHealing
} from './health'
import { majorsFor } from './initiative'
import { checkChance, hitLocation } from './odds'
import { defaultSettings, readSettings, settingsSchema } from './settings'
import { SIZE_TABLE } from './stats'
import { figure, longbow, makeEncounter } from './test-fixtures'

// Rule edges as tables; every row cites the digest section it checks (shared/rules/athkri.md).

const s = readSettings({ settings: {} })

describe('§2 / §5.1 die levels and the core roll', () => {
  it.each([
    ['§5.1 mid, no reduction', 'mid', 0, 'mid', 0],
    ['§5.1 mid, one reduction → low', 'mid', 1, 'low', 0],
    ['§5.1 [TEXT L29] mid, two reductions → low −2', 'mid', 2, 'low', 2],
    ['§5.1 mid, three reductions → low −4', 'mid', 3, 'low', 4],
    ['§5.1 high, one reduction → mid', 'high', 1, 'mid', 0],
    ['§5.1 high, two reductions → low', 'high', 2, 'low', 0],
    ['§5.1 low, one reduction → low −2', 'low', 1, 'low', 2]
  ] as const)('%s', (_label, base, steps, level, penalty) => {
    expect(reduceLevel(base, steps, s.lowStepPenalty)).toEqual({ level, penalty })
  })

  it.each([
    ['§2 published example: attribute 7 vs Difficulty 12 needs a 5 (middle die)', 'mid', 7, 12, '81/125'],
    [
      '§2 a total equal to the Difficulty succeeds: need ≥ 2, only the fumble fails',
      'mid',
      10,
      12,
      '243/250'
    ],
    ['§2 fumble: a kept 1 fails even against Difficulty 0', 'low', 5, 0, '729/1000'],
    ['§2 explosion: a Difficulty beyond 10 + bonus needs a 10 first', 'high', 0, 11, '271/1000'],
    ['§2 low die, need ≥ 9', 'low', 3, 12, '1/125']
  ] as const)('%s', (_label, level, flat, difficulty, p) => {
    expect(formatFraction(checkChance(s, { level, flat }, difficulty))).toBe(p)
  })
})

describe('§3 sizes and distances', () => {
  it.each([
    ['§3 [TEXT L7] Minúsculo', 'minusculo', 0.5, -1],
    ['§3 [TEXT L8] Pequeño', 'pequeno', 1, 0],
    ['§3 [TEXT L9] Normal', 'normal', 1, 0],
    ['§3 [TEXT L10] Grande', 'grande', 2, 1],
    ['§3 [TEXT L11] Enorme', 'enorme', 3, 2],
    ['§3 [TEXT L12] Gigante', 'gigante', 4, 3]
  ] as const)('%s: space %d, Alcance %i', (_label, size, space, alcance) => {
    expect(SIZE_TABLE[size]).toMatchObject({ space, alcance })
  })

  it.each([
    ['§3 [REC] Chebyshev: a diagonal counts one square (2 m)', 'chebyshev', [3, 4], 8],
    ['§3 config: Euclidean centre to centre (3-4-5 → 10 m)', 'euclidean', [3, 4], 10],
    ['§3 [REC] Chebyshev: straight 10 squares = 20 m', 'chebyshev', [10, 0], 20]
  ] as const)('%s', (_label, metric, [dx, dy], metres) => {
    const state = makeEncounter({
      figures: [
        { id: 'a', at: [1, 1] },
        { id: 'b', side: 'b', at: [1 + dx, 1 + dy] }
      ],
      settings: { metric }
    })
    expect(distanceMetres(readSettings(state), figure(state, 'a'), figure(state, 'b'))).toBe(metres)
  })
})

describe('§4 turn budget and action costs', () => {
  it.each([
    ['§4 A2 19 → 1 Major', 19, 1, 1],
    ['§4 A2 20 → 2 Majors (parenthetical) / 1 (above 20)', 20, 2, 1],
    ['§4 A2 29 → 2 / 1', 29, 2, 1],
    ['§4 A2 30 → 3 / 2', 30, 3, 2],
    ['§4 A2 34 → 3 / 2', 34, 3, 2],
    ['§4 A2 47 → 4 / 3', 47, 4, 3],
    ['§4 A2 a negative total still has 1', -3, 1, 1]
  ] as const)('%s', (_label, total, fromTwenty, aboveTwenty) => {
    expect([majorsFor(total, 'fromTwenty'), majorsFor(total, 'aboveTwenty')]).toEqual([
      fromTwenty,
      aboveTwenty
    ])
  })

  const state = makeEncounter({
    figures: [
      { id: 'a', at: [1, 1] },
      { id: 'b', side: 'b', at: [2, 1] }
    ]
  })
  it.each([
    ['§4 catalogue: melee attack is Major', { kind: 'melee', targetId: 'b' }, 'major'],
    ['§4 catalogue: ranged attack is Major', { kind: 'ranged', targetId: 'b' }, 'major'],
    ['§4 catalogue: two-weapon attack is one Major', { kind: 'twoWeapons', targetId: 'b' }, 'major'],
    ['§4 catalogue: a half walk is Minor', { kind: 'move', path: [{ x: 1, y: 2, z: 0 }] }, 'minor'],
    [
      '§4 catalogue: a full walk is Major',
      { kind: 'move', path: [1, 2, 3].map((y) => ({ x: 1, y: 1 + y, z: 0 })) },
      'major'
    ],
    ['§4 catalogue: surrender is free', { kind: 'surrender' }, 'free'],
    ['§4 Emboscada: the ambush is a free basic attack', { kind: 'ambush', targetId: 'b' }, 'free'],
    ['§4 G-5: splitting converts a Major', { kind: 'split' }, 'split']
  ] as const)('%s', (_label, partial, cost) => {
    expect(actionCost(state, { actorId: 'a', ...partial } as Action)).toBe(cost)
  })
})

describe('§5.3 Cobertura bands for a longbow 25/50/100 [TEXT L28]', () => {
  it.each([
    ['§5.3 adjacent → Bocajarro', 2, true, 'pointBlank'],
    ['§5.3 A9 24 m → Corta', 24, false, 'short'],
    ['§5.3 [TEXT L28] 25 m → Corta (Cobertura 15)', 25, false, 'short'],
    ['§5.3 A9 26 m → Media', 26, false, 'medium'],
    ['§5.3 A9 50 m → Media', 50, false, 'medium'],
    ['§5.3 A9 52 m → Larga', 52, false, 'long'],
    ['§5.3 [TEXT L28] 100 m → Larga (Cobertura 25)', 100, false, 'long'],
    ['§5.3 A9 beyond L → still Larga', 150, false, 'long']
  ] as const)('%s', (_label, metres, pointBlank, band) => {
    expect(bandOf(longbow, metres, pointBlank)).toBe(band)
  })

  it('§5.3 [TEXT L21–26, L30–38] the Cobertura tables', () => {
    expect(s.bandCover).toEqual({ pointBlank: 10, short: 15, medium: 20, long: 25 })
    expect(s.situationalCover).toEqual({
      amongAdjacent: 2,
      moving: 3,
      prone: 5,
      light: 2,
      medium: 4,
      large: 6
    })
  })
})

describe('§5.4 damage and elements', () => {
  it.each([
    ['§5.4 [TEXT L92] weak doubles', 7, 'weak', 14],
    ['§5.4 [TEXT L92] resistant halves, rounding down', 7, 'resistant', 3],
    ['§5.4 resistant to 1 → 0', 1, 'resistant', 0],
    ['§5.4 neither', 7, 'normal', 7]
  ] as const)('%s', (_label, amount, response, expected) => {
    expect(applyElement(amount, response)).toBe(expected)
  })

  it.each([
    ['1d8+2', { count: 1, sides: 8, bonus: 2 }],
    ['2d6-1', { count: 2, sides: 6, bonus: -1 }],
    ['7', { count: 0, sides: 0, bonus: 7 }],
    ['3d4', { count: 3, sides: 4, bonus: 0 }]
  ])('§5.4 A5 damage expression %s', (expr, parsed) => {
    expect(parseDamage(expr)).toEqual(parsed)
  })
})

describe('§5.5 hit location [TEXT L67–75]', () => {
  it.each([
    [1, null],
    [2, 'legs'],
    [3, 'arms'],
    [4, 'legs'],
    [5, 'lowerBody'],
    [6, 'chest'],
    [7, 'arms'],
    [8, 'chest'],
    [9, 'genitals'],
    [10, 'head']
  ] as const)('§5.5 kept die %i → %s', (face, where) => {
    expect(hitLocation(face)).toBe(where)
  })
})

describe('§6 health', () => {
  it.each([
    ['§6 PC Físico 3: HP 4 > Físico → Estable', 4, 3, false, 20, 'estable'],
    ['§6 PC Físico 3: HP 3 = Físico → Malherido', 3, 3, false, 20, 'malherido'],
    ['§6 PC: HP 0 → Inconsciente', 0, 3, false, 20, 'inconsciente'],
    ['§6 A6 PC Físico 3: HP −17 → still Inconsciente', -17, 3, false, 20, 'inconsciente'],
    ['§6 A6 PC Físico 3: HP −18 → Muerto', -18, 3, false, 20, 'muerto'],
    ['§6 A7 NPC max 20: HP 5 = floor(20/4) → Estable', 5, 3, true, 20, 'estable'],
    ['§6 A7 NPC max 20: HP 4 < 5 → Malherido', 4, 3, true, 20, 'malherido'],
    ['§6 A7 NPC: the PC rule (HP ≤ Físico) does not apply; HP 6 ≥ 5 → Estable', 6, 8, true, 20, 'estable'],
    ['§6 NPC max 3: floor(3/4) = 0, never Malherido', 1, 3, true, 3, 'estable']
  ] as const)('%s', (_label, hp, fisico, npc, max, state) => {
    expect(healthStateOf(hp, fisico, npc, max, s)).toBe(state)
  })

  it.each([
    ['§6 [TEXT L46] 1st failure: 1 × Físico', 1, 4, 4],
    ['§6 [TEXT L46] 2nd failure: 2 × Físico', 2, 4, 8],
    ['§6 [TEXT L46] 3rd failure: 3 × Físico', 3, 4, 12]
  ] as const)('%s', (_label, k, fisico, amount) => {
    expect(bleedDamage(k, fisico)).toBe(amount)
  })

  it('§6 [TEXT L48–52] recovery: healing the unconscious starts from 0, rest heals Físico (×2 sheltered), meditation', () => {
    expect(healWhileUnconscious(-7, 5, 20)).toBe(5)
    expect(healWhileUnconscious(3, 30, 20)).toBe(20)
    expect([naturalHealing(4, false, s), naturalHealing(4, true, s)]).toEqual([4, 8])
    expect([
      manaFromMeditation(35, true, false),
      manaFromMeditation(35, false, false),
      manaFromMeditation(35, true, true)
    ]).toEqual([3, 0, 0])
  })
})

describe('§8 GM adjudication points and [REC] defaults are settings', () => {
  it.each([
    ['G-1 initiative ties: seeded roll-off', 'initiativeTieBreak', 'rollOff'],
    ['G-2 free actions per turn: 3', 'freeActionsPerTurn', 3],
    ['G-3 Cobertura changes: asked, default 0 (table only)', 'gmPrompts', 'ask'],
    ['G-4 ambush bonus: up to 10, default 0', 'ambushBonusMax', 10],
    ['G-5 split action: disabled', 'splitActionEnabled', false],
    ['G-7 untrained mounts flee', 'untrainedMountFlees', true],
    ['G-8 catch breath: on', 'catchBreath', true],
    ['A3 extra Majors every turn', 'extraMajorsEveryTurn', true],
    ['A6 death at HP ≤ −6 × Físico', 'deathRule', 'hpThreshold'],
    ['A8 Malherido applies to bleed saves', 'malheridoAppliesToBleedSave', true],
    ['A1 Alcance is reach', 'alcanceRule', 'reach'],
    ['§2 explosions on, unlimited', 'explosionCap', null],
    ['§2 fumble on 1', 'fumbleOnOne', true]
  ] as const)('%s', (_label, key, value) => {
    expect(defaultSettings[key]).toEqual(value)
  })

  it('G-6 no location effects, G-9 the ten elements; the defaults pass their own schema', () => {
    expect(Object.values(defaultSettings.locationDamageBonus).every((v) => v === 0)).toBe(true)
    expect(defaultSettings.elements).toHaveLength(10)
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings)
    expect(() => readSettings({ settings: { freeActionsPerTurn: -1 } })).toThrow()
  })
})
