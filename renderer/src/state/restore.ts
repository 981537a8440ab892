import { stateHash } from '../../../rules/core/hash'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { EncounterRecord } from '../../../rules/core/schemas'
import { withSystemState } from '../../../rules/core/system-state'
import type { EncounterState } from '../../../rules/core/types'
import { replay } from '../../../rules/flow/engine'

/** A save whose command log does not replay to its recorded hash: shown to the GM, never overwritten. */
export class CorruptSaveError extends Error {
  override readonly name = 'CorruptSaveError'
}

/** Replays a saved encounter from its initial state and checks the result against the recorded hash. */
export function restore(record: EncounterRecord, ruleset: Ruleset): EncounterState {
  let state: EncounterState
  try {
    // A ruleset's slice is checked by its schema, or built from the log for a save from before it.
    state = replay(withSystemState(record.initial as EncounterState), record.commands, ruleset)
  } catch (error) {
    throw new CorruptSaveError(error instanceof Error ? error.message : String(error))
  }
  const hash = stateHash(state)
  if (hash !== record.stateHash) throw new CorruptSaveError(`hash ${hash} ≠ ${record.stateHash}`)
  return state
}
