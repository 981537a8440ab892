import { assign, setup } from 'xstate'
import { ownValue } from '../../core/own-key'
import type { Economy } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { healthOf, isRestrictedHealth } from './health'
import { readSettings } from './settings'
import { abilityMod, hasFeat, readStats } from './stats'
import { isSurpriseRound } from './turn-order'

// pathfinder1e.md §3.2 / §3.5: one standard, one move, one swift action, a 5-ft step and a few free actions
// per turn; a full-round action takes the standard and the move together. The budget is a set of counters
// with guards rather than parallel regions, so a saved { value, context } snapshot says everything.

/** Diagonal parity of the 1-2-1 count (§2 A2): 0 = the next diagonal costs 1 square, 1 = it costs 2. */
export type Parity = 0 | 1

/** The economy events an action sends (the common brief's vocabulary; numeric fields are the cost shown). */
export type PfEconomyEvent =
  | { type: 'economy.standard'; standard: 1 }
  | { type: 'economy.move'; move: 1; squares: number; _parity: Parity }
  | { type: 'economy.doubleMove'; move: 2; squares: number; _parity: Parity }
  | { type: 'economy.full'; full: 1; squares?: number; _parity?: Parity; attacks?: number }
  | { type: 'economy.step'; step: 1; _parity: Parity }
  | { type: 'economy.swift'; swift: 1 }
  | { type: 'economy.free'; free: 1 }
  | { type: 'economy.attack'; attack: 1; _slots: number; _twoWeapon?: 0 | 1 }
  | { type: 'economy.end'; end: 1 }

/** What a figure opens its turn with. */
export interface PfEconomyInput {
  /** §3.2 restricted turn (surprise round, staggered, disabled): one standard OR one move action. */
  restricted: boolean
  /** The initiative count the turn opens at (the turn order reads it to find who is next). */
  count: number
  /** Attacks of opportunity per round, shown to people. */
  aoo: number
  /** G-1: free actions per turn. */
  free: number
  parity?: Parity
}

/**
 * The budget. Shown: standard, move, swift, step (5-ft step), free, attacks (iteratives left in a full
 * attack), aoo. Bookkeeping (hidden, `_`): the count the turn opened at, squares moved (5-ft step
 * excluded), diagonal parity, restricted, attack slots, attacked with the standard, took a 5-ft step.
 */
export interface PfEconomyContext {
  standard: number
  move: number
  swift: number
  step: number
  free: number
  attacks: number
  aoo: number
  _count: number
  _moved: number
  _parity: number
  _restricted: number
  _slots: number
  _attacked: number
  _stepped: number
  /** 1 when this turn's attacks are two-weapon fighting (declared with the first, §3.2); absent = 0. */
  _twoWeapon?: number
}

type Ctx = PfEconomyContext
type Ev<T extends PfEconomyEvent['type']> = Extract<PfEconomyEvent, { type: T }>

/** Squares a movement event covers (0 for a move action that does not move: draw, stand up). */
function squaresOf(event: PfEconomyEvent): number {
  return 'squares' in event ? (event.squares ?? 0) : 0
}

/** §3.2: a 5-ft step forbids any other movement in the turn, before or after it. */
const movementAllowed = (c: Ctx, event: PfEconomyEvent) => squaresOf(event) === 0 || c._stepped === 0

/** Movement bookkeeping: squares moved, no 5-ft step any more, the parity the path ended on (A2). */
function moved(c: Ctx, event: PfEconomyEvent): Partial<Ctx> {
  const squares = squaresOf(event)
  if (squares <= 0) return {}
  const parity = '_parity' in event && event._parity !== undefined ? event._parity : c._parity
  return { _moved: c._moved + squares, step: 0, _parity: parity }
}

/** §3.2: the move is paid by the move action, else by the standard; restricted, either ends both. */
function payMove(c: Ctx): Partial<Ctx> {
  if (c._restricted) return { standard: 0, move: 0 }
  return c.move > 0 ? { move: 0 } : { standard: 0 }
}

