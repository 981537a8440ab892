import type { EncounterState, Vec3 } from '../types'
import { crossesOpenRect, EPS } from './primitives'
import { contactPoint } from './reachable'
import { blockingBases, overlapsBase, type Bases } from './segments'
import { solidAt, standProblem, terrainIndex, waterAt, walkProblem, type TerrainIndex } from './terrain'
import { baseRadius } from './units'

// A jump on an inches board: one straight leap from where the figure stands to a landing point, in the air
// for its whole plan length. Unlike a move it may cross a gap between roofs or drop to a lower surface
// without climbing down; what it may not do is fly through a building or wall taller than it leaps, go
// further than the reach the rules give, or land anywhere a base cannot stand. System-agnostic: the reach,
// the rise allowed and whether a drop hurts are the ruleset's.

/** Why a jump is refused. */
export type JumpProblem =
  'empty' | 'tooFar' | 'tooHigh' | 'blocked' | 'offTable' | 'noSurface' | 'terrain' | 'occupied'

/** What a jump measures (inches) and whether the figure may take it. */
export interface JumpCheck {
  legal: boolean
  /** Plan length of the leap. */
  horizontal: number
  /** Height lost from take-off to landing (0 when landing level or higher). */
  drop: number
  /** The landing is in water (swimming at table level). */
  intoWater: boolean
  problem?: JumpProblem
}

/** The options of a jump, in inches. */
export interface JumpOptions {
  /** The longest plan length of the leap. */
  maxInches: number
  /** How much higher than the take-off the landing may be. Default 0 (level or lower only). */
  maxRise?: number
}

/**
 * Whether the figure may leap from where it stands to `landing` (board units, at the height of the surface
 * there): plan length ≤ `maxInches`; landing no higher than the take-off plus `maxRise`; the straight flight,
 * at the higher of take-off and landing heights, with the base radius as clearance, passing through no
 * building or wall taller than that; the landing a place the base may stand (table, roof, deck or water,
 * clear of taller solids) and on no other base at that height. Other figures do not block the flight: a
 * leap passes over them.
 */
export function checkJump(
  state: EncounterState,
  moverId: string,
  landing: Vec3,
  opts: JumpOptions
): JumpCheck {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const t = terrainIndex(state.board)
  const r = baseRadius(state.board, mover)
  return judge(t, blockingBases(state, moverId, r), mover.pos, landing, r, opts)
}

function judge(t: TerrainIndex, bases: Bases, from: Vec3, to: Vec3, r: number, opts: JumpOptions): JumpCheck {
  const u = t.u
  const horizontal = Math.hypot(to.x - from.x, to.y - from.y) / u
  const drop = Math.max(0, from.z - to.z) / u
  // The same reading as `inWater`: at table level, the centre inside a canal and under no solid.
  const intoWater = to.z === 0 && solidAt(t, to.x, to.y, 0, 0) < 0 && waterAt(t, to.x, to.y) >= 0
  const out = (problem?: JumpProblem): JumpCheck =>
    problem
      ? { legal: false, horizontal, drop, intoWater, problem }
      : { legal: true, horizontal, drop, intoWater }
  if (to.x === from.x && to.y === from.y && to.z === from.z) return out('empty')
  if (horizontal > opts.maxInches + 1e-9) return out('tooFar')
  if ((to.z - from.z) / u > (opts.maxRise ?? 0) + 1e-9) return out('tooHigh')
  const stand = standProblem(t, to.x, to.y, to.z, r)
  if (stand) return out(stand)
  if (overlapsBase(bases, to.x, to.y, to.z)) return out('occupied')
  if (flightBlocked(t, from, to, r)) return out('blocked')
  return out()
}

// The flight runs at the higher end's height: every building or wall taller than that, grown by the base
// radius, must stay off the straight line (grazing a side is fine, as for a walk).
function flightBlocked(t: TerrainIndex, from: Vec3, to: Vec3, r: number): boolean {
  const z = Math.max(from.z, to.z)
  for (let k = 0; k < t.solids.length; k++) {
    const i = t.solids[k] as number
    if ((t.top[i] as number) <= z) continue
    const x0 = (t.x0[i] as number) - r
    const y0 = (t.y0[i] as number) - r
    const x1 = (t.x1[i] as number) + r
    const y1 = (t.y1[i] as number) + r
    if (crossesOpenRect(from.x, from.y, to.x, to.y, x0, y0, x1, y1)) return true
  }
  return false
}

