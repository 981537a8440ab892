import { seedRng } from './rng'
import type { Board, Combatant, EncounterState, Side, SystemId } from './types'

// Every new encounter starts the same way (set up, round 0, nobody's turn, empty log); only what is on the
// board differs. The field order is the saved JSON's, so bundled samples stay byte-identical.

/** What differs between new encounters. */
export interface EncounterSetup {
  id: string
  name: string
  system: SystemId
  settings?: Record<string, unknown>
  board: Board
  sides: Side[]
  combatants: Combatant[]
  seed: number
}

/** A new encounter in setup, before the first round, with its rng seeded from `seed`. */
export function newEncounter(setup: EncounterSetup): EncounterState {
  const { id, name, system, settings = {}, board, sides, combatants, seed } = setup
  return {
    schemaVersion: 1,
    id,
    name,
    system,
    settings,
    board,
    sides,
    combatants,
    rng: seedRng(seed),
    phase: 'setup',
    round: 0,
    turn: null,
    initiative: {},
    pending: null,
    winner: null,
    log: []
  }
}