/** Whether a turn has nothing left that acts (the activation ends by itself). */
export function isSpent(c: Record<string, number>): boolean {
  const left = (k: string) => c[k] ?? 0
  return (
    left('standard') <= 0 &&
    left('move') <= 0 &&
    left('attacks') <= 0 &&
    (left('step') <= 0 || left('_moved') > 0)
  )
}

/** The machine's context for an input (and an inert default when xstate builds it without one). */
function opening(input: PfEconomyInput | undefined): Ctx {
  return {
    standard: 1,
    move: 1,
    swift: 1,
    step: 1,
    free: input?.free ?? 0,
    attacks: 0,
    aoo: input?.aoo ?? 0,
    _count: input?.count ?? 0,
    _moved: 0,
    _parity: input?.parity ?? 0,
    _restricted: input?.restricted ? 1 : 0,
    _slots: 0,
    _attacked: 0,
    _stepped: 0
  }
}

/** pathfinder1e.md §3.2 / §3.5: the Pathfinder per-turn action economy. */
export const economyMachine = setup({
  types: {
    context: {} as PfEconomyContext,
    input: {} as PfEconomyInput,
    events: {} as PfEconomyEvent
  },
  guards: {
    hasStandard: ({ context }) => context.standard > 0,
    canMove: ({ context, event }) =>
      (context.move > 0 || context.standard > 0) && movementAllowed(context, event),
    canDoubleMove: ({ context, event }) =>
      !context._restricted && context.standard > 0 && context.move > 0 && movementAllowed(context, event),
    // A full attack may follow a 5-ft step; charge, run and withdraw move, so they need no prior step.
    // Restricted, only a moving full-round action without further attacks is allowed: the SRD's restricted
    // charge and withdraw, taken as the turn's one action (validate caps the distance and refuses run).
    canFull: ({ context, event }) => {
      const e = event as Ev<'economy.full'>
      const moves = (e.squares ?? 0) > 0
      if (context.standard <= 0 || context.move <= 0) return false
      if (moves && (context._stepped > 0 || context._moved > 0)) return false
      return !context._restricted || (moves && (e.attacks ?? 0) === 0)
    },
    canStep: ({ context }) => context.step > 0 && context._moved === 0 && context._stepped === 0,
    hasSwift: ({ context }) => context.swift > 0,
    canFree: ({ context, event }) => context.free >= (event as Ev<'economy.free'>).free,
    hasIterative: ({ context }) => context.attacks > 0,
    // §3.2 [SRD] "deciding between an attack and a full attack": a second attack after the standard one
    // turns the turn into a full attack, paying the move, if the figure has not moved but a 5-ft step.
    canBecomeFullAttack: ({ context, event }) =>
      context._attacked > 0 &&
      !context._restricted &&
      context.move > 0 &&
      context._moved === 0 &&
      (event as Ev<'economy.attack'>)._slots >= 2,
    spent: ({ context }) => isSpent({ ...context })
  },
  actions: {
    payStandard: assign(({ context }) => (context._restricted ? { standard: 0, move: 0 } : { standard: 0 })),
    payMove: assign(({ context, event }) => ({ ...payMove(context), ...moved(context, event) })),
    payBoth: assign(({ context, event }) => ({ standard: 0, move: 0, ...moved(context, event) })),
    payFull: assign(({ context, event }) => {
      const e = event as Ev<'economy.full'>
      const full = e.attacks !== undefined
      return {
        standard: 0,
        move: 0,
        attacks: e.attacks ?? 0,
        _attacked: full ? 1 : context._attacked,
        _slots: full ? (e.attacks ?? 0) + 1 : context._slots,
        ...moved(context, event)
      }
    }),
    payStep: assign(({ context, event }) => ({
      step: 0,
      _stepped: 1,
      _parity: (event as Ev<'economy.step'>)._parity ?? context._parity
    })),
    paySwift: assign({ swift: 0 }),
    payFree: assign(({ context, event }) => ({ free: context.free - (event as Ev<'economy.free'>).free })),
    // Each attack of the sequence moves it on by one, so the next takes the next iterative (§3.2).
    payIterative: assign(({ context }) => ({
      attacks: context.attacks - 1,
      _attacked: context._attacked + 1
    })),
    attackWithStandard: assign(({ context, event }) => {
      const e = event as Ev<'economy.attack'>
      return {
        standard: 0,
        move: context._restricted ? 0 : context.move,
        _attacked: 1,
        _slots: e._slots,
        ...(e._twoWeapon ? { _twoWeapon: 1 } : {})
      }
    }),
    becomeFullAttack: assign(({ event }) => {
      const slots = (event as Ev<'economy.attack'>)._slots
      return { move: 0, attacks: slots - 2, _slots: slots, _attacked: 2 }
    }),
    spendAll: assign({ standard: 0, move: 0, swift: 0, step: 0, free: 0, attacks: 0 })
  }
}).createMachine({
  id: 'pathfinder1eEconomy',
  // xstate's pure transition() first builds an inert actor with no input: answer it instead of throwing.
  context: ({ input }) => opening(input as PfEconomyInput | undefined),
  initial: 'acting',
  states: {
    acting: {
      always: { guard: 'spent', target: 'done' },
      on: {
        'economy.standard': { guard: 'hasStandard', actions: 'payStandard' },
        'economy.move': { guard: 'canMove', actions: 'payMove' },
        'economy.doubleMove': { guard: 'canDoubleMove', actions: 'payBoth' },
        'economy.full': { guard: 'canFull', actions: 'payFull' },
        'economy.step': { guard: 'canStep', actions: 'payStep' },
        'economy.swift': { guard: 'hasSwift', actions: 'paySwift' },
        'economy.free': { guard: 'canFree', actions: 'payFree' },
        'economy.attack': [
          { guard: 'hasIterative', actions: 'payIterative' },
          { guard: 'hasStandard', actions: 'attackWithStandard' },
          { guard: 'canBecomeFullAttack', actions: 'becomeFullAttack' }
        ],
        'economy.end': { target: 'done', actions: 'spendAll' }
      }
    },
    // Nothing left that acts: the activation ends (a swift or free action alone does not hold it open).
    done: {
      on: {
        'economy.swift': { guard: 'hasSwift', actions: 'paySwift' },
        'economy.free': { guard: 'canFree', actions: 'payFree' },
        'economy.end': { actions: 'spendAll' }
      }
    }
  }
})

