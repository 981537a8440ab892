import type { Vec3 } from '../types'
import { EPS } from './primitives'
import { NO_BASES, legParts, legProblem, type LegParts } from './segments'
import { standProblem, walkProblem, type TerrainIndex } from './terrain'

// The static half of the path search: a visibility graph over the terrain of one board for one base
// radius, cached per board (WeakMap on the terrain index) and reused by every search on it. Nodes are
// the places a shortest path can bend or change height:
// - corners of every building and wall grown by the radius, at every height below its top where a base fits;
// - corners of every roof, wall top and bridge deck (the bends of an L-shaped floor of adjacent roofs);
// - climb pairs every `step` along each side: the foot (base touching the side) and the top edge above it;
// - ramp pairs every `step` across each bridge end: the deck edge and the ground under it;
// - points every `step` along each canal's banks, where a path may choose to enter or leave the water.
// Climb, ramp and bank points are samples, so a path through them can be up to about step²/8 per bend
// longer than the true optimum; corners are exact. Edges between nodes at one height are computed lazily
// (first time a node is expanded) and memoised both ways. Figures are not here: they move every turn.

/** One node's terrain-clear neighbours with each leg's measure in board units. */
export interface Adjacency {
  to: Int32Array
  /** Plan length. */
  h: Float64Array
  /** Height climbed or descended (0 on ramps). */
  v: Float64Array
  /** Plan length swum. */
  s: Float64Array
}

/** The cached visibility graph of one board for one base radius. */
export interface PathGraph {
  t: TerrainIndex
  r: number
  n: number
  x: Float64Array
  y: Float64Array
  z: Float64Array
  /** Index into `t.levels` of each node. */
  levelOf: Int32Array
  /** Nodes of each level (indexed like `t.levels`). */
  byLevel: Int32Array[]
  /** Climb and ramp partners of each node (other heights). */
  links: number[][]
  adj: Array<Adjacency | undefined>
  /** Pair memo for same-level visibility: 0 unknown, 1 clear, 2 blocked (null on huge graphs). */
  pair: Uint8Array | null
  /** Terrain-clear neighbours of points that are not nodes (starts, goals, corners around figures). */
  points: Map<string, Adjacency>
}

// Points memoised per graph before the memo is dropped and refilled: figures stand still for most of a
// turn, so the same starts and figure corners come back search after search.
const POINT_MEMO = 4096

const graphs = new WeakMap<TerrainIndex, Map<string, PathGraph>>()

/** The graph for a base radius r (units) with samples every `step` units, cached per board. */
export function pathGraph(t: TerrainIndex, r: number, step: number): PathGraph {
  let byKey = graphs.get(t)
  if (!byKey) {
    byKey = new Map()
    graphs.set(t, byKey)
  }
  const key = `${r}|${step}`
  const hit = byKey.get(key)
  if (hit) return hit
  const g = buildGraph(t, r, step)
  byKey.set(key, g)
  return g
}

// Positions every `step` from a to b, both ends included.
function samples(a: number, b: number, step: number): number[] {
  const out: number[] = []
  for (let v = a; v < b - EPS; v += step) out.push(v)
  out.push(b)
  return out
}

function buildGraph(t: TerrainIndex, r: number, step: number): PathGraph {
  const xs: number[] = []
  const ys: number[] = []
  const zs: number[] = []
  const links: number[][] = []
  const keys = new Map<string, number>()
  const add = (x: number, y: number, z: number): number => {
    if (standProblem(t, x, y, z, r)) return -1
    const key = `${x},${y},${z}`
    const known = keys.get(key)
    if (known !== undefined) return known
    keys.set(key, xs.length)
    xs.push(x)
    ys.push(y)
    zs.push(z)
    links.push([])
    return xs.length - 1
  }
  const link = (a: number, b: number): void => {
    if (a < 0 || b < 0) return
    const pa = { x: xs[a] as number, y: ys[a] as number, z: zs[a] as number }
    const pb = { x: xs[b] as number, y: ys[b] as number, z: zs[b] as number }
    if (legProblem(t, NO_BASES, pa, pb, r) || legProblem(t, NO_BASES, pb, pa, r)) return
    links[a]?.push(b)
    links[b]?.push(a)
  }
  // Rounded outward so every node is a whole-unit position with the base still clear of the box.
  const lo = (v: number): number => Math.floor(v + 1e-7)
  const hi = (v: number): number => Math.ceil(v - 1e-7)
  const reach = hi(r)
  const levels = Array.from(t.levels)
  for (let k = 0; k < t.solids.length; k++) {
    const i = t.solids[k] as number
    const [x0, y0, x1, y1, top] = box(t, i)
    for (const z of levels) {
      if (z >= top) break
      for (const [cx, cy] of [
        [lo(x0 - r), lo(y0 - r)],
        [hi(x1 + r), lo(y0 - r)],
        [lo(x0 - r), hi(y1 + r)],
        [hi(x1 + r), hi(y1 + r)]
      ] as const)
        add(cx, cy, z)
    }
    for (const [cx, cy] of corners(x0, y0, x1, y1)) add(cx, cy, top)
    // Climbs: [edge x, edge y, foot x, foot y] along the four sides.
    const climbs: Array<readonly [number, number, number, number]> = []
    for (const sx of samples(x0, x1, step)) climbs.push([sx, y0, sx, y0 - reach], [sx, y1, sx, y1 + reach])
    for (const sy of samples(y0, y1, step)) climbs.push([x0, sy, x0 - reach, sy], [x1, sy, x1 + reach, sy])
    for (const [ex, ey, fx, fy] of climbs) {
      const up = add(ex, ey, top)
      if (up < 0) continue
      for (const z of levels) if (z < top) link(add(fx, fy, z), up)
    }
  }
  for (let k = 0; k < t.bridges.length; k++) {
    const i = t.bridges[k] as number
    const [x0, y0, x1, y1, top] = box(t, i)
    for (const [cx, cy] of corners(x0, y0, x1, y1)) add(cx, cy, top)
    const alongX = x1 - x0 >= y1 - y0
    for (const end of alongX ? [x0, x1] : [y0, y1])
      for (const s of alongX ? samples(y0, y1, step) : samples(x0, x1, step)) {
        const px = alongX ? end : s
        const py = alongX ? s : end
        const deck = add(px, py, top)
        if (deck < 0) continue
        for (const z of levels) if (z < top) link(add(px, py, z), deck)
      }
  }
  for (let k = 0; k < t.waters.length; k++) {
    const [x0, y0, x1, y1] = box(t, t.waters[k] as number)
    for (const sx of samples(x0, x1, step)) {
      add(sx, y0, 0)
      add(sx, y1, 0)
    }
    for (const sy of samples(y0, y1, step)) {
      add(x0, sy, 0)
      add(x1, sy, 0)
    }
  }
  const n = xs.length
  const levelOf = new Int32Array(n)
  const perLevel: number[][] = levels.map(() => [])
  for (let i = 0; i < n; i++) {
    const li = levels.indexOf(zs[i] as number)
    levelOf[i] = li
    perLevel[li]?.push(i)
  }
  return {
    t,
    r,
    n,
    x: Float64Array.from(xs),
    y: Float64Array.from(ys),
    z: Float64Array.from(zs),
    levelOf,
    byLevel: perLevel.map((list) => Int32Array.from(list)),
    links,
    adj: new Array<Adjacency | undefined>(n),
    pair: n <= 3000 ? new Uint8Array(n * n) : null,
    points: new Map()
  }
}

