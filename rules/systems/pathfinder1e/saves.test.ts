import { describe, expect, it } from 'vitest'
import { formatFraction } from '../../core/fraction'
import { forcedDice } from '../../core/rng'
import { checkChance, rollCheck, rollSave, saveBonus, saveChance } from './saves'
import { readStats, type PfStats } from './stats'
import { pfFigure } from './test-fixtures'

// pathfinder1e.md §4.9 (saves: natural 1 fails, natural 20 succeeds; cover adds to Reflex) and §5 (the
// stabilization Con check, where a natural 20 always succeeds).

const base = readStats(pfFigure('x'))
const hero = (stats: Partial<PfStats> = {}) =>
  pfFigure('h', {
    stats: {
      saves: { fort: 2, ref: 1, will: 3 },
      abilities: { ...base.abilities, con: 14, dex: 16, wis: 8 },
      ...stats
    }
  })

describe('saveBonus (§4.9)', () => {
  it.each<[string, Partial<PfStats>, 'fort' | 'ref' | 'will', number, number]>([
    ['Fortitude: base + Con', {}, 'fort', 0, 4],
    ['Reflex: base + Dex', {}, 'ref', 0, 4],
    ['Will: base + Wis', {}, 'will', 0, 2],
    ['§4.6 cover adds to Reflex', {}, 'ref', 2, 6],
    ['cover does not add to Fortitude', {}, 'fort', 2, 4],
    ['[SRD] shaken −2', { conditions: ['shaken'] }, 'will', 0, 0],
    ['§4.8 helpless: Dex 0 (−5) on Reflex', { conditions: ['paralyzed'] }, 'ref', 0, -4],
    ['grappled: Dex −4 on Reflex', { conditions: ['grappled'] }, 'ref', 0, 2]
  ])('%s', (_title, stats, save, cover, expected) => {
    expect(saveBonus(hero(stats), save, cover)).toBe(expected)
  })
})

describe('saveChance and checkChance', () => {
  it.each([
    [5, 15, '11/20'],
    [0, 25, '1/20'],
    [30, 10, '19/20'],
    [0, 21, '1/20']
  ])('save +%i vs DC %i: %s', (bonus, dc, p) => {
    expect(formatFraction(saveChance(bonus, dc))).toBe(p)
  })

  it.each([
    [0, 25, false, '0'],
    [0, 25, true, '1/20'],
    [30, 10, false, '1'],
    [-5, 10, true, '3/10']
  ])('check +%i vs DC %i (natural 20 succeeds: %s): %s', (bonus, dc, nat20, p) => {
    expect(formatFraction(checkChance(bonus, dc, { natural20Succeeds: nat20 }))).toBe(p)
  })
})

describe('rollSave and rollCheck', () => {
  it('§4.9 a natural 1 fails a save whatever the bonus', () => {
    const save = rollSave(forcedDice([1]), 'h', 'pf1.fort', 30, 10)
    expect(save.success).toBe(false)
    expect(save.events).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'h',
        purpose: 'pf1.fort',
        sides: 20,
        result: 31,
        target: 10,
        success: false,
        natural: 'failure'
      }
    ])
  })

  it('§4.9 a natural 20 makes a save whatever the DC', () => {
    const save = rollSave(forcedDice([20]), 'h', 'pf1.will', 0, 40)
    expect(save).toMatchObject({ success: true, natural: 20, total: 20 })
    expect(save.events[0]).toMatchObject({ natural: 'success' })
  })

  it('an ordinary save: total ≥ DC', () => {
    expect(rollSave(forcedDice([10]), 'h', 'pf1.ref', 5, 15).success).toBe(true)
    expect(rollSave(forcedDice([9]), 'h', 'pf1.ref', 5, 15).success).toBe(false)
  })

  it('a check has no automatic results by default', () => {
    expect(rollCheck(forcedDice([20]), 'h', 'pf1.climb', 0, 25).success).toBe(false)
    expect(rollCheck(forcedDice([1]), 'h', 'pf1.climb', 30, 10).success).toBe(true)
  })

  it('§5 the stabilization Con check: a natural 20 always succeeds', () => {
    // Con 10 (+0) at −12 HP: a Con check at −12 against DC 10 succeeds only on a natural 20.
    const check = rollCheck(forcedDice([20]), 'h', 'pf1.stabilize', -12, 10, { natural20Succeeds: true })
    expect(check.success).toBe(true)
    expect(check.events[0]).toMatchObject({ natural: 'success', result: 8 })
  })
})
