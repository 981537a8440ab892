import type { EncounterState, Vec3 } from '../types'
import { EPS, gapX, segmentPointDist2 } from './primitives'
import { standProblem, swimFraction, walkProblem, type StandProblem, type TerrainIndex } from './terrain'
import { radiusUnits } from './units'

// One straight leg of a move, in board units: what kind of leg it is, whether a base may take it, and what
// it measures. A leg at one height is a walk (or swim); a leg that changes height is a bridge ramp (free,
// across one of the deck's two short ends) or a climb (up or down the side of a building or wall).

/** Why a leg or a path is refused. */
export type PathProblem = StandProblem | 'empty' | 'notStart' | 'base' | 'occupied' | 'levelChange' | 'tooFar'

/** The other figures' bases a mover must keep clear of, as flat arrays (one entry per figure). */
export interface Bases {
  n: number
  x: Float64Array
  y: Float64Array
  z: Float64Array
  /** Mover's radius + this figure's radius: the centre distance at which the two bases touch. */
  reach: Float64Array
}

/**
 * The bases (not out) that block a mover of radius r: every figure but the mover and `ignoreId` (the
 * grappler, whose base a grappled figure may cross, carnevale.md §5.3), friends and enemies alike.
 */
export function blockingBases(state: EncounterState, moverId: string, r: number, ignoreId?: string): Bases {
  const u = state.board.inches?.unitsPerInch ?? 1
  const list = state.combatants.filter((c) => !c.out && c.id !== moverId && c.id !== ignoreId)
  const bases: Bases = {
    n: list.length,
    x: new Float64Array(list.length),
    y: new Float64Array(list.length),
    z: new Float64Array(list.length),
    reach: new Float64Array(list.length)
  }
  list.forEach((c, i) => {
    bases.x[i] = c.pos.x
    bases.y[i] = c.pos.y
    bases.z[i] = c.pos.z
    bases.reach[i] = r + radiusUnits(u, c.baseMm)
  })
  return bases
}

/** No bases: for legs checked against terrain only. */
export const NO_BASES: Bases = {
  n: 0,
  x: new Float64Array(0),
  y: new Float64Array(0),
  z: new Float64Array(0),
  reach: new Float64Array(0)
}

/** True when a base centred at (x, y, z) would overlap another base at the same height (touching is fine). */
export function overlapsBase(bases: Bases, x: number, y: number, z: number): boolean {
  for (let i = 0; i < bases.n; i++) {
    if (bases.z[i] !== z) continue
    const r = (bases.reach[i] as number) - EPS
    const dx = (bases.x[i] as number) - x
    const dy = (bases.y[i] as number) - y
    if (dx * dx + dy * dy < r * r) return true
  }
  return false
}

/**
 * True when sliding from a to b at height z runs into a base at that height. Bases at other heights never
 * block (a figure on a bridge and one swimming under it). A base already overlapped at a (a figure placed
 * too close) only blocks a leg that comes closer still, so such a figure can always step away.
 */
export function hitsBase(bases: Bases, ax: number, ay: number, bx: number, by: number, z: number): boolean {
  const minX = ax < bx ? ax : bx
  const maxX = ax < bx ? bx : ax
  const minY = ay < by ? ay : by
  const maxY = ay < by ? by : ay
  for (let i = 0; i < bases.n; i++) {
    if (bases.z[i] !== z) continue
    const px = bases.x[i] as number
    const py = bases.y[i] as number
    const r = (bases.reach[i] as number) - EPS
    if (px + r <= minX || px - r >= maxX || py + r <= minY || py - r >= maxY) continue
    const d2 = segmentPointDist2(ax, ay, bx, by, px, py)
    if (d2 >= r * r) continue
    const s2 = (ax - px) * (ax - px) + (ay - py) * (ay - py)
    if (d2 < s2 - EPS) return true
  }
  return false
}

/** Where a ramp leg crosses a bridge end, written by `rampOf`: [bridge index, t of the crossing]. */
export const RAMP = new Float64Array(2)

/**
 * True when a→b is a ramp leg: its higher end is on a bridge deck (height = the deck's top) and its lower
 * end lies beyond one of the deck's two short ends, the leg crossing that end within the deck's width.
 * A bridge runs along its longer side (along x when square). Writes the bridge and crossing into RAMP.
 */
export function rampOf(t: TerrainIndex, a: Vec3, b: Vec3): boolean {
  const hi = a.z > b.z ? a : b
  const lo = a.z > b.z ? b : a
  if (hi.z === lo.z) return false
  for (let k = 0; k < t.bridges.length; k++) {
    const i = t.bridges[k] as number
    if (t.top[i] !== hi.z) continue
    const x0 = t.x0[i] as number
    const y0 = t.y0[i] as number
    const x1 = t.x1[i] as number
    const y1 = t.y1[i] as number
    if (gapX(hi.x, x0, x1) > EPS || gapX(hi.y, y0, y1) > EPS) continue
    const alongX = x1 - x0 >= y1 - y0
    const loA = alongX ? lo.x : lo.y
    const hiA = alongX ? hi.x : hi.y
    const loS = alongX ? lo.y : lo.x
    const hiS = alongX ? hi.y : hi.x
    const s0 = alongX ? y0 : x0
    const s1 = alongX ? y1 : x1
    for (const end of alongX ? [x0, x1] : [y0, y1]) {
      const outward = end === (alongX ? x0 : y0) ? -1 : 1
      if ((loA - end) * outward < -EPS) continue
      const span = hiA - loA
      const tc = Math.abs(span) < EPS ? 0 : (end - loA) / span
      if (tc < -EPS || tc > 1 + EPS) continue
      const cross = loS + tc * (hiS - loS)
      if (cross < s0 - EPS || cross > s1 + EPS) continue
      RAMP[0] = i
      RAMP[1] = lo === a ? tc : 1 - tc
      return true
    }
  }
  return false
}

