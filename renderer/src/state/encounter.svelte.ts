import { GM_DECIDER } from '../../../rules/core/decision-key'
import type { BattlemapView, Cell } from '../../battlemap/view'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Campaign } from '../../../rules/core/schemas'
import type { Action, AiProfile, Command, EncounterState, Violation } from '../../../rules/core/types'
import { applyCommand, whoDecides } from '../../../rules/flow/engine'
import { getRuleset } from '../../../rules/systems'
import type { CampaignStore } from '../../../main/store/campaign-store'
import type { KeyValueStorage } from '../platform/web-store'
import type { AiPlayer } from '../worker/ai-client'
import { AiControl, confirmKey } from './ai-control.svelte'
import { withAiProfile } from './ai-profile'
import type { StoreFailure } from './store-error-text'
import {
  attackTargets,
  deriveView,
  moveOptions,
  rulesetMoveInfo,
  tokenAt,
  type MoveOption
} from './battlemap-view'
import { InchesControl } from './inches-control.svelte'
import type { AiNote } from './log-lines'
import {
  attackOptions,
  moveCostParts,
  economyCounters,
  ownActions,
  totalCost,
  type AttackOption,
  type CostPart,
  type EconomyCounter
} from './options'
import { FightActor, type FightSnapshot } from './fight-actor.svelte'
import { FightHistory, type HistoryRefusal } from './fight-history.svelte'
import { refusal } from './refusal'
import { restore } from './restore'
import { violationParams } from './violation-params'
import { withControllers, type ControllerChanges } from './play-mode'
import { FightChanges } from './session-changes'
import { SessionSaver } from './session-save'

/** What a session needs from the outside world. */
export interface SessionDeps {
  store: CampaignStore
  ai: AiPlayer
  /** Where the AI's reasons are kept between reloads. */
  notesStorage: Pick<KeyValueStorage, 'getItem' | 'setItem'>
  /** Pause before each AI step, so a person can follow it (0 in tests). */
  aiDelayMs: number
  /** A refusal as text (the i18n layer's `violation.<code>`); ids in its params are already names. */
  describe(violation: Violation): string
  /** A cost as text (each part through `cost.<key>`), for the map's path pill. */
  describeCost(cost: readonly CostPart[]): string
}

/**
 * A running encounter as reactive state: wraps the encounter actor (its snapshots held raw), turns pointer
 * intents into commands, autosaves after every accepted command, and lets the AI worker play its figures
 * one paced step at a time. What the UI reads is derived here; the actor's lifecycle (fight-actor.svelte.ts),
 * saving (session-save.ts) and every change of the fight's log (session-changes.ts) live in their own modules.
 */
export class EncounterSession {
  readonly ruleset: Ruleset
  #deps: SessionDeps
  readonly #saver: SessionSaver
  readonly #fight: FightActor
  readonly #changes: FightChanges
  /** The AI's turns, traces, and the GM's confirmation and take-over of its plans. */
  readonly ai: AiControl

  /** The square under the pointer. */
  hover = $state.raw<Cell | null>(null)
  /** The figure chosen as the target of an attack. */
  targetId = $state.raw<string | null>(null)
  /** Why the last thing the person tried was refused. */
  refused = $state.raw<Violation | null>(null)
  #notes = $state.raw<AiNote[]>([])
  #thinking = $state(false)
  saveError = $state.raw<StoreFailure | null>(null)

