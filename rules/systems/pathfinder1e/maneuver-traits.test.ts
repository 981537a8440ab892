import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../core/fraction'
import { abilities, act, attacker, defender, run } from './maneuver-fixtures'
import { maneuverActionOdds } from './maneuver-odds'
import { type PfWeapon } from './stats'
import { longsword, pfState } from './test-fixtures'

// pathfinder1e.md §4.11 feint [SRD; TEXT L477] against a maneuver, and the [SRD] weapon traits the maneuvers
// read: `disarm` (+2 to disarm) and `trip` (let go of the weapon rather than fall on a trip failed by 10).
// att: CMB +5; def: CMD 15 (Dex 14: 13 without its Dex).

const feinted = (by = 'att') => defender({ effects: [{ id: 'feinted', until: by, rounds: 2 }] })
const pair = (att = attacker(), def = defender()) => pfState([att, def])
const armed = (weapon: PfWeapon, stats = {}) =>
  attacker({ weapons: [weapon], wielding: { main: weapon.id, off: null }, ...stats })

/** A flail [SRD]: 1d8, one-handed, with the disarm and trip traits. */
const flail: PfWeapon = {
  ...longsword,
  id: 'pf1:flail',
  critRange: 20,
  types: ['B'],
  traits: ['disarm', 'trip']
}

describe('a feinted target against the feinter’s maneuver (§4.11 feint: its next melee attack)', () => {
  it('loses its Dex to the CMD (15 → 13), and the feint is spent by the check', () => {
    const out = run(pair(attacker(), feinted()), act('trip'), [8])
    expect(out.rolls).toEqual(['att:pf1.trip:13/13:true'])
    expect(out.stats('def').effects).toEqual([])
    expect(out.stats('def').conditions).toContain('prone')
  })

  it('a failed check spends it too; another figure’s feint does not count', () => {
    expect(run(pair(attacker(), feinted()), act('trip'), [2]).stats('def').effects).toEqual([])
    const other = run(pair(attacker(), feinted('someone')), act('trip'), [8])
    expect(other.rolls).toEqual(['att:pf1.trip:13/15:false'])
    expect(other.stats('def').effects).toEqual([{ id: 'feinted', until: 'someone', rounds: 2 }])
  })

  it('the odds read the lost Dex as well', () => {
    const odds = maneuverActionOdds(pair(attacker(), feinted()), act('trip'), { 'pf1.aoo#def': 'pass' })
    expect(formatFraction(odds?.headline[0]?.p ?? { n: 0n, d: 1n })).toBe('13/20')
  })
})

describe('weapon traits ([SRD])', () => {
  it('disarm: +2 on disarm checks made with it (a face of 8 reaches CMD 15)', () => {
    expect(run(pair(armed(flail)), act('disarm'), [8]).rolls).toEqual(['att:pf1.disarm:15/15:true'])
    expect(run(pair(armed(longsword)), act('disarm'), [8]).rolls).toEqual(['att:pf1.disarm:13/15:false'])
  })

  const clumsy = { bab: 0, abilities: abilities({ str: 10 }) } // CMB +0: a face of 5 fails CMD 15 by 10

  it.each([
    // weapon, options, tripper prone, weapon still in hand
    [flail, { drop: 1 }, false, false],
    [flail, {}, true, true],
    [longsword, { drop: 1 }, true, true]
  ] as const)(
    'trip failed by 10 with %o, options %o: prone %s, still armed %s',
    (weapon, options, prone, kept) => {
      const out = run(pair(armed(weapon, clumsy)), act('trip', { options }), [5])
      expect(out.stats('att').conditions.includes('prone')).toBe(prone)
      expect(out.stats('att').wielding.main === weapon.id).toBe(kept)
      expect(out.stats('att').weapons.map((w) => w.id)).toEqual([weapon.id])
    }
  )

  it('a trip failed by less than 10 costs nothing, dropping or not', () => {
    const out = run(pair(armed(flail, clumsy)), act('trip', { options: { drop: 1 } }), [6])
    expect(out.stats('att').wielding.main).toBe(flail.id)
    expect(out.stats('att').conditions).toEqual([])
  })

  it('the odds move the self-prone chance to dropping the weapon', () => {
    const pass = { 'pf1.aoo#def': 'pass' }
    const headline = (options: Record<string, number>) =>
      maneuverActionOdds(pair(armed(flail, clumsy)), act('trip', { options }), pass)?.headline.map(
        (h) => `${h.key}=${formatFraction(h.p)}`
      )
    expect(headline({})).toEqual(['success=3/10', 'selfProne=1/4'])
    expect(headline({ drop: 1 })).toEqual(['success=3/10', 'selfProne=0', 'selfDisarm=1/4'])
  })
})
