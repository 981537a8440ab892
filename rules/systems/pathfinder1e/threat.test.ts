import { describe, expect, it } from 'vitest'
import type { Combatant } from '../../core/types'
import type { PfNaturalAttack, PfWeapon } from './stats'
import { longbow, longsword, pfFigure, pfState, type PfFigurePatch } from './test-fixtures'
import {
  aoosPerRound,
  canMakeAoo,
  engagedInMelee,
  NO_REACH,
  provocationsAlong,
  provocationsForAction,
  reachOf,
  threatenedBy,
  threatens
} from './threat'
import { isFlanking } from './flanking'

const fig = (id: string, x: number, y: number, patch: PfFigurePatch = {}) =>
  pfFigure(id, { ...patch, pos: { x, y } })
const c = (x: number, y: number) => ({ x, y })

const longspear: PfWeapon = {
  ...longsword,
  id: 'pf1:longspear',
  handedness: 'two',
  reach: true,
  damage: '1d8'
}
const bite: PfNaturalAttack = {
  id: 'pf1:bite',
  damage: '1d6',
  primary: true,
  critRange: 20,
  critMult: 2,
  types: ['B', 'P', 'S'],
  count: 1
}
const spearman = (id: string, x: number, y: number, side = 'a') =>
  fig(id, x, y, { side, stats: { weapons: [longspear], wielding: { main: longspear.id, off: null } } })
const unarmed = { weapons: [], wielding: { main: null, off: null } }

describe('reach (pathfinder1e.md §2 [TEXT L43; SRD])', () => {
  it.each([
    ['Medium with a longsword: adjacent', {}, { min: 5, max: 5 }],
    [
      'Medium with a reach weapon: 10 ft, not adjacent',
      { weapons: [longspear], wielding: { main: longspear.id, off: null } },
      { min: 10, max: 10 }
    ],
    ['Large tall: natural reach 10 also threatens adjacent', { size: 'L' }, { min: 5, max: 10 }],
    ['Large long: 5 ft', { size: 'L', shape: 'long' }, { min: 5, max: 5 }],
    [
      'Large tall with a reach weapon: 15–20 ft',
      { size: 'L', weapons: [longspear], wielding: { main: longspear.id, off: null } },
      { min: 15, max: 20 }
    ],
    [
      'Huge tall with natural attacks: 15 ft',
      { size: 'H', ...unarmed, naturalAttacks: [bite] },
      { min: 5, max: 15 }
    ],
    ['Tiny: reach 0, its own square only', { size: 'T' }, { min: 0, max: 0 }],
    ['unarmed without Improved Unarmed Strike: nothing', unarmed, NO_REACH],
    [
      'unarmed with Improved Unarmed Strike: adjacent',
      { ...unarmed, feats: ['ImprovedUnarmedStrike'] },
      { min: 5, max: 5 }
    ],
    ['natural attacks only: adjacent', { ...unarmed, naturalAttacks: [bite] }, { min: 5, max: 5 }],
    ['a bow in hand: nothing', { weapons: [longbow], wielding: { main: longbow.id, off: null } }, NO_REACH],
    [
      'a reach weapon and Improved Unarmed Strike: 5–10 ft',
      { weapons: [longspear], wielding: { main: longspear.id, off: null }, feats: ['ImprovedUnarmedStrike'] },
      { min: 5, max: 10 }
    ]
  ] as const)('%s', (_label, stats, reach) => {
    expect(reachOf(fig('x', 0, 0, { stats: stats as PfFigurePatch['stats'] }))).toEqual(reach)
  })

  it('§2 [SRD]: a reach weapon threatens 10 ft but not adjacent squares', () => {
    const spear = spearman('s', 5, 5)
    const state = pfState([spear])
    expect(threatens(state, spear, c(6, 5))).toBe(false)
    expect(threatens(state, spear, c(6, 6))).toBe(false)
    expect(threatens(state, spear, c(7, 5))).toBe(true)
    expect(threatens(state, spear, c(7, 6))).toBe(true)
    expect(threatens(state, spear, c(8, 5))).toBe(false)
  })

  it('§2: a Large tall creature threatens 10 ft from every square of its footprint', () => {
    const ogre = fig('ogre', 5, 5, { stats: { size: 'L' } })
    const state = pfState([ogre])
    expect(threatens(state, ogre, c(4, 4))).toBe(true)
    expect(threatens(state, ogre, c(8, 6))).toBe(true)
    expect(threatens(state, ogre, c(6, 3))).toBe(true)
    expect(threatens(state, ogre, c(9, 5))).toBe(false)
  })

  it('§2 A5 / G-12: 10-ft reach and the second diagonal (15 ft) — off by default, on by setting', () => {
    const spear = spearman('s', 5, 5)
    const ogre = fig('ogre', 5, 5, { stats: { size: 'L' } })
    const off = pfState([spear])
    const on = pfState([spear], { settings: { reachDiagonalException: true } })
    expect(threatens(off, spear, c(7, 7))).toBe(false)
    expect(threatens(on, spear, c(7, 7))).toBe(true)
    expect(threatens(off, spear, c(7, 7), { reachDiagonalException: true })).toBe(true)
    expect(threatens(on, spear, c(8, 8))).toBe(false)
    // The Large ogre's far diagonal: its square (6,6) to (8,8).
    expect(threatens(off, ogre, c(8, 8))).toBe(false)
    expect(threatens(off, ogre, c(8, 8), { reachDiagonalException: true })).toBe(true)
  })

  it('§6: helpless, stunned or pinned figures threaten nothing', () => {
    const state = pfState([])
    for (const condition of ['paralyzed', 'stunned', 'pinned', 'asleep'] as const)
      expect(threatens(state, fig('x', 5, 5, { stats: { conditions: [condition] } }), c(6, 5))).toBe(false)
  })
})

