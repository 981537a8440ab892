import { describe, expect, it } from 'vitest'
import { constant, die, convolve, mix, type Dist } from '../../core/distribution'
import { add, formatFraction, frac, mul, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action } from '../../core/types'
import { maneuverActionOdds } from './maneuver-actions'
import { act, attacker, club, defender, run } from './maneuver-fixtures'
import { longsword, pfState } from './test-fixtures'

// Exact maneuver odds (issue 9 "Odds and the UI"; pathfinder1e.md §4.10–4.11, §10 example 7), as fractions.

const f = (p: Fraction | undefined) => (p ? formatFraction(p) : 'none')
const line = (odds: ActionOdds | null, key: string) => f(odds?.headline.find((h) => h.key === key)?.p)
const keys = (odds: ActionOdds | null) => odds?.headline.map((h) => h.key)
const pass = { 'pf1.aoo#def': 'pass' }
const distText = (d: Dist) =>
  [...d]
    .sort(([a], [b]) => a - b)
    .map(([v, p]) => `${v}:${f(p)}`)
    .join(' ')

describe('maneuverActionOdds', () => {
  const state = pfState([attacker(), defender()])

  it('pathfinder1e example 7 through the action: trip at CMB +5 against CMD 15 is 11/20; strict 10/20', () => {
    const odds = maneuverActionOdds(state, act('trip'), pass)
    expect(keys(odds)).toEqual(['success', 'selfProne'])
    expect(line(odds, 'success')).toBe('11/20')
    // The minimum total, 6, fails by 9: the attacker never falls prone.
    expect(line(odds, 'selfProne')).toBe('0')
    expect(distText(odds?.damage ?? new Map())).toBe('0:1')
    const strict = pfState([attacker(), defender()], { settings: { tripStrict: true } })
    expect(line(maneuverActionOdds(strict, act('trip'), pass), 'success')).toBe('1/2')
  })

  it('A10: +2 to the CMD per leg beyond two; §4.10 step 5: flanking adds to the check as to any attack', () => {
    const wolf = pfState([attacker(), defender({ legs: 4 })])
    expect(line(maneuverActionOdds(wolf, act('trip'), pass), 'success')).toBe('7/20')
    const flanked = pfState([attacker(), defender(), attacker({}, { x: 7, y: 5 }, 'ally')])
    expect(line(maneuverActionOdds(flanked, act('trip'), pass), 'success')).toBe('13/20')
  })

  it('bull rush at CMB +7: 10 ft on a margin of 5 (8/20), 15 ft on 10 (3/20)', () => {
    const odds = maneuverActionOdds(pfState([attacker({ bab: 5 }), defender()]), act('bullRush'), pass)
    expect([line(odds, 'success'), line(odds, 'push10'), line(odds, 'push15')]).toEqual([
      '13/20',
      '2/5',
      '3/20'
    ])
  })

  it('the target’s attack of opportunity, exactly: its damage mixed in as a penalty (§4.10 step 4)', () => {
    // def swings a 1-damage weapon (+1 Str = 2; a confirmed 20 doubles it to 4) at +3 against AC 10.
    const stick = { ...longsword, id: 'pf1:stick', damage: '1', critRange: 20 }
    const armed = pfState([
      attacker(),
      defender({ weapons: [stick], wielding: { main: stick.id, off: null } })
    ])
    const miss = frac(6, 20)
    const crit = mul(frac(1, 20), frac(14, 20))
    const hit = frac(14 * 20 - 14, 400)
    const expected = add(add(mul(miss, frac(11, 20)), mul(hit, frac(9, 20))), mul(crit, frac(7, 20)))
    expect(f(expected)).toBe('953/2000')
    // Unanswered, the target is taken to attack (the reaction's default).
    expect(line(maneuverActionOdds(armed, act('trip'), {}), 'success')).toBe('953/2000')
    expect(line(maneuverActionOdds(armed, act('trip'), pass), 'success')).toBe('11/20')
    // An attacker at 1 hp is dropped by any hit: only the misses leave it a roll.
    const frail = pfState([{ ...attacker(), life: 1 }, armed.combatants[1]!])
    expect(line(maneuverActionOdds(frail, act('trip'), {}), 'success')).toBe('33/200')
  })

  it('§4.5: concealment (fog on the target) takes 20% off every success', () => {
    const fog = pfState([attacker(), defender()], { settings: { terrain: [{ x: 6, y: 5, kind: 'fog' }] } })
    expect(line(maneuverActionOdds(fog, act('trip'), pass), 'success')).toBe('11/25')
    // And the roll: a success then loses the d100 at 20 or less.
    const out = run(fog, act('trip'), [10, 20])
    expect(out.rolls).toEqual(['att:pf1.trip:15/15:true', 'att:pf1.miss-chance:20/21:false'])
    expect(out.stats('def').conditions).toEqual([])
  })

  it('disarm and sunder read their scaled outcomes', () => {
    const disarm = maneuverActionOdds(state, act('disarm'), pass)
    expect([line(disarm, 'success'), line(disarm, 'bothHands'), line(disarm, 'selfDisarm')]).toEqual([
      '11/20',
      '1/20',
      '0'
    ])
    const clubbed = pfState([
      attacker(),
      defender({ weapons: [club], wielding: { main: club.id, off: null } })
    ])
    const sunder = maneuverActionOdds(clubbed, act('sunder'), pass)
    // 1d8+2 − hardness 5 leaves 10 hp at half or less only on an 8.
    expect([line(sunder, 'success'), line(sunder, 'broken'), line(sunder, 'destroyed')]).toEqual([
      '11/20',
      '11/160',
      '0'
    ])
  })

  it('overrun: prone on a margin of 5; a target that avoids lets the mover through', () => {
    const action = act('overrun', { path: [6, 7].map((x) => ({ x, y: 5, z: 0 })) })
    const odds = maneuverActionOdds(state, action, { ...pass, 'pf1.overrun': 'block' })
    expect([line(odds, 'success'), line(odds, 'prone')]).toEqual(['11/20', '3/10'])
    const avoided = maneuverActionOdds(state, action, { ...pass, 'pf1.overrun': 'avoid' })
    expect([line(avoided, 'success'), line(avoided, 'prone')]).toEqual(['1', '0'])
  })

  it('feint: Bluff +5 against DC 12 is 7/10; impossible against the mindless', () => {
    expect(
      line(
        maneuverActionOdds(pfState([attacker({ skills: { bluff: 5 } }), defender()]), act('feint')),
        'success'
      )
    ).toBe('7/10')
    const mindless = defender({ abilities: { str: 12, dex: 14, con: 10, int: 0, wis: 10, cha: 10 } })
    expect(line(maneuverActionOdds(pfState([attacker(), mindless]), act('feint')), 'success')).toBe('0')
  })

  it('grapple options: damage is the success chance times the weapon’s damage; escape and release', () => {
    const bare = attacker({
      weapons: [],
      wielding: { main: null, off: null },
      feats: ['ImprovedUnarmedStrike']
    })
    const held = run(pfState([bare, defender()]), act('grapple'), [20]).state
    const damage = maneuverActionOdds(held, act('grappleMaintain', { options: { option: 'damage' } }))
    // +5 +5 against CMD 13: faces 3–20, 9/10; unarmed 1d3 + 2, lethal with Improved Unarmed Strike.
    expect(line(damage, 'success')).toBe('9/10')
    expect(distText(damage?.damage ?? new Map())).toBe(
      distText(mix(frac(9, 10), convolve(die(3), constant(2)), constant(0)))
    )
    const pin = maneuverActionOdds(held, act('grappleMaintain', { options: { option: 'pin' } }))
    expect([line(pin, 'success'), line(pin, 'pin')]).toEqual(['9/10', '9/10'])
    expect(
      line(maneuverActionOdds(held, act('grappleMaintain', { options: { option: 'release' } })), 'success')
    ).toBe('1')
    // def breaks free with CMB +3 against att's CMD 13: faces 10–20.
    expect(line(maneuverActionOdds(held, { kind: 'escape', actorId: 'def' }), 'success')).toBe('11/20')
  })

  it('null for kinds that are not maneuvers', () => {
    const attack: Action = act('attack')
    expect(maneuverActionOdds(state, attack)).toBeNull()
  })
})
