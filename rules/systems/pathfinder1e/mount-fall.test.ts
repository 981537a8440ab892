import { describe, expect, it } from 'vitest'
import { applyEvents, type GameEvent } from '../../core/events'
import { forcedDice } from '../../core/rng'
import type { Action, EncounterState } from '../../core/types'
import { pathfinder1e } from '.'
import { createFigure } from './content'
import { damageEvents } from './damage'
import { withTurn } from './flow-fixtures'
import { isRiddenMount } from './mount'
import { mountBudgetOf } from './mount-actions'
import { fig, foe, mounted, mountedState, take } from './mount-fixtures'
import { readStats } from './stats'
import { pfFigure } from './test-fixtures'
import { opensTurn } from './turn-order'

// pathfinder1e.md §4.12 [TEXT L481, L493–495]: the Ride check of an untrained mount, falls (the mount
// falls: Ride DC 15 or 1d6; the rider knocked out: 50% to stay in the saddle, else 1d6), mount/dismount.

const rolls = (events: GameEvent[], purpose: string) =>
  events.filter((e) => e.type === 'dice.rolled' && e.purpose === purpose)

/** `damage` lethal to `id`, with these dice; the events and the state after. */
function hurt(state: EncounterState, id: string, damage: number, faces: number[]) {
  const events = damageEvents(state, id, { lethal: damage, nonlethal: 0 }, 'attack', forcedDice(faces))
  return { events, state: applyEvents(state, events) }
}

/** Both links and the rider's `mounted` condition are gone. */
function parted(state: EncounterState): void {
  expect(readStats(fig(state, 'rider')).mountId).toBeUndefined()
  expect(readStats(fig(state, 'horse')).riderId).toBeUndefined()
  expect(readStats(fig(state, 'rider')).conditions).not.toContain('mounted')
}

describe('§4.12 [TEXT L495] the rider knocked out', () => {
  const state = mountedState([...mounted(), foe(20, 20)])

  it('stays in the saddle on a d100 of 50 or less: the mount, riderless for the fight, takes its own turns', () => {
    const { events, state: after } = hurt(state, 'rider', 13, [50])
    expect(rolls(events, 'pf1.saddle')).toEqual([
      {
        type: 'dice.rolled',
        actorId: 'rider',
        purpose: 'pf1.saddle',
        sides: 100,
        result: 50,
        target: 50,
        success: true
      }
    ])
    expect(readStats(fig(after, 'rider')).mountId).toBe('horse')
    expect(fig(after, 'rider').pos).toEqual(fig(after, 'horse').pos)
    expect(isRiddenMount(after, fig(after, 'horse'))).toBe(false)
    expect(opensTurn(fig(after, 'horse'), after)).toBe(true)
  })

  it('falls on 51 or more: it lands prone in the nearest free square and takes 1d6', () => {
    const { events, state: after } = hurt(state, 'rider', 13, [51, 4])
    expect(rolls(events, 'pf1.saddle')[0]).toMatchObject({ result: 51, success: false })
    expect(events.filter((e) => e.type === 'damaged')).toEqual([
      { type: 'damaged', id: 'rider', amount: 13, source: 'attack' },
      { type: 'damaged', id: 'rider', amount: 4, source: 'pf1.fall' }
    ])
    parted(after)
    // The 2×2 horse covers (5..6, 5..6): the first square 5 ft from it, in reading order, is (4, 4).
    expect(fig(after, 'rider').pos).toEqual({ x: 4, y: 4, z: 0 })
    expect(readStats(fig(after, 'rider')).conditions).toContain('prone')
    expect(fig(after, 'rider').life).toBe(12 - 13 - 4)
  })

  it('knocked out by an attack of opportunity mid-move: the move ends, the fallen rider stays where it fell', () => {
    const [rider, horse] = mounted()
    const state = withTurn(mountedState([{ ...rider, life: 1 }, horse, foe(8, 4)]), 'rider')
    const gallop: Action = { kind: 'move', actorId: 'rider', path: [6, 7, 8].map((x) => ({ x, y: 5, z: 0 })) }
    // Leaving (7, 5): the foe's d20 15 hits, d8 4 (1 → −3, dying); the d100 80 throws the rider (1d6 = 1).
    const after = take(state, gallop, forcedDice([15, 4, 80, 1]), { 'pf1.aoo#foe': 'attack' }).state
    parted(after)
    expect(fig(after, 'horse').pos).toEqual({ x: 7, y: 5, z: 0 })
    // The first free square 5 ft from the horse's space (7..8, 5..6), not back onto the path.
    expect(fig(after, 'rider').pos).toEqual({ x: 6, y: 4, z: 0 })
  })

  it('the setting changes the chance (75% with a military saddle)', () => {
    const saddled = { ...state, settings: { staySaddledPercent: 75 } }
    expect(rolls(hurt(saddled, 'rider', 13, [75]).events, 'pf1.saddle')[0]).toMatchObject({ success: true })
  })
})