describe('who may make an attack of opportunity (§3.4, §3.1)', () => {
  it.each([
    ['a ready fighter', {}, true],
    ['flat-footed', { flatFooted: true }, false],
    ['flat-footed with Combat Reflexes', { flatFooted: true, feats: ['CombatReflexes'] }, true],
    ['flat-footed with Uncanny Dodge', { flatFooted: true, feats: ['UncannyDodge'] }, true],
    ['in total defense', { effects: [{ id: 'totalDefense', until: 'x' }] }, false],
    ['grappled', { conditions: ['grappled'] }, false],
    ['stunned', { conditions: ['stunned'] }, false],
    ['unarmed', unarmed, false],
    ['used its one AoO this round', { aooUsed: 1, aooRound: 1 }, false],
    ['used one in an earlier round', { aooUsed: 1, aooRound: 0 }, true],
    [
      'Combat Reflexes, Dex 14: 3 per round, 2 used',
      {
        feats: ['CombatReflexes'],
        abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
        aooUsed: 2,
        aooRound: 1
      },
      true
    ],
    [
      'Combat Reflexes, Dex 14: all 3 used',
      {
        feats: ['CombatReflexes'],
        abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
        aooUsed: 3,
        aooRound: 1
      },
      false
    ]
  ] as const)('%s → %s', (_label, stats, can) => {
    const reactor = fig('x', 0, 0, { stats: stats as PfFigurePatch['stats'] })
    expect(canMakeAoo(pfState([reactor]), reactor)).toBe(can)
  })

  it('§3.4 [SRD]: 1 AoO per round, + Dex modifier with Combat Reflexes (never below 1)', () => {
    const dex = (score: number) => ({ str: 10, dex: score, con: 10, int: 10, wis: 10, cha: 10 })
    expect(aoosPerRound(fig('a', 0, 0))).toBe(1)
    expect(aoosPerRound(fig('a', 0, 0, { stats: { feats: ['CombatReflexes'], abilities: dex(16) } }))).toBe(4)
    expect(aoosPerRound(fig('a', 0, 0, { stats: { feats: ['CombatReflexes'], abilities: dex(6) } }))).toBe(1)
  })
})

