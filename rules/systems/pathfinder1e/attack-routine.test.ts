import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import {
  attackRoutine,
  iterativeCount,
  strDamage,
  twoWeaponPenalties,
  type AttackSlot
} from './attack-routine'
import { readStats, type PfNaturalAttack, type PfStats, type PfWeapon } from './stats'
import { battleaxe, dagger, greatsword, longbow, longsword, pfFigure, shortSword } from './test-fixtures'

// pathfinder1e.md §3.2 (iteratives, two-weapon table), §4.1 (attack ability, naturals, unarmed), §4.4 (Str).

const base = readStats(pfFigure('x'))
const abilities = (patch: Partial<PfStats['abilities']>) => ({ ...base.abilities, ...patch })

/** A figure wielding `main` (and `off`) with these weapons and stats. */
function wielder(main: PfWeapon | null, off: PfWeapon | null, stats: Partial<PfStats> = {}): Combatant {
  const weapons = [main, off].filter((w): w is PfWeapon => w !== null)
  return pfFigure('att', {
    stats: { weapons, wielding: { main: main?.id ?? null, off: off?.id ?? null }, ...stats }
  })
}

const bonuses = (slots: AttackSlot[]) => slots.map((s) => s.bonus)
const damageBonuses = (slots: AttackSlot[]) => slots.map((s) => s.damage.bonus)

const quarterstaff: PfWeapon = {
  ...longsword,
  id: 'pf1:quarterstaff',
  damage: '1d6',
  critRange: 20,
  types: ['B'],
  handedness: 'two',
  traits: ['double']
}
const bite: PfNaturalAttack = {
  id: 'bite',
  damage: '1d6',
  primary: true,
  critRange: 20,
  critMult: 2,
  types: ['B', 'P', 'S'],
  count: 1
}
const claw: PfNaturalAttack = { ...bite, id: 'claw', damage: '1d4', types: ['S'], count: 2 }
const tail: PfNaturalAttack = { ...bite, id: 'tail', damage: '1d8', types: ['B'], primary: false }

describe('iteratives (§3.2 [SRD])', () => {
  it.each([
    [0, 1],
    [1, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 3],
    [15, 3],
    [16, 4],
    [20, 4],
    [25, 4]
  ])('BAB %i makes %i attacks', (bab, count) => {
    expect(iterativeCount(bab)).toBe(count)
  })

  it.each([
    [6, [6, 1]],
    [11, [11, 6, 1]],
    [16, [16, 11, 6, 1]]
  ])('BAB %i: %j', (bab, expected) => {
    expect(bonuses(attackRoutine(wielder(longsword, null, { bab }), 'full'))).toEqual(expected)
  })

  it('a single attack is one swing at the best bonus', () => {
    expect(bonuses(attackRoutine(wielder(longsword, null, { bab: 16 }), 'single'))).toEqual([16])
  })

  it('ranged weapons get iteratives too, with Dex', () => {
    const archer = wielder(longbow, null, { bab: 6, abilities: abilities({ dex: 16 }) })
    expect(bonuses(attackRoutine(archer, 'full'))).toEqual([9, 4])
  })
})

