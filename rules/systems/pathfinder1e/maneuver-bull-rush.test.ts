import { describe, expect, it } from 'vitest'
import type { Combatant, EncounterState } from '../../core/types'
import { withTurn } from './flow-fixtures'
import { pushSteps } from './maneuver-bull-rush'
import { act, attacker, defender, run } from './maneuver-fixtures'
import { pfState } from './test-fixtures'

// pathfinder1e.md §4.11 bull rush [TEXT L453–457] beyond the single push (maneuver-resolve.test.ts): another
// creature in the way is bull-rushed at once, −4 per creature beyond the first, and the group goes on for the
// lesser distance; the attacker may follow, spending its move action. Every foe here has CMD 15
// (maneuver-fixtures' defender); the strong attacker has CMB +17 (BAB 15, Str 14).

const strong = (at = { x: 5, y: 5 }) => attacker({ bab: 15 }, at)
const foe = (id: string, x: number, y = 5): Combatant => defender({}, { x, y }, id)
const pos = (state: EncounterState, id: string) => {
  const c = state.combatants.find((f) => f.id === id)
  return c && { x: c.pos.x, y: c.pos.y }
}

describe('the push distance in steps (§2 1-2-1 diagonals)', () => {
  it.each([
    // dir, feet, steps
    [{ x: 1, y: 0 }, 5, 1],
    [{ x: 1, y: 0 }, 15, 3],
    [{ x: 1, y: 1 }, 10, 1],
    [{ x: 1, y: 1 }, 15, 2],
    [{ x: 1, y: 1 }, 20, 3],
    [{ x: 1, y: 1 }, 30, 4],
    [{ x: 1, y: 0 }, 0, 0]
  ] as const)('%o for %i ft: %i steps', (dir, ft, steps) => {
    expect(pushSteps(dir, ft)).toBe(steps)
  })
})

describe('a creature in the push path (§4.11 [TEXT L457])', () => {
  it('the rulebook’s goblins: 15 ft, a second goblin 5 ft behind pushed 20 ft by its own check: both go on 10 ft', () => {
    // First check: 8 + 17 = 25 beats CMD 15 by 10: 15 ft. After 5 ft the goblins touch: 17 + 17 − 4 = 30, by 15:
    // 20 ft for the second; the first has 10 ft left, the lesser, so both move 10 ft more (A12: 10 ft, 3 m).
    const out = run(pfState([strong(), foe('def', 6), foe('gob2', 8)]), act('bullRush'), [8, 17])
    expect(out.rolls).toEqual(['att:pf1.bullRush:25/15:true', 'att:pf1.bullRush:30/15:true'])
    expect(pos(out.state, 'def')).toEqual({ x: 9, y: 5 })
    expect(pos(out.state, 'gob2')).toEqual({ x: 10, y: 5 })
    expect(out.events.filter((e) => e.type === 'pushed')).toEqual([
      { type: 'pushed', id: 'def', from: { x: 6, y: 5, z: 0 }, to: { x: 7, y: 5, z: 0 } },
      { type: 'pushed', id: 'def', from: { x: 7, y: 5, z: 0 }, to: { x: 9, y: 5, z: 0 } },
      { type: 'pushed', id: 'gob2', from: { x: 8, y: 5, z: 0 }, to: { x: 10, y: 5, z: 0 } }
    ])
  })

  it('the lesser result: a second creature pushed only 5 ft holds the whole group to 5 ft more', () => {
    // 25 (15 ft for def), then 2 + 17 − 4 = 15, a bare success: 5 ft for gob2, and so for both.
    const out = run(pfState([strong(), foe('def', 6), foe('gob2', 7)]), act('bullRush'), [8, 2])
    expect(pos(out.state, 'def')).toEqual({ x: 7, y: 5 })
    expect(pos(out.state, 'gob2')).toEqual({ x: 8, y: 5 })
  })

  it('−4 per creature beyond the first: the second check at −4, the third at −8', () => {
    const line = pfState([strong(), foe('def', 6), foe('gob2', 7), foe('gob3', 8)])
    const out = run(line, act('bullRush'), [20, 20, 20])
    expect(out.rolls).toEqual([
      'att:pf1.bullRush:37/15:true',
      'att:pf1.bullRush:33/15:true',
      'att:pf1.bullRush:29/15:true'
    ])
    // 37 → 25 ft (def), 33 → 25 ft (gob2), 29 → 15 ft (gob3): the group goes 15 ft, 3 squares.
    expect([pos(out.state, 'def'), pos(out.state, 'gob2'), pos(out.state, 'gob3')]).toEqual([
      { x: 9, y: 5 },
      { x: 10, y: 5 },
      { x: 11, y: 5 }
    ])
  })

  it('a failed check against the creature in the way stops the push there', () => {
    // 25: 15 ft; after 5 ft, 1 + 17 − 4: a natural 1 fails.
    const out = run(pfState([strong(), foe('def', 6), foe('gob2', 8)]), act('bullRush'), [8, 1])
    expect(pos(out.state, 'def')).toEqual({ x: 7, y: 5 })
    expect(pos(out.state, 'gob2')).toEqual({ x: 8, y: 5 })
    expect(out.events).toContainEqual({
      type: 'collided',
      id: 'def',
      at: { x: 8, y: 5, z: 0 },
      obstacle: 'figure'
    })
  })

  it('a creature more than one size larger than the attacker cannot be bull-rushed: the push stops, no roll', () => {
    const giant = defender({ size: 'H' }, { x: 8, y: 4 }, 'giant')
    const out = run(pfState([strong(), foe('def', 6), giant]), act('bullRush'), [8])
    expect(out.rolls).toEqual(['att:pf1.bullRush:25/15:true'])
    expect(pos(out.state, 'def')).toEqual({ x: 7, y: 5 })
    expect(out.events).toContainEqual({
      type: 'collided',
      id: 'def',
      at: { x: 8, y: 5, z: 0 },
      obstacle: 'figure'
    })
  })

  it('a wall stops the whole group, whoever meets it', () => {
    const out = run(
      pfState([strong(), foe('def', 6), foe('gob2', 7)], { blocks: [[9, 5]] }),
      act('bullRush'),
      [20, 20]
    )
    expect(pos(out.state, 'def')).toEqual({ x: 7, y: 5 })
    expect(pos(out.state, 'gob2')).toEqual({ x: 8, y: 5 })
    expect(out.events).toContainEqual({
      type: 'collided',
      id: 'gob2',
      at: { x: 9, y: 5, z: 0 },
      obstacle: 'block'
    })
  })

  it('an ally of the attacker in the way is bull-rushed too (any creature, [TEXT L457])', () => {
    const friend = { ...foe('friend', 7), side: 'a' }
    // 25: 15 ft for def, at once against the friend: 30, 20 ft; the group goes the lesser, 15 ft.
    const out = run(pfState([strong(), foe('def', 6), friend]), act('bullRush'), [8, 17])
    expect(pos(out.state, 'def')).toEqual({ x: 9, y: 5 })
    expect(pos(out.state, 'friend')).toEqual({ x: 10, y: 5 })
  })
})

