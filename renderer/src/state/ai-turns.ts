import type { AiOption, AiStep } from '../../../ai/types'
import type { Command, EncounterState } from '../../../rules/core/types'
import { whoDecides } from '../../../rules/flow/engine'
import type { AiPlayer } from '../worker/ai-client'
import type { AiNote } from './log-lines'

/** A step the AI proposed and holds until the GM accepts it, picks another option, or takes over. */
export interface AiProposal {
  actorId: string
  step: AiStep
  /** The log length when it was asked for: where its note goes. */
  at: number
  /** How many commands led to the state it was chosen in; any other count makes it stale. */
  commands: number
}

/** What the AI pacer needs from the encounter it plays in. */
export interface AiTurnHost {
  /** The current state, and how many commands led to it (a change means the state moved on). */
  current(): { state: EncounterState; commands: number }
  /**
   * Sends a command with the AI's reason, the step it came from and which of its trace options was played
   * (0: the AI's own choice); null when accepted, else the rules' refusal code.
   */
  send(command: Command, note: AiNote, step?: AiStep, picked?: number): string | null
  /** The AI started or stopped thinking. */
  thinking(on: boolean): void
  /** Whether each plan waits for the GM; read at every step, so a switch applies to the next one. */
  confirming?(): boolean
  /** The plan waiting for the GM, or who the GM plays by hand, changed. */
  changed?(proposal: AiProposal | null, takenOver: string | null): void
  /**
   * Asks the table for the dice of a command the AI chose (dice automation not `auto`): null when nothing
   * is asked (the command goes as it is), else the command with the faces entered, or null once the GM
   * cancelled the entry or it went stale (nothing is sent).
   */
  enterDice?(command: Command, actorId: string, note: AiNote): Promise<Command | null> | null
}

/** One command the AI (or the GM, from its trace) chose, on its way to the rules. */
interface Play {
  actorId: string
  command: Command
  note: AiNote
  step: AiStep
  /** Which trace option it plays (0: the AI's own choice). */
  picked: number
}

/**
 * The command that plays one option of a step's trace: its action, else the answer it names (a decision
 * step's options carry their choice in the reason), else ending the activation; null if it names nothing.
 */
export function commandOf(option: AiOption, step: AiStep): Command | null {
  if (option.action) return { type: 'action.declare', action: option.action }
  if (step.command.type !== 'decision.answer') return { type: 'turn.end' }
  const choice = option.reason.params.choice
  return choice === undefined
    ? null
    : { type: 'decision.answer', decisionId: step.command.decisionId, choice }
}

/**
 * Plays the AI's figures one visible step at a time: after a pause, asks the AI player for a step and
 * sends it with its reason; the host calls `poke` after every accepted command, so steps chain until a
 * person's turn. A step the rules refuse, or an AI failure, ends the activation instead of stalling.
 * When the host is confirming, a step waits as a proposal for the GM instead; a proposal, or a figure the
 * GM took over, is dropped as soon as the state moves on without it.
 */
export class AiTurns {
  #busy = false
  #stopped = false
  #proposal: AiProposal | null = null
  /** The figure the GM plays by hand, and the log length when they took it (its `turn.ended` frees it). */
  #takeover: { actorId: string; from: number } | null = null
  /** Bumped when the GM resets or hands back: a step asked for before then is dropped on arrival. */
  #generation = 0

  constructor(
    private readonly host: AiTurnHost,
    private readonly ai: AiPlayer,
    private readonly delayMs: number
  ) {}

  /** The plan waiting for the GM. */
  get proposal(): AiProposal | null {
    return this.#proposal
  }

  /** The figure the GM is playing by hand this activation. */
  get takenOver(): string | null {
    return this.#takeover?.actorId ?? null
  }

