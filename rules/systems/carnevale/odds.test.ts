import { describe, expect, it } from 'vitest'
import { expectation } from '../../core/distribution'
import { formatFraction, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Combatant, TerrainPiece } from '../../core/types'
import { carnevale } from './ruleset'
import type { CarnevaleWeapon } from './stats'
import { at, cvFigure, cvState, withTurn } from './test-fixtures'

// carnevale.md §11 worked examples again, now read off the board by `Ruleset.odds`: the same exact
// fractions when the board supplies the crowding, the water's cover, the larger base, the charge from the
// sky and the Disengage's crowded mover.

const f = (p: Fraction) => formatFraction(p)
const line = (odds: ActionOdds | null, key: string) => f(odds!.headline.find((h) => h.key === key)!.p)
const blade = (damage: number, penetration: number): CarnevaleWeapon => ({
  name: 'Hoja',
  rangeIn: 0,
  evasion: 0,
  damage,
  penetration,
  abilities: []
})
const rio: TerrainPiece = { id: 'rio', kind: 'water', x: 0, y: 100, w: 240, h: 60, top: 0 }
const oddsOf = (figures: Combatant[], action: Action, pieces: TerrainPiece[] = [], answers = {}) =>
  carnevale.odds(withTurn(cvState(figures, { pieces }), action.actorId), action, answers)
const combat = (targetId = 'b'): Action => ({
  kind: 'combat',
  actorId: 'a',
  targetId,
  options: { weapon: 0 }
})

describe('§11 examples through the board', () => {
  it('ex. 4: ATTACK 5 vs DEX 6, Damage +1, Penetration −1 vs PRO 3 in base contact: E = 4501/1600', () => {
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(5, 5), { stats: { att: 5, weapons: [blade(1, -1)] } }),
        // Life enough that no outcome is capped at what the target has left (the example's own law).
        cvFigure('b', 'y', at(6.2, 5), { stats: { dex: 6, pro: 3 }, life: 40 })
      ],
      combat()
    )
    expect(f(expectation(odds!.damage))).toBe('4501/1600')
    expect(line(odds, 'hit')).toBe('31/32')
  })

  it('ex. 3 as cover: a swimming target keeps its water cover (+1 DEX): P(hit) = 2882/3125', () => {
    const pistol = { ...blade(0, 0), rangeIn: 8 }
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(5, 7), { stats: { weapons: [pistol] } }),
        cvFigure('b', 'y', at(5, 11), { stats: { dex: 6 } })
      ],
      combat(),
      [rio]
    )
    expect(line(odds, 'hit')).toBe('2882/3125')
  })

  it('ex. 5: DEX 6 in contact with three enemies is crowded (−1 DEX)', () => {
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(5, 5)),
        cvFigure('a2', 'x', at(7.4, 5)),
        cvFigure('a3', 'x', at(6.2, 6.2)),
        cvFigure('b', 'y', at(6.2, 5), { stats: { dex: 6 } })
      ],
      combat()
    )
    expect([line(odds, 'critical'), line(odds, 'fumble')]).toEqual(['609/6250', '8/3125'])
  })

  it('ex. 6: the charge from the sky (ATTACK 4, Damage 0, −5 against PRO 3): E = 3117/1250', () => {
    const palazzo: TerrainPiece = { id: 'p', kind: 'building', x: 100, y: 100, w: 60, h: 60, top: 40 }
    const state = withTurn(
      cvState(
        [
          cvFigure(
            'a',
            'x',
            { x: 150, y: 130, z: 40 },
            { stats: { att: 4, mov: 6, weapons: [blade(0, 0)] } }
          ),
          cvFigure('b', 'y', { x: 178, y: 130, z: 0 }, { stats: { dex: 5, pro: 3 } })
        ],
        { pieces: [palazzo] }
      ),
      'a'
    )
    const path = [
      { x: 154, y: 130, z: 40 },
      { x: 166, y: 130, z: 0 }
    ]
    const charge: Action = { kind: 'charge', actorId: 'a', targetId: 'b', path, options: { aoo: 'combat:0' } }
    expect(carnevale.validate(state, charge)).toBeNull()
    expect(f(expectation(carnevale.odds(state, charge)!.damage))).toBe('3117/1250')
  })

  it('ex. 7: Grapple ATTACK 4 (+1 die, the larger base) vs ATTACK 3: P(push) = 45518/78125', () => {
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(5, 5), { stats: { att: 4 }, baseMm: 40 }),
        cvFigure('b', 'y', at(6.4, 5), { stats: { att: 3 } })
      ],
      { kind: 'grapple', actorId: 'a', targetId: 'b' }
    )
    expect(line(odds, 'moved')).toBe('45518/78125')
    expect(line(odds, 'stun')).toBe('3656/78125')
  })

  it('ex. 8: Drown ATTACK 4 vs 4 in the canal: E = 101826/78125', () => {
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(5, 11), { stats: { att: 4 } }),
        cvFigure('b', 'y', at(6.2, 11), { stats: { att: 4 }, life: 40 })
      ],
      { kind: 'drown', actorId: 'a', targetId: 'b' },
      [rio]
    )
    expect(f(expectation(odds!.damage))).toBe('101826/78125')
  })

  it('the damage is the Life the target loses, capped at what it has left (the seam, issue 20)', () => {
    const figures = (life: number) => [
      cvFigure('a', 'x', at(5, 5), { stats: { att: 5, weapons: [blade(1, -1)] } }),
      cvFigure('b', 'y', at(6.2, 5), { stats: { dex: 6, pro: 3 }, life })
    ]
    const full = oddsOf(figures(40), combat())!
    const one = oddsOf(figures(1), combat())!
    expect([...one.damage.keys()].every((v) => v <= 1)).toBe(true)
    // Every wounding outcome of the uncapped law becomes exactly 1: the chance of a wound is kept.
    expect(f(one.damage.get(1)!)).toBe(line(full, 'wound'))
    expect(f(expectation(one.damage))).toBe(line(full, 'wound'))
    expect(Math.max(...full.damage.keys())).toBeGreaterThan(1)
  })

  it('ex. 9: DEX 3 with three enemies in contact disengages: P(enemy AoO) = 2477/3125', () => {
    const odds = oddsOf(
      [
        cvFigure('a', 'x', at(10, 10), { stats: { dex: 3 } }),
        cvFigure('b', 'y', at(11.2, 10), { stats: { dex: 3 } }),
        cvFigure('c', 'y', at(8.8, 10), { stats: { dex: 3 } }),
        cvFigure('d', 'y', at(10, 11.2), { stats: { dex: 3 } })
      ],
      { kind: 'move', actorId: 'a', path: [at(10, 7)] }
    )
    expect([line(odds, 'disengageAoo'), line(odds, 'blocked'), line(odds, 'bonusMove')]).toEqual([
      '2477/3125',
      '571/6250',
      '27/3125'
    ])
  })
})
