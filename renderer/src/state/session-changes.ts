import type { Ruleset } from '../../../rules/core/ruleset'
import type { Campaign } from '../../../rules/core/schemas'
import type { Command, EncounterState, Violation } from '../../../rules/core/types'
import { replay } from '../../../rules/flow/engine'
import type { AiControl } from './ai-control.svelte'
import type { FightActor } from './fight-actor.svelte'
import type { FightHistory } from './fight-history.svelte'
import type { HistoryMove } from './history'
import type { AiNote } from './log-lines'
import type { SessionSaver } from './session-save'

// Split out of encounter.svelte.ts: every way the fight's log changes (a command sent, an undo or redo
// adopted, a restart, an initial state edited and the log replayed over it) ends the same way (actor, AI
// notes, history, save, AI woken), so those sequences live together, apart from the session's derived view.

/** What the changes need of their encounter session (an `EncounterSession` is one). */
export interface ChangeHost {
  readonly ruleset: Ruleset
  readonly history: FightHistory
  readonly ai: AiControl
  /** The AI's reasons kept with the log. */
  notes: AiNote[]
  /** Why the last command was refused. */
  refused: Violation | null
  /** Sees each command a person sends before it goes; true when it took the command. */
  intercept: ((command: Command) => boolean) | null
  /** Forgets the selected target and the last refusal. */
  clearSelection(): void
}

/**
 * The writers of an encounter session: each change puts the actor where it must be, keeps the AI's notes
 * in step, tells the history, saves, and lets the AI go on. Once disposed, nothing changes any more.
 */
export class FightChanges {
  #disposed = false

  constructor(
    private readonly fight: FightActor,
    private readonly saver: SessionSaver,
    private readonly host: ChangeHost
  ) {}

  /** True once the session was disposed. */
  get disposed(): boolean {
    return this.#disposed
  }

  /** Stops every later change (the session is being thrown away). */
  dispose(): void {
    this.#disposed = true
  }

  /**
   * Sends a command (the AI's come with a note and go straight; a person's may be intercepted for dice
   * entry); false when it was not taken, with the refusal left on the host.
   */
  send(command: Command, note?: AiNote): boolean {
    const { fight, host } = this
    if (this.#disposed || host.history.replaying) return false
    if (!note && !('dice' in command && command.dice) && host.intercept?.(command)) return false
    const before = fight.context.commands.length
    fight.send(command)
    const { state, commands, violation } = fight.context
    if (commands.length === before) {
      host.refused = violation ?? { code: 'notRunning' }
      return false
    }
    host.refused = null
    if (note) {
      host.notes = [...host.notes, note]
      this.saver.saveNotes(host.notes)
    }
    host.history.played()
    this.saver.save(commands, state)
    host.ai.poke()
    return true
  }

  /** Puts the fight where an undo or redo leaves it, and saves; a plan or take-over of the AI is dropped. */
  adopt(move: HistoryMove): void {
    this.fight.swap(move.state, move.commands)
    this.host.notes = move.notes
    this.saver.saveNotes(move.notes)
    this.host.clearSelection()
    this.saver.save(move.commands, move.state)
    this.host.ai.release()
    this.host.ai.poke()
  }

  /** Throws the fight away and sets it up again from its initial state (saved at once). */
  restart(): void {
    const { host, saver } = this
    const initial = saver.initial
    host.history.stopReplay()
    this.fight.swap(initial, [])
    host.notes = []
    saver.saveNotes([])
    host.ai.reset()
    host.clearSelection()
    host.history.rebase(initial, false)
    saver.save([], initial)
  }

  /**
   * Rewrites the encounter's initial state with `edit` (GM configuration no command changes: AI profiles,
   * controllers) and replays the command log over it, so the same events come out with the same dice.
   */
  editInitial(edit: (initial: EncounterState) => EncounterState): void {
    if (this.#disposed) return
    this.#rebuild(edit(this.saver.initial), [...this.fight.context.commands])
  }

  /** Stores the campaign's automation levels and play modes (automation.ts), saved at once. */
  setAutomation(automation: Campaign['automation']): void {
    if (this.#disposed) return
    const { commands, state } = this.fight.context
    this.saver.setAutomation(automation, commands, state)
  }

  /**
   * Replays `commands` over `initial` into a fresh actor and saves both. A plan the AI chose before is
   * dropped (the state it was chosen in is gone); it thinks again.
   */
  #rebuild(initial: EncounterState, commands: Command[]): void {
    const { host } = this
    const state = replay(initial, commands, host.ruleset)
    host.history.stopReplay()
    this.fight.swap(state, commands)
    host.notes = host.notes.filter((n) => n.at < state.log.length)
    host.history.rebase(initial, true)
    this.saver.saveInitial(initial, commands, state)
    host.ai.release()
    host.ai.poke()
  }
}