function box(t: TerrainIndex, i: number): [number, number, number, number, number] {
  return [t.x0[i] as number, t.y0[i] as number, t.x1[i] as number, t.y1[i] as number, t.top[i] as number]
}

function corners(x0: number, y0: number, x1: number, y1: number): Array<readonly [number, number]> {
  return [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1]
  ]
}

const PARTS: LegParts = { horizontal: 0, climbed: 0, descended: 0, swum: 0 }
const A: Vec3 = { x: 0, y: 0, z: 0 }
const B: Vec3 = { x: 0, y: 0, z: 0 }

/** True when a base walks from static node i to node j (same level) clear of terrain; memoised. */
export function clearPair(g: PathGraph, i: number, j: number): boolean {
  const memo = g.pair
  const at = i * g.n + j
  if (memo && memo[at] !== 0) return memo[at] === 1
  const clear =
    walkProblem(
      g.t,
      g.x[i] as number,
      g.y[i] as number,
      g.x[j] as number,
      g.y[j] as number,
      g.z[i] as number,
      g.r
    ) === null
  if (memo) {
    memo[at] = clear ? 1 : 2
    memo[j * g.n + i] = clear ? 1 : 2
  }
  return clear
}

/** The terrain-clear neighbours of static node i, computed on first use. */
export function adjacency(g: PathGraph, i: number): Adjacency {
  const known = g.adj[i]
  if (known) return known
  const adj = neighbours(g, g.x[i] as number, g.y[i] as number, g.z[i] as number, g.levelOf[i] as number, i)
  g.adj[i] = adj
  return adj
}

/**
 * The terrain-clear graph nodes a base walks to in a straight line from the point (x, y) at level index
 * `level` (its height z), memoised per graph.
 */
export function pointAdjacency(g: PathGraph, x: number, y: number, z: number, level: number): Adjacency {
  const key = `${x},${y},${z}`
  const known = g.points.get(key)
  if (known) return known
  if (g.points.size >= POINT_MEMO) g.points.clear()
  const adj = neighbours(g, x, y, z, level, -1)
  g.points.set(key, adj)
  return adj
}

function neighbours(g: PathGraph, x: number, y: number, z: number, level: number, i: number): Adjacency {
  const to: number[] = []
  const h: number[] = []
  const v: number[] = []
  const s: number[] = []
  const push = (j: number): void => {
    A.x = x
    A.y = y
    A.z = z
    B.x = g.x[j] as number
    B.y = g.y[j] as number
    B.z = g.z[j] as number
    legParts(g.t, A, B, PARTS)
    to.push(j)
    h.push(PARTS.horizontal)
    v.push(PARTS.climbed + PARTS.descended)
    s.push(PARTS.swum)
  }
  const same = g.byLevel[level] ?? new Int32Array(0)
  for (let k = 0; k < same.length; k++) {
    const j = same[k] as number
    if (j === i) continue
    if (i >= 0 ? clearPair(g, i, j) : !walkProblem(g.t, x, y, g.x[j] as number, g.y[j] as number, z, g.r))
      push(j)
  }
  if (i >= 0) for (const j of g.links[i] ?? []) push(j)
  return {
    to: Int32Array.from(to),
    h: Float64Array.from(h),
    v: Float64Array.from(v),
    s: Float64Array.from(s)
  }
}