/** §3.4 [SRD]: attacks of opportunity per round, 1 + Dex modifier with Combat Reflexes. */
export function aooPerRound(actor: Combatant): number {
  const stats = readStats(actor)
  const extra = hasFeat(stats, 'CombatReflexes') ? Math.max(0, abilityMod(stats.abilities.dex)) : 0
  return 1 + extra
}

/**
 * §3.2 restricted turn: the surprise round (§3.1), staggered (§5 nonlethal = HP, or the condition) and
 * disabled (§5 0 HP) figures take one standard or one move action.
 */
export function isRestricted(state: EncounterState, actor: Combatant): boolean {
  return isSurpriseRound(state) || isRestrictedHealth(healthOf(actor))
}

/** The budget a figure opens its turn with (§3.2; A2: the diagonal parity resets each turn). */
export function economyInput(state: EncounterState, actor: Combatant): PfEconomyInput {
  return {
    restricted: isRestricted(state, actor),
    count: ownValue(state.initiative, actor.id) ?? 0,
    aoo: aooPerRound(actor),
    free: readSettings(state).freeActionsPerTurn,
    parity: 0
  }
}

/** The Pathfinder economy for the flow, less `charge` (the action → event map lives with the actions). */
export const economy: Omit<Economy, 'charge'> = {
  machine: economyMachine,
  input: economyInput,
  exhausted: (snapshot) => snapshot.value === 'done' || isSpent(snapshot.context)
}
