import type { Board, EncounterState, Vec3 } from '../types'
import {
  blockingBases,
  legParts,
  legProblem,
  overlapsBase,
  partsCost,
  type CostOptions,
  type LegParts,
  type PathProblem
} from './segments'
import { terrainIndex } from './terrain'
import { baseRadius } from './units'

// A move on an inches board is a polyline of waypoints (start first), in board units, each at the height
// of the surface its figure stands on there. This module measures one and says whether it is legal; the
// search for one is search.ts.

/** What a path measures, all in inches. */
export interface PathMeasure {
  /** The movement it costs: horizontal + climbFactor × (climbed + descended) + (swimFactor − 1) × swum. */
  inches: number
  /** Plan length (swimming included). */
  horizontal: number
  /** Height climbed up building and wall sides (ramps are free and not counted). */
  climbed: number
  /** Height climbed down. */
  descended: number
  /** Plan length in water. */
  swum: number
}

/** The options of a move: costs, who may be crossed, and a budget. */
export interface MoveOptions extends CostOptions {
  /** A figure whose base the mover may cross (the grappler, for the grappled figure; §5.3). */
  ignoreId?: string
  /** The longest move allowed, in inches (`checkPath`: 'tooFar' beyond it; searches stop there). */
  maxInches?: number
}

/** Why a path is refused and at which leg (0 = from path[0] to path[1]; −1 = the path as a whole). */
export interface PathViolation {
  code: PathProblem
  leg: number
}

const PARTS: LegParts = { horizontal: 0, climbed: 0, descended: 0, swum: 0 }

/** Measures a path (board units in, inches out). Legality is not checked: see `checkPath`. */
export function measurePath(board: Board, path: readonly Vec3[], opts: CostOptions = {}): PathMeasure {
  const t = terrainIndex(board)
  let horizontal = 0
  let climbed = 0
  let descended = 0
  let swum = 0
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Vec3
    const b = path[i] as Vec3
    legParts(t, a, b, PARTS)
    horizontal += PARTS.horizontal
    climbed += PARTS.climbed
    descended += PARTS.descended
    swum += PARTS.swum
  }
  const u = t.u
  const sum = { horizontal, climbed, descended, swum }
  return {
    inches: partsCost(sum, opts.climbFactor ?? 1, opts.swimFactor ?? 2) / u,
    horizontal: horizontal / u,
    climbed: climbed / u,
    descended: descended / u,
    swum: swum / u
  }
}

/**
 * Why the figure cannot take this path, or null when it can. Each leg must keep the whole base on the
 * table and clear of every building and wall taller than the leg's height (footprints grown by the base
 * radius) and of every other base at that height (friends too; `ignoreId` excepted), and above the table
 * keep its centre on the roof or deck it walks on. Heights change only by climbing a building or wall side
 * (from its foot, base touching the side, to its top edge), by a bridge ramp across a short end, or not at
 * all (stepping into water is a walk at table level). The path must end on no other base, the ignored one
 * included.
 */
export function checkPath(
  state: EncounterState,
  moverId: string,
  path: readonly Vec3[],
  opts: MoveOptions = {}
): PathViolation | null {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  if (path.length < 2) return { code: 'empty', leg: -1 }
  const start = path[0] as Vec3
  if (start.x !== mover.pos.x || start.y !== mover.pos.y || start.z !== mover.pos.z)
    return { code: 'notStart', leg: -1 }
  const t = terrainIndex(state.board)
  const r = baseRadius(state.board, mover)
  const bases = blockingBases(state, moverId, r, opts.ignoreId)
  // The ignored base may be crossed, never ended on (§5.3: a grappled figure cannot end on any character).
  const ends = opts.ignoreId ? blockingBases(state, moverId, r) : bases
  const last = path.length - 2
  for (let i = 0; i <= last; i++) {
    const a = path[i] as Vec3
    const b = path[i + 1] as Vec3
    if (i === last && overlapsBase(ends, b.x, b.y, b.z)) return { code: 'occupied', leg: i }
    const problem = legProblem(t, bases, a, b, r)
    if (problem) return { code: problem, leg: i }
  }
  if (opts.maxInches !== undefined && measurePath(state.board, path, opts).inches > opts.maxInches + 1e-9)
    return { code: 'tooFar', leg: -1 }
  return null
}
