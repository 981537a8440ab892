import type { Board, TerrainPiece } from '../types'
import { CLIP, EPS, clipSegment, crossesOpenRect, unionLength } from './primitives'

// The terrain of an inches board as flat typed arrays, built once per `pieces` array (a WeakMap, as
// core/board.ts does for blocks) and shared by every query: the AI asks thousands of these per turn.
// All coordinates are board units; a piece spans [x, x + w] × [y, y + h] in plan and [0, top] in height.

/** Piece kinds as numbers, for the typed arrays. */
export const BUILDING = 0
/** See BUILDING. */
export const WALL = 1
/** See BUILDING. */
export const WATER = 2
/** See BUILDING. */
export const BRIDGE = 3

const KIND_CODE: Record<TerrainPiece['kind'], number> = {
  building: BUILDING,
  wall: WALL,
  water: WATER,
  bridge: BRIDGE
}

/** Why a base cannot stand somewhere: off the table, on no surface at that height, or overlapping a solid. */
export type StandProblem = 'offTable' | 'noSurface' | 'terrain'

/** The indexed terrain of one inches board. */
export interface TerrainIndex {
  /** Board units per inch. */
  u: number
  /** Table size in board units. */
  widthU: number
  heightU: number
  pieces: readonly TerrainPiece[]
  x0: Float64Array
  y0: Float64Array
  x1: Float64Array
  y1: Float64Array
  top: Float64Array
  kind: Uint8Array
  /** Buildings and walls with a height: they block movement below their top and carry a walkable top. */
  solids: Int32Array
  waters: Int32Array
  bridges: Int32Array
  /** Every height a figure can stand at, ascending: 0 (table and water), roofs, wall tops, bridge decks. */
  levels: Float64Array
  /** For each level above 0, the pieces whose top surface is at that height (roofs and decks). */
  surfaces: Map<number, Int32Array>
  /** Scratch for interval unions (two numbers per piece), reused by every query on this board. */
  scratch: Float64Array
}

const cache = new WeakMap<readonly TerrainPiece[], TerrainIndex>()

/** The terrain index of an inches board, cached per pieces array (and table size). */
export function terrainIndex(board: Board): TerrainIndex {
  const inches = board.inches
  if (!inches) throw new RangeError('not an inches board')
  const hit = cache.get(inches.pieces)
  const u = inches.unitsPerInch
  if (hit && hit.u === u && hit.widthU === board.width * u && hit.heightU === board.height * u) return hit
  const index = buildIndex(inches.pieces, u, board.width * u, board.height * u)
  cache.set(inches.pieces, index)
  return index
}

function buildIndex(
  pieces: readonly TerrainPiece[],
  u: number,
  widthU: number,
  heightU: number
): TerrainIndex {
  const n = pieces.length
  const t: TerrainIndex = {
    u,
    widthU,
    heightU,
    pieces,
    x0: new Float64Array(n),
    y0: new Float64Array(n),
    x1: new Float64Array(n),
    y1: new Float64Array(n),
    top: new Float64Array(n),
    kind: new Uint8Array(n),
    solids: new Int32Array(0),
    waters: new Int32Array(0),
    bridges: new Int32Array(0),
    levels: new Float64Array(0),
    surfaces: new Map(),
    scratch: new Float64Array(2 * n + 2)
  }
  const solids: number[] = []
  const waters: number[] = []
  const bridges: number[] = []
  const byLevel = new Map<number, number[]>()
  pieces.forEach((p, i) => {
    t.x0[i] = p.x
    t.y0[i] = p.y
    t.x1[i] = p.x + p.w
    t.y1[i] = p.y + p.h
    t.top[i] = p.top
    const kind = KIND_CODE[p.kind]
    t.kind[i] = kind
    if (kind === WATER) waters.push(i)
    // A zero-height building or wall is only paint on the table: nothing to block, no level of its own.
    else if (p.top > 0) {
      if (kind === BRIDGE) bridges.push(i)
      else solids.push(i)
      const list = byLevel.get(p.top) ?? []
      list.push(i)
      byLevel.set(p.top, list)
    }
  })
  t.solids = Int32Array.from(solids)
  t.waters = Int32Array.from(waters)
  t.bridges = Int32Array.from(bridges)
  t.levels = Float64Array.from([0, ...[...byLevel.keys()].sort((a, b) => a - b)])
  for (const [level, list] of byLevel) t.surfaces.set(level, Int32Array.from(list))
  return t
}

/** Index of a level in `t.levels`, or −1 when no surface is at that height. */
export function levelIndex(t: TerrainIndex, z: number): number {
  const levels = t.levels
  for (let i = 0; i < levels.length; i++) if (levels[i] === z) return i
  return -1
}

/** True when (x, y) lies on a roof, wall top or deck at height z (closed footprints: an edge counts). */
export function onSurface(t: TerrainIndex, x: number, y: number, z: number): boolean {
  if (z === 0) return true
  const list = t.surfaces.get(z)
  if (!list) return false
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as number
    if (
      x >= (t.x0[i] as number) - EPS &&
      x <= (t.x1[i] as number) + EPS &&
      y >= (t.y0[i] as number) - EPS &&
      y <= (t.y1[i] as number) + EPS
    )
      return true
  }
  return false
}

/**
 * The solid (building or wall taller than z) whose footprint grown by r contains (x, y) in its interior,
 * or −1. Growing the box by r (not the exact rounded Minkowski sum) keeps every obstacle a box, so the
 * shortest paths run through box corners and a visibility graph finds them exactly; near a corner it
 * keeps a base up to 0.41 r further away than strictly needed.
 */
