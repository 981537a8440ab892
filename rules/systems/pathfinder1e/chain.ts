import { applyEvents, type GameEvent } from '../../core/events'
import type { Combatant, EncounterState } from '../../core/types'

/**
 * The events of one resolution and the state they lead to. An action in Pathfinder is a chain of small
 * steps (an attack of opportunity mid-move, then the rest of the move, then the attack), each of which
 * must see what the ones before it did; the engine applies the same events again to its own state.
 */
export class Chain {
  readonly events: GameEvent[] = []
  constructor(public state: EncounterState) {}

  /** Applies and keeps events, in order. */
  emit(events: readonly GameEvent[]): void {
    if (events.length === 0) return
    this.state = applyEvents(this.state, events)
    this.events.push(...events)
  }

  /** The figure as it stands now; throws for an unknown id (a rules bug, not bad input). */
  figure(id: string): Combatant {
    const c = this.state.combatants.find((f) => f.id === id)
    if (!c) throw new Error(`pathfinder1e: unknown combatant ${id}`)
    return c
  }
}
