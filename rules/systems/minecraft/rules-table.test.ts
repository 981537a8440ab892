import { describe, expect, it } from 'vitest'
import { probability } from '../../core/distribution'
import { formatFraction } from '../../core/fraction'
import { rollUnderDist } from '../../core/roll-under'
import type { Action } from '../../core/types'
import { d10Rule, planAttack } from './attack'
import { inRange, rangedDistance } from './board'
import { minecraft } from '.'
import { actionCost } from './economy.machine'
import { defaultSettings, distanceModifier, readSettings, settingsSchema, type McSettings } from './settings'
import { armorModifier, materialTable, weaponModifier, type McStats } from './stats'
import { makeEncounter, type FigureSpec } from './test-fixtures'

// Rule edges as tables; every row cites the digest section it checks (shared/rules/minecraft.md).

const sword = (material: 'wood' | 'stone' | 'steel' | 'gold' | 'diamond') => ({
  id: `minecraft:${material}-sword`,
  kind: 'melee' as const,
  skillKey: 'sword',
  material
})

function plan(action: Action, figures: FigureSpec[], settings: Partial<McSettings> = {}) {
  const state = makeEncounter({ figures, settings, width: 40, height: 40 })
  const p = planAttack(state, readSettings(state), action)
  if (!p) throw new Error('no plan')
  return p
}

const meleeAB: Action = { kind: 'melee', actorId: 'a', targetId: 'b' }

describe('§4.1 d10 roll-under', () => {
  it.each([
    ['§4.1 T 7 → 7/10', 7, true, '7/10'],
    ['§4.1 T 1 → 1/10', 1, true, '1/10'],
    ['§4.1 / §10 ex 9 T 10 → 9/10 (0 fails)', 10, true, '9/10'],
    ['§4.1 / §10 ex 9 T 0 → 1/10 (1 succeeds)', 0, true, '1/10'],
    ['§4.1 A7 meleeHitOnly: wound T 10 → 1', 10, false, '1'],
    ['§4.1 A7 meleeHitOnly: wound T 0 → 0', 0, false, '0']
  ])('%s', (_label, t, natural, p) => {
    expect(formatFraction(probability(rollUnderDist(t, d10Rule(natural)), (v) => v === 1))).toBe(p)
  })
})