export function solidAt(t: TerrainIndex, x: number, y: number, z: number, r: number, skip = -1): number {
  const solids = t.solids
  for (let k = 0; k < solids.length; k++) {
    const i = solids[k] as number
    if (i === skip || (t.top[i] as number) <= z) continue
    if (
      x > (t.x0[i] as number) - r + EPS &&
      x < (t.x1[i] as number) + r - EPS &&
      y > (t.y0[i] as number) - r + EPS &&
      y < (t.y1[i] as number) + r - EPS
    )
      return i
  }
  return -1
}

/** True when a base of radius r centred at (x, y) lies wholly on the table. */
export function onTable(t: TerrainIndex, x: number, y: number, r: number): boolean {
  return x >= r - EPS && y >= r - EPS && x <= t.widthU - r + EPS && y <= t.heightU - r + EPS
}

/** Why a base of radius r cannot stand centred at (x, y) at height z, or null when it can. */
export function standProblem(
  t: TerrainIndex,
  x: number,
  y: number,
  z: number,
  r: number
): StandProblem | null {
  if (!onTable(t, x, y, r)) return 'offTable'
  if (!onSurface(t, x, y, z)) return 'noSurface'
  if (solidAt(t, x, y, z, r) >= 0) return 'terrain'
  return null
}

/**
 * Why a base of radius r cannot slide in a straight line from a to b at height z, or null: it must stay on
 * the table, clear of every solid taller than z (`skip` excepted), and above 0 its centre must stay on the
 * union of the surfaces at z (adjacent roofs of one height make one floor).
 */
export function walkProblem(
  t: TerrainIndex,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  z: number,
  r: number,
  skip = -1
): StandProblem | null {
  if (!onTable(t, ax, ay, r) || !onTable(t, bx, by, r)) return 'offTable'
  const solids = t.solids
  const minX = ax < bx ? ax : bx
  const maxX = ax < bx ? bx : ax
  const minY = ay < by ? ay : by
  const maxY = ay < by ? by : ay
  for (let k = 0; k < solids.length; k++) {
    const i = solids[k] as number
    if (i === skip || (t.top[i] as number) <= z) continue
    const x0 = (t.x0[i] as number) - r
    const x1 = (t.x1[i] as number) + r
    const y0 = (t.y0[i] as number) - r
    const y1 = (t.y1[i] as number) + r
    if (maxX <= x0 || minX >= x1 || maxY <= y0 || minY >= y1) continue
    if (crossesOpenRect(ax, ay, bx, by, x0, y0, x1, y1)) return 'terrain'
  }
  if (z !== 0 && surfaceReach(t, ax, ay, bx, by, z) < 1 - 1e-9) return 'noSurface'
  return null
}

/** How far (as a fraction of a→b, from a) the centre stays on the surfaces at height z > 0. */
export function surfaceReach(
  t: TerrainIndex,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  z: number
): number {
  const list = t.surfaces.get(z)
  if (!list) return 0
  const buf = t.scratch
  let n = 0
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as number
    const x0 = (t.x0[i] as number) - EPS
    const y0 = (t.y0[i] as number) - EPS
    if (clipSegment(ax, ay, bx, by, x0, y0, (t.x1[i] as number) + EPS, (t.y1[i] as number) + EPS)) {
      buf[2 * n] = CLIP[0] as number
      buf[2 * n + 1] = CLIP[1] as number
      n++
    }
  }
  return unionLength(buf, n, true)
}

/**
 * The fraction of a→b (at table level) whose centre is inside water (open footprints: walking along the
 * bank is not swimming). Overlapping canals count once.
 */
export function swimFraction(t: TerrainIndex, ax: number, ay: number, bx: number, by: number): number {
  const waters = t.waters
  if (waters.length === 0) return 0
  const buf = t.scratch
  let n = 0
  for (let k = 0; k < waters.length; k++) {
    const i = waters[k] as number
    const x0 = t.x0[i] as number
    const y0 = t.y0[i] as number
    const x1 = t.x1[i] as number
    const y1 = t.y1[i] as number
    if (!clipSegment(ax, ay, bx, by, x0, y0, x1, y1)) continue
    // The closed footprint measures the length exactly; a piece whose middle is on the bank ran along it.
    const lo = CLIP[0] as number
    const hi = CLIP[1] as number
    const mx = ax + ((lo + hi) / 2) * (bx - ax)
    const my = ay + ((lo + hi) / 2) * (by - ay)
    if (mx <= x0 + EPS || mx >= x1 - EPS || my <= y0 + EPS || my >= y1 - EPS) continue
    buf[2 * n] = lo
    buf[2 * n + 1] = hi
    n++
  }
  return n === 0 ? 0 : unionLength(buf, n, false)
}

/** The water piece whose open footprint holds (x, y), or −1. */
export function waterAt(t: TerrainIndex, x: number, y: number): number {
  const waters = t.waters
  for (let k = 0; k < waters.length; k++) {
    const i = waters[k] as number
    if (
      x > (t.x0[i] as number) + EPS &&
      x < (t.x1[i] as number) - EPS &&
      y > (t.y0[i] as number) + EPS &&
      y < (t.y1[i] as number) - EPS
    )
      return i
  }
  return -1
}

/** The heights a base of radius r may stand at with its centre at (x, y), ascending. */
export function standLevels(t: TerrainIndex, x: number, y: number, r: number): number[] {
  const out: number[] = []
  for (let k = 0; k < t.levels.length; k++) {
    const z = t.levels[k] as number
    if (standProblem(t, x, y, z, r) === null) out.push(z)
  }
  return out
}