/** A sampled landing and what its jump measures. */
export interface JumpTarget {
  pos: Vec3
  horizontal: number
  drop: number
  intoWater: boolean
}

/** The options of `jumpTargets`: the jump's own, plus how close a contact landing is placed (inches). */
export interface JumpTargetOptions extends Omit<JumpOptions, 'maxInches'> {
  /** Contact landings are this close to touching (and never overlapping). Default 0.05". */
  contactTolerance?: number
}

const DIRECTIONS = 16
const RINGS = [1, 2 / 3, 1 / 3]

/**
 * Sampled legal landings within `maxInches` that a walk straight there could not make (they change height
 * or cross a gap or an edge): rings of points around the figure at every height it may land at, the nearest
 * point of every roof, deck and canal (pulled in by the base radius), and points in base contact around
 * every other figure no higher than the leap allows. For the AI: a few hundred checks at most.
 */
export function jumpTargets(
  state: EncounterState,
  moverId: string,
  maxInches: number,
  opts: JumpTargetOptions = {}
): JumpTarget[] {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const t = terrainIndex(state.board)
  const u = t.u
  const r = baseRadius(state.board, mover)
  const bases = blockingBases(state, moverId, r)
  const s = mover.pos
  const reach = maxInches * u
  const top = s.z + (opts.maxRise ?? 0) * u + EPS
  const jump = { maxInches, maxRise: opts.maxRise ?? 0 }
  const out: JumpTarget[] = []
  const seen = new Set<string>()
  const consider = (x: number, y: number, z: number): void => {
    const key = `${x},${y},${z}`
    if (seen.has(key)) return
    seen.add(key)
    const to = { x, y, z }
    const c = judge(t, bases, s, to, r, jump)
    // A leap a walk would make as well (same height, nothing in between) is the Move's, not a jump.
    if (!c.legal || (z === s.z && walkProblem(t, s.x, s.y, x, y, z, r) === null)) return
    out.push({ pos: to, horizontal: c.horizontal, drop: c.drop, intoWater: c.intoWater })
  }
  const levels = Array.from(t.levels).filter((z) => z <= top)
  for (const f of RINGS)
    for (let k = 0; k < DIRECTIONS; k++) {
      const a = (k * 2 * Math.PI) / DIRECTIONS
      const x = Math.round(s.x + f * reach * Math.cos(a))
      const y = Math.round(s.y + f * reach * Math.sin(a))
      for (const z of levels) consider(x, y, z)
    }
  for (const [level, list] of t.surfaces)
    if (level <= top) for (const i of list) nearestIn(t, i, s, r, level, consider)
  for (const i of t.waters) nearestIn(t, i, s, r, 0, consider)
  const tol = (opts.contactTolerance ?? 0.05) * u
  for (let i = 0; i < bases.n; i++) {
    const z = bases.z[i] as number
    const cx = bases.x[i] as number
    const cy = bases.y[i] as number
    const touch = bases.reach[i] as number
    if (z > top || Math.hypot(cx - s.x, cy - s.y) > reach + touch) continue
    for (let k = 0; k < DIRECTIONS; k++) {
      const p = contactPoint(cx, cy, touch, tol, (k * 2 * Math.PI) / DIRECTIONS)
      if (p) consider(p[0], p[1], z)
    }
  }
  return out
}

// The whole-unit point of piece i's footprint nearest to the figure, pulled in by the base radius where
// the piece is wide enough (so the whole base lands on it), else its middle on that axis.
function nearestIn(
  t: TerrainIndex,
  i: number,
  s: Vec3,
  r: number,
  z: number,
  consider: (x: number, y: number, z: number) => void
): void {
  const pull = (p: number, lo: number, hi: number) =>
    hi - lo > 2 * r ? Math.min(Math.max(p, Math.ceil(lo + r)), Math.floor(hi - r)) : Math.round((lo + hi) / 2)
  consider(
    pull(s.x, t.x0[i] as number, t.x1[i] as number),
    pull(s.y, t.y0[i] as number, t.y1[i] as number),
    z
  )
}
