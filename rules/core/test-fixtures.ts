import { newEncounter } from './encounter'
import type { Board, Combatant, EncounterState, Side, SystemId } from './types'

// Builders every ruleset's test fixtures share; the figures and the economy they set up stay the ruleset's.

/** A running encounter in round 1 (id 'test-encounter', rng seed 1), before anyone is active. */
export function testEncounter(
  system: SystemId,
  settings: Record<string, unknown>,
  board: Board,
  sides: Side[],
  combatants: Combatant[]
): EncounterState {
  const state = newEncounter({
    id: 'test-encounter',
    name: 'Test encounter',
    system,
    settings,
    board,
    sides,
    combatants,
    seed: 1
  })
  return { ...state, phase: 'running', round: 1 }
}

/** The combatant with this id; throws when missing (a test bug). */
export function figure(state: EncounterState, id: string): Combatant {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) throw new Error(`no combatant ${id}`)
  return c
}

/** The sides in order of first appearance, padded with 'a'/'b' to two (an encounter needs two). */
export function defaultSides(combatants: readonly Combatant[]): Side[] {
  const ids = [...new Set(combatants.map((c) => c.side))]
  for (const pad of ['a', 'b']) if (ids.length < 2 && !ids.includes(pad)) ids.push(pad)
  return ids.map((id) => ({ id, name: id }))
}

/** A bare figure with no system stats: enough for turn-order and flow tests that read no rules. */
export function bareFigure(id: string, side: string, out = false): Combatant {
  return {
    id,
    name: id,
    side,
    controller: 'ai',
    pos: { x: 0, y: 0, z: 0 },
    facing: 0,
    life: 1,
    lifeMax: 1,
    out,
    stats: {}
  }
}

/** An economy-less turn for `activeId` (turn-order tests read only who is active and activated). */
export function bareTurn(sideId: string, activeId: string, activated: string[]): EncounterState['turn'] {
  return { sideId, activeId, activated, economy: { value: 'acting', context: {} }, actions: 0 }
}
