import { describe, expect, it } from 'vitest'
import { bullRushDistanceFt } from './maneuver-math'
import { abilities, act, attacker, club, defender, run } from './maneuver-fixtures'
import { expireEffects } from './start-turn'
import { dagger, greatsword, longsword, pfState } from './test-fixtures'

// pathfinder1e.md §4.10–4.11 with scripted dice: trip, disarm, sunder, bull rush and feint, their big
// successes and failures, and the target's attack of opportunity whose damage is a penalty on the check.
// The pair is §10 example 7's: att CMB +5 (BAB 3, Str 14) at (5,5), def CMD 15 (BAB 2, Str 12, Dex 14) at (6,5).

const pair = (att = attacker(), def = defender(), opts = {}) => pfState([att, def], opts)

describe('trip (§4.11 [TEXT L445–447])', () => {
  it.each([
    // face, strict (A4), roll line, target prone, attacker prone
    [10, false, 'att:pf1.trip:15/15:true', true],
    [9, false, 'att:pf1.trip:14/15:false', false],
    [10, true, 'att:pf1.trip:15/16:false', false],
    [11, true, 'att:pf1.trip:16/16:true', true]
  ] as const)('face %i (tripStrict %s): %s', (face, tripStrict, line, prone) => {
    const out = run(pair(attacker(), defender(), { settings: { tripStrict } }), act('trip'), [face])
    expect(out.rolls).toEqual([line])
    expect(out.stats('def').conditions.includes('prone')).toBe(prone)
    expect(out.stats('att').conditions).not.toContain('prone')
  })

  it('§4.11: failing by 10 or more knocks the tripper prone (CMB +0: face 5 fails by 10, face 6 by 9)', () => {
    const weak = attacker({ bab: 0, abilities: abilities({ str: 10 }) })
    expect(run(pair(weak), act('trip'), [5]).stats('att').conditions).toEqual(['prone'])
    expect(run(pair(weak), act('trip'), [6]).stats('att').conditions).toEqual([])
  })

  it('§4.10 step 5: a natural 20 trips a CMD out of reach, a natural 1 fails without falling', () => {
    const strong = defender({ bab: 10, abilities: abilities({ str: 20, dex: 14 }) })
    const up = run(pair(attacker(), strong), act('trip'), [20])
    expect(up.rolls).toEqual(['att:pf1.trip:25/27:true'])
    expect(up.stats('def').conditions).toEqual(['prone'])
    const mighty = attacker({ bab: 20, abilities: abilities({ str: 30 }) })
    const down = run(pair(mighty), act('trip'), [1])
    expect(down.rolls).toEqual(['att:pf1.trip:31/15:false'])
    expect(down.stats('att').conditions).toEqual([])
  })

  it('§4.10 step 5: against a helpless target the maneuver succeeds without a roll', () => {
    const asleep = defender({ conditions: ['asleep'] })
    const out = run(pair(attacker(), asleep), act('trip'), [])
    expect(out.rolls).toEqual([])
    expect(out.stats('def').conditions).toContain('prone')
  })
})

describe('the target’s attack of opportunity (§4.10 step 4)', () => {
  const aoo = { 'pf1.aoo#def': 'attack' }

  it('its damage is a penalty on the check: 5 damage turns a 19 into a 14 against CMD 15', () => {
    // def's AoO: d20 15 (+3 = 18 vs AC 10, hits), 1d8+1 = 5; then the trip d20 14: 14 + 5 − 5 = 14.
    const out = run(pair(), act('trip'), [15, 4, 14], aoo)
    expect(out.rolls).toEqual([
      'def:pf1.attack:18/10:true',
      'def:pf1.damage:4/-:true',
      'att:pf1.trip:14/15:false'
    ])
    expect(out.figure('att').life).toBe(15)
    expect(out.stats('def').conditions).toEqual([])
  })

  it('a miss costs nothing; without an answer the attack is not taken', () => {
    expect(run(pair(), act('trip'), [2, 10], aoo).rolls).toEqual([
      'def:pf1.attack:5/10:false',
      'att:pf1.trip:15/15:true'
    ])
    expect(run(pair(), act('trip'), [10]).rolls).toEqual(['att:pf1.trip:15/15:true'])
  })

  it('an attack of opportunity that drops the actor ends the maneuver before its roll', () => {
    const frail = { ...attacker(), life: 4 }
    const out = run(pair(frail), act('trip'), [15, 4], aoo)
    expect(out.figure('att').out).toBe(true)
    expect(out.rolls).toHaveLength(2)
  })

  it('Improved Trip: no attack of opportunity, +2 on the check ([SRD])', () => {
    const out = run(pair(attacker({ feats: ['ImprovedTrip'] })), act('trip'), [8], aoo)
    expect(out.rolls).toEqual(['att:pf1.trip:15/15:true'])
  })
})