describe('provocations (§3.4 triggers)', () => {
  const duel = (mover: Combatant, ...others: Combatant[]) => pfState([mover, ...others])

  it('§3.4 (a): leaving a threatened square provokes; a 5-ft step never does', () => {
    const mover = fig('m', 5, 5)
    const state = duel(mover, fig('foe', 6, 5, { side: 'b' }))
    expect(provocationsAlong(state, mover, [c(4, 5)], { mode: 'move' })).toEqual([
      { reactorId: 'foe', index: 0 }
    ])
    expect(provocationsAlong(state, mover, [c(4, 5)], { mode: 'step' })).toEqual([])
    // Entering a threatened square does not provoke; leaving it does (index = squares moved before).
    const approach = fig('m', 3, 5)
    expect(
      provocationsAlong(duel(approach, fig('foe', 6, 5, { side: 'b' })), approach, [c(4, 5), c(5, 5)], {
        mode: 'move'
      })
    ).toEqual([])
  })

  it('§3.2 [TEXT L213–219]: withdrawing, the start square is not threatened by foes the mover can see', () => {
    const mover = fig('m', 5, 5)
    const path = [c(5, 4), c(4, 3)]
    const seen = duel(mover, fig('foe', 6, 5, { side: 'b' }))
    expect(provocationsAlong(seen, mover, [c(4, 5)], { mode: 'withdraw' })).toEqual([])
    // Leaving another threatened square provokes normally.
    expect(provocationsAlong(seen, mover, path, { mode: 'withdraw' })).toEqual([
      { reactorId: 'foe', index: 1 }
    ])
    const unseen = duel(mover, fig('foe', 6, 5, { side: 'b', stats: { conditions: ['invisible'] } }))
    expect(provocationsAlong(unseen, mover, [c(4, 5)], { mode: 'withdraw' })).toEqual([
      { reactorId: 'foe', index: 0 }
    ])
  })

  it('§3.4 [SRD]: one opportunity per reactor per move (setting oneAooPerOpportunity)', () => {
    const mover = fig('m', 5, 5)
    const path = [c(5, 4), c(4, 3)]
    const foe = fig('foe', 6, 5, { side: 'b' })
    expect(provocationsAlong(duel(mover, foe), mover, path, { mode: 'move' })).toEqual([
      { reactorId: 'foe', index: 0 }
    ])
    const every = pfState([mover, foe], { settings: { oneAooPerOpportunity: false } })
    expect(provocationsAlong(every, mover, path, { mode: 'move' })).toEqual([
      { reactorId: 'foe', index: 0 },
      { reactorId: 'foe', index: 1 }
    ])
  })

  it('§3.4 [TEXT L361]: no AoO against a target with cover (a wall corner between diagonal neighbours)', () => {
    const mover = fig('m', 4, 4)
    const state = pfState([mover, fig('foe', 5, 5, { side: 'b' })], { blocks: [[5, 4]] })
    expect(provocationsAlong(state, mover, [c(3, 4)], { mode: 'move' })).toEqual([])
  })

  it('§3.4 (c) [TEXT L321, L325]: entering an enemy square provokes it; [TEXT L383] total concealment does not', () => {
    const rat = fig('rat', 3, 5, { stats: { size: 'T' } })
    const foe = fig('foe', 5, 5, { side: 'b' })
    const state = pfState([rat, foe], { settings: { terrain: [{ x: 4, y: 5, kind: 'dark' }] } })
    // Leaving the dark square (4,5) gives nothing (total concealment); entering the foe's square does.
    expect(provocationsAlong(state, rat, [c(4, 5), c(4, 6)], { mode: 'move' })).toEqual([])
    expect(provocationsAlong(state, rat, [c(4, 5), c(5, 5)], { mode: 'move' })).toEqual([
      { reactorId: 'foe', index: 1 }
    ])
    // Overrun: the target's reaction belongs to the maneuver (§4.10), not to the path.
    expect(provocationsAlong(state, rat, [c(4, 5), c(5, 5)], { mode: 'overrun', targetId: 'foe' })).toEqual(
      []
    )
  })

  it('§3.4 (b): an action in place provokes from every threatening enemy; a maneuver only from its target', () => {
    const caster = fig('m', 5, 5)
    const state = pfState([
      caster,
      fig('e1', 6, 5, { side: 'b' }),
      fig('e2', 4, 4, { side: 'b' }),
      spearman('e3', 6, 6, 'b')
    ])
    expect(provocationsForAction(state, caster, 'cast').map((p) => p.reactorId)).toEqual(['e1', 'e2'])
    expect(provocationsForAction(state, caster, 'ranged')).toEqual([
      { reactorId: 'e1', index: -1 },
      { reactorId: 'e2', index: -1 }
    ])
    expect(provocationsForAction(state, caster, 'maneuver', 'e2')).toEqual([{ reactorId: 'e2', index: -1 }])
    expect(provocationsForAction(state, caster, 'maneuver')).toEqual([])
  })
})

