import type { MoveInfo } from '../../core/ruleset'
import type { Action, EncounterState } from '../../core/types'
import { speedSquares } from './costs'
import { provokingOf } from './decide'
import { reactionsTo } from './reactions'
import { economy } from './economy'

// How a move reads on the map before it is made (issue 9: single move / double move / provokes): the
// band is how many move actions it takes beyond the first, and the figures that could react to it.

/** `Ruleset.moveInfo` for Pathfinder. */
export function moveInfo(state: EncounterState, action: Action): MoveInfo {
  const charge = economy.charge(state, action) as { type: string; squares?: number }
  const speed = speedSquares(state, action.actorId)
  const band =
    action.kind === 'run'
      ? 2
      : charge.type === 'economy.doubleMove' || (action.kind !== 'step' && (charge.squares ?? 0) > speed)
        ? 1
        : 0
  const provokes = reactionsTo(state, action, provokingOf(state, action))
    .filter((r) => r.kind === 'aoo')
    .map((r) => r.reactorId)
  // A 5-ft step carries no squares in its economy event (it is not movement the budget counts).
  const feet = action.kind === 'step' ? 5 : (charge.squares ?? 0) * 5
  return { band, provokes, cost: feet }
}
