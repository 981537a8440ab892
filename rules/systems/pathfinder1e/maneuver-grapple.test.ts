import { describe, expect, it } from 'vitest'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { maneuverActions, validateManeuver } from './maneuver-actions'
import { act, attacker, defender, run } from './maneuver-fixtures'
import { freeSquaresAround, squaresAround } from './maneuver-grapple'
import { readStats, type PfWeapon } from './stats'
import { longsword, pfFigure, pfState } from './test-fixtures'

// pathfinder1e.md §4.11 grapple [TEXT L459; SRD for the options and "if grappled", A11] with scripted dice.
// att: CMB +5, empty hands (no −4); def: CMD 15, 13 once grappled (Dex −4, §4.7), 9 once pinned (−4).

const bare = () => attacker({ weapons: [], wielding: { main: null, off: null } })
const maintain = (option: string, extra: Partial<Action> = {}) =>
  act('grappleMaintain', { options: { option }, ...extra })
const escape: Action = { kind: 'escape', actorId: 'def' }

/** att holding def (both grappled), as a successful grapple leaves them. */
function held(att: Combatant = bare(), def: Combatant = defender()): EncounterState {
  const out = run(pfState([att, def]), act('grapple'), [20])
  expect(out.stats('def').grapple).toEqual({ with: 'att', controls: false })
  return out.state
}

describe('grapple (§4.11)', () => {
  it('success: both grappled, the initiator controls the hold; failure: nothing', () => {
    const out = run(pfState([bare(), defender()]), act('grapple'), [10])
    expect(out.rolls).toEqual(['att:pf1.grapple:15/15:true'])
    expect(out.stats('att')).toMatchObject({
      conditions: ['grappled'],
      grapple: { with: 'def', controls: true }
    })
    expect(out.stats('def')).toMatchObject({
      conditions: ['grappled'],
      grapple: { with: 'att', controls: false }
    })
    const miss = run(pfState([bare(), defender()]), act('grapple'), [9])
    expect(miss.stats('att').grapple).toBeUndefined()
    expect(miss.stats('def').conditions).toEqual([])
  })

  it('a humanoid without both hands free takes −4', () => {
    expect(run(pfState([attacker(), defender()]), act('grapple'), [13]).rolls).toEqual([
      'att:pf1.grapple:14/15:false'
    ])
  })

  const longspear: PfWeapon = { ...longsword, id: 'pf1:longspear', handedness: 'two', reach: true }
  const spearman = () => attacker({ weapons: [longspear], wielding: { main: longspear.id, off: null } })

  it('a target at reach is pulled to the free square beside the grappler nearest to it', () => {
    const out = run(pfState([spearman(), defender({}, { x: 7, y: 5 })]), act('grapple'), [14])
    expect(out.events).toContainEqual({
      type: 'pushed',
      id: 'def',
      from: { x: 7, y: 5, z: 0 },
      to: { x: 6, y: 5, z: 0 }
    })
    expect(out.stats('def').conditions).toEqual(['grappled'])
  })

  it('with no free square beside the grappler, the grapple fails', () => {
    const ring = squaresAround(spearman(), defender()).map((c, i) =>
      pfFigure(`ally${i}`, { pos: c, side: 'a' })
    )
    const out = run(pfState([spearman(), defender({}, { x: 7, y: 5 }), ...ring]), act('grapple'), [14])
    expect(out.rolls).toEqual(['att:pf1.grapple:15/15:true'])
    expect(out.events.some((e) => e.type === 'pushed')).toBe(false)
    expect(out.stats('def').conditions).toEqual([])
  })
})

