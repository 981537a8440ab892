import { describe, expect, it } from 'vitest'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { maneuverActions, maneuverProvoking, validateManeuver } from './maneuver-actions'
import { act, attacker, club, defender, run } from './maneuver-fixtures'
import { reactionRequest } from './reactions'
import { readStats } from './stats'
import { basePfStats, longsword, pfState } from './test-fixtures'

// pathfinder1e.md §4.10–4.11: what may be attempted (size, legs and flight, minds, what the target holds),
// the candidates of a turn, what each maneuver provokes (§3.4 (b), §4.10 step 4), and the scenario
// "trip then AoO on standing up".

const fig = (state: EncounterState, id: string) => state.combatants.find((c) => c.id === id) as Combatant
const check = (state: EncounterState, action: Action) => validateManeuver(state, fig(state, 'att'), action)

describe('validateManeuver (§4.10–4.11)', () => {
  const state = pfState([attacker(), defender()])

  it('refuses kinds that are not maneuvers', () => {
    expect(check(state, { kind: 'dance', actorId: 'att' })).toEqual({
      code: 'unknownAction',
      params: { kind: 'dance' }
    })
  })

  it('every targeted maneuver at an adjacent foe that allows it', () => {
    const sunderable = pfState([
      attacker(),
      defender({ weapons: [club], wielding: { main: club.id, off: null } })
    ])
    for (const kind of ['trip', 'disarm', 'bullRush', 'grapple', 'feint'])
      expect(check(state, act(kind))).toBeNull()
    expect(check(sunderable, act('sunder'))).toBeNull()
  })

  it.each([
    // §4.11: trip, bull rush and overrun at most one size larger; grapple, disarm have no size limit.
    ['L', 'trip', null],
    ['H', 'trip', 'tooLarge'],
    ['H', 'bullRush', 'tooLarge'],
    ['H', 'grapple', null],
    ['H', 'disarm', null]
  ] as const)('a %s target: %s → %s', (size, kind, code) => {
    const big = pfState([attacker(), defender({ size })])
    expect(check(big, act(kind))).toEqual(code ? { code } : null)
  })

  it.each([
    ['legless', { legs: 0 }, 'trip', 'immuneTrip'],
    ['flying', { flying: true }, 'trip', 'immuneTrip'],
    ['prone', { conditions: ['prone'] }, 'trip', 'alreadyProne'],
    ['mindless', { abilities: { ...basePfStats.abilities, int: 0 } }, 'feint', 'mindless'],
    ['empty-handed', { wielding: { main: null, off: null } }, 'disarm', 'nothingToDisarm'],
    ['holding a weapon without hardness', {}, 'sunder', 'nothingToSunder'],
    ['already held', { grapple: { with: 'x', controls: false } }, 'grapple', 'alreadyGrappled']
  ] as const)('§4.11: a %s target refuses %s (%s)', (_, stats, kind, code) => {
    expect(check(pfState([attacker(), defender(stats as never)]), act(kind))).toEqual({ code })
  })

  it('§4.11 bull rush pushes "away": a fallen foe in the attacker\'s own square (G-13) has no away, so it is refused', () => {
    const shared = pfState([attacker(), defender({ conditions: ['prone'] }, { x: 5, y: 5 })])
    expect(check(shared, act('bullRush'))).toEqual({ code: 'sameSquare' })
    expect(check(shared, act('trip'))).toEqual({ code: 'alreadyProne' })
    const beside = pfState([attacker(), defender({ conditions: ['prone'] }, { x: 6, y: 6 })])
    expect(check(beside, act('bullRush'))).toBeNull()
  })

  it('the target must be a foe in the fight within melee reach (or adjacent, for an unarmed figure)', () => {
    expect(check(pfState([attacker(), defender({}, { x: 7, y: 5 })]), act('trip'))).toEqual({
      code: 'outOfReach'
    })
    const bare = attacker({ weapons: [], wielding: { main: null, off: null } })
    expect(check(pfState([bare, defender()]), act('grapple'))).toBeNull()
    expect(check(pfState([attacker(), { ...defender(), out: true }]), act('trip'))).toEqual({
      code: 'targetOut'
    })
    expect(check(pfState([attacker(), { ...defender(), side: 'a' }]), act('trip'))).toEqual({
      code: 'friendlyFire'
    })
    expect(check(state, act('trip', { targetId: 'nobody' }))).toEqual({ code: 'noTarget' })
  })
})

