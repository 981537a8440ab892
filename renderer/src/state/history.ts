import type { Ruleset } from '../../../rules/core/ruleset'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand, whoDecides } from '../../../rules/flow/engine'
import type { AiNote } from './log-lines'

// The fight's timeline: the state after any prefix of its commands, and where the steps a person sees
// begin. The state is the replay of `initial` + commands and every die is drawn from the seeded RNG kept in
// the state, so the state after a prefix is exactly what it was then, dice included: undo is "replay one
// step less", redo "apply the dropped commands again" (the same rolls come out), and replay of an ended
// fight is the same prefix walked forwards.
//
// A *step* is what a person would call one thing that happened:
// - a command a person gave (a move, an attack, an answer, a door, a life set by the GM) starts a step;
// - an answer the AI gave to a question another command raised (a reaction, a defence) belongs to the
//   step of that command: undoing the attack also undoes the goblin's auto-answered defence;
// - the commands an AI figure played in one activation, one after another, are one step ("the goblin's
//   turn"); a person's answer in the middle of it (a hero's defence) splits it.
// Who gave a command is read from the state before it (whoDecides and the decider's controller), so the
// steps come from the record alone and are the same after a reload. `encounter.start` is the floor: undo
// never takes the fight back into setup (Restart does that).

/** How a command joins the steps: a person's, the AI's in activation `key`, or an AI answer. */
type Mark = { by: 'person' } | { by: 'ai'; key: string } | { by: 'aiAnswer' }

/** How often a snapshot of the state is kept, in commands (scrubbing replays at most this many). */
export const SNAPSHOT_EVERY = 50

/**
 * The states after prefixes of one command list, with snapshots every `every` commands and the marks that
 * group commands into steps; `sync` adopts a changed list and keeps what its common prefix still holds.
 */
export class Timeline {
  #commands: readonly Command[] = []
  #snapshots = new Map<number, EncounterState>()
  #marks: Mark[] = []
  /** Activations opened before each command (the AI's step key), parallel to `#marks`. */
  #activations: number[] = []
  /** Activations each marked command opened (its `turn.started` events). */
  #opened: number[] = []

  constructor(
    readonly initial: EncounterState,
    readonly ruleset: Ruleset,
    readonly every = SNAPSHOT_EVERY
  ) {
    this.#snapshots.set(0, initial)
  }

  /** How many commands the timeline holds. */
  get length(): number {
    return this.#commands.length
  }

  /** The commands as adopted last. */
  get commands(): readonly Command[] {
    return this.#commands
  }

