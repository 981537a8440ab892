import { chooseAnswer } from '../../../ai/answer'
import { decisionKey, GM_DECIDER } from '../../../rules/core/decision-key'
import type { Command, EncounterState } from '../../../rules/core/types'
import { dryRunDice, withEnteredDice, type AskedDie } from '../../../rules/flow/dice-dry-run'
import {
  declineChoice,
  dicePlan,
  levelsOf,
  pendingPlan,
  withLevel,
  type Answerer,
  type AutomationFamily,
  type AutomationLevel,
  type AutomationLevels,
  type CampaignAutomation,
  type DicePlan
} from './automation'
import type { EncounterSession } from './encounter.svelte'
import type { AiNote } from './log-lines'
import { controllerChanges, modeOf, suggestingSides, type ModeSettings } from './play-mode'

/** What the automation needs of the encounter session (a narrow view, for tests). */
export type AutomationHost = Pick<
  EncounterSession,
  'state' | 'ruleset' | 'campaign' | 'ai' | 'send' | 'setAutomation' | 'setControllers' | 'intercept'
>

/** A command waiting for its dice: what the dialog shows. */
export interface DiceEntry {
  /** The state the command was offered in: once the fight moves on (an undo), the entry is dropped. */
  state: EncounterState
  command: Command
  note?: AiNote
  /** Every die the command rolls with the faces entered so far (a later die may appear or go). */
  asked: AskedDie[]
  /** The faces typed or taken, by die; null: still to enter. */
  faces: Array<number | null>
  plan: DicePlan
  /** The AI figure whose chosen command this is (the dialog's title names it), absent for a person's. */
  actorId?: string
}

const valid = (face: number | null, sides: number): face is number =>
  face !== null && Number.isInteger(face) && face >= 1 && face <= sides

/**
 * The encounter's automation as reactive state: the levels per rule family and the play mode (stored in
 * the campaign), the dice-entry dialog for commands that roll, and the decisions it answers by itself.
 */
export class AutomationControl {
  levels = $state.raw<AutomationLevels>(levelsOf(undefined))
  mode = $state.raw<ModeSettings>({ mode: 'solo', heroSide: '', sides: {} })
  /** The command whose dice are being entered, or null. */
  entry = $state.raw<DiceEntry | null>(null)
  #stored: CampaignAutomation | undefined
  /** Hands an AI command's entered faces (or null: not sent) back to the AI's turns that wait for them. */
  #waiting: ((command: Command | null) => void) | null = null
  /** The log length of the last decision answered by itself, so one decision is answered once. */
  #handledAt = -1