describe('following the pushed target (§4.11 [TEXT L455] "you may move with the target")', () => {
  // att CMB +7 (BAB 5): face 20 beats CMD 15 by 12, 15 ft.
  const pusher = () => attacker({ bab: 5 })
  const follow = act('bullRush', { options: { follow: 1 } })
  const turn = (state: EncounterState) => withTurn(state, 'att')

  it('with its move action left, the attacker walks after it and the move is spent', () => {
    const out = run(turn(pfState([pusher(), defender()])), follow, [20])
    expect(pos(out.state, 'def')).toEqual({ x: 9, y: 5 })
    expect(out.events).toContainEqual({
      type: 'moved',
      id: 'att',
      path: [6, 7, 8].map((x) => ({ x, y: 5, z: 0 })),
      facing: 0
    })
    // The bull rush's standard and the move: 3 squares moved, no 5-ft step left.
    expect(out.state.turn?.economy.context).toMatchObject({ standard: 0, move: 0, step: 0, _moved: 3 })
  })

  it('no further than the target went: a target stopped by a wall after 5 ft is followed 5 ft', () => {
    const out = run(turn(pfState([pusher(), defender()], { blocks: [[8, 5]] })), follow, [20])
    expect(pos(out.state, 'att')).toEqual({ x: 6, y: 5 })
    expect(out.state.turn?.economy.context).toMatchObject({ move: 0, _moved: 1 })
  })

  it('without the move action (or on a restricted turn, or after a 5-ft step) it stays put', () => {
    const base = turn(pfState([pusher(), defender()]))
    const economy = base.turn!.economy
    for (const patch of [{ move: 0 }, { _restricted: 1 }, { _stepped: 1 }] as Record<string, number>[]) {
      const state = {
        ...base,
        turn: { ...base.turn!, economy: { ...economy, context: { ...economy.context, ...patch } } }
      }
      const out = run(state, follow, [20])
      expect(pos(out.state, 'def')).toEqual({ x: 9, y: 5 })
      expect(pos(out.state, 'att')).toEqual({ x: 5, y: 5 })
    }
  })

  it('a plain bull rush does not follow; a failed one has nothing to follow', () => {
    expect(pos(run(turn(pfState([pusher(), defender()])), act('bullRush'), [20]).state, 'att')).toEqual({
      x: 5,
      y: 5
    })
    const missed = run(turn(pfState([pusher(), defender()])), follow, [2])
    expect(missed.events.some((e) => e.type === 'moved' || e.type === 'economy.changed')).toBe(false)
  })
})
