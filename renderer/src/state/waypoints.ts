import type { Cell } from '../../battlemap/view'
import { groundHeight } from '../../../rules/core/board'
import { groundAt, stepCrossesWall } from '../../../rules/core/edges'
import { footprintContains } from '../../../rules/core/footprint'
import { chebyshev, neighbours8, onBoard, type Vec2 } from '../../../rules/core/geometry'
import { StableHeap } from '../../../rules/core/stable-heap'
import type { Ruleset } from '../../../rules/core/ruleset'
import type { Action, EncounterState, Vec3, Violation } from '../../../rules/core/types'

// A move planned through waypoints: the rules list moves from where the figure stands, not from a
// waypoint, so each later leg is the cheapest step-by-step route the map can see (solid squares, walls
// and closed doors, impassable ground, other figures; difficult ground costs double), and the whole path
// is then put to the ruleset as one move: what it costs and whether it is legal is always the rules' say.

/** A planned move through waypoints: its path (start excluded), the action, and why it is refused. */
export interface WaypointPlan {
  path: Vec3[]
  action: Action
  violation: Violation | null
}

/** The cheapest leg between two squares as the map sees the board (start excluded), or null. */
export function legPath(state: EncounterState, actorId: string, from: Vec2, to: Vec2): Vec2[] | null {
  const { board } = state
  const actor = state.combatants.find((c) => c.id === actorId)
  const others = state.combatants.filter((c) => !c.out && c.id !== actorId)
  const solid = new Set(board.blocks.map((b) => `${b.x},${b.y}`))
  const free = (p: Vec2): boolean =>
    onBoard(p, board.width, board.height) &&
    !solid.has(`${p.x},${p.y}`) &&
    groundAt(board, p) !== 'impassable' &&
    !others.some((c) => footprintContains(c.pos, c.size, p))
  if (!actor || !free(to)) return null
  return aStar(from, to, 2 * chebyshev(from, to) + 8, {
    passable: (a, b) => free(b) && !stepCrossesWall(board, a, b),
    stepCost: (_a, b) => (groundAt(board, b) === 'difficult' ? 2 : 1)
  })
}

/**
 * A* over the 8 neighbours (Chebyshev distance is a lower bound, every step costing 1 at least), stopping
 * at the goal and never looking past `maxCost`: a leg costs what its neighbourhood holds, not the board.
 * Ties keep the first path found, so the answer is deterministic.
 */
function aStar(
  from: Vec2,
  to: Vec2,
  maxCost: number,
  rules: { passable(a: Vec2, b: Vec2): boolean; stepCost(a: Vec2, b: Vec2): number }
): Vec2[] | null {
  type Node = { p: Vec2; g: number; f: number }
  const key = (p: Vec2) => `${p.x},${p.y}`
  const best = new Map<string, number>([[key(from), 0]])
  const parent = new Map<string, Vec2>()
  const done = new Set<string>()
  const open = new StableHeap<Node>((a, b) => a.f < b.f)
  open.push({ p: from, g: 0, f: chebyshev(from, to) })
  for (let n = open.pop(); n; n = open.pop()) {
    const k = key(n.p)
    if (done.has(k)) continue
    done.add(k)
    if (n.p.x === to.x && n.p.y === to.y) {
      const path: Vec2[] = []
      for (let at: Vec2 | undefined = n.p; at && key(at) !== key(from); at = parent.get(key(at)))
        path.unshift(at)
      return path
    }
    for (const q of neighbours8(n.p)) {
      if (!rules.passable(n.p, q)) continue
      const g = n.g + rules.stepCost(n.p, q)
      const f = g + chebyshev(q, to)
      if (f > maxCost) continue
      const qk = key(q)
      if ((best.get(qk) ?? Infinity) <= g) continue
      best.set(qk, g)
      parent.set(qk, n.p)
      open.push({ p: q, g, f })
    }
  }
  return null
}

/**
 * The path from the figure through `waypoints` to `goal`: the first leg is the rules' own path to the first
 * stop when `firstLeg` gives one (a legal move's path), later legs `legPath`. Null when a leg has no way.
 */
export function waypointPath(
  state: EncounterState,
  actorId: string,
  waypoints: readonly Cell[],
  goal: Cell,
  firstLeg?: (to: Cell) => Cell[] | undefined
): Vec3[] | null {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) return null
  const stops = [...waypoints, goal]
  const path: Vec2[] = []
  let at: Vec2 = { x: actor.pos.x, y: actor.pos.y }
  for (const [i, stop] of stops.entries()) {
    if (stop.x === at.x && stop.y === at.y) continue
    const leg = (i === 0 ? firstLeg?.(stop) : undefined) ?? legPath(state, actorId, at, stop)
    if (!leg) return null
    path.push(...leg)
    at = stop
  }
  return path.map((p) => ({ x: p.x, y: p.y, z: groundHeight(state, p) }))
}

/**
 * The move through the waypoints as an action of the rules, validated: `template` is a legal move of the
 * figure (its kind and options kept, its path replaced) or a plain `move`. Null when no path exists.
 */
export function planThrough(
  state: EncounterState,
  ruleset: Pick<Ruleset, 'validate'>,
  actorId: string,
  waypoints: readonly Cell[],
  goal: Cell,
  template?: Action,
  firstLeg?: (to: Cell) => Cell[] | undefined
): WaypointPlan | null {
  const path = waypointPath(state, actorId, waypoints, goal, firstLeg)
  if (!path || path.length === 0) return null
  const action: Action = { ...(template ?? { kind: 'move', actorId }), actorId, path }
  return { path, action, violation: ruleset.validate(state, action) }
}

/** The waypoints with `cell` added at the end, or removed when it is already the last one. */
export function toggleWaypoint(waypoints: readonly Cell[], cell: Cell): Cell[] {
  const last = waypoints[waypoints.length - 1]
  if (last && last.x === cell.x && last.y === cell.y) return waypoints.slice(0, -1)
  return [...waypoints, { x: cell.x, y: cell.y }]
}
