import type { Ruleset } from '../../../rules/core/ruleset'
import type { Command, EncounterState } from '../../../rules/core/types'
import { createEncounterActor } from '../../../rules/flow/encounter.machine'

// Split out of encounter.svelte.ts: the XState actor's lifecycle (start, watch, swap for a rebuilt fight,
// stop) is plumbing every change of the fight goes through, and none of it is about what the UI shows.

type EncounterActor = ReturnType<typeof createEncounterActor>

/** One snapshot of the encounter actor (its context holds the state, the command log, the last refusal). */
export type FightSnapshot = ReturnType<EncounterActor['getSnapshot']>

/**
 * The encounter actor behind a session, with its latest snapshot as reactive state (held raw: replaced on
 * every change, never mutated). An undo, a restart or an edited initial state swaps in a fresh actor.
 */
export class FightActor {
  /** The actor's latest snapshot. */
  snapshot: FightSnapshot
  #actor: EncounterActor
  #unsubscribe: () => void
  readonly #ruleset: Ruleset

  constructor(state: EncounterState, ruleset: Ruleset, commands: Command[]) {
    this.#ruleset = ruleset
    this.#actor = createEncounterActor(state, ruleset, commands)
    this.snapshot = $state.raw(this.#actor.getSnapshot())
    this.#unsubscribe = this.#watch()
  }

  /** The live context, read from the actor itself (not the reactive copy), so it is current mid-update. */
  get context(): FightSnapshot['context'] {
    return this.#actor.getSnapshot().context
  }

  /** Hands a command to the actor; whether it took it shows in the context's command log. */
  send(command: Command): void {
    this.#actor.send(command)
  }

  /** Stops the actor and starts a fresh one at `state` with `commands` as its log. */
  swap(state: EncounterState, commands: Command[]): void {
    this.stop()
    this.#actor = createEncounterActor(state, this.#ruleset, commands)
    this.snapshot = this.#actor.getSnapshot()
    this.#unsubscribe = this.#watch()
  }

  /** Stops listening to the actor and stops it. */
  stop(): void {
    this.#unsubscribe()
    this.#actor.stop()
  }

  #watch(): () => void {
    const subscription = this.#actor.subscribe((snapshot) => (this.snapshot = snapshot))
    return () => subscription.unsubscribe()
  }
}
