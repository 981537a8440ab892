import { describe, expect, it } from 'vitest'
import { constant, die, mapDist, mix, repeatSum } from '../../core/distribution'
import { frac } from '../../core/fraction'
import type { Action } from '../../core/types'
import { pathfinder1e } from '.'
import { withTurn } from './flow-fixtures'
import { castOdds } from './spell-actions'
import { abilities, castOf, foe, SPELL, wizard } from './spell-fixtures'
import { pfFigure, pfState } from './test-fixtures'

// `ActionOdds.also` of area spells ([SRD] burning hands: a 15-ft cone, Reflex half; sleep: a 10-ft burst,
// 4 HD fewest first) with pathfinder1e.md §4.9 saves (d20 + bonus ≥ DC, natural 1 fails, 20 succeeds),
// and `deferred` on the start of a full-round action (§3.2 restricted turns).

const cone = (targetId: string): Action => castOf(SPELL.burning, { facing: 2, targetId })
const full = repeatSum(die(4), 3)
/** 3d4, halved (rounded down) with probability `saves`, as the spell says. */
const halfOnSave = (saves: ReturnType<typeof frac>) =>
  mix(
    saves,
    mapDist(full, (v) => Math.floor(v / 2)),
    full
  )
const alsoOf = (odds: ReturnType<typeof castOdds>) =>
  new Map((odds?.also ?? []).map((h) => [h.targetId, h.damage]))

describe('burning hands: every other figure in the cone, each with its own Reflex save (§4.9)', () => {
  it('DC 14: Ref +0 saves on 14+ (7/20), Dex 14 (+2) on 12+ (9/20); the target itself is not repeated', () => {
    const nimble = foe('n', 7, 4, { abilities: abilities({ dex: 14 }) })
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5), nimble, foe('k', 7, 6)]), cone('g'))
    const also = alsoOf(odds)
    expect([...also.keys()].sort()).toEqual(['k', 'n'])
    expect(also.get('k')).toEqual(halfOnSave(frac(7, 20)))
    expect(also.get('n')).toEqual(halfOnSave(frac(9, 20)))
    // 1 HP lost only on a save with 3 on the dice: 9/20 × 1/64.
    expect(also.get('n')?.get(1)).toEqual(frac(9, 1280))
  })

  it('an ally in the cone is listed too (friendly fire), a figure outside it is not', () => {
    const ally = pfFigure('ally', { pos: { x: 7, y: 5 }, side: 'a', life: 20 })
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5), ally, foe('far', 12, 5)]), cone('g'))
    expect([...alsoOf(odds).keys()]).toEqual(['ally'])
    expect(alsoOf(odds).get('ally')).toEqual(halfOnSave(frac(7, 20)))
  })

  it('a target outside the cone takes nothing, and the figures inside are all in `also`', () => {
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5), foe('k', 9, 5)]), cone('k'))
    expect(odds?.damage).toEqual(constant(0))
    expect([...alsoOf(odds).keys()]).toEqual(['g'])
  })

  it('cast defensively, every figure is weighted by the concentration check (d20 + 6 ≥ 17: 1/2)', () => {
    const action = { ...cone('g'), options: { ...cone('g').options, defensive: 1 } }
    const odds = castOdds(pfState([wizard(), foe('g', 6, 5), foe('k', 7, 5)]), action)
    expect(alsoOf(odds).get('k')).toEqual(mix(frac(1, 2), halfOnSave(frac(7, 20)), constant(0)))
  })

  it('alone in the cone: no `also`', () => {
    expect(castOdds(pfState([wizard(), foe('g', 6, 5)]), cone('g'))?.also).toBeUndefined()
  })
})

describe('sleep: the other figures its Hit Dice reach, dealing no damage', () => {
  it('4 HD: s1 (1 HD) and s2 (2 HD) are caught, s3 (3 HD) is beyond the budget', () => {
    const figures = [
      wizard(),
      foe('s1', 11, 4),
      foe('s3', 12, 5, { level: 3 }),
      foe('s2', 11, 5, { level: 2 })
    ]
    const aim = { path: [{ x: 12, y: 5, z: 0 }] }
    const odds = castOdds(pfState(figures), castOf(SPELL.sleep, { ...aim, targetId: 's1' }))
    expect(odds?.also).toEqual([{ targetId: 's2', damage: constant(0) }])
  })
})

describe('deferred: a full-round action only started on a restricted turn (§3.2)', () => {
  it('the start of a coup de grace carries its completion odds, marked deferred; a normal one is not', () => {
    const s = withTurn(
      {
        ...pfState(
          [
            pfFigure('goblin', { side: 'b', pos: { x: 6, y: 5 } }),
            pfFigure('hero', { pos: { x: 5, y: 5 }, stats: { conditions: ['asleep'] } })
          ],
          { initiative: { goblin: 15, hero: 10 }, settings: { gmPrompts: 'auto' } }
        ),
        surprised: ['hero']
      },
      'goblin'
    )
    const plain: Action = { kind: 'coupDeGrace', actorId: 'goblin', targetId: 'hero' }
    const start = { ...plain, options: { start: 1 } }
    const started = pathfinder1e.odds(s, start)
    expect(started?.deferred).toBe(true)
    const now = pathfinder1e.odds(s, plain)
    expect(now?.deferred).toBeUndefined()
    expect(started?.damage).toEqual(now?.damage)
  })
})