describe('two-weapon fighting (§3.2 [SRD] table)', () => {
  it.each([
    [false, false, { main: -6, off: -10 }],
    [true, false, { main: -4, off: -8 }],
    [false, true, { main: -4, off: -4 }],
    [true, true, { main: -2, off: -2 }]
  ])('light off hand %s, feat %s', (light, feat, expected) => {
    expect(twoWeaponPenalties(light, feat)).toEqual(expected)
  })

  it.each<[string, PfWeapon, boolean, number[]]>([
    ['longsword + longsword, no feat: −6 / −10', longsword, false, [0, -4]],
    ['longsword + short sword (light), no feat: −4 / −8', shortSword, false, [2, -2]],
    ['longsword + longsword with the feat: −4 / −4', longsword, true, [2, 2]],
    ['longsword + short sword with the feat: −2 / −2', shortSword, true, [4, 4]]
  ])('%s', (_title, off, feat, expected) => {
    const offWeapon = { ...off, id: `${off.id}-off` }
    const fighter = wielder(longsword, offWeapon, { bab: 6, feats: feat ? ['TwoWeaponFighting'] : [] })
    // BAB +6: main +6/+1 with the main-hand penalty, then one off-hand attack.
    const slots = attackRoutine(fighter, 'full')
    expect(slots.map((s) => s.hand)).toEqual(['main', 'main', 'off'])
    expect([slots[0]?.bonus, slots[2]?.bonus]).toEqual(expected)
  })

  it('§3.2 [TEXT L499] a double weapon counts as a light off-hand weapon', () => {
    const monk = pfFigure('att', {
      stats: {
        bab: 1,
        abilities: abilities({ str: 16 }),
        weapons: [quarterstaff],
        wielding: { main: quarterstaff.id, off: quarterstaff.id },
        feats: ['TwoWeaponFighting']
      }
    })
    const slots = attackRoutine(monk, 'full')
    expect(bonuses(slots)).toEqual([2, 2])
    // §4.4: primary end +Str, off end +½ Str.
    expect(damageBonuses(slots)).toEqual([3, 1])
    // A single attack with it is a two-handed attack: 1½ Str.
    expect(attackRoutine(monk, 'single').map((s) => [s.hand, s.damage.bonus])).toEqual([['two', 4]])
  })

  it('§4.4 off hand adds ½ Str bonus but the whole Str penalty', () => {
    const strong = wielder(longsword, { ...shortSword, id: 'off' }, { abilities: abilities({ str: 16 }) })
    expect(damageBonuses(attackRoutine(strong, 'full'))).toEqual([3, 1])
    const weak = wielder(longsword, { ...shortSword, id: 'off' }, { abilities: abilities({ str: 8 }) })
    expect(damageBonuses(attackRoutine(weak, 'full'))).toEqual([-1, -1])
  })

  it('thrown two-weapon attacks need a thrown weapon in the off hand too', () => {
    const both = wielder(dagger, { ...dagger, id: 'off-dagger' }, { feats: ['TwoWeaponFighting'] })
    expect(attackRoutine(both, 'full', { thrown: true }).map((s) => [s.hand, s.thrown])).toEqual([
      ['main', true],
      ['off', true]
    ])
    const mixed = wielder(dagger, { ...shortSword, id: 'off' }, { feats: ['TwoWeaponFighting'] })
    expect(attackRoutine(mixed, 'full', { thrown: true }).map((s) => s.hand)).toEqual(['main'])
  })

  it('a single attack uses the main hand only, without two-weapon penalties', () => {
    const fighter = wielder(longsword, { ...shortSword, id: 'off' }, { bab: 6 })
    expect(attackRoutine(fighter, 'single').map((s) => [s.id, s.bonus])).toEqual([[longsword.id, 6]])
  })
})

describe('Strength to damage (§4.4)', () => {
  it.each<[string, number, Parameters<typeof strDamage>[1], number]>([
    ['full +3', 3, 'full', 3],
    ['1½ of +3 rounds down', 3, 'oneAndHalf', 4],
    ['1½ of +4', 4, 'oneAndHalf', 6],
    ['1½ of a −1 penalty stays −1', -1, 'oneAndHalf', -1],
    ['½ of +3 rounds down', 3, 'half', 1],
    ['½ of a −2 penalty stays −2', -2, 'half', -2],
    ['a bow takes a penalty', -1, 'penaltyOnly', -1],
    ['a bow ignores a bonus', 3, 'penaltyOnly', 0],
    ['a composite bow up to its rating', 3, { cap: 2 }, 2],
    ['a composite bow below its rating', 1, { cap: 2 }, 1],
    ['a crossbow ignores Str', -2, 'none', 0]
  ])('%s', (_title, mod, share, expected) => {
    expect(strDamage(mod, share)).toBe(expected)
  })

  it.each<[string, PfWeapon, number, number]>([
    ['greatsword two-handed, Str 16: +4', greatsword, 16, 4],
    ['greatsword two-handed, Str 8: −1', greatsword, 8, -1],
    ['longsword one-handed, Str 16: +3', longsword, 16, 3],
    ['longbow, Str 16: +0', longbow, 16, 0],
    ['longbow, Str 8: −1', longbow, 8, -1],
    ['composite longbow (rating 2), Str 16: +2', { ...longbow, compositeStr: 2 }, 16, 2],
    ['composite longbow (rating 4), Str 14: +2', { ...longbow, compositeStr: 4 }, 14, 2],
    ['light crossbow, Str 8: +0', { ...longbow, id: 'pf1:light-crossbow', critRange: 19, critMult: 2 }, 8, 0],
    ['sling, Str 14: +2', { ...longbow, id: 'pf1:sling', damage: '1d4', critMult: 2 }, 14, 2]
  ])('%s', (_title, weapon, str, expected) => {
    const [slot] = attackRoutine(wielder(weapon, null, { abilities: abilities({ str }) }), 'single')
    expect(slot?.damage.bonus).toBe(expected)
  })

  it('a one-handed weapon held in both hands (off = main) adds 1½ Str', () => {
    const grip = pfFigure('att', {
      stats: { abilities: abilities({ str: 16 }), wielding: { main: longsword.id, off: longsword.id } }
    })
    expect(attackRoutine(grip, 'single').map((s) => [s.hand, s.damage.bonus])).toEqual([['two', 4]])
  })

  it('a light weapon in both hands still adds only 1 × Str', () => {
    const grip = pfFigure('att', {
      stats: {
        abilities: abilities({ str: 16 }),
        weapons: [shortSword],
        wielding: { main: shortSword.id, off: shortSword.id }
      }
    })
    expect(attackRoutine(grip, 'single').map((s) => s.damage.bonus)).toEqual([3])
  })
})