describe('disarm (§4.11 [TEXT L449–451])', () => {
  it('success: the target lets go of its weapon, which stays among its weapons', () => {
    const out = run(pair(), act('disarm'), [10])
    expect(out.stats('def').wielding).toEqual({ main: null, off: null })
    expect(out.stats('def').weapons.map((w) => w.id)).toEqual([longsword.id])
  })

  it('a two-handed grip lets go entirely; beating the CMD by 10 empties both hands', () => {
    const twoHanded = defender({ weapons: [greatsword], wielding: { main: greatsword.id, off: null } })
    expect(run(pair(attacker(), twoHanded), act('disarm'), [10]).stats('def').wielding).toEqual({
      main: null,
      off: null
    })
    const twoWeapons = defender({
      weapons: [longsword, dagger],
      wielding: { main: longsword.id, off: dagger.id }
    })
    expect(run(pair(attacker(), twoWeapons), act('disarm'), [19]).stats('def').wielding).toEqual({
      main: null,
      off: dagger.id
    })
    expect(run(pair(attacker(), twoWeapons), act('disarm'), [20]).stats('def').wielding).toEqual({
      main: null,
      off: null
    })
  })

  it('failing by 10 or more, the disarmer drops its own weapon', () => {
    const weak = attacker({ bab: 0, abilities: abilities({ str: 10 }) })
    expect(run(pair(weak), act('disarm'), [5]).stats('att').wielding.main).toBeNull()
    expect(run(pair(weak), act('disarm'), [6]).stats('att').wielding.main).toBe(longsword.id)
  })

  it('unarmed: −4 on the check, and the disarmer takes the weapon up ([TEXT L451])', () => {
    const bare = attacker({ weapons: [], wielding: { main: null, off: null } })
    expect(run(pair(bare), act('disarm'), [13]).rolls).toEqual(['att:pf1.disarm:14/15:false'])
    const out = run(pair(bare), act('disarm'), [14])
    expect(out.stats('att').wielding.main).toBe(longsword.id)
    expect(out.stats('att').weapons.map((w) => w.id)).toEqual([longsword.id])
    expect(out.stats('def').weapons).toEqual([])
  })
})

describe('sunder (§4.11 [TEXT L473–475])', () => {
  const clubber = () => defender({ weapons: [club], wielding: { main: club.id, off: null } })

  it('damage beyond the hardness comes off the hit points; at half or fewer the weapon is broken', () => {
    // Longsword 1d8+2: 8 + 2 = 10, less hardness 5 = 5 of 10 hp.
    const out = run(pair(attacker(), clubber()), act('sunder'), [10, 8])
    expect(out.rolls).toEqual(['att:pf1.sunder:15/15:true', 'att:pf1.damage:8/-:true'])
    expect(out.stats('def').weapons[0]).toMatchObject({ id: club.id, hpLeft: 5, broken: true })
    const scratch = run(pair(attacker(), clubber()), act('sunder'), [10, 3])
    expect(scratch.stats('def').weapons[0]).toMatchObject({ hpLeft: 10, broken: false })
  })

  it('damage past its last hit point destroys it, unless the attacker spares it at 1 hp, broken', () => {
    const frail = defender({ weapons: [{ ...club, hp: 4 }], wielding: { main: club.id, off: null } })
    const gone = run(pair(attacker(), frail), act('sunder'), [10, 8])
    expect(gone.stats('def').weapons).toEqual([])
    expect(gone.stats('def').wielding.main).toBeNull()
    const kept = run(pair(attacker(), frail), act('sunder', { options: { keep: 1 } }), [10, 8])
    expect(kept.stats('def').weapons[0]).toMatchObject({ hpLeft: 1, broken: true })
  })

  it('a failed check rolls no damage', () => {
    expect(run(pair(attacker(), clubber()), act('sunder'), [9]).rolls).toEqual(['att:pf1.sunder:14/15:false'])
  })
})

