import { foldSystemState } from './system-state'
import { withChanges, type StatsChanges } from './stats'
import type { Action, Answers, DecisionRequest, EconomySnapshot, EncounterState, Vec3 } from './types'

/** Small facts the rulesets and the flow emit; one reducer applies them. */
export type GameEvent =
  /** The fight opens; `surprised` names who starts unaware (the encounter's settings), so the log says it. */
  | { type: 'encounter.started'; surprised?: string[] }
  | { type: 'round.started'; round: number }
  | { type: 'initiative.rolled'; id: string; total: number }
  /** A figure's place in the order moves (PF delay and ready); `reason` is an i18n key under `initiative.`. */
  | { type: 'initiative.changed'; id: string; total: number; reason: string }
  | { type: 'turn.started'; sideId: string; actorId: string; economy: EconomySnapshot }
  | { type: 'activation.changed'; actorId: string; economy: EconomySnapshot }
  /** The active figure's half-spent activation is set aside (interleaving). */
  | { type: 'activation.paused'; actorId: string }
  /** A set-aside activation goes on; `release` hands the current untouched one back to the side. */
  | { type: 'activation.resumed'; actorId: string; release: boolean }
  | {
      type: 'economy.spent'
      actorId: string
      cost: Record<string, number>
      economy: EconomySnapshot
      /** The kind of the action paid for (i18n `action.<kind>`), so the log names what was done. */
      kind?: string
    }
  /** A start-of-turn grant or change (e.g. HQ2's rolled movement points), not a paid action. */
  | { type: 'economy.changed'; actorId: string; economy: EconomySnapshot }
  | {
      type: 'dice.rolled'
      actorId: string
      /** What the roll is for: an i18n key under `roll.` (hit, wound, impact...). */
      purpose: string
      sides: number
      result: number
      target?: number
      /** The roll needs at least `target` (d20 + bonus against AC/DC); absent = at most (roll-under). */
      atLeast?: boolean
      success: boolean
      /** Set when a natural face decided the roll regardless of the target. */
      natural?: 'success' | 'failure'
      /** The face's name on a custom die (HQ2's `skull`), an i18n key under `face.`. */
      face?: string
      /** The face a person entered by hand (manual dice), when the die was not the seeded RNG's. */
      entered?: number
    }
  | { type: 'moved'; id: string; path: Vec3[]; facing: number }
  /** A door on an edge opened or closed (`door.set`). */
  | { type: 'door.changed'; x: number; y: number; side: 'n' | 'w'; open: boolean }
  | { type: 'faced'; id: string; facing: number }
  | { type: 'attack.declared'; attackerId: string; targetId: string; mode: string; sector?: string }
  | { type: 'attack.hit'; attackerId: string; targetId: string; automatic: boolean }
  | { type: 'attack.missed'; attackerId: string; targetId: string }
  | { type: 'pushed'; id: string; from: Vec3; to: Vec3 }
  | { type: 'collided'; id: string; at: Vec3; obstacle: 'block' | 'figure' | 'edge' }
  | { type: 'damaged'; id: string; amount: number; source: string }
  | { type: 'combatant.out'; id: string }
  /** Life regained (first aid, a potion, a spell), capped at the figure's maximum. */
  | { type: 'healed'; id: string; amount: number; source: string }
  /** A figure that was out takes part again (revived, back on its feet). */
  | { type: 'combatant.back'; id: string }
  /** The ruleset's own profile of a figure changed (gear readied, a condition gained or lost). */
  | { type: 'stats.changed'; id: string; stats: Record<string, unknown> }
  /**
   * Some fields of a figure's stats changed (`statsSet` builds it): `changes` sets each named field,
   * `removed` takes fields away. The rulesets emit this; `stats.changed` stays for old saves and logs.
   */
  | ({ type: 'stats.set'; id: string } & StatsChanges)
  | { type: 'decision.requested'; action: Action; answers: Answers; request: DecisionRequest }
  | { type: 'decision.answered'; decisionId: string; choice: string | number }
  | { type: 'turn.ended'; actorId: string }
  | { type: 'encounter.ended'; winner: string | null }
  /** A figure left the board through an exit (an `escape` objective): out, but not beaten. */
  | { type: 'escaped'; id: string }
  /** A surprised figure's round-1 activation passes (it has not yet noticed its foes). */
  | { type: 'surprised'; id: string }

function updateCombatant(
  state: EncounterState,
  id: string,
  patch: (c: EncounterState['combatants'][number]) => Partial<EncounterState['combatants'][number]>
): EncounterState['combatants'] {
  return state.combatants.map((c) => (c.id === id ? { ...c, ...patch(c) } : c))
}

/** The side's activated figures, less the active one when it is handed back untouched (not set aside). */
function withoutUntouched(turn: NonNullable<EncounterState['turn']>): string[] {
  const setAside = turn.paused?.some((p) => p.actorId === turn.activeId) ?? false
  return setAside ? turn.activated : turn.activated.filter((id) => id !== turn.activeId)
}