describe('§4.2 melee targets', () => {
  // b faces north (0); a stands at each offset around b.
  const around = (
    dx: number,
    dy: number,
    aStats: Partial<McStats> = {},
    settings: Partial<McSettings> = {}
  ) =>
    plan(
      meleeAB,
      [
        {
          id: 'a',
          side: 'h',
          at: [5 + dx, 5 + dy],
          stats: { hc: 2, weaponSkill: { unarmed: 1 }, ...aStats }
        },
        { id: 'b', side: 'z', at: [5, 5], facing: 0, stats: { hc: 1, weaponSkill: { unarmed: 1 } } }
      ],
      settings
    )

  it.each([
    ['§4.2 front (f) base T = 5 + 3 − 2', 0, -1, 'front', false, 6],
    ['§4.2 front (f+1)', 1, -1, 'front', false, 6],
    ['§4.2 front (f−1)', -1, -1, 'front', false, 6],
    ['§4.2 flank +3 (right, f+2)', 1, 0, 'flank', false, 9],
    ['§4.2 flank +3 (left, f−2)', -1, 0, 'flank', false, 9],
    ['§4.2 back = automatic hit (f+3)', 1, 1, 'back', true, 6],
    ['§4.2 back = automatic hit (f+4)', 0, 1, 'back', true, 6],
    ['§4.2 back = automatic hit (f+5)', -1, 1, 'back', true, 6]
  ])('%s', (_label, dx, dy, sector, autoHit, hitTarget) => {
    const p = around(dx, dy)
    expect([p.sector, p.autoHit, p.hitTarget]).toEqual([sector, autoHit, hitTarget])
  })

  it.each([
    ['§4.2 A4 flankBonus setting', { flankBonus: 2 }, 1, 0, 8],
    ['§4.2 A14 backAutoHit off → backBonus', { backAutoHit: false, backBonus: 1 }, 0, 1, 7]
  ])('%s', (_label, settings, dx, dy, hitTarget) => {
    const p = around(dx, dy, {}, settings)
    expect([p.autoHit, p.hitTarget]).toEqual([false, hitTarget])
  })

  it.each([
    ['§4.2 / §4.4 unarmed Ma 0 vs no armor', undefined, undefined, 5 + 3 - 2],
    ['§4.4 wood +1', 'wood', undefined, 7],
    ['§4.4 stone +2', 'stone', undefined, 8],
    ['§4.4 steel +3', 'steel', undefined, 9],
    ['§4.4 gold +4', 'gold', undefined, 10],
    ['§4.4 diamond +5', 'diamond', undefined, 11],
    ['§4.4 leather Ar +1', undefined, 'leather', 5],
    ['§4.4 steel Ar +2', undefined, 'steel', 4],
    ['§4.4 chainmail Ar +3', undefined, 'chainmail', 3],
    ['§4.4 gold Ar +4', undefined, 'gold', 2],
    ['§4.4 diamond Ar +5 vs diamond Ma +5', 'diamond', 'diamond', 6]
  ] as const)('%s', (_label, weapon, armor, woundTarget) => {
    const p = plan(meleeAB, [
      { id: 'a', side: 'h', at: [4, 5], stats: { f: 3, ...(weapon ? { meleeWeapon: sword(weapon) } : {}) } },
      {
        id: 'b',
        side: 'z',
        at: [5, 5],
        stats: { r: 2, ...(armor ? { armor: { id: 'x:armor', material: armor } } : {}) }
      }
    ])
    expect(p.woundTarget).toBe(woundTarget)
  })

  it.each([
    ['§4.2 step 5 impact T = 5 + 4 − (R + Ar)', {}, { r: 2 }, 7],
    ['§4.2 A11 impact with armor', {}, { r: 2, armor: { id: 'x', material: 'steel' as const } }, 5],
    ['G-3 impactStrength setting', { impactStrength: 6 }, { r: 2 }, 9]
  ])('%s', (_label, settings, targetStats, impactTarget) => {
    const p = plan(
      meleeAB,
      [
        { id: 'a', side: 'h', at: [4, 5] },
        { id: 'b', side: 'z', at: [5, 5], stats: targetStats }
      ],
      settings
    )
    expect(p.impactTarget).toBe(impactTarget)
  })

  it('§4.2 step 3: HA is the skill with the weapon each figure fights with (defender armed too)', () => {
    const p = plan(meleeAB, [
      {
        id: 'a',
        side: 'h',
        at: [4, 5],
        stats: { hc: 2, weaponSkill: { sword: 4, unarmed: 0 }, meleeWeapon: sword('wood') }
      },
      {
        id: 'b',
        side: 'z',
        at: [5, 5],
        facing: 6,
        stats: { hc: 1, weaponSkill: { sword: 3, unarmed: 9 }, meleeWeapon: sword('stone') }
      }
    ])
    expect(p.hitTarget).toBe(5 + 6 - 4)
  })
})

