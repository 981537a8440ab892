import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../core/fraction'
import { hq2 } from '.'
import { planOf } from './actions'
import { sectorOf } from './board'
import { countedChance } from './gear'
import type { Hq2Settings } from './settings'
import type { Hq2Stats } from './stats'
import { DUEL_MELEE, duelPlan, makeEncounter, weapon } from './test-fixtures'

// Rule edges as tables; every row cites the digest section it checks (shared/rules/hq2.md).

const plan = duelPlan
const melee = DUEL_MELEE
const attackOf = (...args: Parameters<typeof plan>) => plan(...args).attack.value
const heights = (a: number, d: number) => {
  const e = Array<number>(144).fill(0)
  e[5 * 12 + 5] = a
  e[5 * 12 + 6] = d
  return e
}

describe('§2 board and facing', () => {
  // The defender faces north (0); the attacker stands on each of its 8 neighbours, clockwise from north.
  it.each([
    ['§2 G5 f (ahead)', 0, -1, 'front'],
    ['§2 G5 f+1', 1, -1, 'front'],
    ['§2 G5 f+2', 1, 0, 'front'],
    ['§2 G5 rear f+3', 1, 1, 'back'],
    ['§2 G5 rear f+4', 0, 1, 'back'],
    ['§2 G5 rear f+5', -1, 1, 'back'],
    ['§2 G5 f+6', -1, 0, 'front'],
    ['§2 G5 f+7', -1, -1, 'front']
  ])('%s', (_label, dx, dy, sector) => {
    const [d] = makeEncounter({ beings: [{ id: 'd', at: [5, 5], facing: 0 }] }).combatants
    if (!d) throw new Error('fixture')
    expect(sectorOf(d, { x: 5 + dx, y: 5 + dy })).toBe(sector)
  })

  it.each([
    ['§2 [TEXT L46] melee reaches the 8 neighbours, diagonals included', [6, 6], null],
    ['§2 [TEXT L46] two squares away is out of contact', [7, 5], 'notAdjacent']
  ] as const)('%s', (_label, at, code) => {
    const state = makeEncounter({
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 3 },
        { id: 'd', side: 'm', at }
      ]
    })
    expect(hq2.validate(state, melee)?.code ?? null).toBe(code)
  })

  it.each([
    ['§2 G4 within range and in sight', [9, 5], [], null],
    ['§2 G4 beyond the weapon range', [15, 5], [], 'outOfRange'],
    ['§2 G4 a wall blocks the line of sight', [9, 5], [[7, 5]], 'noLineOfSight'],
    ['§2 L69 never at a being behind you', [1, 5], [], 'targetBehind']
  ] as const)('%s', (_label, at, blocks, code) => {
    const bow = weapon({ ranged: true, range: 6 })
    const state = makeEncounter({
      blocks,
      width: 20,
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { rangedWeapon: bow } },
        { id: 'd', side: 'm', at }
      ]
    })
    expect(hq2.validate(state, { ...melee, kind: 'ranged' })?.code ?? null).toBe(code)
  })
})

describe('§4.1 combat dice', () => {
  it.each([
    ['§4.1 skull ×3', ['skull'], '1/2'],
    ['§4.1 white shield ×2', ['white'], '1/3'],
    ['§4.1 black shield ×1', ['black'], '1/6']
  ] as const)('%s', (_label, faces, p) => expect(formatFraction(countedChance([...faces]))).toBe(p))

  it.each([
    ['§4.1 [TEXT L105] heroes defend with white shields', 'white', ['white']],
    ['§4.1 [TEXT L105] monsters with black shields', 'black', ['black']]
  ] as const)('%s', (_label, face, faces) => {
    const d = plan({ attackBase: 4 }, { defenseBase: 4, defenseFace: face }).defense
    expect(d.kind === 'basic' && d.pool.faces).toEqual(faces)
  })
})

