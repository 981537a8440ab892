import { settle, walk } from './resolve-move'
import { DIRECTIONS } from '../../core/geometry'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import type { Chain } from '../../core/chain'
import { startParity } from './costs'
import { cellKey, cellsAt, cellsOf, sideOf, type Cell } from './grid'
import { changeStats, fireEach, maneuverCheck, OVERRUN, rollCheck, withConditions } from './maneuver-check'
import { hasImprovedFeat } from './maneuver-math'
import { canEndIn, pathCost, speedInSquares } from './movement'
import { acceptedReactions, type Provoking } from './reactions'

// pathfinder1e.md §4.11 Overrun [TEXT L441–443]: a standard action made during a move, through the target's
// space. The target may step aside (no roll) unless the mover has Improved Overrun; otherwise a check: success
// lets the mover through, beating the CMD by 5 also knocks the target prone, failure stops the mover in the
// space in front of it (or the nearest one back along its path where it may stand, §2 [TEXT L349]).

/** A valid overrun path: the index of its first square inside the target's space, and its cost in squares. */
export interface OverrunPlan {
  enter: number
  cost: number
}

function overlaps(pos: Cell, side: number, targetCells: ReadonlySet<string>): boolean {
  return cellsAt(pos, side).some((c) => targetCells.has(cellKey(c)))
}

/** The encounter without the target: its squares are the ones the overrun crosses (§2 [TEXT L323]). */
function withoutFigure(state: EncounterState, id: string): EncounterState {
  return { ...state, combatants: state.combatants.filter((c) => c.id !== id) }
}

/**
 * Checks an overrun path (start excluded): it must cross the target's space and come out of it, every step
 * must be legal with the target's squares counted as passable (§2), it must end where the mover may stand,
 * and it must fit in one move action (the overrun is made during a move). A violation code otherwise.
 */
export function overrunPlan(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  path: readonly Cell[]
): OverrunPlan | { violation: string } {
  const last = path[path.length - 1]
  if (!last) return { violation: 'emptyPath' }
  const targetCells = new Set(cellsOf(target).map(cellKey))
  const side = sideOf(actor)
  const enter = path.findIndex((cell) => overlaps(cell, side, targetCells))
  if (enter < 0 || overlaps(last, side, targetCells)) return { violation: 'overrunPath' }
  const cost = pathCost(withoutFigure(state, target.id), actor, path, startParity(state))
  if (!cost) return { violation: 'blockedPath' }
  if (cost.cost > speedInSquares(actor)) return { violation: 'tooFar' }
  return { enter, cost: cost.cost }
}

/**
 * Candidate overrun paths at `target`: the straight lines from the mover, in each of the 8 directions, that
 * cross the target's space and end on the first square past it where the mover may stand — few and clear.
 */
export function overrunLines(state: EncounterState, actor: Combatant, target: Combatant): Cell[][] {
  const targetCells = new Set(cellsOf(target).map(cellKey))
  const side = sideOf(actor)
  const speed = speedInSquares(actor)
  const lines: Cell[][] = []
  for (const d of DIRECTIONS) {
    const path: Cell[] = []
    let crossed = false
    for (let k = 1; k <= speed; k++) {
      const cell = { x: actor.pos.x + k * d.x, y: actor.pos.y + k * d.y }
      path.push(cell)
      const inside = overlaps(cell, side, targetCells)
      crossed ||= inside
      if (crossed && !inside && canEndIn(state, actor, cell)) {
        if (!('violation' in overrunPlan(state, actor, target, path))) lines.push([...path])
        break
      }
    }
  }
  return lines
}

/**
 * `overrun {targetId, path}`: walks the path, firing the accepted reactions where they interrupt (the target's
 * own attack of opportunity is the maneuver's: its damage is a penalty on the check, §4.10 step 4); in front
 * of the target, the target avoids (answer `pf1.overrun` = avoid) or blocks and the check is rolled.
 */
export function resolveOverrun(
  chain: Chain,
  action: Action,
  dice: DiceRoller,
  answers: Answers,
  how: Provoking
): void {
  const { actorId, targetId } = action
  if (!targetId) return
  const actor = chain.figure(actorId)
  const path = how.path
  const plan = overrunPlan(chain.state, actor, chain.figure(targetId), path)
  if ('violation' in plan) return
  const reactions = acceptedReactions(chain.state, action, how, answers)
  const start = { x: actor.pos.x, y: actor.pos.y }
  let walked = 0
  let fired = -1
  let penalty = 0
  // Up to the square in front of the target, then past it: reactions fire after `k` squares entered.
  const advance = (to: number): boolean => {
    for (let k = fired + 1; k <= to; k++) {
      fired = k
      if (!reactions.some((r) => r.at === k)) continue
      walk(chain, actorId, path.slice(walked, k))
      walked = k
      const interruption = fireEach(chain, reactions, k, action, path, dice)
      penalty += interruption.penalty
      if (!interruption.goOn) {
        settle(chain, actorId, path, k, start)
        return false
      }
    }
    walk(chain, actorId, path.slice(walked, to))
    walked = to
    return true
  }
  if (!advance(plan.enter)) return
  const avoids = answers[OVERRUN] === 'avoid' && !hasImprovedFeat(actor, 'overrun')
  if (!avoids) {
    const mover = chain.figure(actorId)
    const check = maneuverCheck(chain.state, mover, chain.figure(targetId), action, 'overrun', { penalty })
    const result = rollCheck(chain, dice, actorId, 'pf1.overrun', check)
    if (!result.success) return settle(chain, actorId, path, plan.enter, start)
    if (result.margin >= 5) changeStats(chain, targetId, (s) => withConditions(s, 'prone'))
  }
  advance(path.length)
}