describe('attack bonus (§4.1)', () => {
  it('melee adds Str, size and enhancement to hit; enhancement to damage', () => {
    const small = wielder({ ...longsword, enhancement: 1 }, null, {
      bab: 2,
      size: 'S',
      abilities: abilities({ str: 14 })
    })
    const [slot] = attackRoutine(small, 'single')
    expect([slot?.bonus, slot?.damage.bonus]).toEqual([2 + 2 + 1 + 1, 2 + 1])
  })

  it('Weapon Finesse: Dex with light (and finesse) weapons only', () => {
    const stats: Partial<PfStats> = { feats: ['WeaponFinesse'], abilities: abilities({ str: 8, dex: 16 }) }
    expect(attackRoutine(wielder(shortSword, null, stats), 'single')[0]?.bonus).toBe(3)
    expect(attackRoutine(wielder(longsword, null, stats), 'single')[0]?.bonus).toBe(-1)
    const rapier: PfWeapon = { ...longsword, id: 'pf1:rapier', traits: ['finesse'] }
    expect(attackRoutine(wielder(rapier, null, stats), 'single')[0]?.bonus).toBe(3)
    // Finesse never lowers the bonus: a strong finesser keeps Str.
    const strong = { ...stats, abilities: abilities({ str: 18, dex: 12 }) }
    expect(attackRoutine(wielder(shortSword, null, strong), 'single')[0]?.bonus).toBe(4)
  })

  it('ranged uses Dex; the slot carries its range increment', () => {
    const [slot] = attackRoutine(
      wielder(longbow, null, { abilities: abilities({ str: 8, dex: 16 }) }),
      'single'
    )
    expect(slot).toMatchObject({ bonus: 3, ranged: true, thrown: false, rangeIncrementFt: 100 })
  })

  it('a thrown weapon uses Dex to hit and adds Str to damage; in melee it uses Str', () => {
    const thrower = wielder(dagger, null, { abilities: abilities({ str: 14, dex: 16 }) })
    const [thrown] = attackRoutine(thrower, 'single', { thrown: true })
    expect(thrown).toMatchObject({ bonus: 3, ranged: true, thrown: true, rangeIncrementFt: 10 })
    expect(thrown?.damage.bonus).toBe(2)
    const [stab] = attackRoutine(thrower, 'single')
    expect(stab).toMatchObject({ bonus: 2, ranged: false, thrown: false })
    expect(stab?.rangeIncrementFt).toBeUndefined()
  })

  it('a javelin (ranged, thrown) is always thrown: Dex to hit, Str to damage', () => {
    const javelin: PfWeapon = {
      ...dagger,
      id: 'pf1:javelin',
      damage: '1d6',
      critRange: 20,
      handedness: 'ranged',
      rangeIncrementFt: 30
    }
    const [slot] = attackRoutine(
      wielder(javelin, null, { abilities: abilities({ str: 14, dex: 12 }) }),
      'single'
    )
    expect(slot).toMatchObject({
      bonus: 1,
      thrown: true,
      ranged: true,
      rangeIncrementFt: 30,
      damage: { bonus: 2 }
    })
  })

  it('the chosen weapon and its crit profile', () => {
    const fighter = pfFigure('att', { stats: { weapons: [longsword, battleaxe] } })
    expect(attackRoutine(fighter, 'single', { weaponId: battleaxe.id })).toMatchObject([
      { id: battleaxe.id, critRange: 20, critMult: 3, source: 'weapon' }
    ])
  })
})