/**
 * The building or wall a→b climbs, or −1: the higher end stands on its top (centre within its footprint)
 * and the lower end is at its foot, the base clear of it but no more than one board unit (the position
 * grid) further than touching. The plan part of a climb is at most about a base radius.
 */
export function climbOf(t: TerrainIndex, a: Vec3, b: Vec3, r: number): number {
  const hi = a.z > b.z ? a : b
  const lo = a.z > b.z ? b : a
  if (hi.z === lo.z) return -1
  for (let k = 0; k < t.solids.length; k++) {
    const i = t.solids[k] as number
    if (t.top[i] !== hi.z) continue
    const x0 = t.x0[i] as number
    const y0 = t.y0[i] as number
    const x1 = t.x1[i] as number
    const y1 = t.y1[i] as number
    if (gapX(hi.x, x0, x1) > EPS || gapX(hi.y, y0, y1) > EPS) continue
    const gap = Math.max(gapX(lo.x, x0, x1), gapX(lo.y, y0, y1))
    if (gap >= r - EPS && gap <= r + 1 + EPS) return i
  }
  return -1
}

/** Why a base of radius r cannot take the leg a→b among `bases`, or null. The end is not tested for overlap. */
export function legProblem(t: TerrainIndex, bases: Bases, a: Vec3, b: Vec3, r: number): PathProblem | null {
  if (a.z === b.z) {
    const p = walkProblem(t, a.x, a.y, b.x, b.y, a.z, r)
    if (p) return p
    return hitsBase(bases, a.x, a.y, b.x, b.y, a.z) ? 'base' : null
  }
  if (rampOf(t, a, b)) {
    const tc = RAMP[1] as number
    const cx = a.x + tc * (b.x - a.x)
    const cy = a.y + tc * (b.y - a.y)
    const p = walkProblem(t, a.x, a.y, cx, cy, a.z, r) ?? walkProblem(t, cx, cy, b.x, b.y, b.z, r)
    if (p) return p
    return hitsBase(bases, a.x, a.y, cx, cy, a.z) || hitsBase(bases, cx, cy, b.x, b.y, b.z) ? 'base' : null
  }
  const piece = climbOf(t, a, b, r)
  if (piece < 0) return 'levelChange'
  const p = standProblem(t, a.x, a.y, a.z, r) ?? standProblem(t, b.x, b.y, b.z, r)
  if (p) return p
  // The short plan step of a climb passes the climbed piece's side; any other solid in the way still blocks.
  const lowZ = Math.min(a.z, b.z)
  if (walkProblem(t, a.x, a.y, b.x, b.y, lowZ, r, piece) === 'terrain') return 'terrain'
  return overlapsBase(bases, b.x, b.y, b.z) ? 'base' : null
}

/** What one leg measures, in board units: plan length, vertical climbed / descended, plan length swum. */
export interface LegParts {
  horizontal: number
  climbed: number
  descended: number
  swum: number
}

/**
 * Measures a→b into `out` (board units). Swimming is the plan length inside water at table level; a ramp
 * changes height for free; any other change of height is climbing. The plan step of a climb counts as
 * walking even when its foot is in water.
 */
export function legParts(t: TerrainIndex, a: Vec3, b: Vec3, out: LegParts): LegParts {
  const len = Math.hypot(b.x - a.x, b.y - a.y)
  out.horizontal = len
  out.climbed = 0
  out.descended = 0
  out.swum = 0
  if (a.z === b.z) {
    if (a.z === 0 && len > 0) out.swum = len * swimFraction(t, a.x, a.y, b.x, b.y)
    return out
  }
  if (rampOf(t, a, b)) {
    const tc = RAMP[1] as number
    const cx = a.x + tc * (b.x - a.x)
    const cy = a.y + tc * (b.y - a.y)
    if (a.z === 0) out.swum = len * tc * swimFraction(t, a.x, a.y, cx, cy)
    else if (b.z === 0) out.swum = len * (1 - tc) * swimFraction(t, cx, cy, b.x, b.y)
    return out
  }
  if (b.z > a.z) out.climbed = b.z - a.z
  else out.descended = a.z - b.z
  return out
}

/** Movement costs: how much a climbed or swum unit counts. */
export interface CostOptions {
  /** Each unit climbed or descended counts this many units of movement. Default 1. */
  climbFactor?: number
  /** Each unit swum counts this many units (the extra over walking is swimFactor − 1). Default 2. */
  swimFactor?: number
}

/** The cost of measured parts in board units: horizontal + climbFactor × vertical + (swimFactor − 1) × swum. */
export function partsCost(p: LegParts, climbFactor: number, swimFactor: number): number {
  return p.horizontal + climbFactor * (p.climbed + p.descended) + (swimFactor - 1) * p.swum
}
