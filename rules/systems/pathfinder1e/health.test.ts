import { describe, expect, it } from 'vitest'
import { canAct, healthOf, isOutState, lifeMinFor, type HealthState } from './health'
import { basePfStats, pfFigure, type PfFigurePatch } from './test-fixtures'
import type { PfStats } from './stats'

const abilities = (con: number): PfStats['abilities'] => ({ ...basePfStats.abilities, con })

describe('healthOf (pathfinder1e.md §5)', () => {
  const rows: Array<{ rule: string; patch: PfFigurePatch; state: HealthState }> = [
    { rule: '§5 HP > 0: normal', patch: { life: 10 }, state: 'healthy' },
    { rule: '§5 [TEXT L251] HP = 0: disabled', patch: { life: 0, lifeMax: 10 }, state: 'disabled' },
    { rule: '§5 [TEXT L253] −Con < HP < 0: dying', patch: { life: -1, lifeMax: 10 }, state: 'dying' },
    { rule: '§5 [TEXT L253] one above −Con: dying', patch: { life: -9, lifeMax: 10 }, state: 'dying' },
    { rule: '§5 [TEXT L255] HP = −Con: dead', patch: { life: -10, lifeMax: 10 }, state: 'dead' },
    {
      rule: '§5 [SRD] stable below 0',
      patch: { life: -3, lifeMax: 10, stats: { conditions: ['unconscious', 'stable'] } },
      state: 'stable'
    },
    {
      rule: '§5 massive damage: dead at any HP',
      patch: { life: 30, stats: { conditions: ['dead'] } },
      state: 'dead'
    },
    {
      rule: '§5 [TEXT L281] nonlethal = HP: staggered',
      patch: { life: 5, lifeMax: 10, stats: { nonlethal: 5 } },
      state: 'staggered'
    },
    {
      rule: '§5 [TEXT L283] nonlethal > HP: unconscious',
      patch: { life: 5, lifeMax: 10, stats: { nonlethal: 6 } },
      state: 'unconscious'
    },
    {
      rule: '§5 nonlethal at 0 HP: unconscious',
      patch: { life: 0, lifeMax: 10, stats: { nonlethal: 1 } },
      state: 'unconscious'
    },
    {
      rule: '§6 staggered by another source',
      patch: { stats: { conditions: ['staggered'] } },
      state: 'staggered'
    },
    {
      rule: '§5 [TEXT L255] Con 12: −11 dying',
      patch: { life: -11, lifeMax: 40, stats: { abilities: abilities(12) } },
      state: 'dying'
    },
    {
      rule: '§5 [TEXT L255] Con 12: −12 dead',
      patch: { life: -12, lifeMax: 40, stats: { abilities: abilities(12) } },
      state: 'dead'
    }
  ]
  it.each(rows)('$rule', ({ patch, state }) => {
    expect(healthOf(pfFigure('x', patch))).toBe(state)
  })

  it('§5 [TEXT L255] the floor is −Con score; a Con 0 creature (undead) falls at 0', () => {
    expect(lifeMinFor({ ...basePfStats, abilities: abilities(12) })).toBe(-12)
    expect(lifeMinFor({ ...basePfStats, abilities: abilities(0) })).toBe(0)
    const undead = { ...pfFigure('z', { stats: { abilities: abilities(0) } }), lifeMin: undefined, life: 0 }
    expect(healthOf(undead)).toBe('dead')
  })

  it('out of the fight: dying, stable, unconscious and dead', () => {
    const out: HealthState[] = ['dying', 'stable', 'unconscious', 'dead']
    const inFight: HealthState[] = ['healthy', 'staggered', 'disabled']
    expect(out.every(isOutState)).toBe(true)
    expect(inFight.some(isOutState)).toBe(false)
  })
})

describe('canAct (§5, §6)', () => {
  const rows: Array<{ rule: string; patch: PfFigurePatch; out?: boolean; can: boolean }> = [
    { rule: 'healthy', patch: {}, can: true },
    { rule: '§5 staggered acts (restricted)', patch: { life: 5, stats: { nonlethal: 5 } }, can: true },
    { rule: '§5 disabled acts (restricted)', patch: { life: 0, lifeMax: 10 }, can: true },
    { rule: '§5 dying', patch: { life: -2, lifeMax: 10 }, out: true, can: false },
    {
      rule: '§5 unconscious by nonlethal',
      patch: { life: 5, stats: { nonlethal: 7 } },
      out: true,
      can: false
    },
    { rule: '§6 paralyzed', patch: { stats: { conditions: ['paralyzed'] } }, can: false },
    { rule: '§6 asleep', patch: { stats: { conditions: ['asleep'] } }, can: false },
    { rule: '§6 stunned', patch: { stats: { conditions: ['stunned'] } }, can: false },
    {
      rule: '§6 held (hold person)',
      patch: { stats: { effects: [{ id: 'held', until: 'caster', rounds: 3, dc: 14 }] } },
      can: false
    },
    { rule: 'out of the fight (removed)', patch: {}, out: true, can: false }
  ]
  it.each(rows)('$rule', ({ patch, out, can }) => {
    expect(canAct({ ...pfFigure('x', patch), out: out ?? false })).toBe(can)
  })
})