describe('§4.3 distance modifiers and ranged targets', () => {
  it.each([
    ['§4.3 Md d 1 (first band)', 1, 1],
    ['§4.3 Md d 2–5 → +1', 2, 1],
    ['§4.3 Md d 5 → +1', 5, 1],
    ['§4.3 Md d 6–10 → 0', 6, 0],
    ['§4.3 Md d 10 → 0', 10, 0],
    ['§4.3 Md d 11–15 → −1', 11, -1],
    ['§4.3 Md d 15 → −1', 15, -1],
    ['§4.3 Md d 16–20 → −2', 16, -2],
    ['§4.3 Md d 20 → −2', 20, -2],
    ['§4.3 / G-2 Md d > 20 → −3', 21, -3],
    ['§4.3 / G-2 Md d 60 → −3', 60, -3]
  ])('%s', (_label, d, md) => expect(distanceModifier(defaultSettings, d)).toBe(md))

  it('G-1 the table is a setting', () => {
    const settings = {
      ...defaultSettings,
      distanceModifiers: [
        { upTo: 3, md: 2 },
        { upTo: null, md: -1 }
      ]
    }
    expect([distanceModifier(settings, 3), distanceModifier(settings, 4)]).toEqual([2, -1])
  })

  it.each([
    ['§4.3 T_hit = HCr + HAr + Md (d 4: +1)', [4, 0, 0], 3 + 2 + 1, 5 + (3 + 1) - 1],
    ['§4.3 T_w = 5 + (Fa + Md) − (R + Ar) (d 18: −2)', [18, 0, 0], 3 + 2 - 2, 5 + (3 - 2) - 1],
    ['§2 height adds when shooting up (h 8 + 3 = 11: −1)', [8, 0, 3], 4, 6]
  ] as const)('%s', (_label, at, hitTarget, woundTarget) => {
    const p = plan({ kind: 'ranged', actorId: 'a', targetId: 'b' }, [
      {
        id: 'a',
        side: 'h',
        at: [0, 0, 0],
        stats: {
          hcRanged: 3,
          weaponSkill: { bow: 2 },
          rangedWeapon: { id: 'minecraft:bow', kind: 'ranged', skillKey: 'bow', fa: 3 }
        }
      },
      { id: 'b', side: 'z', at, stats: { r: 1 } }
    ])
    expect([p.hitTarget, p.woundTarget]).toEqual([hitTarget, woundTarget])
  })
})

describe('§2 ranged distance and range', () => {
  const o = { x: 0, y: 0, z: 0 }
  it.each([
    ['§2 diagonal counts as orthogonal', { x: 7, y: 7, z: 0 }, 7, true],
    ['§2 up adds Δz', { x: 10, y: 0, z: 3 }, 13, true],
    ['§2 down ignores Δz', { x: 10, y: 0, z: -3 }, 10, true],
    ['§2 max 20 on the level', { x: 20, y: 5, z: 0 }, 20, true],
    ['§2 21 on the level is out', { x: 21, y: 0, z: 0 }, 21, false],
    ['§2 A5 / G-2 downhill beyond 20 allowed', { x: 30, y: 0, z: -1 }, 30, true],
    ['§2 18 + 3 up = 21 is out (§10 ex 7)', { x: 18, y: 0, z: 3 }, 21, false]
  ])('%s', (_label, target, d, legal) => {
    expect(rangedDistance(o, target)).toBe(d)
    expect(inRange(defaultSettings, o, target)).toBe(legal)
  })

  it.each([
    ['G-2 downhillBeyondMax off', { downhillBeyondMax: false }, false],
    ['G-2 downhillMaxRange 25 caps it', { downhillMaxRange: 25 }, false],
    ['G-2 downhillMaxRange 30 allows it', { downhillMaxRange: 30 }, true],
    ['G-2 maxRange raised', { maxRange: 30, downhillBeyondMax: false }, true]
  ])('%s', (_label, override, legal) => {
    expect(inRange({ ...defaultSettings, ...override }, o, { x: 30, y: 0, z: -1 })).toBe(legal)
  })
})

describe('§3 action costs', () => {
  const state = makeEncounter({ figures: [{ id: 'a', at: [1, 1] }] })
  const path = [1, 2, 3].map((x) => ({ x, y: 0, z: 0 }))
  it.each([
    ['§3 move 1 AP per square', { kind: 'move', actorId: 'a', path }, 3],
    ['§3 [TEXT L15] melee 1 AP', { kind: 'melee', actorId: 'a', targetId: 'b' }, 1],
    ['§3 [TEXT L15] ranged 2 AP', { kind: 'ranged', actorId: 'a', targetId: 'b' }, 2],
    ['§2 G-5 facing is free', { kind: 'face', actorId: 'a', facing: 3 }, 0]
  ])('%s', (_label, action, ap) => expect(actionCost(state, action)).toBe(ap))

  it('G-7 move cost is a setting', () => {
    const costly = makeEncounter({ figures: [{ id: 'a', at: [1, 1] }], settings: { moveCostPerSquare: 2 } })
    expect(actionCost(costly, { kind: 'move', actorId: 'a', path })).toBe(6)
  })
})

