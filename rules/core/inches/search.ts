import type { EncounterState, Vec3 } from '../types'
import { adjacency, pathGraph, pointAdjacency, type PathGraph } from './graph'
import { NodeHeap } from './node-heap'
import type { MoveOptions } from './move-path'
import {
  blockingBases,
  hitsBase,
  legParts,
  overlapsBase,
  partsCost,
  type Bases,
  type LegParts
} from './segments'
import { standProblem, terrainIndex, walkProblem, type TerrainIndex } from './terrain'
import { baseRadius } from './units'

// One search over the cached terrain graph (graph.ts) plus this query's own nodes: the start, the goal and
// an octagon around every other base (the bends of a path around figures). Dijkstra with a budget for
// `reachable`, A* toward the goal for `findPath`. Edges between a query node and the graph are tested as
// nodes are expanded, never all up front, so a short budget looks at a small part of the board.

/** The options of a search: a move's options plus how finely climbs, ramps and banks are sampled. */
export interface SearchOptions extends MoveOptions {
  /** Spacing in inches of the climb, ramp and bank points of the graph. Default 1". */
  climbStep?: number
}

/** One search: the graph, the query's extra nodes, and the Dijkstra state. */
export interface Query {
  g: PathGraph
  t: TerrainIndex
  r: number
  bases: Bases
  climbFactor: number
  swimFactor: number
  /** A lower bound of cost per plan unit (swimming may cost less than walking if swimFactor < 1). */
  minFactor: number
  /** Static node count: ids from nS on are this query's. */
  nS: number
  n: number
  x: Float64Array
  y: Float64Array
  z: Float64Array
  levelOf: Int32Array
  /** This query's nodes per level. */
  dynamic: number[][]
  /** 0 unknown, 1 free, 2 overlapping a base. */
  occupied: Int8Array
  dist: Float64Array
  prev: Int32Array
  /** Nodes in the order they were settled (cheapest first). */
  settled: number[]
}

/** Everything a query starts from. */
export interface QuerySetup {
  state: EncounterState
  moverId: string
  opts: SearchOptions
  /** Query nodes besides the start (the goal); the start is node nS. */
  extra: Vec3[]
  /** Only bases whose touching circle comes this close (units) to the start get octagons (Infinity = all). */
  around: number
}

/** Builds a query (start = node `nS`, then `extra` in order, then the octagons). */
export function newQuery(setup: QuerySetup): Query {
  const { state, moverId, opts } = setup
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const t = terrainIndex(state.board)
  const r = baseRadius(state.board, mover)
  const g = pathGraph(t, r, Math.max(1, Math.round((opts.climbStep ?? 1) * t.u)))
  const bases = blockingBases(state, moverId, r, opts.ignoreId)
  const xs: number[] = [mover.pos.x]
  const ys: number[] = [mover.pos.y]
  const zs: number[] = [mover.pos.z]
  for (const p of setup.extra) {
    xs.push(p.x)
    ys.push(p.y)
    zs.push(p.z)
  }
  for (let i = 0; i < bases.n; i++) {
    const cx = bases.x[i] as number
    const cy = bases.y[i] as number
    const cz = bases.z[i] as number
    if (Math.hypot(cx - mover.pos.x, cy - mover.pos.y) - (bases.reach[i] as number) > setup.around) continue
    // The octagon circumscribing the touching circle, pushed out one unit so that rounding the vertices to
    // whole units cannot bring a side into the other base.
    const rho = (bases.reach[i] as number) / Math.cos(Math.PI / 8) + 1
    for (let k = 0; k < 8; k++) {
      const a = ((k + 0.5) * Math.PI) / 4
      const x = Math.round(cx + rho * Math.cos(a))
      const y = Math.round(cy + rho * Math.sin(a))
      if (standProblem(t, x, y, cz, r) || overlapsBase(bases, x, y, cz)) continue
      xs.push(x)
      ys.push(y)
      zs.push(cz)
    }
  }
  const nS = g.n
  const n = nS + xs.length
  const x = new Float64Array(n)
  const y = new Float64Array(n)
  const z = new Float64Array(n)
  const levelOf = new Int32Array(n)
  x.set(g.x)
  y.set(g.y)
  z.set(g.z)
  levelOf.set(g.levelOf)
  const dynamic: number[][] = Array.from(t.levels, () => [])
  const levels = Array.from(t.levels)
  xs.forEach((v, k) => {
    const id = nS + k
    x[id] = v
    y[id] = ys[k] as number
    z[id] = zs[k] as number
    const li = levels.indexOf(zs[k] as number)
    levelOf[id] = li
    if (li >= 0) dynamic[li]?.push(id)
  })
  const climbFactor = opts.climbFactor ?? 1
  const swimFactor = opts.swimFactor ?? 2
  return {
    g,
    t,
    r,
    bases,
    climbFactor,
    swimFactor,
    minFactor: Math.min(1, swimFactor),
    nS,
    n,
    x,
    y,
    z,
    levelOf,
    dynamic,
    occupied: new Int8Array(n),
    dist: new Float64Array(n).fill(Infinity),
    prev: new Int32Array(n).fill(-1),
    settled: []
  }
}

/** True when node i overlaps another base (the start never does: it is where the mover is). */
export function nodeOccupied(q: Query, i: number): boolean {
  if (i === q.nS) return false
  let o = q.occupied[i] as number
  if (o === 0) {
    o = overlapsBase(q.bases, q.x[i] as number, q.y[i] as number, q.z[i] as number) ? 2 : 1
    q.occupied[i] = o
  }
  return o === 2
}