describe('§4.2 / §4.4 Total Attack', () => {
  const magic = (attackBonus: number, attackBaseMultiplier = 1) => ({
    attackBonus,
    attackBaseMultiplier,
    defenseBonus: 0,
    defenseBaseMultiplier: 1
  })
  const mount = { attackBonus: 5, hasOwnAttack: false, mountType: 'horse' }
  it.each<[string, Partial<Hq2Stats>, Partial<Hq2Stats>, Parameters<typeof plan>[2], number]>([
    [
      '§4.2 base + weapon + magic',
      { attackBase: 12, meleeWeapon: weapon({ attackBonus: 6 }), magic: magic(4) },
      {},
      {},
      22
    ],
    [
      '§4.2 A2 magic multiplier on the base first (×1.5), floor at the end',
      { attackBase: 7, magic: magic(0, 1.5) },
      {},
      {},
      10
    ],
    ['§4.2 G-11 mount bonus', { attackBase: 10, mount }, {}, {}, 15],
    ['§4.2 G-11 no mount bonus against an equal mount', { attackBase: 10, mount }, { mount }, {}, 10],
    [
      '§4.2 G-11 no mount bonus with a mount that attacks',
      { attackBase: 10, mount: { ...mount, hasOwnAttack: true } },
      {},
      {},
      10
    ],
    [
      '§4.4 positional penalty: enemy on higher ground',
      { attackBase: 10 },
      {},
      { elevation: heights(0, 1) },
      5
    ],
    ['§4.4 positional penalty: enemy under cover', { attackBase: 10 }, { conditions: ['covered'] }, {}, 5],
    [
      '§4.4 positional bonus: enemy on lower ground',
      { attackBase: 10 },
      {},
      { elevation: heights(1, 0) },
      15
    ],
    [
      '§4.4 G-12 spear vs skeleton −5 (default)',
      { attackBase: 10, meleeWeapon: weapon({ unsuitedAgainst: ['skeleton'] }) },
      { tags: ['skeleton'] },
      {},
      5
    ],
    [
      '§4.4 G-12 the BM sets −10',
      { attackBase: 20, meleeWeapon: weapon({ tags: ['polearm'] }) },
      {},
      { answers: { 'hq2.weaponPenalty': -10 } },
      10
    ],
    [
      '§4.4 G-12 long weapon in a tunnel',
      { attackBase: 10, meleeWeapon: weapon({ tags: ['long'] }) },
      {},
      { settings: { cramped: true } },
      5
    ],
    [
      '§4.4 G-12 long weapon in the open: no penalty',
      { attackBase: 10, meleeWeapon: weapon({ tags: ['long'] }) },
      {},
      {},
      10
    ],
    [
      '§4.4 weapon bonus: poisoned +5 (default)',
      { attackBase: 10, meleeWeapon: weapon({ tags: ['poisoned'] }) },
      {},
      {},
      15
    ],
    [
      '§4.4 weapon bonus: suited to the enemy, BM +10',
      { attackBase: 10, meleeWeapon: weapon({ suitedAgainst: ['undead'] }) },
      { tags: ['undead'] },
      { answers: { 'hq2.weaponBonus': 10 } },
      20
    ],
    ['§4.4 attacker unbalanced −5 (default)', { attackBase: 10, conditions: ['unbalanced'] }, {}, {}, 5],
    [
      '§4.4 attacker hindered, BM −20',
      { attackBase: 30, conditions: ['hindered'] },
      {},
      { answers: { 'hq2.attackerCondition': -20 } },
      10
    ],
    ['§4.4 enemy lying down +5 (default)', { attackBase: 10 }, { conditions: ['prone'] }, {}, 15],
    [
      '§4.4 enemy stuck, BM +20',
      { attackBase: 10 },
      { conditions: ['stuck'] },
      { answers: { 'hq2.enemyCondition': 20 } },
      30
    ],
    ['§4.4 glare or fog −5 (default)', { attackBase: 10 }, {}, { settings: { lowVisibility: true } }, 5],
    ['§4.2 darkness ×1/2', { attackBase: 27 }, {}, { settings: { darkness: true } }, 13],
    [
      '§4.2 darkness from the lighting map',
      { attackBase: 27 },
      {},
      { settings: { darkSquares: [{ x: 6, y: 5 }] } },
      13
    ],
    ['§4.2 attacker blinded ×1/2', { attackBase: 27, conditions: ['blinded'] }, {}, {}, 13],
    ['§4.4 A5 target behind the attacker ×1/2', { attackBase: 27 }, {}, { aSpec: { facing: 6 } }, 13],
    [
      '§4.4 behind and dark ×1/4',
      { attackBase: 27 },
      {},
      { aSpec: { facing: 6 }, settings: { darkness: true } },
      6
    ],
    ['§4.4 attacking the enemy’s back: no change to A', { attackBase: 27 }, {}, { dSpec: { facing: 2 } }, 27],
    [
      '§4.2 A1 one floor at the end: 7 × 1/2 × 2 (stab in the dark)',
      { attackBase: 7 },
      {},
      { dSpec: { facing: 2 }, settings: { darkness: true }, aSpec: {} },
      3
    ]
  ])('%s', (_label, a, d, opts, total) => expect(attackOf(a, d, opts)).toBe(total))

  it('§4.2 A1 Apuñalar in the dark from behind: 7 × 1/2 × 2 = 7 (flooring each step would give 6)', () => {
    const state = makeEncounter({
      settings: { darkness: true },
      spent: [{ type: 'economy.maneuver', maneuver: 'stab', mp: 0 }],
      beings: [
        { id: 'a', side: 'h', at: [5, 5], facing: 2, stats: { attackBase: 7, skills: { apunalar: 1 } } },
        { id: 'd', side: 'm', at: [6, 5], facing: 2 }
      ]
    })
    expect(planOf(state, melee)?.attack.value).toBe(7)
    expect(
      planOf({ ...state, settings: { darkness: true, totalRounding: 'floorEachFactor' } }, melee)?.attack
        .value
    ).toBe(6)
  })

  it('§4.2 G-9 missile penalty beyond half range when on', () => {
    const bow = weapon({ ranged: true, range: 8 })
    const shot = (settings: Partial<Hq2Settings>) => {
      const state = makeEncounter({
        settings,
        width: 20,
        beings: [
          { id: 'a', side: 'h', at: [2, 5], facing: 2, stats: { attackBase: 10, rangedWeapon: bow } },
          { id: 'd', side: 'm', at: [8, 5] }
        ]
      })
      return planOf(state, { ...melee, kind: 'ranged' })?.attack.value
    }
    expect([shot({}), shot({ longRangePenalty: 5 })]).toEqual([10, 5])
  })
})
