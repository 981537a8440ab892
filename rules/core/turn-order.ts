import type { TurnOrder } from './ruleset'
import type { Combatant, EncounterState } from './types'

/** Who may take an activation (default: every figure not out). */
export type CanAct = (c: Combatant, state: EncounterState) => boolean

const notOut: CanAct = (c) => !c.out

/**
 * Sides take complete turns in `state.sides` order; within a side each able figure activates once,
 * in `state.combatants` order (boardgame.io-style `{ first, next }`).
 */
export function sideAlternation(canAct: CanAct = notOut): TurnOrder {
  const firstOfSide = (state: EncounterState, sideId: string, skip: readonly string[] = []) =>
    state.combatants.find((c) => c.side === sideId && !skip.includes(c.id) && canAct(c, state))

  const fromSide = (state: EncounterState, startIndex: number) => {
    for (const side of state.sides.slice(startIndex)) {
      const actor = firstOfSide(state, side.id)
      if (actor) return { sideId: side.id, actorId: actor.id }
    }
    return null
  }

  return {
    first: (state) => fromSide(state, 0),
    next(state) {
      const turn = state.turn
      if (!turn) return fromSide(state, 0)
      const sameSide = firstOfSide(state, turn.sideId, turn.activated)
      if (sameSide) return { sideId: turn.sideId, actorId: sameSide.id }
      const index = state.sides.findIndex((s) => s.id === turn.sideId)
      return index < 0 ? null : fromSide(state, index + 1)
    }
  }
}
