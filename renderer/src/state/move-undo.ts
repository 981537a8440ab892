import type { GameEvent } from '../../../rules/core/events'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Command, EncounterState } from '../../../rules/core/types'
import { applyCommand, replay } from '../../../rules/flow/engine'

// Taking a move back is fair only while it taught nobody anything: no die was rolled (a hidden roll, an
// attack of opportunity, the next figure's movement roll), no reaction was asked for, and nobody but the
// mover changed. The undo itself rebuilds the encounter from its initial state and every command but the
// last, so what is saved is exactly what would have been saved had the move never been made.

/** Why the last command cannot be taken back (an i18n key under `mapPlay.undo.`). */
export type UndoRefusal = 'nothing' | 'notMove' | 'dice' | 'provoked' | 'others' | 'notRunning'

/** True when the command declares a move of a figure along a path at no figure (a walk, a 5-ft step). */
export function isMoveCommand(command: Command | undefined): boolean {
  if (!command || command.type !== 'action.declare') return false
  const { action } = command
  return !!action.path?.length && action.targetId === undefined
}

/** The figure an event changes, if it names one (the mover's own events included). */
function touched(event: GameEvent): string | null {
  switch (event.type) {
    case 'moved':
    case 'faced':
    case 'pushed':
    case 'damaged':
    case 'healed':
    case 'combatant.out':
    case 'combatant.back':
    case 'stats.changed':
      return event.id
    case 'attack.hit':
    case 'attack.missed':
      return event.targetId
    default:
      return null
  }
}

/**
 * Whether the events of an accepted move may be taken back: null when they may, else why not. The mover
 * is `actorId`; a die, a decision (a reaction) or an attack anywhere refuses, and so does any event that
 * changes another figure.
 */
export function moveUndoRefusal(
  command: Command | undefined,
  events: readonly GameEvent[]
): UndoRefusal | null {
  if (!command) return 'nothing'
  if (!isMoveCommand(command) || command.type !== 'action.declare') return 'notMove'
  const moverId = command.action.actorId
  for (const e of events) {
    if (e.type === 'dice.rolled') return 'dice'
    if (e.type === 'decision.requested' || e.type === 'attack.declared') return 'provoked'
    const id = touched(e)
    if (id !== null && id !== moverId) return 'others'
  }
  return null
}

/**
 * Whether the last of `commands` may be undone, worked out from the record alone (after a reload the
 * actor no longer holds the last command's events): the state before it is replayed from `initial` and
 * the command applied again, which gives the same events (the dice live in the state).
 */
export function undoCheck(
  initial: EncounterState,
  commands: readonly Command[],
  ruleset: Ruleset,
  lastEvents?: readonly GameEvent[]
): { refusal: UndoRefusal | null; commands: Command[] } {
  const last = commands[commands.length - 1]
  const kept = commands.slice(0, -1)
  if (!last) return { refusal: 'nothing', commands: kept }
  if (!isMoveCommand(last)) return { refusal: 'notMove', commands: kept }
  let events = lastEvents
  if (!events) {
    const result = applyCommand(replay(initial, kept, ruleset), last, ruleset)
    events = result.ok ? result.events : []
  }
  return { refusal: moveUndoRefusal(last, events), commands: kept }
}
