import type { BaseView, BoardPoint } from './view'

// The measuring tape: inches between two points, or edge to edge when both ends are on bases, read the way
// the rules read ranges (the 3D gap between the two discs: plan gap and height difference).

/** One end of the tape: a free point, or snapped to a base (its centre, and which base). */
export interface TapeEnd extends BoardPoint {
  baseId: string | null
}

/** What the tape reads. */
export interface TapeReading {
  inches: number
  /** Both ends snapped to bases: the reading is edge to edge. */
  edge: boolean
}

/** The base (not out) under a point, if any: the one whose centre is nearest. */
export function baseUnder(tokens: readonly BaseView[], p: BoardPoint): BaseView | null {
  let best: BaseView | null = null
  let bestD = Infinity
  for (const t of tokens) {
    if (t.out) continue
    const d = Math.hypot(t.x - p.x, t.y - p.y)
    if (d <= t.radius && d < bestD) {
      best = t
      bestD = d
    }
  }
  return best
}

/** A tape end at `p`: snapped to the centre of the base under it, else the point itself. */
export function tapeEnd(tokens: readonly BaseView[], p: BoardPoint): TapeEnd {
  const base = baseUnder(tokens, p)
  return base ? { x: base.x, y: base.y, baseId: base.id } : { x: p.x, y: p.y, baseId: null }
}

/**
 * The tape's reading in inches: between two bases, the edge-to-edge distance (plan gap, 0 when they touch,
 * combined with their height difference); from a base to a point, from the base's rim; else point to point.
 */
export function readTape(
  tokens: readonly BaseView[],
  a: TapeEnd,
  b: TapeEnd,
  unitsPerInch: number
): TapeReading {
  const ba = a.baseId ? tokens.find((t) => t.id === a.baseId) : undefined
  const bb = b.baseId ? tokens.find((t) => t.id === b.baseId) : undefined
  const plan = Math.hypot(a.x - b.x, a.y - b.y)
  if (ba && bb && ba !== bb) {
    const gap = Math.max(0, plan - ba.radius - bb.radius)
    const dz = Math.abs(ba.z - bb.z)
    return { inches: Math.hypot(gap, dz) / unitsPerInch, edge: true }
  }
  const rim = (ba?.radius ?? 0) + (bb && bb !== ba ? bb.radius : 0)
  return { inches: Math.max(0, plan - rim) / unitsPerInch, edge: false }
}
