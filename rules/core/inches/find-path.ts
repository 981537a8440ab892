import type { EncounterState, Vec3 } from '../types'
import { measurePath, type PathMeasure } from './move-path'
import { newQuery, pathTo, runSearch, type SearchOptions } from './search'
import { blockingBases, legProblem, overlapsBase } from './segments'
import { standProblem, swimFraction, terrainIndex } from './terrain'
import { baseRadius } from './units'

/** A path found by the search: whole-unit waypoints (start first) and what they measure. */
export interface FoundPath extends PathMeasure {
  path: Vec3[]
}

/**
 * The cheapest legal path (as `checkPath` judges it) for the figure from where it stands to `goal` (board
 * units; `goal.z` the height it should end at: the table, a roof, a deck, water at 0), or null when there is
 * none (within `maxInches` when given). Waypoints are whole units, so the path can go into an Action as it
 * is; its measure is exact for that path. It is optimal up to the sampling of climbs, ramps and banks
 * (graph.ts): a turn at a sampled climb point can cost a fraction of `climbStep` more than the true optimum.
 */
export function findPath(
  state: EncounterState,
  moverId: string,
  goal: Vec3,
  opts: SearchOptions = {}
): FoundPath | null {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const start = mover.pos
  const t = terrainIndex(state.board)
  const r = baseRadius(state.board, mover)
  const budget = (opts.maxInches ?? Infinity) * t.u
  if (start.x === goal.x && start.y === goal.y && start.z === goal.z)
    return { path: [{ ...start }], ...measurePath(state.board, [start], opts) }
  const bases = blockingBases(state, moverId, r, opts.ignoreId)
  const ends = opts.ignoreId ? blockingBases(state, moverId, r) : bases
  if (standProblem(t, goal.x, goal.y, goal.z, r) || overlapsBase(ends, goal.x, goal.y, goal.z)) return null
  // A straight walk with no water on it cannot be beaten: skip the search.
  if (
    start.z === goal.z &&
    !legProblem(t, bases, start, goal, r) &&
    (start.z !== 0 || swimFraction(t, start.x, start.y, goal.x, goal.y) === 0)
  )
    return within(
      { path: [{ ...start }, { ...goal }], ...measurePath(state.board, [start, goal], opts) },
      opts
    )
  const q = newQuery({ state, moverId, opts, extra: [goal], around: Infinity })
  const goalNode = q.nS + 1
  runSearch(q, goalNode, budget)
  if (!Number.isFinite(q.dist[goalNode] as number)) return null
  const path = pathTo(q, goalNode)
  return within({ path, ...measurePath(state.board, path, opts) }, opts)
}

function within(found: FoundPath, opts: SearchOptions): FoundPath | null {
  return opts.maxInches !== undefined && found.inches > opts.maxInches + 1e-9 ? null : found
}
