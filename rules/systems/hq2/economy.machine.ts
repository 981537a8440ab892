import { assign, setup } from 'xstate'
import type { Economy } from '../../core/ruleset'
import type { Action, Combatant, EconomySnapshot, EncounterState } from '../../core/types'
import { readSettings } from './settings'
import { readStats } from './stats'
import { throwAllowance } from './gear'

/** The maneuvers of hq2.md §3.2 (skills of type "Maniobra"), each followed by an immediate attack. */
export const maneuverKinds = ['stab', 'charge', 'blindFighting', 'acrobatics', 'moveSilently'] as const

/** A maneuver action kind. */
export type Maneuver = (typeof maneuverKinds)[number]

/** The events of the HQ2 economy; numeric fields are what the flow logs as the cost. */
export type EconomyEvent =
  | { type: 'economy.move'; mp: number }
  | { type: 'economy.attack'; attacks: number; allowance: number }
  | { type: 'economy.maneuver'; maneuver: Maneuver; mp: number }
  | { type: 'economy.act'; actions: number }

/** What a being may still spend this activation. */
export interface EconomyContext {
  /** Movement points left (hq2.md §3.2). */
  mp: number
  /** Attacks left: attacksPerTurn while the action is unused, counting down during a multi-attack. */
  attacks: number
  /** 1 once Lucha a ciegas was used this turn (hq2.md A7: its attacks ignore darkness). */
  blindFighting: number
}

const maneuverTransition = (maneuver: Maneuver) => ({
  guard: { type: 'isManeuver' as const, params: { maneuver } },
  target: `maneuvered.${maneuver}`,
  actions: ['payMovement' as const, ...(maneuver === 'blindFighting' ? (['markBlindFighting'] as const) : [])]
})

/**
 * hq2.md §3.2 / §3.4: movement points around one action. An attack opens a multi-attack (moves allowed
 * between attacks); a maneuver must be followed by an attack, which opens the multi-attack; any other
 * action uses it up. `spent` once the action is used and no MP is left.
 */
export const economyMachine = setup({
  types: {
    context: {} as EconomyContext,
    input: {} as { mp: number; attacks: number },
    events: {} as EconomyEvent
  },
  guards: {
    canMove: ({ context, event }) => event.type === 'economy.move' && event.mp >= 0 && event.mp <= context.mp,
    isManeuver: ({ context, event }, params: { maneuver: Maneuver }) =>
      event.type === 'economy.maneuver' &&
      event.maneuver === params.maneuver &&
      event.mp >= 0 &&
      event.mp <= context.mp,
    hasAttack: ({ context }) => context.attacks >= 1,
    noAttacksLeft: ({ context }) => context.attacks <= 0,
    noMovementLeft: ({ context }) => context.mp <= 0
  },
  actions: {
    payMovement: assign({
      mp: ({ context, event }) => ('mp' in event ? context.mp - event.mp : context.mp)
    }),
    openAttacks: assign({
      attacks: ({ event }) => (event.type === 'economy.attack' ? event.allowance - 1 : 0)
    }),
    useAttack: assign({ attacks: ({ context }) => context.attacks - 1 }),
    dropAttacks: assign({ attacks: 0 }),
    markBlindFighting: assign({ blindFighting: 1 })
  }
}).createMachine({
  id: 'hq2Economy',
  context: ({ input }) => ({ mp: input.mp, attacks: input.attacks, blindFighting: 0 }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'economy.move': { guard: 'canMove', actions: 'payMovement' },
        'economy.attack': { target: 'attacking', actions: 'openAttacks' },
        'economy.maneuver': maneuverKinds.map(maneuverTransition),
        'economy.act': { target: 'acted', actions: 'dropAttacks' }
      }
    },
    // The maneuver is done; the next event must be its attack (hq2.md §3.4 maneuverPending).
    maneuvered: {
      initial: 'stab',
      on: { 'economy.attack': { target: 'attacking', actions: 'openAttacks' } },
      states: {
        stab: {},
        charge: {},
        blindFighting: {},
        acrobatics: {},
        moveSilently: {},
        // The maneuver's check failed: a plain attack may still follow from where the being stands.
        failed: {}
      }
    },
    attacking: {
      always: { guard: 'noAttacksLeft', target: 'acted' },
      on: {
        'economy.move': { guard: 'canMove', actions: 'payMovement' },
        'economy.attack': { guard: 'hasAttack', actions: 'useAttack' }
      }
    },
    acted: {
      always: { guard: 'noMovementLeft', target: 'spent' },
      on: { 'economy.move': { guard: 'canMove', actions: 'payMovement' } }
    },
    spent: {}
  }
})