  /** Starts a step if an AI-controlled figure is active and no step is under way. */
  poke(): void {
    const { state, commands } = this.host.current()
    this.#refresh(state, commands)
    // Whoever must act now: the decider of a pending decision (a defender, say), else the active figure.
    const deciderId = whoDecides(state)
    const actor = state.combatants.find((c) => c.id === deciderId)
    if (this.#stopped || this.#busy || state.phase !== 'running' || actor?.controller !== 'ai') return
    if (this.#proposal || this.#takeover?.actorId === actor.id) return
    this.#busy = true
    this.host.thinking(true)
    const at = state.log.length
    const generation = this.#generation
    const stale = (): boolean =>
      this.#stopped || this.#generation !== generation || this.host.current().commands !== commands
    setTimeout(() => {
      this.ai
        .choose(state, actor.id)
        .then((step) => {
          if (stale()) return
          if (this.host.confirming?.()) {
            this.#proposal = { actorId: actor.id, step, at, commands }
            this.#notify()
            return
          }
          const note = { at, reason: step.reason }
          return this.#play({ actorId: actor.id, command: step.command, note, step, picked: 0 }, stale)
        })
        .catch((error: unknown) => {
          if (!stale()) this.#giveUp(state, at, error instanceof Error ? error.message : String(error))
        })
        .finally(() => {
          this.#busy = false
          this.host.thinking(false)
          this.poke()
        })
    }, this.delayMs)
  }

  /** Plays the waiting plan as the AI chose it; false when none waits (or it went stale). */
  accept(): boolean {
    return this.pick(0)
  }

  /** Plays option `index` of the waiting plan's trace instead of the AI's choice (0 is the AI's own). */
  pick(index: number): boolean {
    const proposal = this.#fresh()
    const option = proposal?.step.trace[index]
    if (!proposal || !option) return false
    const command = index === 0 ? proposal.step.command : commandOf(option, proposal.step)
    if (!command || this.#busy) return false
    this.#proposal = null
    this.#notify()
    const note = { at: proposal.at, reason: index === 0 ? proposal.step.reason : option.reason }
    const { actorId, step, commands } = proposal
    const generation = this.#generation
    const stale = (): boolean =>
      this.#stopped || this.#generation !== generation || this.host.current().commands !== commands
    const played = this.#play({ actorId, command, note, step, picked: index }, stale)
    if (!played) {
      this.poke()
      return true
    }
    // Its dice are being entered: no other step starts until they are in (or the entry is dropped).
    this.#busy = true
    void played.finally(() => {
      this.#busy = false
      this.poke()
    })
    return true
  }

  /** The GM plays the waiting plan's figure by hand until its activation ends; false when none waits. */
  takeOver(): boolean {
    const proposal = this.#fresh()
    if (!proposal) return false
    this.#proposal = null
    this.#takeover = { actorId: proposal.actorId, from: this.host.current().state.log.length }
    this.#notify()
    return true
  }

  /** Hands a taken-over figure, or a waiting plan, back to the AI: it thinks again from the current state. */
  release(): void {
    this.#generation++
    if (!this.#proposal && !this.#takeover) return
    this.#proposal = null
    this.#takeover = null
    this.#notify()
    this.poke()
  }

  /** Forgets any proposal and take-over (the fight was set up again); a step in flight goes stale. */
  reset(): void {
    this.#generation++
    this.#proposal = null
    this.#takeover = null
    this.#notify()
  }

  /** Stops for good (the encounter closed); a step in flight is dropped. */
  stop(): void {
    this.#stopped = true
  }

  /** The waiting plan if the state is still the one it was chosen in; a stale one is dropped. */
  #fresh(): AiProposal | null {
    const { state, commands } = this.host.current()
    this.#refresh(state, commands)
    return this.#proposal
  }

  /** Drops a proposal the state has moved past, and ends a take-over whose activation is over. */
  #refresh(state: EncounterState, commands: number): void {
    let changed = false
    if (this.#proposal && (this.#proposal.commands !== commands || state.phase !== 'running')) {
      this.#proposal = null
      changed = true
    }
    const takeover = this.#takeover
    if (takeover) {
      const { actorId, from } = takeover
      const ended = state.log.slice(from).some((e) => e.type === 'turn.ended' && e.actorId === actorId)
      const elsewhere = state.turn?.activeId !== actorId && whoDecides(state) !== actorId
      if (ended || elsewhere || state.phase !== 'running') {
        this.#takeover = null
        changed = true
      }
    }
    if (changed) this.#notify()
  }

  /**
   * Sends one chosen command, after the table entered its dice when the host asks for them: the AI chose
   * before any face was known, so its choice never depends on them. A promise while the dice are asked (it
   * settles once the command went, or was dropped: cancelled by the GM, or the state moved on).
   */
  #play(play: Play, stale: () => boolean): Promise<void> | null {
    const send = (command: Command): void => {
      const refused = this.host.send(command, play.note, play.step, play.picked)
      if (refused) this.#giveUp(this.host.current().state, play.note.at, `${command.type}: ${refused}`)
    }
    const asked = this.host.enterDice?.(play.command, play.actorId, play.note) ?? null
    if (!asked) {
      send(play.command)
      return null
    }
    // Nobody is thinking while the table rolls.
    this.host.thinking(false)
    return asked.then((command) => {
      if (command && !stale()) send(command)
    })
  }

  /** A failed step must not stall the table: take the decision's default, or end the activation. */
  #giveUp(state: EncounterState, at: number, detail: string): void {
    const fallback: Command = state.pending
      ? {
          type: 'decision.answer',
          decisionId: state.pending.request.id,
          choice: state.pending.request.default
        }
      : { type: 'turn.end' }
    this.host.send(fallback, { at, reason: { key: 'failed', params: { detail } } })
  }

  #notify(): void {
    this.host.changed?.(this.#proposal, this.takenOver)
  }
}
