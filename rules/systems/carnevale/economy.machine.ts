import { assign, setup } from 'xstate'
import type { Economy } from '../../core/ruleset'
import type { Action, EncounterState } from '../../core/types'
import { readSettings } from './settings'
import { readStats } from './stats'

// carnevale.md §4 [GAP-PUB]: a character's AP are replenished each round and it activates once per round,
// spending at most `maxApPerActivation` of them; what it does not spend is lost as the activation ends.
// Guard costs 1 AP and ends the activation at once [TEXT L34]; AoOs cost nothing (they are not actions of
// the active character, so they never reach this machine).

/** The events of the Carnevale economy. */
export type CarnevaleEconomyEvent =
  /** Pay `ap` for an action (Move, Combat, Grapple, Drown). */
  | { type: 'economy.spend'; ap: number }
  /** Pay `ap` for Guard, which ends the activation. */
  | { type: 'economy.guard'; ap: number }
  /** End the activation now, leaving the rest unspent. */
  | { type: 'economy.end'; ap: number }

/** What an activation opens with: the character's AP and the per-activation cap. */
export interface CarnevaleEconomyInput {
  apMax: number
  maxPerActivation: number
}

/** §4: the AP this activation may spend (`ap` = min(AP, cap)); 'ended' once nothing is left or on Guard. */
export const economyMachine = setup({
  types: {
    context: {} as { ap: number },
    input: {} as CarnevaleEconomyInput,
    events: {} as CarnevaleEconomyEvent
  },
  guards: {
    canAfford: ({ context, event }) => event.ap >= 0 && event.ap <= context.ap,
    isSpent: ({ context }) => context.ap <= 0
  },
  actions: {
    pay: assign({ ap: ({ context, event }) => context.ap - event.ap })
  }
}).createMachine({
  id: 'carnevaleEconomy',
  context: ({ input }) => ({ ap: Math.max(0, Math.min(input.apMax, input.maxPerActivation)) }),
  initial: 'acting',
  states: {
    acting: {
      always: { guard: 'isSpent', target: 'ended' },
      on: {
        'economy.spend': { guard: 'canAfford', actions: 'pay' },
        'economy.guard': { guard: 'canAfford', actions: 'pay', target: 'ended' },
        'economy.end': { target: 'ended' }
      }
    },
    ended: {}
  }
})

/** The AP an action costs (§4 table): Move and Jump 1 (setting), Combat, Grapple, Drown and Guard 1, End 0. */
export function actionCost(state: EncounterState, action: Action): number {
  switch (action.kind) {
    case 'move':
    case 'charge':
    case 'jump':
      return readSettings(state).moveApCost
    case 'end':
      return 0
    default:
      return 1
  }
}

/** The Carnevale economy for the flow. */
export const economy: Economy = {
  machine: economyMachine,
  input: (state, actor): CarnevaleEconomyInput => ({
    apMax: readStats(actor).apMax,
    maxPerActivation: readSettings(state).maxApPerActivation
  }),
  charge: (state, action): CarnevaleEconomyEvent => {
    const ap = actionCost(state, action)
    if (action.kind === 'guard') return { type: 'economy.guard', ap }
    if (action.kind === 'end') return { type: 'economy.end', ap }
    return { type: 'economy.spend', ap }
  },
  exhausted: (snapshot) => snapshot.value === 'ended'
}
