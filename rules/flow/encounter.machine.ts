import { assign, createActor, not, setup } from 'xstate'
import type { GameEvent } from '../core/events'
import type { Ruleset } from '../core/ruleset'
import type { Command, EncounterState, Violation } from '../core/types'
import { applyCommand } from './engine'

/** What the encounter actor holds: the rules state plus what the last command did. */
export interface EncounterContext {
  state: EncounterState
  ruleset: Ruleset
  /** Every command accepted so far (the replay log a save keeps). */
  commands: Command[]
  /** Events of the last accepted command, for animation and the combat log. */
  lastEvents: GameEvent[]
  /** Why the last command was refused, or null. */
  violation: Violation | null
}

/**
 * The encounter's phases, shared by every system: `setup → running.awaitingAction ⇄ running.awaitingDecision
 * → ended`.
 * Rounds, turns and the per-turn economy advance inside `applyCommand` (the ruleset's turn order and
 * economy machine), so this machine stays system-agnostic and small.
 */
export const encounterMachine = setup({
  types: {
    context: {} as EncounterContext,
    input: {} as { state: EncounterState; ruleset: Ruleset; commands?: Command[] },
    events: {} as Command
  },
  guards: {
    isSetup: ({ context }) => context.state.phase === 'setup',
    isEnded: ({ context }) => context.state.phase === 'ended',
    isPending: ({ context }) => context.state.pending !== null
  },
  actions: {
    applyCommand: assign(({ context, event }) => {
      const result = applyCommand(context.state, event, context.ruleset)
      if (!result.ok) return { violation: result.violation }
      return {
        state: result.state,
        commands: [...context.commands, event],
        lastEvents: result.events,
        violation: null
      }
    })
  }
}).createMachine({
  id: 'encounter',
  context: ({ input }) => ({
    state: input.state,
    ruleset: input.ruleset,
    commands: input.commands ?? [],
    lastEvents: [],
    violation: null
  }),
  initial: 'resuming',
  states: {
    // A saved encounter resumes in the phase it was saved in.
    resuming: {
      always: [
        { target: 'setup', guard: 'isSetup' },
        { target: 'ended', guard: 'isEnded' },
        { target: 'running' }
      ]
    },
    setup: {
      on: { 'encounter.start': { target: 'resuming', actions: 'applyCommand' } }
    },
    running: {
      initial: 'awaitingAction',
      always: { target: 'ended', guard: 'isEnded' },
      states: {
        awaitingAction: {
          always: { target: 'awaitingDecision', guard: 'isPending' },
          on: {
            'action.declare': { actions: 'applyCommand' },
            'activation.select': { actions: 'applyCommand' },
            'turn.end': { actions: 'applyCommand' },
            // the map's hands: doors and the GM's life edits happen between actions, never mid-decision
            'door.set': { actions: 'applyCommand' },
            'life.set': { actions: 'applyCommand' }
          }
        },
        // An action halted for a decision: only its answer moves the fight on.
        awaitingDecision: {
          always: { target: 'awaitingAction', guard: not('isPending') },
          on: { 'decision.answer': { actions: 'applyCommand' } }
        }
      }
    },
    ended: { type: 'final' }
  }
})

/** A running encounter actor for a state (fresh or saved) and its ruleset. */
export function createEncounterActor(state: EncounterState, ruleset: Ruleset, commands: Command[] = []) {
  return createActor(encounterMachine, { input: { state, ruleset, commands } }).start()
}