describe('maintaining the hold (+5) and its options', () => {
  it('the grapple sequence: grapple → maintain with pin → escape attempts (§4.11)', () => {
    const pinned = run(held(), maintain('pin'), [3])
    // +5 +5 (the grappled −2 does not count on grapple checks) against CMD 13.
    expect(pinned.rolls).toEqual(['att:pf1.grappleMaintain:13/13:true'])
    expect(pinned.stats('def').conditions).toEqual(['grappled', 'pinned'])
    // def breaks free with CMB +3 against att's CMD 13 (grappled: Dex −4).
    const stuck = run(pinned.state, escape, [9])
    expect(stuck.rolls).toEqual(['def:pf1.escape:12/13:false'])
    expect(stuck.stats('def').conditions).toEqual(['grappled', 'pinned'])
    const freed = run(stuck.state, escape, [10])
    expect(freed.rolls).toEqual(['def:pf1.escape:13/13:true'])
    for (const id of ['att', 'def']) {
      expect(freed.stats(id).conditions).toEqual([])
      expect(freed.stats(id).grapple).toBeUndefined()
    }
  })

  it('a failed check ends the hold for both', () => {
    const out = run(held(), maintain('pin'), [2])
    expect(out.stats('att').grapple).toBeUndefined()
    expect(out.stats('def').conditions).toEqual([])
  })

  it('against a pinned target the check succeeds without a roll (§4.10 step 5)', () => {
    const pinned = run(held(), maintain('pin'), [3]).state
    expect(run(pinned, maintain('pin'), []).rolls).toEqual([])
  })

  it('damage: unarmed 1d3 + Str, nonlethal without Improved Unarmed Strike', () => {
    const out = run(held(), maintain('damage'), [3, 2])
    expect(out.stats('def').nonlethal).toBe(4)
    expect(out.figure('def').life).toBe(20)
  })

  it('damage: a light or one-handed weapon deals its damage, lethal', () => {
    const armed = attacker({ weapons: [longsword], wielding: { main: longsword.id, off: null } })
    // Hands busy −4: 5 − 4 + 5 = 6, so face 7 reaches 13; 1d8 + 2 = 8.
    const out = run(held(armed), maintain('damage'), [7, 6])
    expect(out.figure('def').life).toBe(12)
  })

  it('move: the target to the first free square beside the grappler, or the one the action names', () => {
    const out = run(held(), maintain('move'), [3])
    expect(out.figure('def').pos).toMatchObject({ x: 4, y: 4 })
    const named = run(held(), maintain('move', { path: [{ x: 5, y: 6, z: 0 }] }), [3])
    expect(named.figure('def').pos).toMatchObject({ x: 5, y: 6 })
  })

  it('tie up: −10 against a target only grappled; the bound target keeps the link, the binder is free', () => {
    expect(run(held(), maintain('tieUp'), [12]).rolls).toEqual(['att:pf1.grappleMaintain:12/13:false'])
    const out = run(held(), maintain('tieUp'), [13])
    expect(out.stats('def')).toMatchObject({
      conditions: ['tiedUp'],
      grapple: { with: 'att', controls: false }
    })
    expect(out.stats('att').conditions).toEqual([])
    expect(out.stats('att').grapple).toBeUndefined()
  })

  it('bonds: DC 20 + the binder’s CMB, and a natural 20 is no success (§4.10 step 5)', () => {
    const bound = run(held(), maintain('tieUp'), [13]).state
    expect(run(bound, escape, [20]).rolls).toEqual(['def:pf1.escape:23/25:false'])
    const artist = bound.combatants.map((c) =>
      c.id === 'def' ? { ...c, stats: { ...readStats(c), skills: { escapeArtist: 10 } } } : c
    )
    const out = run({ ...bound, combatants: artist }, escape, [15])
    expect(out.rolls).toEqual(['def:pf1.escape:25/25:true'])
    expect(out.stats('def').conditions).toEqual([])
    expect(out.stats('def').grapple).toBeUndefined()
  })

  it('[SRD] escaping, the figure may instead become the grappler (`options.reverse = 1`), pin lifted', () => {
    const pinned = run(held(), maintain('pin'), [3]).state
    const turned = run(pinned, { ...escape, options: { reverse: 1 } }, [10])
    expect(turned.rolls).toEqual(['def:pf1.escape:13/13:true'])
    expect(turned.stats('def')).toMatchObject({
      conditions: ['grappled'],
      grapple: { with: 'att', controls: true }
    })
    expect(turned.stats('att')).toMatchObject({
      conditions: ['grappled'],
      grapple: { with: 'def', controls: false }
    })
    const figure = (id: string) => turned.figure(id)
    // The roles swap: def now maintains, att may only escape (or turn it back).
    expect(maneuverActions(turned.state, figure('att')).map((a) => a.kind)).toEqual(['escape', 'escape'])
    expect(
      validateManeuver(turned.state, figure('def'), { ...maintain('pin'), actorId: 'def', targetId: 'att' })
    ).toBeNull()
    // A failed attempt changes nothing.
    expect(run(pinned, { ...escape, options: { reverse: 1 } }, [9]).stats('def').conditions).toEqual([
      'grappled',
      'pinned'
    ])
  })

  it('bonds cannot be turned: a tied-up figure that escapes just gets free (no reverse offered)', () => {
    const bound = run(held(), maintain('tieUp'), [13]).state
    const def = bound.combatants.find((c) => c.id === 'def') as Combatant
    expect(maneuverActions(bound, def)).toEqual([{ kind: 'escape', actorId: 'def' }])
    const artist = bound.combatants.map((c) =>
      c.id === 'def' ? { ...c, stats: { ...readStats(c), skills: { escapeArtist: 10 } } } : c
    )
    const out = run({ ...bound, combatants: artist }, { ...escape, options: { reverse: 1 } }, [15])
    expect(out.stats('def').grapple).toBeUndefined()
    expect(out.stats('att').grapple).toBeUndefined()
  })

  it('release is free of dice and ends the hold for both', () => {
    const out = run(held(), maintain('release'), [])
    expect(out.stats('att').grapple).toBeUndefined()
    expect(out.stats('def').grapple).toBeUndefined()
    expect(out.stats('def').conditions).toEqual([])
  })

  it('Escape Artist is used when it beats the CMB (a skill check)', () => {
    const state = held(bare(), defender({ skills: { escapeArtist: 8 } }))
    expect(run(state, escape, [5]).rolls).toEqual(['def:pf1.escape:13/13:true'])
  })
})

