import type { Command, EncounterState } from '../../../rules/core/types'
import { whoDecides } from '../../../rules/flow/engine'
import type { AiPlayer } from '../worker/ai-client'
import type { AiNote } from './log-lines'

/** What the AI pacer needs from the encounter it plays in. */
export interface AiTurnHost {
  /** The current state, and how many commands led to it (a change means the state moved on). */
  current(): { state: EncounterState; commands: number }
  /** Sends a command with the AI's reason; null when accepted, else the rules' refusal code. */
  send(command: Command, note: AiNote): string | null
  /** The AI started or stopped thinking. */
  thinking(on: boolean): void
}

/**
 * Plays the AI's figures one visible step at a time: after a pause, asks the AI player for a step and
 * sends it with its reason; the host calls `poke` after every accepted command, so steps chain until a
 * person's turn. A step the rules refuse, or an AI failure, ends the activation instead of stalling.
 */
export class AiTurns {
  #busy = false
  #stopped = false

  constructor(
    private readonly host: AiTurnHost,
    private readonly ai: AiPlayer,
    private readonly delayMs: number
  ) {}

  /** Starts a step if an AI-controlled figure is active and no step is under way. */
  poke(): void {
    const { state, commands } = this.host.current()
    // Whoever must act now: the decider of a pending decision (a defender, say), else the active figure.
    const deciderId = whoDecides(state)
    const actor = state.combatants.find((c) => c.id === deciderId)
    if (this.#stopped || this.#busy || state.phase !== 'running' || actor?.controller !== 'ai') return
    this.#busy = true
    this.host.thinking(true)
    const at = state.log.length
    const stale = (): boolean => this.#stopped || this.host.current().commands !== commands
    // A failed step must not stall the table: take the decision's default, or end the activation.
    const fallback: Command = state.pending
      ? {
          type: 'decision.answer',
          decisionId: state.pending.request.id,
          choice: state.pending.request.default
        }
      : { type: 'turn.end' }
    const giveUp = (detail: string): void => {
      this.host.send(fallback, { at, reason: { key: 'failed', params: { detail } } })
    }
    setTimeout(() => {
      this.ai
        .choose(state, actor.id)
        .then((step) => {
          if (stale()) return
          const refused = this.host.send(step.command, { at, reason: step.reason })
          if (refused) giveUp(`${step.command.type}: ${refused}`)
        })
        .catch((error: unknown) => {
          if (!stale()) giveUp(error instanceof Error ? error.message : String(error))
        })
        .finally(() => {
          this.#busy = false
          this.host.thinking(false)
          this.poke()
        })
    }, this.delayMs)
  }

  /** Stops for good (the encounter closed); a step in flight is dropped. */
  stop(): void {
    this.#stopped = true
  }
}
