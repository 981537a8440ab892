import { assign, setup } from 'xstate'
import type { Economy } from '../../core/ruleset'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { pathSteps } from './movement'
import { readSettings } from './settings'
import { readStats } from './stats'

/** The one event the Minecraft economy understands: pay `ap` action points. */
export interface SpendEvent {
  type: 'economy.spend'
  ap: number
}

/** minecraft.md §3: an action-point counter; `spent` once nothing is left. */
export const economyMachine = setup({
  types: {
    context: {} as { ap: number },
    input: {} as { ap: number },
    events: {} as SpendEvent
  },
  guards: {
    canAfford: ({ context, event }) => event.ap >= 0 && event.ap <= context.ap,
    isSpent: ({ context }) => context.ap <= 0,
    isFree: ({ event }) => event.ap === 0
  }
}).createMachine({
  id: 'minecraftEconomy',
  context: ({ input }) => ({ ap: input.ap }),
  initial: 'acting',
  states: {
    acting: {
      always: { guard: 'isSpent', target: 'spent' },
      on: {
        'economy.spend': {
          guard: 'canAfford',
          actions: assign({ ap: ({ context, event }) => context.ap - event.ap })
        }
      }
    },
    // Free actions (facing, minecraft.md §2 G-5) stay possible once the AP are gone.
    spent: { on: { 'economy.spend': { guard: 'isFree', target: 'spent' } } }
  }
})

/** AP a figure starts its activation with: its own override, else the table setting. minecraft.md §3 G-7 */
export function apPerTurn(state: EncounterState, actor: Combatant): number {
  return readStats(actor).apPerTurn ?? readSettings(state).apPerTurn
}

/** AP an action costs (minecraft.md §3): move = squares × cost + climbing, melee 1, ranged 2, face 0. */
export function actionCost(state: EncounterState, action: Action): number {
  const settings = readSettings(state)
  switch (action.kind) {
    case 'move': {
      const mover = state.combatants.find((c) => c.id === action.actorId)
      const path = action.path ?? []
      return mover ? pathSteps(state, settings, mover, path).cost : path.length * settings.moveCostPerSquare
    }
    case 'melee':
      return settings.meleeAp
    case 'ranged':
      return settings.rangedAp
    default:
      return 0
  }
}

/** The Minecraft per-turn economy for the flow. */
export const economy: Economy = {
  machine: economyMachine,
  input: (state, actor) => ({ ap: apPerTurn(state, actor) }),
  charge: (state, action): SpendEvent => ({ type: 'economy.spend', ap: actionCost(state, action) }),
  exhausted: (snapshot) => snapshot.value === 'spent'
}
