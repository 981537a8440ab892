import type { AiStep } from '../../../ai/types'
import type { EncounterState } from '../../../rules/core/types'
import { whoDecides } from '../../../rules/flow/engine'
import type { KeyValueStorage } from '../platform/web-store'
import type { AiPlayer } from '../worker/ai-client'
import { AiGate } from './ai-gate'
import { AiTurns, type AiProposal, type AiTurnHost } from './ai-turns'

/** A decision the AI took (or the GM took from its trace), kept for the trace panel. */
export interface TraceEntry {
  /** The index of its note among the session's notes: the log line `ai-<note>`. */
  note: number
  step: AiStep
  /** Which trace option was played: 0 the AI's choice, another the GM's pick. */
  picked: number
}

/** What the trace panel shows: a waiting plan, or a decision already played. */
export interface ShownTrace {
  step: AiStep
  picked: number
  /** True while the plan waits for the GM (the panel offers Accept / pick / Take over). */
  proposed: boolean
  note: number | null
}

/** What the AI control needs from the encounter session. */
export interface AiControlHost extends Pick<AiTurnHost, 'current' | 'thinking'> {
  /** Sends a command with its note; null when accepted, else the rules' refusal code. */
  send: AiTurnHost['send']
  /** How many AI notes the session holds: the next note's index. */
  noteCount(): number
}

// Only the latest decisions are worth a click in the log; older traces go, so a long fight stays light.
const KEEP_TRACES = 200

/** The storage key of an encounter's "confirm each AI plan" switch. */
export function confirmKey(campaignId: string, encounterId: string): string {
  return `emboscada:aiConfirm:${campaignId}:${encounterId}`
}

/**
 * The GM's side of the AI in an encounter, as reactive state: the paced AI turns, the traces of its
 * decisions (for the panel beside the log), the "confirm each plan" switch (remembered per encounter),
 * the plan waiting for the GM and the figure the GM took over.
 */
export class AiControl {
  /** When on, each AI step waits for the GM as a proposal. */
  confirm = $state(false)
  proposal = $state.raw<AiProposal | null>(null)
  /** The AI figure the GM is playing by hand this activation. */
  takenOver = $state.raw<string | null>(null)
  traces = $state.raw<TraceEntry[]>([])
  /** The note whose trace was picked from the log; null follows the latest decision. */
  selected = $state.raw<number | null>(null)
  /** GM mode: sides whose AI steps wait for the GM as suggestions, as if `confirm` were on for them. */
  suggestSides = $state.raw<readonly string[]>([])
  /** The figure whose AI profile the GM is editing (the roster's editor is open), or null. */
  editing = $state.raw<string | null>(null)

  /** The plan waiting for the GM, else the picked decision, else the latest one. */
  readonly shown: ShownTrace | null = $derived.by(() => {
    if (this.proposal) return { step: this.proposal.step, picked: 0, proposed: true, note: null }
    const entry =
      (this.selected !== null ? this.traces.find((t) => t.note === this.selected) : undefined) ??
      this.traces.at(-1)
    return entry ? { step: entry.step, picked: entry.picked, proposed: false, note: entry.note } : null
  })

  /**
   * Asks the table for the dice of the AI's commands (set by the automation, automation-control.svelte.ts,
   * when dice automation is not `auto`); null: the app rolls them.
   */
  enterDice: AiTurnHost['enterDice'] | null = null

  readonly #turns: AiTurns
  readonly #ai: AiPlayer
  readonly #storage: Pick<KeyValueStorage, 'getItem' | 'setItem'>
  readonly #key: string

  constructor(
    host: AiControlHost,
    ai: AiPlayer,
    delayMs: number,
    storage: Pick<KeyValueStorage, 'getItem' | 'setItem'>,
    key: string
  ) {
    this.#storage = storage
    this.#key = key
    this.#ai = ai
    try {
      this.confirm = storage.getItem(key) === 'on'
    } catch {
      // Unreadable storage: the switch starts off, as for a new encounter.
    }
    this.#turns = new AiTurns(
      {
        current: () => host.current(),
        thinking: (on) => host.thinking(on),
        confirming: () => this.confirm || this.#suggests(host.current().state),
        changed: (proposal, takenOver) => {
          this.proposal = proposal
          this.takenOver = takenOver
        },
        enterDice: (command, actorId, note) => this.enterDice?.(command, actorId, note) ?? null,
        send: (command, note, step, picked) => {
          const index = host.noteCount()
          const refused = host.send(command, note)
          if (!refused && step) this.#record({ note: index, step, picked: picked ?? 0 })
          return refused
        }
      },
      ai,
      delayMs
    )
  }

  /** Lets the AI take its step if it is its turn (after every accepted command). */
  poke(): void {
    this.#turns.poke()
  }

  /** Switches "confirm each AI plan"; switching it off lets a waiting plan be thought again and played. */
  setConfirm(on: boolean): void {
    this.confirm = on
    try {
      this.#storage.setItem(this.#key, on ? 'on' : 'off')
    } catch {
      // The switch still applies for this session.
    }
    if (!on && this.proposal) this.#turns.release()
  }

  /** Plays the waiting plan as proposed. */
  accept(): boolean {
    return this.#turns.accept()
  }

  /** Plays another option of the waiting plan's trace. */
  pick(index: number): boolean {
    return this.#turns.pick(index)
  }

  /** The GM plays the waiting plan's figure by hand until its activation ends. */
  takeOver(): boolean {
    return this.#turns.takeOver()
  }

  /** Hands the figure back to the AI. */
  release(): void {
    this.#turns.release()
  }

  /** Shows the trace of the decision behind note `note` (null: follow the latest). */
  select(note: number | null): void {
    this.selected = note
  }

  /** Opens the AI profile editor for a figure (null closes it). */
  edit(figureId: string | null): void {
    this.editing = figureId
  }

  /** Whether note `note` has a trace to show. */
  hasTrace(note: number): boolean {
    return this.traces.some((t) => t.note === note)
  }

  /** The fight was set up again: traces, proposal and take-over go. */
  reset(): void {
    this.traces = []
    this.selected = null
    this.#turns.reset()
  }

  /**
   * Holds the AI's next steps until the GM resumes it (the history bar's resume): the GM cancelled the
   * dice of its step, so it waits rather than rolling them itself. Only a gated player can wait.
   */
  pause(): void {
    if (this.#ai instanceof AiGate) this.#ai.pause()
  }

  /** Stops the AI for good. */
  stop(): void {
    this.#turns.stop()
  }

  /** Whether the figure the AI would move now is on a side it only suggests for. */
  #suggests(state: EncounterState): boolean {
    if (this.suggestSides.length === 0) return false
    const id = whoDecides(state)
    const side = state.combatants.find((c) => c.id === id)?.side
    return side !== undefined && this.suggestSides.includes(side)
  }

  #record(entry: TraceEntry): void {
    this.traces = [...this.traces.filter((t) => t.note !== entry.note), entry].slice(-KEEP_TRACES)
    this.selected = null
  }
}
