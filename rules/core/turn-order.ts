import { ownValue } from './own-key'
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

/** Orders two figures with equal initiative totals: negative when `a` acts first, 0 when still tied. */
export type TieBreak = (a: Combatant, b: Combatant, state: EncounterState) => number

/** The figures in initiative order: highest `state.initiative` total first, ties by `tieBreak`, then roster. */
export function initiativeRanking(state: EncounterState, tieBreak: TieBreak = () => 0): Combatant[] {
  const total = (c: Combatant) => ownValue(state.initiative, c.id) ?? -Infinity
  return state.combatants
    .map((c, index) => ({ c, index }))
    .sort((x, y) => total(y.c) - total(x.c) || tieBreak(x.c, y.c, state) || x.index - y.index)
    .map(({ c }) => c)
}

/**
 * Initiative order (PF, Athkri): each round every able figure activates once, from the highest initiative
 * total down; `next` is the first able figure ranked after the active one, so figures that fall mid-round
 * are skipped and the order never depends on who acted before. A side cannot hand an activation to
 * another of its figures: each acts on its own initiative.
 */
export function initiativeOrder(canAct: CanAct = notOut, tieBreak?: TieBreak): TurnOrder {
  const from = (state: EncounterState, start: number) => {
    const ranking = initiativeRanking(state, tieBreak)
    const actor = ranking.slice(start).find((c) => canAct(c, state))
    return actor ? { sideId: actor.side, actorId: actor.id } : null
  }
  return {
    first: (state) => from(state, 0),
    next(state) {
      const turn = state.turn
      if (!turn) return from(state, 0)
      const index = initiativeRanking(state, tieBreak).findIndex((c) => c.id === turn.activeId)
      return index < 0 ? null : from(state, index + 1)
    },
    canSelect: () => false
  }
}