  constructor(private readonly host: AutomationHost) {
    this.#stored = host.campaign.automation
    this.levels = levelsOf(this.#stored)
    this.mode = modeOf(host.state, this.#stored)
    host.ai.suggestSides = suggestingSides(this.mode)
    host.intercept = (command) => this.offer(command)
    host.ai.enterDice = (command, actorId, note) => this.askFor(command, actorId, note)
  }

  /** The campaign's level for a family changed; saved at once. */
  setLevel(family: AutomationFamily, level: AutomationLevel): void {
    this.#stored = withLevel(this.#stored, family, level)
    this.levels = levelsOf(this.#stored)
    this.host.setAutomation(this.#stored)
  }

  /** Switches the mode (or a side's role): the figures' controllers follow, the choice is saved. */
  setMode(settings: ModeSettings): void {
    this.mode = settings
    this.#stored = {
      ...this.#stored,
      encounters: { ...this.#stored?.encounters, [this.host.state.id]: settings }
    }
    this.host.setAutomation(this.#stored)
    this.host.ai.suggestSides = suggestingSides(settings)
    // A plan already waiting as a suggestion is thought again under the new roles (a side the AI now plays
    // goes on by itself; one it still suggests for waits again). No controller changes then, so no rebuild.
    if (this.host.ai.proposal) this.host.ai.release()
    this.host.setControllers(controllerChanges(this.host.state, settings))
  }

  /** The AI's answer to preselect in the decision prompt (suggest), null for none (remind), undefined: as before. */
  get preselect(): string | number | null | undefined {
    const pending = this.host.state.pending
    const plan = pending ? pendingPlan(pending, this.levels, 'person') : null
    if (plan?.kind !== 'prompt') return undefined
    return plan.preselect ? this.#aiAnswer() : null
  }

  #aiAnswer(): string | number | undefined {
    const step = chooseAnswer(this.host.state, this.host.ruleset)
    return step.command.type === 'decision.answer' ? step.command.choice : undefined
  }

  /**
   * Answers the pending decision by itself when its family's level says so (auto: the AI's answer for a
   * person's decision; off: declined, whoever decides), with a note in the log. Called on every change.
   */
  drive(): void {
    const { state } = this.host
    if (this.entry && this.entry.state !== state) this.#close(null)
    const pending = state.pending
    if (!pending || state.phase !== 'running' || this.entry || this.#handledAt === state.log.length) return
    const { deciderId } = pending.request
    const decider = state.combatants.find((c) => c.id === deciderId)
    const plan = pendingPlan(pending, this.levels, this.#answerer(deciderId))
    if (plan?.kind !== 'answer' && plan?.kind !== 'decline' && plan?.kind !== 'default') return
    this.#handledAt = state.log.length
    const step = plan.kind === 'answer' ? chooseAnswer(state, this.host.ruleset) : null
    const choice =
      step?.command.type === 'decision.answer'
        ? step.command.choice
        : plan.kind === 'default'
          ? pending.request.default
          : declineChoice(pending.request)
    const note: AiNote = {
      at: state.log.length,
      reason: {
        key:
          plan.kind === 'decline' ? 'autoDeclined' : plan.kind === 'default' ? 'autoDefault' : 'autoAnswered',
        params: {
          actor: decider?.name ?? deciderId,
          decision: decisionKey(pending.request.id),
          choice: String(choice)
        }
      }
    }
    const command: Command = { type: 'decision.answer', decisionId: pending.request.id, choice }
    if (!this.offer(command, note)) this.host.send(command, note)
  }

  /**
   * Who can answer a decision: a person for a GM ruling when someone plays at the table (a figure not the
   * AI's) and for a person's figure or one the GM took over; the AI player for its figures; nobody for a GM
   * ruling in a fight the AI plays alone.
   */
  #answerer(deciderId: string): Answerer {
    const { combatants } = this.host.state
    if (deciderId === GM_DECIDER) return combatants.some((c) => c.controller !== 'ai') ? 'person' : 'nobody'
    const decider = combatants.find((c) => c.id === deciderId)
    if (!decider) return 'person'
    return decider.controller !== 'ai' || this.host.ai.takenOver === deciderId ? 'person' : 'ai'
  }

  /**
   * Takes a command that rolls when the dice level asks a person for them: opens the dialog and returns
   * true (the command goes when its dice are in); false lets it go as it is.
   */
  offer(command: Command, note?: AiNote, actorId?: string): boolean {
    const plan = dicePlan(this.levels.dice)
    if (!plan.ask || this.entry) return false
    const run = dryRunDice(this.host.state, command, this.host.ruleset)
    if (!run.ok || run.dice.length === 0) return false
    const faces = run.dice.map((d) => (plan.prefill ? d.drawn : null))
    const { state } = this.host
    const who = { ...(note ? { note } : {}), ...(actorId ? { actorId } : {}) }
    this.entry = { state, command, ...who, asked: run.dice, faces, plan }
    return true
  }

  /**
   * The same dialog for a command the AI chose (AiTurns cannot wait on a person itself): null when no dice
   * are asked, else the command with the faces once they are in, or null if the GM cancelled (the AI then
   * waits paused) or the fight moved on.
   */
  askFor(command: Command, actorId: string, note: AiNote): Promise<Command | null> | null {
    if (!this.offer(command, note, actorId)) return null
    return new Promise((resolve) => (this.#waiting = resolve))
  }

  /** A face typed (null: cleared) for die `index`: the dice after it are asked again. */
  enter(index: number, face: number | null): void {
    const entry = this.entry
    if (!entry) return
    const faces = [...entry.faces]
    faces[index] = face
    this.entry = this.#rerun({ ...entry, faces })
  }

  /** Whether every die asked has a face it can show: the command can go. */
  get complete(): boolean {
    const entry = this.entry
    return entry !== null && entry.asked.every((d, i) => valid(entry.faces[i] ?? null, d.sides))
  }

  /** Sends the command with the entered faces (none when they are all the RNG's own) and closes. */
  confirm(): boolean {
    const entry = this.entry
    if (!entry || !this.complete) return false
    const faces = entry.faces as number[]
    const own = entry.asked.every((d, i) => d.drawn === faces[i])
    const command = own ? entry.command : withEnteredDice(entry.command, faces)
    // The AI's command goes back to its turns, which send it with its trace.
    if (this.#waiting) return this.#close(command)
    this.entry = null
    return this.host.send(command, entry.note)
  }

  /** Closes the dialog without sending (the declared action is not made); the AI's step waits paused. */
  cancel(): void {
    if (this.#waiting) this.host.ai.pause()
    this.#close(null)
  }

  /** Closes the dialog and tells a waiting AI step what came of it; true when a command went back. */
  #close(command: Command | null): boolean {
    const waiting = this.#waiting
    this.#waiting = null
    this.entry = null
    waiting?.(command)
    return command !== null
  }

  /** Runs the dry run with the valid faces entered from the first on, and lines the faces up with its dice. */
  #rerun(entry: DiceEntry): DiceEntry {
    const prefix: number[] = []
    for (const [i, die] of entry.asked.entries()) {
      const face = entry.faces[i] ?? null
      if (!valid(face, die.sides)) break
      prefix.push(face)
    }
    const run = dryRunDice(entry.state, entry.command, this.host.ruleset, prefix)
    if (!run.ok) return entry
    // A die whose sides changed is another die now: its old face goes.
    const faces = run.dice.map((die, i) => {
      const before = entry.asked[i]
      const kept = before && before.sides === die.sides ? (entry.faces[i] ?? null) : null
      return kept ?? (entry.plan.prefill ? die.drawn : null)
    })
    return { ...entry, asked: run.dice, faces }
  }
}