describe('§4.12 [TEXT L493] the mount falls', () => {
  const state = mountedState([...mounted(), foe(20, 20)])

  it('Ride DC 15 (Ride +5, d20 10): a soft fall, no damage; the rider still ends prone beside it', () => {
    const { events, state: after } = hurt(state, 'horse', 20, [10])
    expect(rolls(events, 'pf1.ride')[0]).toMatchObject({
      actorId: 'rider',
      result: 15,
      target: 15,
      success: true
    })
    expect(events.filter((e) => e.type === 'damaged').map((e) => e.id)).toEqual(['horse'])
    parted(after)
    expect(fig(after, 'rider').pos).toEqual({ x: 4, y: 4, z: 0 })
    expect(readStats(fig(after, 'rider')).conditions).toContain('prone')
  })

  it('a failed Ride check (d20 9) costs 1d6', () => {
    const { events, state: after } = hurt(state, 'horse', 20, [9, 3])
    expect(rolls(events, 'pf1.ride')[0]).toMatchObject({ success: false })
    expect(events.find((e) => e.type === 'damaged' && e.id === 'rider')).toMatchObject({
      amount: 3,
      source: 'pf1.fall'
    })
    expect(fig(after, 'rider').life).toBe(9)
  })

  it('a rider already out in the saddle cannot roll: it takes the damage', () => {
    const out = hurt(state, 'rider', 13, [10]).state
    const { events } = hurt(out, 'horse', 20, [2])
    expect(rolls(events, 'pf1.ride')).toEqual([])
    expect(events.find((e) => e.type === 'damaged' && e.id === 'rider')).toMatchObject({ amount: 2 })
  })
})

describe('§4.12 [TEXT L481] an untrained mount needs a DC 20 Ride check each round (a move action)', () => {
  const open = (mount: string) =>
    withTurn(mountedState([...mounted({ mount: `pathfinder1e:${mount}` }), foe(20, 20)]), 'rider')
  const start = (state: EncounterState, faces: number[]) => {
    const events = pathfinder1e.startTurn?.(state, 'rider', forcedDice(faces)) ?? []
    return { events, state: applyEvents(state, events) }
  }

  it('success (d20 15 + Ride 5 = 20): the move action is spent, a standard action is left', () => {
    const { events, state } = start(open('light-horse'), [15])
    expect(rolls(events, 'pf1.ride')[0]).toMatchObject({ result: 20, target: 20, success: true })
    expect(state.turn?.economy.context).toMatchObject({ standard: 1, move: 0 })
    // The mount's own budget is untouched: it still moves on its move action.
    expect(
      pathfinder1e.validate(state, { kind: 'move', actorId: 'rider', path: [{ x: 6, y: 5, z: 0 }] })
    ).toBeNull()
  })

  it('failure (d20 14): a full-round action, nothing else this turn for the rider or the mount', () => {
    const { state } = start(open('light-horse'), [14])
    expect(state.turn?.economy.context).toMatchObject({ standard: 0, move: 0 })
    expect(mountBudgetOf(state, fig(state, 'rider'))).toMatchObject({ standard: 0, move: 0, step: 0 })
    expect(pathfinder1e.economy.exhausted(state.turn!.economy)).toBe(true)
    const gallop: Action = { kind: 'move', actorId: 'rider', path: [{ x: 6, y: 5, z: 0 }] }
    expect(pathfinder1e.validate(state, gallop)?.code).toBe('tooFar')
  })

  it('a combat-trained mount needs no check; its own turn start (flat-footed) comes with the rider’s', () => {
    const state = open('light-warhorse')
    expect(readStats(fig(state, 'horse')).flatFooted).toBe(true)
    const { events, state: after } = start(state, [])
    expect(rolls(events, 'pf1.ride')).toEqual([])
    expect(readStats(fig(after, 'horse')).flatFooted).toBe(false)
  })
})

