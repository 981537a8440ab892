import type { EncounterState, Vec3 } from '../types'
import { CLIP, EPS, clipSegment } from './primitives'
import { blockingBases, overlapsBase, rampOf, type Bases } from './segments'
import { solidAt, standProblem, surfaceReach, terrainIndex, waterAt, type TerrainIndex } from './terrain'
import { baseRadius } from './units'

// Forced movement (a grapple, carnevale.md §5.3): the figure slides in a straight line at its height,
// ignoring the grappler's base, and stops before any other base, a building or wall side, or the table
// edge. Off the end of a bridge it goes down the ramp and keeps sliding; off a roof, wall top or a deck's
// side it falls to whatever is below and stops there. The falling rules themselves are the ruleset's: this
// reports how far it fell.

/** Why a push ended. */
export type PushStop = 'distance' | 'base' | 'terrain' | 'edge' | 'fell'

/** Where a pushed figure ends up. */
export interface PushResult {
  /** The final position, whole board units, on a legal spot. */
  to: Vec3
  /** Plan distance from the start to `to`, in inches. */
  moved: number
  /** Height dropped by falling, in inches (0 when it did not fall; a ramp is not a fall). */
  fell: number
  /** True when it ends swimming. */
  intoWater: boolean
  stopped: PushStop
}

/** Options of a push. */
export interface PushOptions {
  /** The base the pushed figure may cross (the grappler's). */
  ignoreId?: string
}

/**
 * Pushes the figure up to `maxInches` along the plan direction (dx, dy) (any length). A figure that
 * leaves a roof, wall top or deck side falls from where its centre passes the edge and lands at the first
 * spot along the line where its base fits below (so `moved` can pass maxInches by about a base radius:
 * a body falling off an edge lands clear of the side); if no spot fits within two base widths it stays at
 * the edge.
 */
export function pushAlong(
  state: EncounterState,
  targetId: string,
  dir: { x: number; y: number },
  maxInches: number,
  opts: PushOptions = {}
): PushResult {
  const target = state.combatants.find((c) => c.id === targetId)
  if (!target) throw new RangeError(`no combatant ${targetId}`)
  const t = terrainIndex(state.board)
  const r = baseRadius(state.board, target)
  const bases = blockingBases(state, targetId, r, opts.ignoreId)
  // The grappler's base is crossed, never ended on (§5.3).
  const ends = opts.ignoreId ? blockingBases(state, targetId, r) : bases
  const start = target.pos
  const len = Math.hypot(dir.x, dir.y)
  if (len === 0 || maxInches <= 0) return result(t, start, { ...start }, 0, 'distance')
  const ux = dir.x / len
  const uy = dir.y / len
  let px = start.x
  let py = start.y
  let z = start.z
  let left = maxInches * t.u
  for (let leg = 0; leg < 8; leg++) {
    let stop = left
    let why: PushStop = 'distance'
    const hitT = terrainHit(t, px, py, ux, uy, z, r, stop)
    if (hitT < stop) [stop, why] = [hitT, 'terrain']
    const hitE = tableExit(t, px, py, ux, uy, r)
    if (hitE < stop) [stop, why] = [hitE, 'edge']
    const hitB = baseHit(bases, px, py, ux, uy, z)
    if (hitB < stop) [stop, why] = [hitB, 'base']
    const run = z === 0 ? stop : surfaceReach(t, px, py, px + ux * stop, py + uy * stop, z) * stop
    if (run >= stop - EPS) {
      const to = settle(t, ends, r, start, px + ux * stop, py + uy * stop, z, ux, uy)
      return result(t, start, to, 0, why)
    }
    const ex = px + ux * run
    const ey = py + uy * run
    const below = rampDown(t, r, ex, ey, z, ux, uy)
    if (below !== null) {
      px = ex
      py = ey
      z = below
      left -= run
      continue
    }
    const landed = land(t, ends, r, ex, ey, z, ux, uy)
    if (landed) return result(t, start, landed, (z - landed.z) / t.u, 'fell')
    return result(t, start, settle(t, ends, r, start, ex, ey, z, ux, uy), 0, 'edge')
  }
  return result(t, start, settle(t, ends, r, start, px, py, z, ux, uy), 0, 'distance')
}

/** Pushes the figure toward a point (plan), up to `maxInches` and no further than the point. */
export function pushToward(
  state: EncounterState,
  targetId: string,
  point: { x: number; y: number },
  maxInches: number,
  opts: PushOptions = {}
): PushResult {
  const target = state.combatants.find((c) => c.id === targetId)
  if (!target) throw new RangeError(`no combatant ${targetId}`)
  const dx = point.x - target.pos.x
  const dy = point.y - target.pos.y
  const u = state.board.inches?.unitsPerInch ?? 1
  return pushAlong(state, targetId, { x: dx, y: dy }, Math.min(maxInches, Math.hypot(dx, dy) / u), opts)
}