describe('what a held figure may do (§4.11 "if grappled")', () => {
  const state = held()
  const figure = (id: string) => state.combatants.find((c) => c.id === id) as Combatant

  it('the grappler maintains or releases; the grappled figure escapes; neither starts another maneuver', () => {
    expect(maneuverActions(state, figure('att')).map((a) => a.options?.option)).toEqual([
      'damage',
      'pin',
      'move',
      'tieUp',
      'release'
    ])
    expect(maneuverActions(state, figure('def'))).toEqual([
      { kind: 'escape', actorId: 'def' },
      { kind: 'escape', actorId: 'def', options: { reverse: 1 } }
    ])
    expect(validateManeuver(state, figure('att'), act('trip'))).toEqual({ code: 'grappled' })
    expect(validateManeuver(state, figure('def'), { kind: 'trip', actorId: 'def', targetId: 'att' })).toEqual(
      {
        code: 'grappled'
      }
    )
    expect(validateManeuver(state, figure('att'), escape)).toEqual({ code: 'notGrappled' })
    expect(
      validateManeuver(state, figure('def'), { ...maintain('pin'), actorId: 'def', targetId: 'att' })
    ).toEqual({
      code: 'notGrappling'
    })
    expect(validateManeuver(state, figure('att'), maintain('hug'))).toEqual({
      code: 'grappleOption',
      params: { option: 'hug' }
    })
    expect(validateManeuver(state, figure('att'), maintain('pin'))).toBeNull()
    expect(validateManeuver(state, figure('def'), escape)).toBeNull()
  })

  it('the free squares beside a figure go clockwise from its north-west corner', () => {
    expect(freeSquaresAround(state, figure('att'), figure('def')).slice(0, 3)).toEqual([
      { x: 4, y: 4 },
      { x: 5, y: 4 },
      { x: 6, y: 4 }
    ])
  })
})
