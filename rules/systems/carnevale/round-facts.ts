import { z } from 'zod'
import type { GameEvent } from '../../core/events'
import {
  foldRoundActivations,
  registerSystemState,
  systemStateOf,
  type SystemStateModel
} from '../../core/system-state'
import type { EncounterState } from '../../core/types'

// Carnevale's slice of the encounter state: the facts of the round and of activations that its turn order
// and counters read (carnevale.md §4, §7), kept as each event is applied instead of read back from the log.
// Times are log indices, so they compare with the `stunnedAt` a Stunned counter keeps.

/** The round and activation facts, by figure id. */
export interface CarnevaleFacts {
  /** §4: figures that have opened an activation this round, in order (a handed-over one is replaced). */
  activated: readonly string[]
  /** Log index of the latest `round.started`, or −1. */
  roundStartedAt: number
  /** The figure whose activation opened last and where (kept after it ends), or null before any. */
  opened: { id: string; at: number } | null
  /** §7: by figure, where its latest activation that it ended itself had opened. */
  ownActivationEnded: Record<string, number>
}

const id = z.string().min(1).max(80)
const at = z.number().int().min(-1)

/** The slice's model: each event folds in as it is applied. */
export const carnevaleFactsModel: SystemStateModel<CarnevaleFacts> = {
  schema: z.strictObject({
    activated: z.array(id).readonly(),
    roundStartedAt: at,
    opened: z.strictObject({ id, at }).nullable(),
    ownActivationEnded: z.record(id, at)
  }),
  initial: () => ({ activated: [], roundStartedAt: -1, opened: null, ownActivationEnded: {} }),
  fold: foldFact
}
registerSystemState('carnevale', carnevaleFactsModel)

/** The round and activation facts of the fight so far. */
export function carnevaleFacts(state: EncounterState): CarnevaleFacts {
  return systemStateOf(state, carnevaleFactsModel)
}

function foldFact(f: CarnevaleFacts, e: GameEvent, at: number): CarnevaleFacts {
  const activated = foldRoundActivations(f.activated, e)
  switch (e.type) {
    case 'round.started':
      return { ...f, activated, roundStartedAt: at }
    case 'turn.started':
    case 'activation.changed':
      return { ...f, activated, opened: { id: e.actorId, at } }
    case 'turn.ended': {
      // An activation offered to the figure and handed on before it acted was not its activation: only
      // one the figure still held as it ended counts.
      const { opened } = f
      if (opened?.id !== e.actorId) return f
      return { ...f, ownActivationEnded: { ...f.ownActivationEnded, [e.actorId]: opened.at } }
    }
    default:
      return f
  }
}
