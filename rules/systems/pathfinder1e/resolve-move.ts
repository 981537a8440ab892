import { statsSet } from '../../core/stats'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers } from '../../core/types'
import type { Chain } from '../../core/chain'
import type { Cell } from './grid'
import { linkedMount, linkedRider } from './mount'
import { canEndIn } from './movement'
import { acceptedReactions, fireReactions, type Provoking } from './reactions'
import { countRunRound } from './run-limit'
import { squeezeEvents } from './squeeze'
import { readStats, type PfEffect } from './stats'

// Movement with its interruptions (pathfinder1e.md §2, §3.2, §3.4): the figure walks its path square by
// square; at each square where an accepted attack of opportunity or readied action is due, the walk so
// far is logged, the reactions fire, and the figure goes on unless it fell or was tripped. A figure that
// stops where it may not stand goes back to the last square it may (§2 [TEXT L349]).

/** How a movement kind provokes (§3.4) and what readied actions it triggers. */
export function movementProvoking(action: Action): Provoking {
  const path = (action.path ?? []).map(({ x, y }) => ({ x, y }))
  const kind = action.kind
  const mode =
    kind === 'step' || kind === 'withdraw' || kind === 'charge' || kind === 'run' || kind === 'overrun'
      ? kind
      : 'move'
  return { path, mode, trigger: kind === 'charge' ? 'charges' : 'entersReach' }
}

// §4.12: a rider and its mount share one space, the rider on the mount's top-left square; whichever of
// them walks, the other goes along (a ridden mount's moves are its rider's actions; a riderless mount may
// still carry a rider knocked out in the saddle).
/** Logs a stretch of movement for the figure and the partner it rides or carries (§4.12). */
export function walk(chain: Chain, actorId: string, cells: readonly Cell[]): void {
  if (cells.length === 0) return
  const actor = chain.figure(actorId)
  const partner = linkedMount(chain.state, actor) ?? linkedRider(chain.state, actor)
  const path = cells.map((c) => ({ x: c.x, y: c.y, z: actor.pos.z }))
  chain.emit([
    { type: 'moved', id: actorId, path, facing: actor.facing },
    ...(partner ? [{ type: 'moved' as const, id: partner.id, path, facing: partner.facing }] : [])
  ])
}

/** §2 [TEXT L349]: back to the last square of the path it may stop in (or its start). */
export function settle(
  chain: Chain,
  actorId: string,
  path: readonly Cell[],
  entered: number,
  start: Cell
): void {
  // §4.12: a rider stops where its mount may stop.
  const here = linkedMount(chain.state, chain.figure(actorId)) ?? chain.figure(actorId)
  const cellAt = (j: number): Cell => (j === 0 ? start : (path[j - 1] ?? start))
  if (entered === 0 || canEndIn(chain.state, here, cellAt(entered))) return
  let j = entered - 1
  while (j > 0 && !canEndIn(chain.state, here, cellAt(j))) j--
  const back: Cell[] = []
  for (let i = entered - 1; i >= j; i--) back.push(cellAt(i))
  walk(chain, actorId, back)
}

/** Adds a lasting effect to a figure (charge −2 AC, running). */
export function addEffect(chain: Chain, id: string, effect: PfEffect): void {
  const figure = chain.figure(id)
  const stats = readStats(figure)
  chain.emit([statsSet(figure, { ...stats, effects: [...stats.effects, effect] })])
}

/**
 * Walks `action.path` with the reactions its controllers accepted; returns how far the figure got and
 * whether it was stopped. Hooks on the figure whose legs move (a rider's mount): a run counts one more
 * round run in a row (§3.2 Run, run-limit.ts), and wherever the move ends the figure is squeezing or not
 * by its position (§2 [TEXT L341], squeeze.ts).
 */
export function resolveMovement(
  chain: Chain,
  action: Action,
  how: Provoking,
  dice: DiceRoller,
  answers: Answers
): { entered: number; stopped: boolean } {
  const actor = chain.figure(action.actorId)
  const legs = (linkedMount(chain.state, actor) ?? actor).id
  if (action.kind === 'run') chain.emit(countRunRound(chain.state, legs))
  const result = walkWithReactions(chain, action, how, dice, answers)
  chain.emit(squeezeEvents(chain.state, legs))
  return result
}

function walkWithReactions(
  chain: Chain,
  action: Action,
  how: Provoking,
  dice: DiceRoller,
  answers: Answers
): { entered: number; stopped: boolean } {
  const reactions = acceptedReactions(chain.state, action, how, answers)
  const { path } = how
  const start = { x: chain.figure(action.actorId).pos.x, y: chain.figure(action.actorId).pos.y }
  // §4.12: a rider whose mount falls under it mid-move has been thrown off: its movement ends where it fell.
  const rode = linkedMount(chain.state, chain.figure(action.actorId)) !== undefined
  const unseated = () => rode && linkedMount(chain.state, chain.figure(action.actorId)) === undefined
  let from = 0
  for (let k = 0; k <= path.length; k++) {
    if (!reactions.some((r) => r.at === k)) continue
    walk(chain, action.actorId, path.slice(from, k))
    from = k
    const interruption = fireReactions(chain, reactions, k, action.actorId, path, dice)
    if (unseated()) return { entered: k, stopped: true }
    if (interruption.stopped) {
      settle(chain, action.actorId, path, k, start)
      return { entered: k, stopped: true }
    }
  }
  walk(chain, action.actorId, path.slice(from))
  return { entered: path.length, stopped: false }
}