  /** Undo/redo, the AI pause, the replay and the ending (fight-history.svelte.ts). */
  readonly history: FightHistory
  /** The fight as shown: the live state, or the replayed step while replaying (read-only). */
  readonly state: EncounterState = $derived.by(() => this.history.replayState ?? this.snapshot.context.state)
  readonly active = $derived(this.state.combatants.find((c) => c.id === this.state.turn?.activeId) ?? null)
  /** True when a person (player or GM) decides for the active figure and no decision holds the action. */
  readonly humanTurn = $derived.by(
    () =>
      this.state.phase === 'running' &&
      !this.history.replaying &&
      this.state.pending === null &&
      this.active !== null &&
      (this.active.controller !== 'ai' || this.#byHand(this.active.id))
  )
  /** The decision a person must answer now (a defender's choice, a GM ruling), or null. */
  readonly humanDecision = $derived.by(() => {
    const pending = this.state.pending
    if (!pending || this.state.phase !== 'running' || this.history.replaying) return null
    const deciderId = whoDecides(this.state)
    const decider = this.state.combatants.find((c) => c.id === deciderId)
    const byHand = decider && (decider.controller !== 'ai' || this.#byHand(decider.id))
    return deciderId === GM_DECIDER || byHand ? pending : null
  })
  readonly legal: Action[] = $derived.by(() =>
    this.humanTurn && this.active ? this.ruleset.legalActions(this.state, this.active.id) : []
  )
  /** Every action declared so far, the AI's included: they teach the UI the ruleset's attack vocabulary. */
  readonly declared: Action[] = $derived.by(() =>
    this.snapshot.context.commands.flatMap((c) => (c.type === 'action.declare' ? [c.action] : []))
  )
  readonly moves: MoveOption[] = $derived.by(() =>
    moveOptions(
      this.legal,
      (a) => totalCost(this.ruleset, this.state, a),
      rulesetMoveInfo(this.ruleset, this.state)
    )
  )
  readonly targets = $derived(attackTargets(this.legal))
  readonly target = $derived(
    this.targetId && this.targets.includes(this.targetId)
      ? (this.state.combatants.find((c) => c.id === this.targetId) ?? null)
      : null
  )
  readonly hoverMove = $derived(this.hover ? this.#moveAt(this.hover) : undefined)
  /** What the hovered move costs, in the parts `describeCost` words. */
  readonly hoverMoveCost: CostPart[] = $derived(this.hoverMove ? this.moveCost(this.hoverMove.action) : [])
  readonly hoverRefusal = $derived(this.hover ? this.#refusalAt(this.hover) : null)
  readonly economy: EconomyCounter[] = $derived.by(() => economyCounters(this.ruleset, this.state))
  /** Facings the active figure may turn to now. */
  readonly facings: number[] = $derived(
    this.legal.flatMap((a) => (a.kind === 'face' && a.facing !== undefined ? [a.facing] : []))
  )
  /** The attacks offered against the selected target, legal or not (with the reason), with their odds. */
  readonly attackOptions: AttackOption[] = $derived.by(() =>
    this.active && this.target
      ? attackOptions(this.ruleset, this.state, this.active.id, this.target.id, this.legal, this.declared)
      : []
  )
  /** Actions of the active figure that need no figure chosen on the map (hide, split, equip...). */
  readonly ownActions: Action[] = $derived.by(() => ownActions(this.state, this.legal))
  /** The ruleset's terrain marks (they change only with the settings, i.e. never mid-fight). */
  readonly terrain = $derived.by(() => this.ruleset.terrain?.(this.state) ?? [])
  /** What the battlemap draws now. */
  readonly view: BattlemapView = $derived.by(() =>
    deriveView({
      state: this.state,
      activeId: this.active?.id ?? null,
      moves: this.moves,
      targets: this.targets,
      hover: this.hover,
      terrain: this.terrain,
      costLabel: (move) => this.#deps.describeCost(this.moveCost(move.action)),
      refused:
        this.hover && this.hoverRefusal ? { ...this.hover, reason: this.describe(this.hoverRefusal) } : null
    })
  )

  /** Drag-to-move and target clicks on a board measured in inches; null on a square grid (which uses `view`). */
  readonly inches: InchesControl | null

  constructor(campaign: Campaign, encounterId: string, deps: SessionDeps) {
    this.#deps = deps
    const onSaved = (error: StoreFailure | null) => (this.saveError = error)
    this.#saver = new SessionSaver(campaign, encounterId, deps, onSaved, () => this.history)
    const record = this.#saver.record
    this.ruleset = getRuleset(record.initial.system)
    const state = restore(record, this.ruleset)
    this.#fight = new FightActor(state, this.ruleset, [...record.commands])
    this.#changes = new FightChanges(this.#fight, this.#saver, this)
    this.history = new FightHistory(
      {
        commands: () => this.#fight.context.commands,
        notes: () => this.#notes,
        adopt: (move) => this.#changes.adopt(move)
      },
      this.#saver.initial,
      this.ruleset,
      deps.ai
    )
    this.inches = state.board.inches ? new InchesControl(this) : null
    this.notes = this.#saver.loadNotes().filter((n) => n.at < state.log.length)
    this.ai = new AiControl(
      {
        current: () => ({ state: this.#fight.context.state, commands: this.#fight.context.commands.length }),
        send: (command, note) =>
          this.#changes.send(command, note) ? null : (this.refused?.code ?? 'notRunning'),
        thinking: (on) => (this.#thinking = on),
        noteCount: () => this.#notes.length
      },
      this.history.ai,
      deps.aiDelayMs,
      deps.notesStorage,
      confirmKey(campaign.id, encounterId)
    )
    // a fight that ended before the history was kept gets its entry now (none when it is already there)
    this.#saver.save(record.commands, state, true)
    this.ai.poke()
  }

  /** The encounter actor's latest snapshot (replaced on every change, never mutated). */
  get snapshot(): FightSnapshot {
    return this.#fight.snapshot
  }

  /** The AI's reasons for the log: while replaying, only those of the steps shown. */
  get notes(): AiNote[] {
    const shown = this.history.replayState
    return shown ? this.#notes.filter((n) => n.at < shown.log.length) : this.#notes
  }

  set notes(notes: AiNote[]) {
    this.#notes = notes
  }

  /** True while the AI works out a step (not while it waits for the GM to resume it). */
  get aiThinking(): boolean {
    return this.#thinking && !this.history.aiPaused
  }

  /** The campaign as last saved. */
  get campaign(): Campaign {
    return this.#saver.campaign
  }

  /** Whether the GM took over AI figure `id` this activation (its controls are a person's). */
  #byHand(id: string): boolean {
    return this.ai.takenOver === id
  }

  #moveAt(cell: Cell): MoveOption | undefined {
    return this.moves.find((m) => m.cell.x === cell.x && m.cell.y === cell.y)
  }

  #refusalAt(cell: Cell): Violation | null {
    if (!this.humanTurn || !this.active || this.#moveAt(cell)) return null
    const token = tokenAt(this.state, cell)
    if (token && this.targets.includes(token.id)) return null
    return refusal(this.state, this.ruleset, this.active.id, cell, [...this.legal, ...this.declared])
  }

  /** What a move costs as the map words it (options.ts `moveCostParts`). */
  moveCost(action: Action): CostPart[] {
    return moveCostParts(this.ruleset, this.state, action)
  }

  /** A refusal as text: ids in its parameters become names, and x/y also a map square name (`square`). */
  describe(violation: Violation): string {
    return this.#deps.describe({ code: violation.code, params: violationParams(this.state, violation) })
  }

  /** Whether `actorId` may take over the current activation (its side's figure, nothing spent yet). */
  canActivate(actorId: string): boolean {
    return this.humanTurn && applyCommand(this.state, { type: 'activation.select', actorId }, this.ruleset).ok
  }

  /** The pointer is over a square (null: off the map); a refusal shown for another square goes away. */
  hoverAt(cell: Cell | null): void {
    if (cell?.x === this.hover?.x && cell?.y === this.hover?.y) return
    this.hover = cell
    this.refused = null
  }

  /** A square was clicked: select an attackable figure, walk to a reachable square, or say why not. */
  click(cell: Cell): void {
    if (!this.humanTurn) return
    const token = tokenAt(this.state, cell)
    if (token && this.targets.includes(token.id)) {
      this.targetId = token.id
      this.refused = null
      return
    }
    const move = this.#moveAt(cell)
    if (move) {
      this.targetId = null
      this.#changes.send({ type: 'action.declare', action: move.action })
      return
    }
    this.refused = this.#refusalAt(cell)
  }

  /** Declares an action of the active figure (attack, facing...). */
  act(action: Action): void {
    this.#changes.send({ type: 'action.declare', action })
  }

  /** Answers the pending decision. */
  answer(choice: string | number): void {
    const pending = this.state.pending
    if (pending) this.#changes.send({ type: 'decision.answer', decisionId: pending.request.id, choice })
  }

  /** Turns the active figure to a facing (0..7 clockwise from north). */
  face(facing: number): void {
    if (this.active) this.act({ kind: 'face', actorId: this.active.id, facing })
  }

  /** Starts the encounter. */
  start(): void {
    this.#changes.send({ type: 'encounter.start' })
  }

  /** Ends the active figure's activation. */
  endActivation(): void {
    this.targetId = null
    this.#changes.send({ type: 'turn.end' })
  }

  /** Hands the activation to another figure of the side. */
  activate(actorId: string): void {
    this.targetId = null
    this.#changes.send({ type: 'activation.select', actorId })
  }

  /** Forgets the selected target and the last refusal. */
  clearSelection(): void {
    this.targetId = null
    this.refused = null
    this.inches?.cancel()
  }

  /** Throws the fight away and sets it up again from its initial state (saved at once). */
  restart(): void {
    this.#changes.restart()
  }

  /**
   * Sets how the AI plays a figure (null: the defaults). No command edits a figure, and the profile is GM
   * configuration rather than rules state, so it goes into the encounter's initial state and the command log
   * is replayed over it (the AI's past choices are commands, so they replay unchanged); saved at once.
   */
  setAiProfile(figureId: string, profile: AiProfile | null): void {
    this.#changes.editInitial((initial) => withAiProfile(initial, figureId, profile))
  }

  /** Sends any session command (a door from the map, a life from the token HUD); false when refused. */
  send(command: Command, note?: AiNote): boolean {
    return this.#changes.send(command, note)
  }

  /**
   * Sees each command a person sends before it goes (the AI's, with a note, go straight): true when it took
   * the command, to send it later itself (the dice entry, automation-control.svelte.ts, adds the faces).
   */
  intercept: ((command: Command) => boolean) | null = null

  /**
   * Sets figures' controllers (solo / GM mode, play-mode.ts). The rules never read a controller, so like an
   * AI profile it goes into the initial state and the log is replayed over it: same events, same dice.
   */
  setControllers(changes: ControllerChanges): void {
    if (changes.size === 0) return
    this.#changes.editInitial((initial) => withControllers(initial, changes))
  }

  /** Stores the campaign's automation levels and play modes (automation.ts), saved at once. */
  setAutomation(automation: Campaign['automation']): void {
    this.#changes.setAutomation(automation)
  }

  /** Undoes the last step (history.ts); the AI then waits for the GM. Null when done, else why not. */
  undo(): HistoryRefusal | null {
    return this.#changes.disposed ? 'nothing' : this.history.undo()
  }

  /** Plays the last undone step again, with the same dice. */
  redo(): HistoryRefusal | null {
    return this.#changes.disposed ? 'nothing' : this.history.redo()
  }

  /** Resolves once every save asked for so far has landed (or failed). */
  whenSaved(): Promise<void> {
    return this.#saver.whenIdle()
  }

  /** Stops the actor and the AI player; the session is unusable afterwards. */
  dispose(): void {
    this.#changes.dispose()
    this.ai.stop()
    this.#fight.stop()
    this.history.dispose()
  }
}
