import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import { afterAction } from '../simulate'
import { attacksIn, type AttackChoice, type MoveChoice, type Situation } from './common'

/** A move weighed for the attacks it opens: where it ends and what the actor could then hit. */
export interface MoveThenAttack {
  move: MoveChoice
  after: EncounterState
  attacks: AttackChoice[]
}

/**
 * The `k` destinations nearest to any enemy (ties: fewer provoked reactions, then lower band), each
 * played through the real rules to list the attacks it would open. A move halted by a reaction, or one
 * that ends the activation, opens none. Used by the baselines that move to attack (ITB, RCA).
 */
export function attacksAfterMoves(
  state: EncounterState,
  ruleset: Ruleset,
  s: Situation,
  k = 6
): MoveThenAttack[] {
  const nearest = (m: MoveChoice): number =>
    s.enemies.reduce((d, e) => Math.min(d, s.distances.get(e.id)!(m.end)), Infinity)
  const ranked = s.moves
    .map((move) => ({ move, d: nearest(move) }))
    .sort((a, b) => a.d - b.d || a.move.provokes - b.move.provokes || a.move.band - b.move.band)
    .slice(0, k)
  const out: MoveThenAttack[] = []
  for (const { move } of ranked) {
    const after = afterAction(state, move.action, ruleset)
    if (!after) continue
    const active = !after.pending && after.turn?.activeId === s.actor.id && after.phase === 'running'
    const mover = after.combatants.find((c) => c.id === s.actor.id)
    const attacks =
      active && mover
        ? attacksIn(after, ruleset, ruleset.legalActions(after, s.actor.id, 'targeted'), mover)
        : []
    out.push({ move, after, attacks })
  }
  return out
}
