import { z } from 'zod'
import type { TurnOrder } from '../../core/ruleset'
import {
  foldRoundActivations,
  registerSystemState,
  systemStateOf,
  type SystemStateModel
} from '../../core/system-state'
import { sideAlternation } from '../../core/turn-order'
import type { Combatant, EncounterState } from '../../core/types'
import { readSettings } from './settings'

// minecraft.md §3 [REC] / A13: sides alternate complete turns (each figure activates once per turn), or,
// as a per-table option, the sides alternate single activations until every figure has acted this round.

/** Minecraft's slice of the encounter state: who has activated this round. */
export interface McRoundFacts {
  /** Figures that have opened an activation this round, in order (a handed-over one is replaced). */
  activated: readonly string[]
}

/** minecraft.md §3: the round's activations, reset as each round starts. */
export const mcRoundModel: SystemStateModel<McRoundFacts> = {
  schema: z.strictObject({ activated: z.array(z.string().min(1).max(80)).readonly() }),
  initial: () => ({ activated: [] }),
  fold(facts, event) {
    const activated = foldRoundActivations(facts.activated, event)
    return activated === facts.activated ? facts : { activated }
  }
}
registerSystemState('minecraft', mcRoundModel)

/** Figures that have opened an activation this round, in order. */
export function activatedThisRound(state: EncounterState): readonly string[] {
  return systemStateOf(state, mcRoundModel).activated
}

/** True when the active figure already had an earlier activation this round (alternating mode only). */
export function reactivated(state: EncounterState, actorId: string): boolean {
  if (readSettings(state).turnMode !== 'alternateActivations') return false
  return activatedThisRound(state).slice(0, -1).includes(actorId)
}

const able = (c: Combatant): boolean => !c.out

/** minecraft.md §3 [REC] option: one activation per side in turn, skipping sides with nobody left to act. */
export function alternatingActivations(): TurnOrder {
  const pick = (state: EncounterState, fromSide: number, done: ReadonlySet<string>) => {
    const n = state.sides.length
    for (let k = 0; k < n; k++) {
      const side = state.sides[(fromSide + k) % n]
      const actor = side && state.combatants.find((c) => c.side === side.id && able(c) && !done.has(c.id))
      if (side && actor) return { sideId: side.id, actorId: actor.id }
    }
    return null
  }
  return {
    first: (state) => pick(state, 0, new Set(activatedThisRound(state))),
    next(state) {
      const index = state.turn ? state.sides.findIndex((s) => s.id === state.turn?.sideId) : -1
      return pick(state, index + 1, new Set(activatedThisRound(state)))
    }
  }
}

/** The Minecraft turn order, chosen per encounter by the `turnMode` setting. */
export function minecraftTurnOrder(): TurnOrder {
  const sides = sideAlternation()
  const alternating = alternatingActivations()
  const of = (state: EncounterState): TurnOrder =>
    readSettings(state).turnMode === 'alternateActivations' ? alternating : sides
  return {
    first: (state) => of(state).first(state),
    next: (state) => of(state).next(state),
    // Alternating activations: a figure that already acted this round may not take the activation again.
    canSelect: (state, actorId) =>
      readSettings(state).turnMode !== 'alternateActivations' || !activatedThisRound(state).includes(actorId)
  }
}