  /** Adopts `commands`; what was worked out for a prefix they share with the old list is kept. */
  sync(commands: readonly Command[]): void {
    const old = this.#commands
    let same = 0
    const limit = Math.min(old.length, commands.length)
    while (same < limit && old[same] === commands[same]) same++
    this.#commands = commands
    for (const k of this.#snapshots.keys()) if (k > same) this.#snapshots.delete(k)
    if (this.#tip && this.#tip.n > same) this.#tip = null
    this.#marks.length = Math.min(this.#marks.length, same)
    this.#activations.length = this.#marks.length
    this.#opened.length = this.#marks.length
  }

  /** The state after the first `n` commands (0: the initial state), replayed from the nearest snapshot. */
  stateAt(n: number): EncounterState {
    const target = Math.max(0, Math.min(n, this.#commands.length))
    let from = Math.floor(target / this.every) * this.every
    while (!this.#snapshots.has(from)) from -= this.every
    let state = this.#snapshots.get(from) as EncounterState
    // the last state asked for, when it lies on the way (the live end, asked for after every command)
    const tip = this.#tip
    if (tip && tip.n >= from && tip.n <= target) {
      from = tip.n
      state = tip.state
    }
    for (let i = from; i < target; i++) state = this.#apply(state, i)
    this.#tip = { n: target, state }
    return state
  }

  #tip: { n: number; state: EncounterState } | null = null

  /** Applies command `i`, noting its mark (when not known yet) and a snapshot when one is due. */
  #apply(state: EncounterState, i: number): EncounterState {
    const command = this.#commands[i] as Command
    const marking = this.#marks.length === i
    if (marking) this.#mark(state, command, i)
    const result = applyCommand(state, command, this.ruleset)
    if (!result.ok)
      throw new Error(`timeline: command ${i} (${command.type}) refused: ${result.violation.code}`)
    if (marking) this.#opened.push(result.events.filter((e) => e.type === 'turn.started').length)
    if ((i + 1) % this.every === 0) this.#snapshots.set(i + 1, result.state)
    return result.state
  }

  #mark(before: EncounterState, command: Command, i: number): void {
    const activations = i > 0 ? (this.#activations[i - 1] as number) + (this.#opened[i - 1] as number) : 0
    this.#activations.push(activations)
    const decider = before.combatants.find((c) => c.id === whoDecides(before))
    if (decider?.controller !== 'ai') this.#marks.push({ by: 'person' })
    else if (command.type === 'decision.answer') this.#marks.push({ by: 'aiAnswer' })
    else this.#marks.push({ by: 'ai', key: `${activations}:${before.turn?.activeId ?? ''}` })
  }

  /** Where each step begins (command indices, ascending), worked out for every command. */
  stepStarts(): number[] {
    this.#markAll()
    const starts: number[] = []
    let key: string | null = null
    this.#marks.forEach((mark, i) => {
      if (i === 0) {
        starts.push(0)
        key = mark.by === 'ai' ? mark.key : null
      } else if (mark.by === 'aiAnswer') return
      else if (mark.by === 'ai' && mark.key === key) return
      else {
        starts.push(i)
        key = mark.by === 'ai' ? mark.key : null
      }
    })
    return starts
  }

  /** Marks every command not marked yet, replaying from the last known point (snapshots kept on the way). */
  #markAll(): void {
    let i = this.#marks.length
    if (i >= this.#commands.length) return
    let state = this.stateAt(i)
    for (; i < this.#commands.length; i++) state = this.#apply(state, i)
  }

  /** The lowest command count an undo may go back to: after `encounter.start`, never into setup. */
  get floor(): number {
    return this.#commands[0]?.type === 'encounter.start' ? 1 : 0
  }

  /** How many commands stay after undoing the last step, or null when there is nothing to undo. */
  undoTarget(): number | null {
    const starts = this.stepStarts()
    const last = starts.at(-1)
    if (last === undefined) return null
    const target = Math.max(last, this.floor)
    return target < this.#commands.length ? target : null
  }
}

/**
 * True when an AI figure decides next in a running fight: the AI would play at once, so after an undo or a
 * redo it waits for the GM instead (it would replay the undone step exactly: its choice is a function of
 * the state). At a person's decision nothing plays by itself, and the AI is left as it was.
 */
export function aiDecidesNext(state: EncounterState): boolean {
  const decider = state.combatants.find((c) => c.id === whoDecides(state))
  return state.phase === 'running' && decider?.controller === 'ai'
}

/** Commands an undo dropped, with the AI's reasons that went with them (a redo brings both back). */
export interface RedoGroup {
  commands: Command[]
  notes: AiNote[]
}

/** Where an undo or redo leaves the fight: the commands to keep, the state they replay to, the notes. */
export interface HistoryMove {
  commands: Command[]
  state: EncounterState
  notes: AiNote[]
}

/**
 * Undo and redo over a timeline: undo drops the last step and keeps it on the redo stack, redo applies the
 * newest dropped step again (the same dice come out: the RNG is in the state), and any new command clears
 * the stack (`clearRedo`), since the dropped steps no longer follow from the state.
 */
export class UndoRedo {
  #redo: RedoGroup[] = []

  constructor(readonly timeline: Timeline) {}

  /** How many undone steps a redo can bring back. */
  get redoCount(): number {
    return this.#redo.length
  }

  /** Whether there is a step to undo in `commands`. */
  canUndo(commands: readonly Command[]): boolean {
    this.timeline.sync(commands)
    return this.timeline.undoTarget() !== null
  }

  /** Undoes the last step of `commands`; null when there is none (nothing since the start). */
  undo(commands: readonly Command[], notes: readonly AiNote[]): HistoryMove | null {
    this.timeline.sync(commands)
    const target = this.timeline.undoTarget()
    if (target === null) return null
    const state = this.timeline.stateAt(target)
    // A note at `at` explains the command whose events start there: gone with it when `at` is past the log.
    const kept = notes.filter((n) => n.at < state.log.length)
    const dropped = notes.filter((n) => n.at >= state.log.length)
    this.#redo.push({ commands: commands.slice(target), notes: dropped })
    return { commands: commands.slice(0, target), state, notes: kept }
  }

  /** Applies the last undone step again; null when there is none. */
  redo(commands: readonly Command[], notes: readonly AiNote[]): HistoryMove | null {
    const group = this.#redo.pop()
    if (!group) return null
    const next = [...commands, ...group.commands]
    this.timeline.sync(next)
    return { commands: next, state: this.timeline.stateAt(next.length), notes: [...notes, ...group.notes] }
  }

  /** Takes over another history's undone steps (the initial state changed, not the commands). */
  adoptRedo(other: UndoRedo): void {
    this.#redo = [...other.#redo]
  }

  /** A new command was played: the undone steps no longer follow from the state. */
  clearRedo(): void {
    this.#redo = []
  }
}
