import { stateHash } from '../../../rules/core/hash'
import type { Campaign, EncounterRecord } from '../../../rules/core/schemas'
import type { Command, EncounterState } from '../../../rules/core/types'
import type { CampaignStore } from '../../../main/store/campaign-store'
import { loadNotes, notesKey, saveNotes } from '../platform/notes'
import type { KeyValueStorage } from '../platform/web-store'
import { Autosave } from './autosave'
import type { FightHistory } from './fight-history.svelte'
import type { AiNote } from './log-lines'
import type { StoreFailure } from './store-error-text'

// Split out of encounter.svelte.ts: everything a session writes to storage (the campaign with the
// encounter's log, its hash and the campaign history; the AI's notes) sits behind one object, so the
// session's changes say *when* to save and this module says *what* a save holds.

/**
 * Saves one encounter session: its campaign through {@link Autosave} (with the state's hash and the
 * campaign's history of ended fights as the fight now stands) and the AI's reasons in the notes storage.
 */
export class SessionSaver {
  readonly #autosave: Autosave
  readonly #notesStorage: Pick<KeyValueStorage, 'getItem' | 'setItem'>
  /** The fight's history, asked at save time (it is built after the saver, from the saved record). */
  readonly #history: () => Pick<FightHistory, 'historyFor'>

  constructor(
    campaign: Campaign,
    encounterId: string,
    {
      store,
      notesStorage
    }: { store: CampaignStore; notesStorage: Pick<KeyValueStorage, 'getItem' | 'setItem'> },
    onResult: (failure: StoreFailure | null) => void,
    history: () => Pick<FightHistory, 'historyFor'>
  ) {
    this.#autosave = new Autosave(campaign, encounterId, store, onResult)
    this.#notesStorage = notesStorage
    this.#history = history
  }

  /** The campaign as last saved (or as loaded). */
  get campaign(): Campaign {
    return this.#autosave.campaign
  }

  /** The encounter's record in the campaign. */
  get record(): EncounterRecord {
    return this.#autosave.record
  }

  /** The encounter's initial state, which restarts and replays start from. */
  get initial(): EncounterState {
    return this.record.initial as EncounterState
  }

  /** The AI's notes kept for this encounter (all of them; the caller drops those past the log). */
  loadNotes(): AiNote[] {
    return loadNotes(this.#notesStorage, this.#notesKey)
  }

  /** Keeps the AI's notes between reloads. */
  saveNotes(notes: AiNote[]): void {
    saveNotes(this.#notesStorage, this.#notesKey, notes)
  }

  /**
   * Saves the command log with its state's hash, and the campaign's history as the fight now stands;
   * `onlyIfHistoryChanged` skips the save when the history is already right (a session opening).
   */
  save(commands: readonly Command[], state: EncounterState, onlyIfHistoryChanged = false): void {
    const { campaign, encounterId, record } = this.#autosave
    const history = this.#history().historyFor(campaign, encounterId, record.name, state)
    if (onlyIfHistoryChanged && history === campaign.history) return
    this.#autosave.setHistory(history)
    this.#autosave.save(commands, stateHash(state))
  }

  /** Replaces the encounter's initial state and saves it with the log replayed over it (`state`). */
  saveInitial(initial: EncounterState, commands: readonly Command[], state: EncounterState): void {
    this.#autosave.saveInitial(initial, commands, stateHash(state))
  }

  /** Stores the campaign's automation levels and play modes, saved at once with the fight as it stands. */
  setAutomation(
    automation: Campaign['automation'],
    commands: readonly Command[],
    state: EncounterState
  ): void {
    this.#autosave.setAutomation(automation)
    this.save(commands, state)
  }

  /** Resolves once every save asked for so far has landed (or failed). */
  whenIdle(): Promise<void> {
    return this.#autosave.whenIdle()
  }

  get #notesKey(): string {
    return notesKey(this.campaign.id, this.#autosave.encounterId)
  }
}
