import { z } from 'zod'
import type { GameEvent } from '../../core/events'
import {
  inSet,
  registerSystemState,
  systemStateOf,
  withMember,
  withoutMember,
  type SystemStateModel
} from '../../core/system-state'
import type { EncounterState } from '../../core/types'

// HQ2's slice of the encounter state: what a being's activations leave behind that the rules read later,
// kept as each event is applied instead of read back from the log.

/** The facts by being id. */
export interface Hq2Facts {
  /**
   * hq2.md A7: beings whose latest activation used the Lucha a ciegas maneuver, as its economy last said
   * (the opening economy, then each spend or grant; an activation set aside keeps what it had).
   */
  blindFought: Record<string, true>
}

/** The slice's model: each event folds in as it is applied. */
export const hq2FactsModel: SystemStateModel<Hq2Facts> = {
  schema: z.strictObject({ blindFought: z.record(z.string().min(1).max(80), z.literal(true)) }),
  initial: () => ({ blindFought: {} }),
  fold: foldFact
}
registerSystemState('hq2', hq2FactsModel)

/** hq2.md A7: the being used Lucha a ciegas in its latest activation. */
export function blindFoughtLastTurn(state: EncounterState, beingId: string): boolean {
  return inSet(systemStateOf(state, hq2FactsModel).blindFought, beingId)
}

function foldFact(f: Hq2Facts, e: GameEvent): Hq2Facts {
  switch (e.type) {
    case 'turn.started':
    case 'activation.changed':
    case 'economy.spent':
    case 'economy.changed': {
      const used = (e.economy.context.blindFighting ?? 0) === 1
      const blindFought = used
        ? withMember(f.blindFought, e.actorId)
        : withoutMember(f.blindFought, e.actorId)
      return blindFought === f.blindFought ? f : { blindFought }
    }
    default:
      return f
  }
}