/** The state value of a plain snapshot as a path: 'ready' → ['ready'], '{"maneuvered":"stab"}' → ['maneuvered', 'stab']. */
export function economyPath(snapshot: EconomySnapshot): string[] {
  if (!snapshot.value.startsWith('{')) return [snapshot.value]
  const parsed = JSON.parse(snapshot.value) as Record<string, string>
  return Object.entries(parsed).flatMap(([k, v]) => [k, v])
}

/** The maneuver whose attack is pending in this snapshot, 'failed', or null. */
export function pendingManeuver(snapshot: EconomySnapshot | undefined): Maneuver | 'failed' | null {
  if (!snapshot) return null
  const [state, sub] = economyPath(snapshot)
  return state === 'maneuvered' ? ((sub ?? null) as Maneuver | 'failed' | null) : null
}

/** The snapshot after a maneuver's check failed (its attack becomes a plain one). */
export function failedManeuver(snapshot: EconomySnapshot): EconomySnapshot {
  return { value: JSON.stringify({ maneuvered: 'failed' }), context: { ...snapshot.context } }
}

/** MP a being starts its activation with before any roll: fixed MP, or 0 for rolled movement. */
export function baseMp(actor: Combatant): number {
  const m = readStats(actor).movement
  return 'fixed' in m ? m.fixed : 0
}

/** The economy event an action sends (hq2.md §3.2). */
export function chargeOf(state: EncounterState, action: Action): EconomyEvent {
  const steps = action.path?.length ?? 0
  switch (action.kind) {
    case 'move':
      return { type: 'economy.move', mp: steps }
    case 'melee':
    case 'ranged':
      return { type: 'economy.attack', attacks: 1, allowance: attackAllowance(state, action) }
    case 'charge':
      return { type: 'economy.maneuver', maneuver: 'charge', mp: steps }
    case 'stab':
    case 'blindFighting':
    case 'acrobatics':
    case 'moveSilently':
      // Acrobacias and Moverse en silencio move beyond the normal MP (hq2.md §3.2 [TEXT L36–38]).
      return { type: 'economy.maneuver', maneuver: action.kind, mp: 0 }
    case 'interact':
    case 'hide':
    case 'perceive':
      // "Use a skill" is the one action (hq2.md §3.2 [TEXT L16–22]): Esconderse en las sombras, Percepción.
      return { type: 'economy.act', actions: 1 }
    case 'equip':
      // hq2.md §3.2 [TEXT L48]: changing equipment is free; a 0-MP move, allowed whenever moves are.
      return { type: 'economy.move', mp: 0 }
    default:
      // A free turn (GM option freeFacing) moves nothing: a 0-MP move, allowed while moves are.
      return { type: 'economy.move', mp: 0 }
  }
}

/**
 * Attacks the action opens (hq2.md §3.2, A9, A10): attacksPerTurn, or the throws of a "1/5" weapon if
 * more; only the one attack after a maneuver unless maneuverMultiAttack.
 */
export function attackAllowance(state: EncounterState, action: Action): number {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return 1
  const afterManeuver = state.turn?.activeId === actor.id && pendingManeuver(state.turn.economy) !== null
  if (afterManeuver && !readSettings(state).maneuverMultiAttack) return 1
  const perTurn = readStats(actor).attacksPerTurn
  return action.kind === 'ranged' ? Math.max(perTurn, throwAllowance(actor)) : perTurn
}

/** The HQ2 per-turn economy for the flow. */
export const economy: Economy = {
  machine: economyMachine,
  input: (_state, actor) => ({ mp: baseMp(actor), attacks: readStats(actor).attacksPerTurn }),
  charge: chargeOf,
  exhausted: (snapshot) => snapshot.value === 'spent'
}