describe('bull rush (§4.11 [TEXT L453–457])', () => {
  const pusher = () => attacker({ bab: 5 }) // CMB +7

  it('pathfinder1e example 7 bull rush: beating the CMD by 12 pushes 15 ft', () => {
    expect(bullRushDistanceFt(12)).toBe(15)
    const out = run(pair(pusher()), act('bullRush'), [20])
    expect(out.rolls).toEqual(['att:pf1.bullRush:27/15:true'])
    expect(out.events).toContainEqual({
      type: 'pushed',
      id: 'def',
      from: { x: 6, y: 5, z: 0 },
      to: { x: 9, y: 5, z: 0 }
    })
  })

  it('5 ft on a bare success; nothing on a failure', () => {
    expect(run(pair(pusher()), act('bullRush'), [8]).figure('def').pos).toMatchObject({ x: 7, y: 5 })
    expect(run(pair(pusher()), act('bullRush'), [7]).events.some((e) => e.type === 'pushed')).toBe(false)
  })

  it('never into a wall, a creature or off the board: the push stops short and says why', () => {
    const walled = run(pair(pusher(), defender(), { blocks: [[8, 5]] }), act('bullRush'), [20])
    expect(walled.figure('def').pos).toMatchObject({ x: 7, y: 5 })
    expect(walled.events).toContainEqual({
      type: 'collided',
      id: 'def',
      at: { x: 8, y: 5, z: 0 },
      obstacle: 'block'
    })
    // A creature in the way is bull-rushed in turn (maneuver-bull-rush.test.ts); a failed check stops the push.
    const crowd = pfState([pusher(), defender(), defender({}, { x: 8, y: 5 }, 'ally')])
    expect(run(crowd, act('bullRush'), [20, 2]).events).toContainEqual({
      type: 'collided',
      id: 'def',
      at: { x: 8, y: 5, z: 0 },
      obstacle: 'figure'
    })
    const edge = run(
      pair(attacker({ bab: 5 }, { x: 27, y: 5 }), defender({}, { x: 28, y: 5 })),
      act('bullRush'),
      [20]
    )
    expect(edge.figure('def').pos).toMatchObject({ x: 29, y: 5 })
    expect(edge.events).toContainEqual({
      type: 'collided',
      id: 'def',
      at: { x: 30, y: 5, z: 0 },
      obstacle: 'edge'
    })
  })

  it('straight away from the attacker, diagonals counted 1-2-1 (§2): 15 ft diagonally is 2 squares', () => {
    const out = run(pair(pusher(), defender({}, { x: 6, y: 6 })), act('bullRush'), [20])
    expect(out.figure('def').pos).toMatchObject({ x: 8, y: 8 })
  })
})

describe('feint (§4.11 [SRD; TEXT L477])', () => {
  const bluffer = () => attacker({ skills: { bluff: 5 } })

  it('Bluff against 10 + BAB + Wis: success leaves the target feinted until the feinter’s next turn is over', () => {
    const out = run(pair(bluffer()), act('feint'), [7])
    expect(out.rolls).toEqual(['att:pf1.feint:12/12:true'])
    const effects = out.stats('def').effects
    expect(effects).toEqual([{ id: 'feinted', until: 'att', rounds: 2 }])
    // The feinter's next turn opens: still feinted through it; the turn after, gone.
    const next = expireEffects(effects, 'att')
    expect(next).toEqual([{ id: 'feinted', until: 'att', rounds: 1 }])
    expect(expireEffects(next, 'att')).toEqual([])
    expect(run(pair(bluffer()), act('feint'), [6]).stats('def').effects).toEqual([])
  })

  it('a skill check: a natural 20 is no success; Sense Motive sets the DC when higher', () => {
    const wary = defender({ skills: { senseMotive: 20 } })
    expect(run(pair(attacker(), wary), act('feint'), [20]).rolls).toEqual(['att:pf1.feint:20/30:false'])
  })

  it('−4 against non-humanoids, −8 against animal intelligence', () => {
    const beast = defender({ creatureType: 'magicalBeast' })
    expect(run(pair(bluffer(), beast), act('feint'), [11]).rolls).toEqual(['att:pf1.feint:12/12:true'])
    const wolf = defender({ creatureType: 'animal', abilities: abilities({ str: 12, dex: 14, int: 2 }) })
    expect(run(pair(bluffer(), wolf), act('feint'), [15]).rolls).toEqual(['att:pf1.feint:12/12:true'])
  })
})
