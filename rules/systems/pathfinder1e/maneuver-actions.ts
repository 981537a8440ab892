import type { DiceRoller } from '../../core/rng'
import type { Action, Answers } from '../../core/types'
import type { Chain } from '../../core/chain'
import { isManeuverKind, reactBefore } from './maneuver-check'
import { resolveEscape, resolveGrapple, resolveMaintain } from './maneuver-grapple'
import { resolveOverrun } from './maneuver-overrun'
import { resolveTargeted } from './maneuver-targeted'
import { maneuverProvoking } from './maneuver-validate'

// pathfinder1e.md §4.10–4.11 combat maneuvers as actions: the integrator's entry points. Validation, the
// candidates, what they provoke and the overrun choice live in maneuver-validate; the resolutions in
// maneuver-targeted (trip, disarm, sunder, feint), maneuver-bull-rush, maneuver-grapple and maneuver-overrun;
// bull rush and overrun as part of a charge in maneuver-charge; the end of a hold when a figure goes out in
// maneuver-release; the exact odds in maneuver-odds; the shared check in maneuver-check.

export { maneuverActions, maneuverDecision, maneuverProvoking, validateManeuver } from './maneuver-validate'
export { chargeManeuverOdds, maneuverActionOdds } from './maneuver-odds'
export {
  CHARGE_MANEUVERS,
  chargeManeuverOf,
  chargeManeuverViolation,
  type ChargeManeuver
} from './maneuver-charge'
export { releaseHold } from './maneuver-release'
export {
  GRAPPLE_OPTIONS,
  MANEUVER_KINDS,
  OVERRUN,
  type GrappleOption,
  type ManeuverKind
} from './maneuver-check'

/**
 * Resolves a legal maneuver: the reactions it provokes fire first (the target's attack of opportunity deals
 * its damage as a penalty on the check, §4.10 step 4; an actor it drops does nothing more), then the check
 * (`pf1.<maneuver>`) and its outcome as events. An overrun fires its reactions along its path instead.
 */
export function resolveManeuver(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  if (!isManeuverKind(action.kind)) return
  const how = maneuverProvoking(chain.state, action)
  if (!how) return
  if (action.kind === 'overrun') return resolveOverrun(chain, action, dice, answers, how)
  const { penalty, goOn } = reactBefore(chain, action, how, dice, answers)
  if (!goOn) return
  switch (action.kind) {
    case 'grapple':
      return resolveGrapple(chain, action, dice, penalty)
    case 'grappleMaintain':
      return resolveMaintain(chain, action, dice)
    case 'escape':
      return resolveEscape(chain, action, dice)
    default:
      resolveTargeted(chain, action, dice, penalty)
  }
}