describe('§3.2 mount and dismount (move actions)', () => {
  const steed = () =>
    createFigure('pathfinder1e:light-warhorse', { id: 'horse', side: 'a', pos: { x: 5, y: 5, z: 0 } })
  const mountUp: Action = { kind: 'mount', actorId: 'rider', targetId: 'horse' }

  it('mounts an adjacent riderless steed: on its square, each naming the other; the steed’s turns stop', () => {
    const state = withTurn(
      mountedState([pfFigure('rider', { pos: { x: 4, y: 6 } }), steed(), foe(20, 20)]),
      'rider'
    )
    expect(pathfinder1e.legalActions(state, 'rider')).toContainEqual(mountUp)
    const after = take(state, mountUp, forcedDice([])).state
    expect(fig(after, 'rider').pos).toEqual({ x: 5, y: 5, z: 0 })
    expect(readStats(fig(after, 'rider'))).toMatchObject({ mountId: 'horse', conditions: ['mounted'] })
    expect(readStats(fig(after, 'horse')).riderId).toBe('rider')
    expect(after.turn?.economy.context).toMatchObject({ standard: 1, move: 0 })
    expect(opensTurn(fig(after, 'horse'), after)).toBe(false)
  })

  it.each([
    ['not adjacent', { x: 2, y: 2 }, {}, 'outOfReach'],
    ['a steed no larger than the rider', { x: 4, y: 6 }, { size: 'L' as const }, 'noTarget']
  ])('refuses: %s', (_rule, pos, riderStats, code) => {
    const state = withTurn(mountedState([pfFigure('rider', { pos, stats: riderStats }), steed()]), 'rider')
    expect(pathfinder1e.validate(state, mountUp)?.code).toBe(code)
  })

  it('refuses a steed that has a rider, and a rider already mounted', () => {
    const state = withTurn(mountedState([...mounted(), pfFigure('other', { pos: { x: 4, y: 5 } })]), 'rider')
    expect(pathfinder1e.validate(withTurn(state, 'other'), { ...mountUp, actorId: 'other' })?.code).toBe(
      'noTarget'
    )
    expect(pathfinder1e.validate(state, mountUp)?.code).toBe('mounted')
  })

  it('dismounts to the nearest free square beside the mount, or to the square chosen', () => {
    const state = withTurn(mountedState([...mounted(), foe(20, 20)]), 'rider')
    const down: Action = { kind: 'dismount', actorId: 'rider' }
    const after = take(state, down, forcedDice([])).state
    parted(after)
    expect(fig(after, 'rider').pos).toEqual({ x: 4, y: 4, z: 0 })
    expect(readStats(fig(after, 'rider')).conditions).not.toContain('prone')
    expect(after.turn?.economy.context).toMatchObject({ move: 0 })
    const chosen = take(state, { ...down, path: [{ x: 7, y: 6, z: 0 }] }, forcedDice([])).state
    expect(fig(chosen, 'rider').pos).toEqual({ x: 7, y: 6, z: 0 })
    expect(pathfinder1e.validate(state, { ...down, path: [{ x: 9, y: 9, z: 0 }] })?.code).toBe('occupied')
    expect(pathfinder1e.validate(after, down)?.code).toBe('notMounted')
  })
})
