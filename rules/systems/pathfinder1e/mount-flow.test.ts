import { describe, expect, it } from 'vitest'
import type { Command, EncounterState } from '../../core/types'
import { applyCommand } from '../../flow/engine'
import { pathfinder1e } from '.'
import { east, fig, foe, mounted, mountedState } from './mount-fixtures'
import { pathfinder1eSampleEncounter } from './sample'

// pathfinder1e.md §4.12 through the whole engine (`applyCommand` with the Pathfinder ruleset): the mount
// never opens a turn of its own, the rider moves both at the mount's speed, and after a long move it gets
// a single melee attack. Dice come from the encounter's own seeded stream.

function play(state: EncounterState, command: Command): EncounterState {
  const result = applyCommand(state, command, pathfinder1e)
  if (!result.ok) throw new Error(`refused: ${result.violation.code}`)
  return result.state
}

const opened = (state: EncounterState) =>
  state.log.flatMap((e) => (e.type === 'turn.started' ? [e.actorId] : []))

describe('mounted combat through the engine (applyCommand)', () => {
  it('the rider acts for both; the mount skips its turn round after round', () => {
    // Rider 20, horse 15, foe 10: the pair at (5, 5) (the horse 2×2), the foe at (9, 5).
    let state = play(mountedState([...mounted({ rider: { bab: 6 } }), foe(9, 5)]), { type: 'turn.end' })
    expect(state.turn?.activeId).toBe('rider')

    // 10 ft at the horse's speed: both move, the horse's front now beside the foe.
    const ride = { kind: 'move', actorId: 'rider', path: east(5, 5, 2) }
    state = play(state, { type: 'action.declare', action: ride })
    expect(fig(state, 'rider').pos).toEqual({ x: 7, y: 5, z: 0 })
    expect(fig(state, 'horse').pos).toEqual({ x: 7, y: 5, z: 0 })
    expect(state.turn).toMatchObject({ activeId: 'rider', economy: { context: { standard: 1, move: 1 } } })

    // One swing, and no second one: the mount moved more than 5 ft (BAB +6 would give two).
    const swing = { kind: 'attack', actorId: 'rider', targetId: 'foe' }
    state = play(state, { type: 'action.declare', action: swing })
    expect(state.log.some((e) => e.type === 'attack.declared' && e.attackerId === 'rider')).toBe(true)
    const again = applyCommand(state, { type: 'action.declare', action: swing }, pathfinder1e)
    expect(again).toMatchObject({ ok: false, violation: { code: 'mountMoved' } })

    state = play(state, { type: 'turn.end' })
    expect(state.turn?.activeId).toBe('foe')
    state = play(state, { type: 'turn.end' })
    expect(state.round).toBe(2)
    expect(state.turn?.activeId).toBe('rider')
    expect(opened(state)).toEqual(['rider', 'foe', 'rider'])
  })

  it('in the Goblin ambush sample the goblin dog never opens a turn: its rider acts for both', () => {
    let state = play(pathfinder1eSampleEncounter(), { type: 'encounter.start' })
    while (state.round <= 2 && state.phase === 'running') state = play(state, { type: 'turn.end' })
    expect(opened(state)).toContain('goblin-rider')
    expect(opened(state)).not.toContain('goblin-dog')
  })
})