function result(t: TerrainIndex, from: Vec3, to: Vec3, fell: number, stopped: PushStop): PushResult {
  const moved = Math.hypot(to.x - from.x, to.y - from.y) / t.u
  const intoWater = to.z === 0 && solidAt(t, to.x, to.y, 0, 0) < 0 && waterAt(t, to.x, to.y) >= 0
  return { to, moved, fell, intoWater, stopped }
}

// How far along the ray the centre may go before the base enters a solid taller than z (boxes grown by r).
// A box the base already overlaps (an illegal placement) is ignored so the figure can be pushed out of it.
function terrainHit(
  t: TerrainIndex,
  px: number,
  py: number,
  ux: number,
  uy: number,
  z: number,
  r: number,
  len: number
) {
  let best = Infinity
  for (let k = 0; k < t.solids.length; k++) {
    const i = t.solids[k] as number
    if ((t.top[i] as number) <= z) continue
    const x0 = (t.x0[i] as number) - r + EPS
    const y0 = (t.y0[i] as number) - r + EPS
    const x1 = (t.x1[i] as number) + r - EPS
    const y1 = (t.y1[i] as number) + r - EPS
    if (px > x0 && px < x1 && py > y0 && py < y1) continue
    if (clipSegment(px, py, px + ux * len, py + uy * len, x0, y0, x1, y1))
      best = Math.min(best, (CLIP[0] as number) * len)
  }
  return best
}

function tableExit(t: TerrainIndex, px: number, py: number, ux: number, uy: number, r: number): number {
  let best = Infinity
  if (ux > 0) best = Math.min(best, (t.widthU - r - px) / ux)
  if (ux < 0) best = Math.min(best, (r - px) / ux)
  if (uy > 0) best = Math.min(best, (t.heightU - r - py) / uy)
  if (uy < 0) best = Math.min(best, (r - py) / uy)
  return Math.max(0, best)
}

// Distance along the ray until the base touches another base at height z (Infinity if never). A base
// already overlapped blocks only if the ray goes closer.
function baseHit(b: Bases, px: number, py: number, ux: number, uy: number, z: number): number {
  let best = Infinity
  for (let i = 0; i < b.n; i++) {
    if (b.z[i] !== z) continue
    const fx = px - (b.x[i] as number)
    const fy = py - (b.y[i] as number)
    const reach = (b.reach[i] as number) - EPS
    const along = fx * ux + fy * uy
    const c = fx * fx + fy * fy - reach * reach
    if (c < 0) {
      if (along < 0) best = 0
      continue
    }
    const disc = along * along - c
    if (disc < 0 || along >= 0) continue
    best = Math.min(best, -along - Math.sqrt(disc))
  }
  return best
}

// Leaving a bridge deck through a short end: the height it continues at below (the highest the base fits
// at just beyond the end), or null when this edge is not a ramp.
function rampDown(t: TerrainIndex, r: number, ex: number, ey: number, z: number, ux: number, uy: number) {
  const bx = ex + ux
  const by = ey + uy
  for (let k = t.levels.length - 1; k >= 0; k--) {
    const low = t.levels[k] as number
    if (low >= z) continue
    if (!rampOf(t, { x: bx, y: by, z: low }, { x: ex, y: ey, z })) continue
    if (standProblem(t, bx, by, low, r) === null) return low
  }
  return null
}

// The first whole-unit spot along the ray past the edge where the base fits at some lower height.
function land(
  t: TerrainIndex,
  b: Bases,
  r: number,
  ex: number,
  ey: number,
  z: number,
  ux: number,
  uy: number
) {
  const limit = 4 * r + 2
  for (let s = 1; s <= limit; s++) {
    const x = Math.round(ex + ux * s)
    const y = Math.round(ey + uy * s)
    for (let k = t.levels.length - 1; k >= 0; k--) {
      const low = t.levels[k] as number
      if (low >= z) continue
      if (standProblem(t, x, y, low, r) === null && !overlapsBase(b, x, y, low)) return { x, y, z: low }
    }
  }
  return null
}

// A whole-unit legal spot at height z next to (fx, fy): the nearest rounding that fits, else stepping back
// along the ray toward the start (which always fits: the figure stood there).
function settle(
  t: TerrainIndex,
  b: Bases,
  r: number,
  start: Vec3,
  fx: number,
  fy: number,
  z: number,
  ux: number,
  uy: number
): Vec3 {
  const total = Math.hypot(fx - start.x, fy - start.y)
  for (let back = 0; back <= total + 1; back++) {
    const x = fx - ux * back
    const y = fy - uy * back
    const xs = [Math.floor(x), Math.ceil(x)]
    const ys = [Math.floor(y), Math.ceil(y)]
    const options: Vec3[] = []
    for (const cx of xs) for (const cy of ys) options.push({ x: cx, y: cy, z })
    options.sort((p, q) => Math.hypot(p.x - x, p.y - y) - Math.hypot(q.x - x, q.y - y))
    for (const p of options)
      if (standProblem(t, p.x, p.y, p.z, r) === null && !overlapsBase(b, p.x, p.y, p.z)) return p
  }
  return { ...start }
}
