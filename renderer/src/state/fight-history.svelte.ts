import type { Ruleset } from '../../../rules/core/ruleset'
import type { Campaign } from '../../../rules/core/schemas'
import type { Command, EncounterState } from '../../../rules/core/types'
import type { AiPlayer } from '../worker/ai-client'
import { AiGate } from './ai-gate'
import { endSummary, historyEntry, nowIso, withEnding, withoutEnding, type EndSummary } from './end-summary'
import { aiDecidesNext, Timeline, UndoRedo, type HistoryMove } from './history'
import type { AiNote } from './log-lines'

/** What the fight's history needs from its encounter session. */
export interface FightHistoryHost {
  /** The live command log. */
  commands(): readonly Command[]
  /** The AI's reasons kept with the log. */
  notes(): readonly AiNote[]
  /** Puts the fight at an undo's or redo's state, with its commands and notes, and saves. */
  adopt(move: HistoryMove): void
}

/** Why an undo or a redo did nothing (an i18n key under `history.refused.`). */
export type HistoryRefusal = 'nothing' | 'replaying'

/**
 * Undo/redo of the fight's steps (history.ts says what a step is), the AI pause that follows an undo, the
 * read-only replay of the fight step by step, and the fight's ending for the end screen and the campaign's
 * history. Reactive: the toolbar and the replay bar read it.
 */
export class FightHistory {
  /** The AI waits for the GM (after an undo or redo back to an AI's decision, or while replaying). */
  aiPaused = $state(false)
  canUndo = $state(false)
  redoCount = $state(0)
  /** The command count the replay shows, or null when the live fight is shown. */
  replayAt = $state<number | null>(null)
  /** How many commands the replayed fight has. */
  replayTotal = $state(0)
  /** The end screen was closed by the GM (it opens again when the fight ends anew). */
  endClosed = $state(false)
  /** Why the last undo or redo did nothing, until the next one or the next command (the bar shows it). */
  refused = $state<HistoryRefusal | null>(null)

  readonly #host: FightHistoryHost
  readonly #ruleset: Ruleset
  #undo: UndoRedo
  readonly #gate: AiGate
  /** Whether the AI was paused before the replay began (leaving the replay puts that back). */
  #pausedBeforeReplay = false

  /** The state the replay shows, or null. */
  readonly replayState: EncounterState | null = $derived.by(() =>
    this.replayAt === null ? null : this.#undo.timeline.stateAt(this.replayAt)
  )

  constructor(host: FightHistoryHost, initial: EncounterState, ruleset: Ruleset, ai: AiPlayer) {
    this.#host = host
    this.#ruleset = ruleset
    this.#undo = new UndoRedo(new Timeline(initial, ruleset))
    this.#gate = new AiGate(ai, (paused) => (this.aiPaused = paused))
    this.changed()
  }

  /** The AI player the session's AI turns ask: it waits while the AI is paused. */
  get ai(): AiPlayer {
    return this.#gate
  }

  get replaying(): boolean {
    return this.replayAt !== null
  }

  /** The live log changed (a command played, or the fight rebuilt): what undo offers follows it. */
  changed(): void {
    const commands = this.#host.commands()
    this.#undo.timeline.sync(commands)
    this.canUndo = commands.length > this.#undo.timeline.floor
    this.redoCount = this.#undo.redoCount
  }

  /** A new command was played: the undone steps can no longer be redone. */
  played(): void {
    this.refused = null
    this.#undo.clearRedo()
    this.changed()
  }

  /** The fight starts over from `initial` (a restart, or a profile edit replayed over a new initial). */
  rebase(initial: EncounterState, keepRedo: boolean): void {
    const redo = keepRedo ? this.#undo : null
    this.#undo = new UndoRedo(new Timeline(initial, this.#ruleset))
    if (redo) this.#undo.adoptRedo(redo)
    this.changed()
  }

  /** Undoes the last step; back at an AI's turn the AI waits for the GM (else it would replay it at once). */
  undo(): HistoryRefusal | null {
    if (this.replaying) return (this.refused = 'replaying')
    const move = this.#undo.undo(this.#host.commands(), this.#host.notes())
    return (this.refused = this.#apply(move))
  }

  /** Plays the last undone step again, with the same dice. */
  redo(): HistoryRefusal | null {
    if (this.replaying) return (this.refused = 'replaying')
    const move = this.#undo.redo(this.#host.commands(), this.#host.notes())
    return (this.refused = this.#apply(move))
  }

  #apply(move: HistoryMove | null): HistoryRefusal | null {
    if (!move) return 'nothing'
    if (aiDecidesNext(move.state)) this.#gate.pause()
    this.endClosed = false
    this.#host.adopt(move)
    this.changed()
    return null
  }

  /** Lets the AI play again. */
  resumeAi(): void {
    this.#gate.resume()
  }

  /** Shows the fight read-only at its last step (the AI waits meanwhile). */
  startReplay(at?: number): void {
    const commands = this.#host.commands()
    this.#undo.timeline.sync(commands)
    if (!this.replaying) this.#pausedBeforeReplay = this.#gate.paused
    this.#gate.pause()
    this.replayTotal = commands.length
    this.replayAt = Math.max(0, Math.min(at ?? commands.length, commands.length))
  }

  /** Shows the fight after `n` commands. */
  replayTo(n: number): void {
    if (this.replaying) this.replayAt = Math.max(0, Math.min(Math.round(n), this.replayTotal))
  }

  /** Back to the live fight; the AI plays again unless it was paused before. */
  stopReplay(): void {
    if (!this.replaying) return
    this.replayAt = null
    if (!this.#pausedBeforeReplay) this.#gate.resume()
  }

  /** The fight's summary so far (the end screen's numbers). */
  summary(state: EncounterState): EndSummary {
    return endSummary(state, this.#ruleset)
  }

  /**
   * The campaign's history as the fight now stands: its entry written when it ended, removed when an undo
   * or a restart took the ending back; the same array when nothing changed (so nothing extra is saved).
   */
  historyFor(
    campaign: Campaign,
    encounterId: string,
    name: string,
    state: EncounterState
  ): Campaign['history'] {
    if (state.phase !== 'ended') return withoutEnding(campaign, encounterId)
    const entry = historyEntry(encounterId, endSummary(state, this.#ruleset), name, nowIso())
    return withEnding(campaign, entry)
  }

  /** Frees the waiting AI steps and the AI player. */
  dispose(): void {
    this.#gate.dispose()
  }
}
