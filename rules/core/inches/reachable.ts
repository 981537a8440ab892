import type { EncounterState, Vec3 } from '../types'
import { EPS } from './primitives'
import { newQuery, nodeOccupied, runSearch, walkCost, type Query, type SearchOptions } from './search'
import { blockingBases, overlapsBase } from './segments'
import { levelIndex, standLevels, standProblem } from './terrain'

// Where a figure can get to with a budget, sampled: what the AI picks destinations from and what the map
// shades. One Dijkstra over the graph within the budget, then each candidate point takes the cheapest
// settled node that walks straight to it.

/** The options of `reachable`, in inches. */
export interface ReachOptions extends SearchOptions {
  /** Spacing of the candidate grid, aligned to the table's corner. Default 1". */
  gridStep?: number
  /** Contact points are placed this close to touching (and never overlapping). Default 0.05". */
  contactTolerance?: number
}

/** A destination and the cheapest path cost to it, in inches. */
export interface ReachablePoint {
  pos: Vec3
  inches: number
}

/**
 * Sampled destinations the figure can reach within `maxInches`, each with its path cost (`findPath` to it
 * costs the same or, through a differently sampled climb, marginally less): a grid every `gridStep` at every
 * height a base fits there (table, water, roofs, decks), points in base contact around every other figure
 * (16 directions), and the middle of every roof and deck. Ordered grid, contacts, roofs; the start is not
 * included.
 */
export function reachable(
  state: EncounterState,
  moverId: string,
  maxInches: number,
  opts: ReachOptions = {}
): ReachablePoint[] {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const u = state.board.inches?.unitsPerInch ?? 1
  const budget = maxInches * u
  // Nothing beyond this plan distance can be reached (cost ≥ plan distance × the cheapest factor).
  const swimFactor = opts.swimFactor ?? 2
  const range = budget / Math.min(1, swimFactor)
  const q = newQuery({ state, moverId, opts, extra: [], around: range })
  runSearch(q, -1, budget)
  const byLevel: number[][] = Array.from(q.t.levels, () => [])
  for (const v of q.settled) byLevel[q.levelOf[v] as number]?.push(v)
  // Bases the mover may cross (`ignoreId`) are still no place to end.
  const ends = opts.ignoreId ? blockingBases(state, moverId, q.r) : q.bases
  const out: ReachablePoint[] = []
  const seen = new Set<string>()
  const s = mover.pos
  const consider = (x: number, y: number, z: number): void => {
    const key = `${x},${y},${z}`
    if (seen.has(key) || (x === s.x && y === s.y && z === s.z)) return
    seen.add(key)
    const li = levelIndex(q.t, z)
    if (li < 0 || standProblem(q.t, x, y, z, q.r) || overlapsBase(ends, x, y, z)) return
    const cost = bestCost(q, byLevel[li] ?? [], x, y, budget)
    if (cost <= budget) out.push({ pos: { x, y, z }, inches: cost / u })
  }
  const step = Math.max(1, Math.round((opts.gridStep ?? 1) * u))
  const x0 = Math.max(0, Math.ceil((s.x - range) / step) * step)
  const y0 = Math.max(0, Math.ceil((s.y - range) / step) * step)
  for (let y = y0; y <= s.y + range && y <= q.t.heightU; y += step)
    for (let x = x0; x <= s.x + range && x <= q.t.widthU; x += step) {
      if (Math.hypot(x - s.x, y - s.y) > range) continue
      for (const z of standLevels(q.t, x, y, q.r)) consider(x, y, z)
    }
  const tol = (opts.contactTolerance ?? 0.05) * u
  for (let i = 0; i < q.bases.n; i++) {
    const cx = q.bases.x[i] as number
    const cy = q.bases.y[i] as number
    const reach = q.bases.reach[i] as number
    if (Math.hypot(cx - s.x, cy - s.y) > range + reach) continue
    for (let k = 0; k < 16; k++) {
      const p = contactPoint(cx, cy, reach, tol, (k * Math.PI) / 8)
      if (p) consider(p[0], p[1], q.bases.z[i] as number)
    }
  }
  for (const [level, list] of q.t.surfaces)
    for (const i of list) {
      const x = Math.round(((q.t.x0[i] as number) + (q.t.x1[i] as number)) / 2)
      const y = Math.round(((q.t.y0[i] as number) + (q.t.y1[i] as number)) / 2)
      if (Math.hypot(x - s.x, y - s.y) <= range) consider(x, y, level)
    }
  return out
}

// The cheapest settled node (cheapest first) that walks straight to (x, y), within the budget.
function bestCost(q: Query, settled: number[], x: number, y: number, budget: number): number {
  let best = Infinity
  for (const v of settled) {
    const dv = q.dist[v] as number
    if (dv >= best || dv > budget) break
    if (nodeOccupied(q, v)) continue
    const plan = Math.hypot((q.x[v] as number) - x, (q.y[v] as number) - y)
    if (dv + plan * q.minFactor >= best) continue
    const c = dv + walkCost(q, v, x, y)
    if (c < best) best = c
  }
  return best
}

/**
 * A whole-unit point in direction `angle` from a base centre whose distance is in [reach, reach + tol]
 * (touching, never overlapping), the closest to reach + tol/2 among the 3 × 3 around the ideal point.
 */
export function contactPoint(
  cx: number,
  cy: number,
  reach: number,
  tol: number,
  angle: number
): [number, number] | null {
  const want = reach + tol / 2
  const ix = Math.round(cx + want * Math.cos(angle))
  const iy = Math.round(cy + want * Math.sin(angle))
  let best: [number, number] | null = null
  let bestErr = Infinity
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const d = Math.hypot(ix + dx - cx, iy + dy - cy)
      if (d < reach - EPS || d > reach + tol + EPS) continue
      const err = Math.abs(d - want)
      if (err < bestErr) {
        bestErr = err
        best = [ix + dx, iy + dy]
      }
    }
  return best
}