describe('flanking (§4.7 [SRD; TEXT L389–391])', () => {
  const foe = (x: number, y: number, size: 'M' | 'L' = 'M') => fig('d', x, y, { side: 'b', stats: { size } })

  it.each([
    ['opposite sides', [4, 5], [6, 5], true],
    ['opposite corners', [4, 4], [6, 6], true],
    ['corner and the far side', [4, 4], [6, 5], false],
    ['adjacent sides', [4, 5], [5, 6], false]
  ] as const)('Medium defender, %s', (_label, a, b, flank) => {
    const attacker = fig('a', a[0], a[1])
    const ally = fig('b', b[0], b[1])
    expect(isFlanking(pfState([attacker, ally, foe(5, 5)]), attacker, foe(5, 5))).toBe(flank)
  })

  it.each([
    ['Large defender, opposite borders on a slant', [4, 5], [7, 6], true],
    ['Large defender, opposite corners', [4, 4], [7, 7], true],
    ['Large defender, side and bottom', [4, 5], [5, 7], false]
  ] as const)('%s', (_label, a, b, flank) => {
    const attacker = fig('a', a[0], a[1])
    const ally = fig('b', b[0], b[1])
    const defender = foe(5, 5, 'L')
    expect(isFlanking(pfState([attacker, ally, defender]), attacker, defender)).toBe(flank)
  })

  it('[TEXT L389]: any square of a Large flanker counts', () => {
    const ogre = fig('a', 3, 3, { stats: { size: 'L' } })
    const ally = fig('b', 6, 6)
    const defender = foe(5, 5)
    expect(isFlanking(pfState([ogre, ally, defender]), ogre, defender)).toBe(true)
    expect(isFlanking(pfState([ogre, ally, defender]), ally, defender)).toBe(true)
  })

  it('[TEXT L391]: only an ally that threatens the defender helps; reach-0 figures cannot flank', () => {
    const attacker = fig('a', 4, 5)
    const defender = foe(5, 5)
    const bare = fig('b', 6, 5, { stats: unarmed })
    expect(isFlanking(pfState([attacker, bare, defender]), attacker, defender)).toBe(false)
    const down = { ...fig('b', 6, 5), out: true }
    expect(isFlanking(pfState([attacker, down, defender]), attacker, defender)).toBe(false)
    const rat = fig('rat', 5, 5, { stats: { size: 'T' } })
    const ally = fig('b', 6, 5)
    expect(isFlanking(pfState([rat, ally, defender]), rat, defender)).toBe(false)
  })
})

describe('threat marks and melee engagement', () => {
  it('threatenedBy lists the enemies of a side that threaten a square', () => {
    const state = pfState([
      fig('a', 0, 0),
      fig('e1', 5, 5, { side: 'b' }),
      spearman('e2', 7, 5, 'b'),
      fig('f', 6, 4)
    ])
    expect(threatenedBy(state, c(6, 5), 'a')).toEqual(['e1'])
    expect(threatenedBy(state, c(7, 3), 'a')).toEqual(['e2'])
    expect(threatenedBy(state, c(6, 5), 'b')).toEqual(['f'])
  })

  it('§4.1 [SRD]: a target is engaged in melee when a friend of the shooter threatens it or is threatened by it', () => {
    const archer = fig('archer', 0, 0)
    const target = fig('t', 10, 10, { side: 'b' })
    expect(engagedInMelee(pfState([archer, target]), target, 'a', 'archer')).toBe(false)
    const friend = fig('friend', 11, 10, { stats: unarmed })
    expect(engagedInMelee(pfState([archer, target, friend]), target, 'a', 'archer')).toBe(true)
    const shooterOnly = fig('archer', 9, 10)
    expect(engagedInMelee(pfState([shooterOnly, target]), target, 'a', 'archer')).toBe(false)
  })
})