const PARTS: LegParts = { horizontal: 0, climbed: 0, descended: 0, swum: 0 }
const A: Vec3 = { x: 0, y: 0, z: 0 }
const B: Vec3 = { x: 0, y: 0, z: 0 }

/**
 * The cost in units of walking from node i to the point (x, y) at node i's height, or Infinity when the
 * terrain or a base is in the way.
 */
export function walkCost(q: Query, i: number, x: number, y: number): number {
  const ax = q.x[i] as number
  const ay = q.y[i] as number
  const z = q.z[i] as number
  if (walkProblem(q.t, ax, ay, x, y, z, q.r)) return Infinity
  if (hitsBase(q.bases, ax, ay, x, y, z)) return Infinity
  A.x = ax
  A.y = ay
  A.z = z
  B.x = x
  B.y = y
  B.z = z
  return partsCost(legParts(q.t, A, B, PARTS), q.climbFactor, q.swimFactor)
}

/**
 * Runs Dijkstra (A* when `goal` ≥ 0) from the start within `budget` units of cost, filling `dist`,
 * `prev` and `settled`. Stops when the goal is settled.
 */
export function runSearch(q: Query, goal: number, budget: number): void {
  const { x, y, z, dist, prev, nS, minFactor, climbFactor } = q
  const swimExtra = q.swimFactor - 1
  const heap = new NodeHeap()
  const gx = goal >= 0 ? (x[goal] as number) : 0
  const gy = goal >= 0 ? (y[goal] as number) : 0
  const heur = (v: number): number => {
    if (goal < 0) return 0
    const dx = (x[v] as number) - gx
    const dy = (y[v] as number) - gy
    return Math.sqrt(dx * dx + dy * dy) * minFactor
  }
  const done = new Uint8Array(q.n)
  // For each query node, the slot + 1 of every graph node in its neighbour list (filled on first need).
  const slots: Array<Int32Array | undefined> = []
  dist[nS] = 0
  heap.push(heur(nS), nS)
  while (heap.size > 0) {
    const u = heap.pop()
    if (done[u]) continue
    done[u] = 1
    q.settled.push(u)
    if (u === goal) return
    const du = dist[u] as number
    const bound = goal >= 0 ? Math.min(budget, dist[goal] as number) : budget
    const ux = x[u] as number
    const uy = y[u] as number
    const uz = z[u] as number
    const level = q.levelOf[u] as number
    if (level < 0) continue
    // Graph neighbours: the memoised terrain-clear list of a graph node or of this query's point.
    const adj = u < nS ? adjacency(q.g, u) : pointAdjacency(q.g, ux, uy, uz, level)
    for (let k = 0; k < adj.to.length; k++) {
      const v = adj.to[k] as number
      if (done[v]) continue
      const nd =
        du + (adj.h[k] as number) + climbFactor * (adj.v[k] as number) + swimExtra * (adj.s[k] as number)
      if (nd >= (dist[v] as number) || nd > budget || nd + heur(v) > bound) continue
      if (nodeOccupied(q, v)) continue
      if (z[v] === uz && hitsBase(q.bases, ux, uy, x[v] as number, y[v] as number, uz)) continue
      dist[v] = nd
      prev[v] = u
      heap.push(nd + heur(v), v)
    }
    // This query's nodes at the same height: through the query node's memoised list when u is a graph node.
    const dyn = q.dynamic[level] ?? []
    for (let k = 0; k < dyn.length; k++) {
      const v = dyn[k] as number
      if (v === u || done[v]) continue
      const vx = x[v] as number
      const vy = y[v] as number
      const dx = vx - ux
      const dy = vy - uy
      const lb = du + Math.sqrt(dx * dx + dy * dy) * minFactor
      if (lb >= (dist[v] as number) || lb > budget || lb + heur(v) > bound) continue
      if (nodeOccupied(q, v)) continue
      let cost: number
      if (u < nS) {
        let slot = slots[v - nS]
        if (!slot) {
          slot = new Int32Array(nS)
          const back = pointAdjacency(q.g, vx, vy, z[v] as number, level)
          for (let j = 0; j < back.to.length; j++) slot[back.to[j] as number] = j + 1
          slots[v - nS] = slot
        }
        const j = (slot[u] as number) - 1
        if (j < 0 || hitsBase(q.bases, ux, uy, vx, vy, uz)) continue
        const back = pointAdjacency(q.g, vx, vy, z[v] as number, level)
        cost = (back.h[j] as number) + swimExtra * (back.s[j] as number)
      } else cost = walkCost(q, u, vx, vy)
      const nd = du + cost
      if (nd < (dist[v] as number) && nd <= budget) {
        dist[v] = nd
        prev[v] = u
        heap.push(nd + heur(v), v)
      }
    }
  }
}

/** The nodes from the start to node i, as whole-unit waypoints (repeated points dropped). */
export function pathTo(q: Query, i: number): Vec3[] {
  const out: Vec3[] = []
  for (let v = i; v >= 0; v = q.prev[v] as number) {
    const p = { x: q.x[v] as number, y: q.y[v] as number, z: q.z[v] as number }
    const last = out[out.length - 1]
    if (!last || last.x !== p.x || last.y !== p.y || last.z !== p.z) out.push(p)
  }
  return out.reverse()
}