describe('maneuverProvoking (§3.4 (b), §4.10 step 4)', () => {
  const state = pfState([attacker(), defender()])

  it('a maneuver without its Improved feat provokes its target only', () => {
    expect(maneuverProvoking(state, act('trip'))).toEqual({
      path: [],
      mode: null,
      trigger: 'attacks',
      inPlace: { kind: 'maneuver', targetOnly: 'def' }
    })
    const improved = pfState([attacker({ feats: ['ImprovedGrapple'] }), defender()])
    expect(maneuverProvoking(improved, act('grapple'))).toEqual({ path: [], mode: null, trigger: 'attacks' })
    const off = pfState([attacker(), defender()], { settings: { maneuversProvoke: false } })
    expect(maneuverProvoking(off, act('disarm'))?.inPlace).toBeUndefined()
  })

  it('an overrun also moves; feints and escapes provoke nothing; other kinds are not maneuvers', () => {
    const path = [{ x: 6, y: 5, z: 0 }]
    expect(maneuverProvoking(state, act('overrun', { path }))).toMatchObject({
      path: [{ x: 6, y: 5 }],
      mode: 'overrun',
      inPlace: { kind: 'maneuver', targetOnly: 'def' }
    })
    expect(maneuverProvoking(state, act('feint'))).toEqual({ path: [], mode: null, trigger: null })
    expect(maneuverProvoking(state, { kind: 'escape', actorId: 'att' })).toEqual({
      path: [],
      mode: null,
      trigger: null
    })
    expect(maneuverProvoking(state, act('attack'))).toBeNull()
  })

  it('the target is asked for its attack of opportunity before the maneuver resolves', () => {
    const how = maneuverProvoking(state, act('trip'))
    expect(how && reactionRequest(state, act('trip'), how, {})).toMatchObject({
      id: 'pf1.aoo#def',
      deciderId: 'def'
    })
  })
})

describe('maneuverActions', () => {
  it('the six targeted maneuvers at each foe within reach, and overruns through it', () => {
    const state = pfState([attacker(), defender(), defender({}, { x: 12, y: 12 }, 'far')])
    const kinds = maneuverActions(state, fig(state, 'att')).map((a) => `${a.kind}@${a.targetId ?? ''}`)
    expect(kinds).toEqual([
      'trip@def',
      'disarm@def',
      'sunder@def',
      'bullRush@def',
      'grapple@def',
      'feint@def',
      'overrun@def'
    ])
  })
})

describe('scenario: trip then AoO on standing up (issue 9)', () => {
  it('the tripped target, standing up on its turn, is asked about the tripper’s attack of opportunity', () => {
    const tripped = run(pfState([attacker(), defender()]), act('trip'), [12]).state
    expect(fig(tripped, 'def').stats).toMatchObject({ conditions: ['prone'] })
    const standUp: Action = { kind: 'standUp', actorId: 'def' }
    const how = { path: [], mode: null, inPlace: { kind: 'standUp' as const }, trigger: null }
    expect(reactionRequest(tripped, standUp, how, {})).toMatchObject({
      id: 'pf1.aoo#att',
      deciderId: 'att',
      choices: ['attack', 'pass']
    })
    // The tripper's longsword is what threatens: unarmed, it would have nothing to swing.
    expect(readStats(fig(tripped, 'att')).wielding.main).toBe(longsword.id)
  })
})
