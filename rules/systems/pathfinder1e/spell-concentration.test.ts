import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../core/events'
import { castOf, foe, rolls, runCast, SPELL, wizard } from './spell-fixtures'
import { pfState } from './test-fixtures'

// Casting under threat (pathfinder1e.md §3.4 (b); the concentration minimum of §0 [SRD]), with scripted dice:
// the reactions a cast provokes fire first, each hurt calls for a concentration check (DC 10 + damage + spell
// level), a defensive cast checks DC 15 + 2 × spell level instead of provoking. The wizard is caster level 3
// with Int 16: concentration d20 + 6.

const damaged = (events: readonly GameEvent[]) =>
  events.flatMap((e) => (e.type === 'damaged' ? [[e.id, e.amount] as const] : []))
const missile = castOf(SPELL.missile, { targetId: 'g' })
const defensively = (a: typeof missile) => ({ ...a, options: { ...a.options, defensive: 1 } })

describe('casting under threat (§3.4 (b), concentration [SRD])', () => {
  // The goblin beside the wizard: longsword +0 against AC 10.
  const threatened = (stats = {}, life = 20) => pfState([wizard(stats, { life }), foe('g', 6, 5)])
  const attack = { 'pf1.aoo#g': 'attack' }

  it('the attack of opportunity comes first; hurt for 6, the caster fails DC 10 + 6 + 1 = 17 and loses the spell', () => {
    // AoO d20 15 hits, 1d8 = 6; concentration d20 10 + 6 = 16.
    const out = runCast(threatened(), missile, [15, 6, 10], attack)
    expect(rolls(out.events, 'pf1.concentration')[0]).toMatchObject({
      actorId: 'w',
      result: 16,
      target: 17,
      success: false
    })
    expect(damaged(out.events)).toEqual([['w', 6]])
    expect(out.stats('w').spells?.find((s) => s.id === SPELL.missile)?.uses).toBe(1)
  })

  it('passing the check (17), the spell goes off', () => {
    const out = runCast(threatened(), missile, [15, 6, 11, 3, 4], attack)
    expect(damaged(out.events)).toEqual([
      ['w', 6],
      ['g', 9]
    ])
  })

  it('an attack of opportunity that misses asks for no check; a passed one provokes nothing', () => {
    expect(damaged(runCast(threatened(), missile, [5, 3, 4], attack).events)).toEqual([['g', 9]])
    expect(damaged(runCast(threatened(), missile, [3, 4], { 'pf1.aoo#g': 'pass' }).events)).toEqual([
      ['g', 9]
    ])
  })

  it('each hurt is its own check: 2 then 3 damage, DC 13 passed, DC 14 failed', () => {
    const state = pfState([wizard(), foe('g', 6, 5), foe('h', 4, 4)])
    const out = runCast(state, missile, [15, 2, 7, 15, 3, 7], { ...attack, 'pf1.aoo#h': 'attack' })
    expect(rolls(out.events, 'pf1.concentration').map((r) => [r.target, r.success])).toEqual([
      [13, true],
      [14, false]
    ])
    expect(damaged(out.events)).toEqual([
      ['w', 2],
      ['w', 3]
    ])
  })

  it('a caster knocked out by the attack loses the spell without a check', () => {
    const out = runCast(threatened({}, 5), missile, [15, 8], attack)
    expect(out.figure('w').out).toBe(true)
    expect(rolls(out.events, 'pf1.concentration')).toEqual([])
  })

  it('cast defensively: no attack, a concentration check DC 15 + 2 × 1 = 17', () => {
    const pass = runCast(threatened(), defensively(missile), [11, 3, 4], attack)
    expect(rolls(pass.events, 'pf1.concentration')[0]).toMatchObject({
      result: 17,
      target: 17,
      success: true
    })
    expect(rolls(pass.events, 'pf1.attack')).toEqual([])
    expect(damaged(pass.events)).toEqual([['g', 9]])
    const fail = runCast(threatened(), defensively(missile), [10], attack)
    expect(damaged(fail.events)).toEqual([])
    expect(fail.stats('w').spells?.find((s) => s.id === SPELL.missile)?.uses).toBe(1)
  })

  it('Combat Casting adds +4 to cast defensively; the concentration skill total replaces CL + Int', () => {
    const feat = runCast(threatened({ feats: ['CombatCasting'] }), defensively(missile), [7, 3, 4])
    expect(rolls(feat.events, 'pf1.concentration')[0]).toMatchObject({ result: 17, success: true })
    const skill = runCast(threatened({ skills: { concentration: 9 } }), defensively(missile), [8, 3, 4])
    expect(rolls(skill.events, 'pf1.concentration')[0]).toMatchObject({ result: 17, success: true })
  })

  it('a 3rd-level spell cast defensively: DC 21', () => {
    const out = runCast(threatened(), defensively(castOf(SPELL.hold, { targetId: 'g' })), [15, 1])
    expect(rolls(out.events, 'pf1.concentration')[0]).toMatchObject({ result: 21, target: 21, success: true })
  })

  it('[SRD] entangled: a concentration check DC 15 + spell level', () => {
    const out = runCast(pfState([wizard({ conditions: ['entangled'] }), foe('g', 12, 5)]), missile, [9, 3, 4])
    expect(rolls(out.events, 'pf1.concentration')[0]).toMatchObject({
      result: 15,
      target: 16,
      success: false
    })
    expect(damaged(out.events)).toEqual([])
  })

  it('a readied attack on "casts" still fires at a defensive caster (§3.2 Ready), and its damage needs a check', () => {
    const ready = foe('g', 6, 5, { readied: { action: 'attack', trigger: 'casts' } })
    const state = { ...pfState([wizard(), ready]), initiative: { w: 15, g: 10 } }
    const out = runCast(state, defensively(missile), [15, 2, 10, 11, 3, 4], { 'pf1.ready#g': 'fire' })
    expect(rolls(out.events, 'pf1.concentration').map((r) => [r.target, r.success])).toEqual([
      [13, true],
      [17, true]
    ])
    expect(damaged(out.events)).toEqual([
      ['w', 2],
      ['g', 9]
    ])
  })
})
