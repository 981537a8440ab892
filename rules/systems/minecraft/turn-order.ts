import type { TurnOrder } from '../../core/ruleset'
import { sideAlternation } from '../../core/turn-order'
import type { Combatant, EncounterState } from '../../core/types'
import { readSettings } from './settings'

// minecraft.md §3 [REC] / A13: sides alternate complete turns (each figure activates once per turn), or,
// as a per-table option, the sides alternate single activations until every figure has acted this round.

/** Figures that have opened an activation this round, in order (the log since the last `round.started`). */
export function activatedThisRound(state: EncounterState): string[] {
  let start = state.log.length
  while (start > 0 && state.log[start - 1]?.type !== 'round.started') start--
  const ids: string[] = []
  for (const e of state.log.slice(start)) {
    if (e.type === 'turn.started') ids.push(e.actorId)
    // A handed-over activation was untouched: the figure it left has not acted.
    if (e.type === 'activation.changed') ids.splice(ids.length - 1, 1, e.actorId)
  }
  return ids
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