describe('natural attacks (§4.1)', () => {
  const beast = (naturalAttacks: PfNaturalAttack[], stats: Partial<PfStats> = {}) =>
    pfFigure('beast', {
      stats: {
        bab: 2,
        abilities: abilities({ str: 14 }),
        weapons: [],
        wielding: { main: null, off: null },
        naturalAttacks,
        ...stats
      }
    })

  it('the only natural attack: full BAB and 1½ Str', () => {
    expect(attackRoutine(beast([bite]), 'full').map((s) => [s.bonus, s.damage.bonus, s.hand])).toEqual([
      [4, 3, 'natural']
    ])
    expect(attackRoutine(beast([bite]), 'single').map((s) => s.damage.bonus)).toEqual([3])
  })

  it('several primary attacks: full BAB and Str each, one slot per attack', () => {
    const slots = attackRoutine(beast([bite, claw]), 'full')
    expect(slots.map((s) => [s.id, s.bonus, s.damage.bonus])).toEqual([
      ['bite', 4, 2],
      ['claw', 4, 2],
      ['claw', 4, 2]
    ])
  })

  it('secondary attacks: −5 and ½ Str', () => {
    const slots = attackRoutine(beast([bite, tail]), 'full')
    expect(slots.map((s) => [s.id, s.bonus, s.damage.bonus])).toEqual([
      ['bite', 4, 2],
      ['tail', -1, 1]
    ])
  })

  it('naturals get no iteratives', () => {
    expect(attackRoutine(beast([bite, claw], { bab: 11 }), 'full')).toHaveLength(3)
  })

  it('a single attack takes the first primary natural attack at full Str', () => {
    expect(
      attackRoutine(beast([tail, bite, claw]), 'single').map((s) => [s.id, s.bonus, s.damage.bonus])
    ).toEqual([['bite', 4, 2]])
  })

  it('with a weapon, every natural attack becomes secondary', () => {
    const ogre = beast([bite], { bab: 6, weapons: [longsword], wielding: { main: longsword.id, off: null } })
    const slots = attackRoutine(ogre, 'full')
    expect(slots.map((s) => [s.id, s.bonus, s.damage.bonus])).toEqual([
      [longsword.id, 8, 2],
      [longsword.id, 3, 2],
      ['bite', 3, 1]
    ])
  })

  it('a ranged full attack takes no natural attacks', () => {
    const archer = beast([bite], { weapons: [longbow], wielding: { main: longbow.id, off: null } })
    expect(attackRoutine(archer, 'full').map((s) => s.id)).toEqual([longbow.id])
  })
})

describe('unarmed strikes (§4.1)', () => {
  const empty = (stats: Partial<PfStats> = {}) =>
    pfFigure('monk', { stats: { weapons: [], wielding: { main: null, off: null }, ...stats } })

  it('Medium 1d3 nonlethal + Str', () => {
    const [slot] = attackRoutine(empty({ abilities: abilities({ str: 14 }) }), 'single')
    expect(slot).toMatchObject({
      id: 'unarmed',
      source: 'unarmed',
      damage: { count: 1, sides: 3, bonus: 2 },
      nonlethal: true
    })
  })

  it('Small 1d2', () => {
    expect(attackRoutine(empty({ size: 'S' }), 'single')[0]?.damage).toEqual({ count: 1, sides: 2, bonus: 0 })
  })

  it('Improved Unarmed Strike deals lethal damage', () => {
    expect(attackRoutine(empty({ feats: ['ImprovedUnarmedStrike'] }), 'single')[0]?.nonlethal).toBe(false)
  })

  it('a full attack unarmed has iteratives', () => {
    expect(bonuses(attackRoutine(empty({ bab: 6 }), 'full'))).toEqual([6, 1])
  })

  it('chosen explicitly while holding a weapon', () => {
    expect(attackRoutine(pfFigure('att'), 'single', { weaponId: 'unarmed' })[0]?.source).toBe('unarmed')
  })
})