/**
 * Marks every roll with a target as one that must meet or beat it (PF's d20 + bonus against AC/DC,
 * Athkri's checks against a Difficulty), for rulesets whose rolls all work that way.
 */
export function rollsAtLeast(events: readonly GameEvent[]): GameEvent[] {
  return events.map((e) => (e.type === 'dice.rolled' && e.target !== undefined ? { ...e, atLeast: true } : e))
}

/** Folds one event into the state (pure; the log grows by the event). */
export function applyEvent(state: EncounterState, event: GameEvent): EncounterState {
  const next = reduce(state, event)
  return foldSystemState(state, { ...next, log: [...state.log, event] }, [event])
}

/** Folds events in order. */
export function applyEvents(state: EncounterState, events: readonly GameEvent[]): EncounterState {
  if (events.length === 0) return state
  // The log grows once per batch, not once per event: copying a long log per event was most of the
  // garbage an AI's hypothetical commands made.
  let next = state
  for (const event of events) next = reduce(next, event)
  return foldSystemState(state, { ...next, log: state.log.concat(events) }, events)
}

function reduce(state: EncounterState, e: GameEvent): EncounterState {
  switch (e.type) {
    case 'encounter.started':
      return { ...state, phase: 'running', round: 0 }
    case 'round.started':
      return { ...state, round: e.round }
    case 'initiative.rolled':
    case 'initiative.changed':
      return { ...state, initiative: { ...state.initiative, [e.id]: e.total } }
    case 'turn.started':
      return {
        ...state,
        turn: {
          sideId: e.sideId,
          activeId: e.actorId,
          activated: state.turn?.sideId === e.sideId ? [...state.turn.activated, e.actorId] : [e.actorId],
          economy: e.economy,
          actions: 0
        }
      }
    case 'activation.changed': {
      const turn = state.turn
      if (!turn) return state
      return {
        ...state,
        turn: {
          ...turn,
          activeId: e.actorId,
          activated: [...withoutUntouched(turn), e.actorId],
          economy: e.economy,
          actions: 0
        }
      }
    }
    case 'activation.paused': {
      const turn = state.turn
      if (!turn) return state
      const entry = { actorId: e.actorId, economy: turn.economy, actions: turn.actions }
      return { ...state, turn: { ...turn, paused: [...(turn.paused ?? []), entry] } }
    }
    case 'activation.resumed': {
      const turn = state.turn
      const entry = turn?.paused?.find((p) => p.actorId === e.actorId)
      if (!turn || !entry) return state
      return {
        ...state,
        turn: {
          ...turn,
          activeId: e.actorId,
          activated: e.release ? withoutUntouched(turn) : turn.activated,
          economy: entry.economy,
          actions: entry.actions,
          paused: (turn.paused ?? []).filter((p) => p.actorId !== e.actorId)
        }
      }
    }
    case 'economy.spent':
      return state.turn
        ? { ...state, turn: { ...state.turn, economy: e.economy, actions: state.turn.actions + 1 } }
        : state
    case 'economy.changed':
      return state.turn ? { ...state, turn: { ...state.turn, economy: e.economy } } : state
    case 'moved': {
      const last = e.path[e.path.length - 1]
      return last
        ? { ...state, combatants: updateCombatant(state, e.id, () => ({ pos: last, facing: e.facing })) }
        : state
    }
    case 'door.changed': {
      const doors = (state.board.doors ?? []).map((d) =>
        d.x === e.x && d.y === e.y && d.side === e.side ? { ...d, open: e.open } : d
      )
      return { ...state, board: { ...state.board, doors } }
    }
    case 'faced':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ facing: e.facing })) }
    case 'pushed':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ pos: e.to })) }
    case 'damaged':
      return {
        ...state,
        combatants: updateCombatant(state, e.id, (c) => ({
          life: Math.max(c.lifeMin ?? 0, c.life - e.amount)
        }))
      }
    case 'combatant.out':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ out: true })) }
    case 'healed':
      return {
        ...state,
        combatants: updateCombatant(state, e.id, (c) => ({ life: Math.min(c.lifeMax, c.life + e.amount) }))
      }
    case 'combatant.back':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ out: false })) }
    case 'stats.changed':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ stats: e.stats })) }
    case 'stats.set':
      return {
        ...state,
        combatants: updateCombatant(state, e.id, (c) => ({ stats: withChanges(c.stats, e) }))
      }
    case 'decision.requested':
      return { ...state, pending: { action: e.action, answers: e.answers, request: e.request } }
    case 'decision.answered':
      return { ...state, pending: null }
    case 'encounter.ended':
      return { ...state, phase: 'ended', winner: e.winner, turn: null }
    case 'escaped':
      return { ...state, combatants: updateCombatant(state, e.id, () => ({ out: true, escaped: true })) }
    case 'dice.rolled':
    case 'surprised':
    case 'attack.declared':
    case 'attack.hit':
    case 'attack.missed':
    case 'collided':
    case 'turn.ended':
      return state
  }
}
