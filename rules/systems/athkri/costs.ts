import type { Action, Combatant, EncounterState } from '../../core/types'
import { readSettings } from './settings'
import { readStats } from './stats'

/** What an action costs in the Athkri economy (athkri.md §4 action catalogue). */
export type ActionCost = 'major' | 'minor' | 'free' | 'split' | 'none'

/** athkri.md §3 [GAP-PUB]: squares walked with a Major action (the full Movimiento). */
export function majorMoveSquares(state: EncounterState, c: Combatant): number {
  return Math.floor(readStats(c).movimiento / readSettings(state).metresPerSquare)
}

/** athkri.md §3 [GAP-PUB]: squares walked with a Minor action (half the Movimiento). */
export function minorMoveSquares(state: EncounterState, c: Combatant): number {
  const settings = readSettings(state)
  return Math.floor((readStats(c).movimiento * settings.minorMoveFraction) / settings.metresPerSquare)
}

/** Minor actions the active figure has left. */
function minorLeft(state: EncounterState): number {
  return state.turn?.economy.context.minor ?? 0
}

/**
 * athkri.md §4: attacks are Major, splitting converts a Major, the ambush and surrender are free, turning
 * (when the GM allows it) costs nothing; a walk within half the Movimiento is Minor while one is left.
 */
export function actionCost(state: EncounterState, action: Action): ActionCost {
  switch (action.kind) {
    case 'move': {
      const actor = state.combatants.find((c) => c.id === action.actorId)
      const steps = action.path?.length ?? 0
      return actor && minorLeft(state) > 0 && steps <= minorMoveSquares(state, actor) ? 'minor' : 'major'
    }
    case 'split':
      return 'split'
    case 'ambush':
    case 'surrender':
      return 'free'
    case 'face':
      return 'none'
    case 'firstAid':
      // athkri.md §4 [GAP]: first aid is not in the catalogue; the table sets its cost.
      return readSettings(state).firstAidCost
    default:
      return 'major'
  }
}