describe('§4.4 material table', () => {
  it.each([
    ['§4.4 wood', 'wood', 1, null],
    ['§4.4 stone', 'stone', 2, null],
    ['§4.4 leather', 'leather', null, 1],
    ['§4.4 steel', 'steel', 3, 2],
    ['§4.4 chainmail', 'chainmail', null, 3],
    ['§4.4 gold', 'gold', 4, 4],
    ['§4.4 diamond', 'diamond', 5, 5]
  ] as const)('%s', (_label, material, weapon, armor) => {
    expect(materialTable[material]).toEqual({ weapon, armor })
  })

  it('§4.4 unarmed and no armor are 0', () => {
    const bare = { hc: 0, hcRanged: 0, weaponSkill: {}, f: 0, r: 0 }
    expect([weaponModifier(bare), armorModifier(bare)]).toEqual([0, 0])
  })
})

describe('settings', () => {
  it('defaults are valid and every override is merged over them', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings)
    const state = makeEncounter({ figures: [{ id: 'a', at: [0, 0] }], settings: { maxRange: 12 } })
    expect(readSettings(state)).toEqual({ ...defaultSettings, maxRange: 12 })
    expect(minecraft.defaultSettings).toBe(defaultSettings)
  })

  it('an unknown or ill-typed setting fails loudly', () => {
    expect(() => readSettings({ settings: { maxRnage: 12 } })).toThrow()
    expect(() => readSettings({ settings: { autoRuleScope: 'never' } })).toThrow()
  })
})

describe('§7 / §8 settings audit: every GM point and interpretation is a setting with the digest default', () => {
  it.each([
    ['G-1 / A6 Md table (placeholder §4.3)', 'distanceModifiers', defaultSettings.distanceModifiers],
    ['G-2 / A5 downhill beyond 20', 'downhillBeyondMax', true],
    ['G-2 no cap downhill', 'downhillMaxRange', null],
    ['G-3 / A9 figures are obstacles', 'figuresBlockKnockback', true],
    ['G-3 higher ground is an obstacle', 'knockbackMaxRise', 0],
    ['G-4 falls: the GM enters the damage', 'askFallDamage', true],
    ['G-4 default damage 0', 'fallDamagePerBlock', 0],
    ['G-4 [GAP] drop without a fall', 'maxDropWithoutFall', 3],
    ['G-4 [GAP] voluntary falls', 'voluntaryFalls', false],
    ['G-5 facing: last step', 'faceLastStep', true],
    ['G-5 facing: turn to the target', 'faceTargetOnAttack', true],
    ['G-5 facing: free', 'freeFacing', true],
    ['G-6 / A7 natural 1/0 on every d10', 'autoRuleScope', 'all'],
    ['G-7 3 AP', 'apPerTurn', 3],
    ['G-7 1 AP per square', 'moveCostPerSquare', 1],
    ['G-7 [GAP] 1 block per step up', 'maxStepUp', 1],
    ['G-7 [GAP] 1 extra AP per block climbed', 'climbCostPerBlock', 1],
    ['A4 flank +3 to T', 'flankBonus', 3],
    ['A5 max range 20', 'maxRange', 20],
    ['A10 knockback before the wound roll', 'knockbackFirst', true],
    ['A11 impact strength 4', 'impactStrength', 4],
    ['A12 facing is melee-only', 'rangedUsesFacing', false],
    ['A13 / §3 [REC] whole side turns', 'turnMode', 'sideTurns'],
    ['A13 / §3 [REC] line of sight', 'requireLineOfSight', true],
    ['A13 [GAP] eyes 1.5 blocks up', 'eyeHeight', 1.5],
    ['A14 back = automatic hit', 'backAutoHit', true],
    ['§2 [REC] melee |Δz| ≤ 1', 'meleeMaxDz', 1],
    ['§6 [REC] engaged = enemy in melee reach', 'engagedWhen', 'meleeReach']
  ] as const)('%s', (_label, key, value) => {
    expect(defaultSettings[key]).toEqual(value)
  })
})
