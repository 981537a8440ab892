import { describe, expect, it } from 'vitest'
import { constant, die, mapDist, mix, repeatSum } from '../../core/distribution'
import { frac, ONE, ZERO } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action } from '../../core/types'
import { castOdds } from './spell-actions'
import { abilities, castOf, cleric, foe, SPELL, wizard } from './spell-fixtures'
import { pfState } from './test-fixtures'

// Exact odds of casts (issue 9 "Odds and the UI"), as fractions: magic missile's damage distribution, burning
// hands' half-on-a-save mix, P(affected) for hold person and sleep; [SRD] spell data, §4.9 saves.

const line = (odds: ActionOdds | null, key: string) => odds?.headline.find((h) => h.key === key)?.p
const sixteenths = (counts: number[], from: number) => new Map(counts.map((n, i) => [from + i, frac(n, 16)]))

describe('castOdds: magic missile [SRD]', () => {
  it('two missiles: the exact distribution of 2 × (1d4+1), 4..10 as 1,2,3,4,3,2,1 sixteenths; it always hits', () => {
    const odds = castOdds(pfState([wizard(), foe('g', 12, 5)]), castOf(SPELL.missile, { targetId: 'g' }))
    expect(odds?.damage).toEqual(sixteenths([1, 2, 3, 4, 3, 2, 1], 4))
    expect(line(odds, 'hit')).toEqual(ONE)
  })

  it('§5 down and dead: a 6-HP target drops on 7+ (10/16 = 5/8); dies at −10 on 16+ (never)', () => {
    const odds = castOdds(
      pfState([wizard(), foe('g', 12, 5, {}, 6)]),
      castOf(SPELL.missile, { targetId: 'g' })
    )
    expect(line(odds, 'down')).toEqual(frac(5, 8))
    expect(line(odds, 'kill')).toEqual(ZERO)
  })

  it('one missile at caster level 1: 1d4+1 uniform on 2..5', () => {
    const odds = castOdds(
      pfState([wizard({ casterLevel: 1 }), foe('g', 12, 5)]),
      castOf(SPELL.missile, { targetId: 'g' })
    )
    expect(odds?.damage).toEqual(new Map([2, 3, 4, 5].map((v) => [v, frac(1, 4)])))
  })

  it('cast defensively: weighted by the concentration check (d20 + 6 ≥ 17: 1/2)', () => {
    const action = castOf(SPELL.missile, { targetId: 'g', options: { defensive: 1 } })
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5)]), action)
    expect(line(odds, 'concentration')).toEqual(frac(1, 2))
    expect(odds?.damage.get(0)).toEqual(frac(1, 2))
    expect(odds?.damage.get(7)).toEqual(frac(4, 32))
  })
})

describe('castOdds: burning hands [SRD], half on a Reflex save', () => {
  const cone = (targetId: string): Action => castOf(SPELL.burning, { facing: 2, targetId })
  // 3d4 by count of 64: 3..12 as 1, 3, 6, 10, 12, 12, 10, 6, 3, 1.

  it('DC 14 against Ref +0: P(save) = 7/20; the damage mixes halved and full 3d4', () => {
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5)]), cone('g'))
    expect(line(odds, 'save')).toEqual(frac(7, 20))
    const full = repeatSum(die(4), 3)
    expect(odds?.damage).toEqual(
      mix(
        frac(7, 20),
        mapDist(full, (v) => Math.floor(v / 2)),
        full
      )
    )
    expect(odds?.damage.get(1)).toEqual(frac(7, 1280))
    expect(odds?.damage.get(12)).toEqual(frac(13, 1280))
    // 6: a failed save with 6 on the dice, or a save with 12 or 13 on them.
    expect(odds?.damage.get(6)).toEqual(frac(13 * 10 + 7 * 1, 1280))
  })

  it('§4.6 behind a low wall the save gets +2: 9/20', () => {
    const state = pfState([wizard(), foe('h', 8, 5)], {
      settings: { terrain: [{ x: 7, y: 5, kind: 'lowWall' }] }
    })
    expect(line(castOdds(state, cone('h')), 'save')).toEqual(frac(9, 20))
  })

  it('a target outside the cone takes nothing', () => {
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5), foe('k', 9, 5)]), cone('k'))
    expect(odds?.damage).toEqual(constant(0))
  })
})

describe('castOdds: conditions, P(affected) = P(the save fails)', () => {
  it('hold person DC 16 against Will +0: 15/20 = 3/4; Wis 14: 13/20', () => {
    const hold = castOf(SPELL.hold, { targetId: 'g' })
    expect(line(castOdds(pfState([wizard(), foe('g', 12, 5)]), hold), 'affected')).toEqual(frac(3, 4))
    const wise = foe('g', 12, 5, { abilities: abilities({ wis: 14 }) })
    const odds = castOdds(pfState([wizard(), wise]), hold)
    expect(line(odds, 'affected')).toEqual(frac(13, 20))
    expect(odds?.damage).toEqual(constant(0))
  })

  it('sleep: 13/20 for a creature the 4 HD reach; 0 for one they do not', () => {
    const figures = [
      wizard(),
      foe('s1', 11, 4),
      foe('s3', 12, 5, { level: 3 }),
      foe('s2', 11, 5, { level: 2 })
    ]
    const aim = { path: [{ x: 12, y: 5, z: 0 }] }
    const state = pfState(figures)
    expect(line(castOdds(state, castOf(SPELL.sleep, { ...aim, targetId: 's1' })), 'affected')).toEqual(
      frac(13, 20)
    )
    expect(line(castOdds(state, castOf(SPELL.sleep, { ...aim, targetId: 's3' })), 'affected')).toEqual(ZERO)
  })
})

describe('castOdds: cure light wounds on the undead [SRD]', () => {
  it('touch +0 vs touch AC 10: hit 11/20 (no crits on the immune); then Will DC 14 halves with 7/20', () => {
    const skeleton = foe('z', 6, 6, {
      creatureType: 'undead',
      immuneCrit: true,
      abilities: abilities({ con: 0, int: 0 })
    })
    const odds = castOdds(pfState([cleric(), skeleton]), castOf(SPELL.cure, { targetId: 'z' }, 'c'))
    expect(line(odds, 'hit')).toEqual(frac(11, 20))
    expect(line(odds, 'save')).toEqual(frac(7, 20))
    expect(odds?.damage.get(0)).toEqual(frac(9, 20))
    // 11: a hit, 8 on the d8, and a failed save.
    expect(odds?.damage.get(11)).toEqual(frac(11 * 13, 20 * 20 * 8))
  })
})

describe('castOdds: no chance in it', () => {
  it('cure light wounds: headline heal, damage 0 (the AI does not value healing yet)', () => {
    const state = pfState([cleric(), wizard({}, { life: 10, lifeMax: 20 })])
    expect(castOdds(state, castOf(SPELL.cure, { targetId: 'w' }, 'c'))).toEqual({
      headline: [{ key: 'heal', p: ONE }],
      damage: constant(0)
    })
  })

  it('mage armor, a cast without a target, and an illegal cast: null', () => {
    const state = pfState([wizard(), foe('g', 40, 5)], { width: 60 })
    expect(castOdds(state, castOf(SPELL.armor, { targetId: 'w' }))).toBeNull()
    expect(castOdds(state, castOf(SPELL.missile))).toBeNull()
    expect(castOdds(state, castOf(SPELL.missile, { targetId: 'g' }))).toBeNull()
  })
})
