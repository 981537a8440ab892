import type { Board } from '../types'
import { CLIP, EPS, clipSegment, clipSegment3, rectDistance } from './primitives'
import { BRIDGE, WALL, WATER, terrainIndex, type TerrainIndex } from './terrain'
import { baseRadius, type BaseLike } from './units'

// True line of sight "from any point of the base" (carnevale.md §3), sampled: five points of each base
// (centre and four rim points) at the viewer's eye height, against the target's five points at several
// heights of its body. Buildings and walls are solid boxes from the table to their top; a bridge blocks only
// through its deck, a thin slab under its top. Figures do not block sight (they are not modelled in 3D).

/** The choices of a sight test, in inches. */
export interface SightOptions {
  /** The viewer's eyes above its base. Default 1.5". */
  eyeHeight?: number
  /** Heights on the target, as fractions of eyeHeight above its base: head and chest. Default [1, 0.5]. */
  targetHeights?: readonly number[]
  /** A target whose base is this close to a wall piece between it and the viewer is in cover. Default 1". */
  coverDistance?: number
  /** Thickness of a bridge deck below its top. Default 0.25". */
  deckThickness?: number
}

/** What the viewer sees of the target. */
export interface Sight {
  /** At least one sampled line is clear. */
  visible: boolean
  /** The fraction of sampled lines that are clear (0..1). */
  clear: number
  /**
   * Visible but partly hidden: some sampled lines are blocked, or the target's base is within
   * `coverDistance` behind a wall piece taller than the target's feet (the centre-to-centre line crosses
   * it). Water cover and the §3 "no cover in base contact" exception are the ruleset's.
   */
  cover: boolean
}

const BOX = { x0: 0, y0: 0, z0: 0, x1: 0, y1: 0, z1: 0 }
const RIM = 5

/** Line of sight from one base to another (positions in board units). */
export function lineOfSight(
  board: Board,
  viewer: BaseLike,
  target: BaseLike,
  opts: SightOptions = {}
): Sight {
  const t = terrainIndex(board)
  const u = t.u
  const eye = (opts.eyeHeight ?? 1.5) * u
  const heights = opts.targetHeights ?? [1, 0.5]
  const deck = (opts.deckThickness ?? 0.25) * u
  const ra = baseRadius(board, viewer)
  const rb = baseRadius(board, target)
  const a = viewer.pos
  const b = target.pos
  const blockers = candidates(t, a.x, a.y, ra, b.x, b.y, rb)
  // Rim points across and along the line between the centres, so the result does not depend on how the
  // two figures are turned relative to the table's axes (and is the same both ways).
  let dx = b.x - a.x
  let dy = b.y - a.y
  const len = Math.hypot(dx, dy)
  if (len > EPS) {
    dx /= len
    dy /= len
  } else {
    dx = 1
    dy = 0
  }
  let clear = 0
  let total = 0
  for (let i = 0; i < RIM; i++) {
    const ax = a.x + ra * rimX(i, dx, dy)
    const ay = a.y + ra * rimY(i, dx, dy)
    const az = a.z + eye
    for (let j = 0; j < RIM; j++) {
      const bx = b.x + rb * rimX(j, dx, dy)
      const by = b.y + rb * rimY(j, dx, dy)
      for (const h of heights) {
        total++
        if (!blocked(t, blockers, deck, ax, ay, az, bx, by, b.z + eye * h)) clear++
      }
    }
  }
  const fraction = total === 0 ? 0 : clear / total
  const visible = clear > 0
  const cover =
    visible && (clear < total || behindWall(t, a.x, a.y, b.x, b.y, b.z, rb + (opts.coverDistance ?? 1) * u))
  return { visible, clear: fraction, cover }
}

// Point i of a base as a unit offset: 0 the centre, 1/2 left/right of the line, 3/4 near/far side.
function rimX(i: number, dx: number, dy: number): number {
  return i === 0 ? 0 : i === 1 ? -dy : i === 2 ? dy : i === 3 ? -dx : dx
}

function rimY(i: number, dx: number, dy: number): number {
  return i === 0 ? 0 : i === 1 ? dx : i === 2 ? -dx : i === 3 ? -dy : dy
}

// Pieces that can block: solids and bridges whose plan box meets the box around both bases.
function candidates(
  t: TerrainIndex,
  ax: number,
  ay: number,
  ra: number,
  bx: number,
  by: number,
  rb: number
): number[] {
  const minX = Math.min(ax - ra, bx - rb)
  const maxX = Math.max(ax + ra, bx + rb)
  const minY = Math.min(ay - ra, by - rb)
  const maxY = Math.max(ay + ra, by + rb)
  const out: number[] = []
  for (let i = 0; i < t.pieces.length; i++) {
    if (t.kind[i] === WATER || (t.top[i] as number) <= 0) continue
    if ((t.x1[i] as number) <= minX || (t.x0[i] as number) >= maxX) continue
    if ((t.y1[i] as number) <= minY || (t.y0[i] as number) >= maxY) continue
    out.push(i)
  }
  return out
}

function blocked(
  t: TerrainIndex,
  pieces: number[],
  deck: number,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number
): boolean {
  for (const i of pieces) {
    const top = t.top[i] as number
    // Open boxes: a line grazing a face or running along a roof does not count as blocked.
    BOX.x0 = (t.x0[i] as number) + EPS
    BOX.y0 = (t.y0[i] as number) + EPS
    BOX.x1 = (t.x1[i] as number) - EPS
    BOX.y1 = (t.y1[i] as number) - EPS
    BOX.z0 = t.kind[i] === BRIDGE ? Math.max(0, top - deck) + EPS : -1
    BOX.z1 = top - EPS
    if (clipSegment3(ax, ay, az, bx, by, bz, BOX) && (CLIP[1] as number) > (CLIP[0] as number)) return true
  }
  return false
}

// A wall piece between the two centres (in plan) within `reach` units of the target's centre, rising above
// the target's feet.
function behindWall(
  t: TerrainIndex,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  bz: number,
  reach: number
) {
  for (let i = 0; i < t.pieces.length; i++) {
    if (t.kind[i] !== WALL || (t.top[i] as number) <= bz) continue
    const x0 = t.x0[i] as number
    const y0 = t.y0[i] as number
    const x1 = t.x1[i] as number
    const y1 = t.y1[i] as number
    if (rectDistance(bx, by, x0, y0, x1, y1) > reach + EPS) continue
    if (clipSegment(ax, ay, bx, by, x0, y0, x1, y1)) return true
  }
  return false
}
