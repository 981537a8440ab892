import { assign, setup } from 'xstate'
import { ownValue } from '../../core/own-key'
import type { Economy } from '../../core/ruleset'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { actionCost } from './costs'
import { majorsFor } from './initiative'
import { readSettings } from './settings'

/** What an Athkri turn may still spend (athkri.md §4). */
export interface AthkriBudget {
  /** Acciones Mayores (1, + extras from initiative). */
  major: number
  /** Majors from a split action: each keeps the low die (athkri.md §4 [TEXT L61]). */
  low: number
  /** Acción Menor. */
  minor: number
  /** Acciones gratuitas (G-2). */
  free: number
}

/** The events of the Athkri economy: pay one action of a type, or split a Major into two. */
export type AthkriEconomyEvent =
  | { type: 'economy.spendMajor'; major: 1 }
  | { type: 'economy.spendMinor'; minor: 1 }
  | { type: 'economy.spendFree'; free: number }
  | { type: 'economy.split'; major: 1 }

/**
 * athkri.md §4: Major / Minor / free actions with the extra Majors of initiative. A split turns one Major
 * into two low-die Majors, which are spent first; the turn is over once no Major or Minor is left.
 */
export const economyMachine = setup({
  types: {
    context: {} as AthkriBudget,
    input: {} as { major: number; minor: number; free: number },
    events: {} as AthkriEconomyEvent
  },
  guards: {
    hasLowMajor: ({ context }) => context.low > 0,
    hasMajor: ({ context }) => context.major > 0,
    hasMinor: ({ context }) => context.minor > 0,
    canPayFree: ({ context, event }) => event.type === 'economy.spendFree' && event.free <= context.free,
    isSpent: ({ context }) => context.major + context.low + context.minor <= 0
  },
  actions: {
    spendLowMajor: assign({ low: ({ context }) => context.low - 1 }),
    spendMajor: assign({ major: ({ context }) => context.major - 1 }),
    spendMinor: assign({ minor: ({ context }) => context.minor - 1 }),
    spendFree: assign({
      free: ({ context, event }) => context.free - (event.type === 'economy.spendFree' ? event.free : 0)
    }),
    splitMajor: assign({ major: ({ context }) => context.major - 1, low: ({ context }) => context.low + 2 })
  }
}).createMachine({
  id: 'athkriEconomy',
  // xstate's pure transition() first builds an inert actor with no input: answer it instead of throwing.
  context: ({ input }) => ({
    major: input?.major ?? 0,
    low: 0,
    minor: input?.minor ?? 0,
    free: input?.free ?? 0
  }),
  initial: 'acting',
  states: {
    acting: {
      always: { guard: 'isSpent', target: 'done' },
      on: {
        'economy.spendMajor': [
          { guard: 'hasLowMajor', actions: 'spendLowMajor' },
          { guard: 'hasMajor', actions: 'spendMajor' }
        ],
        'economy.spendMinor': { guard: 'hasMinor', actions: 'spendMinor' },
        'economy.spendFree': { guard: 'canPayFree', actions: 'spendFree' },
        'economy.split': { guard: 'hasMajor', actions: 'splitMajor' }
      }
    },
    // No Major or Minor left: the activation ends (free actions alone do not hold it open).
    done: {
      on: { 'economy.spendFree': { guard: 'canPayFree', actions: 'spendFree' } }
    }
  }
})

/** The budget a figure opens its activation with (athkri.md §4, A2, A3, G-2). */
export function openingBudget(
  state: EncounterState,
  actor: Combatant
): { major: number; minor: number; free: number } {
  const settings = readSettings(state)
  const total = ownValue(state.initiative, actor.id)
  const extras = settings.extraMajorsEveryTurn || state.round <= 1
  const major = total === undefined || !extras ? 1 : majorsFor(total, settings.majorsRule)
  return { major, minor: 1, free: settings.freeActionsPerTurn }
}

/** The economy event an action sends. */
export function chargeOf(state: EncounterState, action: Action): AthkriEconomyEvent {
  switch (actionCost(state, action)) {
    case 'major':
      return { type: 'economy.spendMajor', major: 1 }
    case 'minor':
      return { type: 'economy.spendMinor', minor: 1 }
    case 'split':
      return { type: 'economy.split', major: 1 }
    case 'free':
      return { type: 'economy.spendFree', free: 1 }
    case 'none':
      return { type: 'economy.spendFree', free: 0 }
  }
}

/** The Athkri per-turn economy for the flow. */
export const economy: Economy = {
  machine: economyMachine,
  input: openingBudget,
  charge: chargeOf,
  exhausted: (snapshot) => snapshot.value === 'done'
}
