import type { TurnOrder } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { readSettings } from './settings'
import { readStats } from './stats'

// hq2.md §3.1 [TEXT L12–14] + A13: the turn opens with the player seated to the BM's right and goes
// round the table away from the BM; the BM acts last. Each controller (a seat) acts with every being it
// controls, in the order of `state.combatants`; by default it may interleave them (set one aside
// half-spent and come back to it), unless the GM option strictSequentialBeings is on. A seat that
// controls beings of two sides (a BM-run ally) acts with them side by side, so the flow's per-side
// activation list stays exact.

/** The order key of a seat: players 1, 2, … first, the BM (seat 0) last. */
export function seatRank(seat: number): number {
  return seat === 0 ? 1000 : seat
}

function groupOf(state: EncounterState, c: Combatant): number {
  const side = state.sides.findIndex((s) => s.id === c.side)
  return seatRank(readStats(c).seat) * 100 + Math.max(0, side)
}

/** The seat order: controllers in seating order, each activating every able being it controls once. */
export function seatOrder(): TurnOrder {
  const firstFrom = (state: EncounterState, minGroup: number) => {
    let best: { c: Combatant; group: number } | undefined
    for (const c of state.combatants) {
      if (c.out) continue
      const group = groupOf(state, c)
      if (group >= minGroup && (!best || group < best.group)) best = { c, group }
    }
    return best ? { sideId: best.c.side, actorId: best.c.id } : null
  }

  return {
    first: (state) => firstFrom(state, 0),
    next(state) {
      const turn = state.turn
      const current = turn && state.combatants.find((c) => c.id === turn.activeId)
      if (!turn || !current) return firstFrom(state, 0)
      const group = groupOf(state, current)
      // The same controller's other beings first; then the next controller round the table.
      const same = state.combatants.find(
        (c) => !c.out && groupOf(state, c) === group && !turn.activated.includes(c.id)
      )
      if (same) return { sideId: same.side, actorId: same.id }
      return firstFrom(state, group + 1)
    },
    // Only the seat whose turn it is may hand its activation around, among its own beings.
    canSelect(state, actorId) {
      const current = state.combatants.find((c) => c.id === state.turn?.activeId)
      const wanted = state.combatants.find((c) => c.id === actorId)
      return !!current && !!wanted && groupOf(state, current) === groupOf(state, wanted)
    },
    canInterleave: (state) => !readSettings(state).strictSequentialBeings
  }
}
