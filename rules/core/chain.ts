import { applyEvents, type GameEvent } from './events'
import type { DiceRoller } from './rng'
import type { Ruleset } from './ruleset'
import type { Action, Answers, Combatant, EncounterState } from './types'

/**
 * The events of one rules step and the state they lead to. A resolution is often a chain of small steps
 * (an attack of opportunity mid-move, then the rest of the move, then the attack), each of which must see
 * what the ones before it did. The engine owns the chain a ruleset resolves into (`Ruleset.resolve`), so
 * each event is applied once, to the game's own state: no ruleset keeps a private copy.
 */
export class Chain {
  readonly events: GameEvent[] = []
  #mark: ((events: readonly GameEvent[]) => GameEvent[]) | undefined
  constructor(public state: EncounterState) {}

  /** Applies and keeps events, in order. */
  emit(events: readonly GameEvent[]): void {
    if (events.length === 0) return
    const marked = this.#mark ? this.#mark(events) : events
    this.state = applyEvents(this.state, marked)
    this.events.push(...marked)
  }

  /**
   * Runs `body` with every event it emits passed through `mark` first: how a ruleset words its events for
   * the log wherever they come from (PF's and Athkri's rolls that must meet their target, `rollsAtLeast`).
   */
  markEmitted(mark: (events: readonly GameEvent[]) => GameEvent[], body: () => void): void {
    const outer = this.#mark
    this.#mark = outer ? (events) => outer(mark(events)) : mark
    try {
      body()
    } finally {
      this.#mark = outer
    }
  }

  /** The figure as it stands now; throws for an unknown id (a rules bug, not bad input). */
  figure(id: string): Combatant {
    const c = this.state.combatants.find((f) => f.id === id)
    if (!c) throw new Error(`${this.state.system}: unknown combatant ${id}`)
    return c
  }
}

/**
 * The events a ruleset resolves a legal action into, from `state`, outside any command: for tests and
 * tools that look at one resolution (the engine resolves into its own chain instead).
 */
export function resolveEvents(
  ruleset: Pick<Ruleset, 'resolve'>,
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers: Answers = {}
): GameEvent[] {
  const chain = new Chain(state)
  ruleset.resolve(chain, action, dice, answers)
  return chain.events
}
