// Plain 2D/3D geometry on numbers (no objects), shared by every inches module. Results of clipping go into
// the shared CLIP scratch instead of a new array: these run in the innermost loops of the path search.

/**
 * Slack in board units for "touching is allowed" comparisons. Positions are integers and terrain edges are
 * integers, but radii (mm → units) are not, so exact boundary cases would otherwise flip on rounding noise.
 */
export const EPS = 1e-6

/** Where the last successful `clipSegment`/`clipSegment3` put the clipped parameter range [t0, t1]. */
export const CLIP = new Float64Array(2)

// One slab of Liang–Barsky: narrows CLIP to the t where a + t·d lies within [lo, hi]; false when empty.
function slab(a: number, d: number, lo: number, hi: number): boolean {
  if (d === 0) return a >= lo && a <= hi
  let ta = (lo - a) / d
  let tb = (hi - a) / d
  if (ta > tb) {
    const s = ta
    ta = tb
    tb = s
  }
  if (ta > (CLIP[0] as number)) CLIP[0] = ta
  if (tb < (CLIP[1] as number)) CLIP[1] = tb
  return (CLIP[0] as number) <= (CLIP[1] as number)
}

/**
 * Clips the segment a→b (t ∈ [0, 1]) to the closed rectangle [x0, x1] × [y0, y1]. True when they meet;
 * the common range is then in CLIP. A zero-length segment is a point test.
 */
export function clipSegment(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number
): boolean {
  if (x0 > x1 || y0 > y1) return false
  CLIP[0] = 0
  CLIP[1] = 1
  return slab(ax, bx - ax, x0, x1) && slab(ay, by - ay, y0, y1)
}

/** `clipSegment` in 3D against the closed box [x0, x1] × [y0, y1] × [z0, z1]. */
export function clipSegment3(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  box: { x0: number; y0: number; z0: number; x1: number; y1: number; z1: number }
): boolean {
  if (box.x0 > box.x1 || box.y0 > box.y1 || box.z0 > box.z1) return false
  CLIP[0] = 0
  CLIP[1] = 1
  return (
    slab(ax, bx - ax, box.x0, box.x1) &&
    slab(ay, by - ay, box.y0, box.y1) &&
    slab(az, bz - az, box.z0, box.z1)
  )
}

/**
 * True when the segment a→b passes through the open rectangle (x0, x1) × (y0, y1): running along a side or
 * grazing a corner does not count, so a base may slide along a wall it touches.
 */
export function crossesOpenRect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number
): boolean {
  return clipSegment(ax, ay, bx, by, x0 + EPS, y0 + EPS, x1 - EPS, y1 - EPS)
}

/** Squared distance from point p to the segment a→b. */
export function segmentPointDist2(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  py: number
): number {
  const dx = bx - ax
  const dy = by - ay
  const len2 = dx * dx + dy * dy
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0
  if (t < 0) t = 0
  else if (t > 1) t = 1
  const ex = ax + t * dx - px
  const ey = ay + t * dy - py
  return ex * ex + ey * ey
}

/** How far a point lies outside a closed rectangle along x (0 when within its x range). */
export function gapX(px: number, x0: number, x1: number): number {
  return px < x0 ? x0 - px : px > x1 ? px - x1 : 0
}

/** Euclidean distance from a point to a closed rectangle (0 inside). */
export function rectDistance(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  return Math.hypot(gapX(px, x0, x1), gapX(py, y0, y1))
}

/**
 * Sorts `n` intervals held as pairs [lo, hi] in `buf` by lo and returns the length of their union within
 * [0, 1]; with `fromZero`, only the run covering 0 is measured (how far the union reaches from t = 0).
 * Insertion sort: a segment meets a handful of pieces at most.
 */
export function unionLength(buf: Float64Array, n: number, fromZero: boolean): number {
  for (let i = 1; i < n; i++) {
    const lo = buf[2 * i] as number
    const hi = buf[2 * i + 1] as number
    let j = i - 1
    while (j >= 0 && (buf[2 * j] as number) > lo) {
      buf[2 * j + 2] = buf[2 * j] as number
      buf[2 * j + 3] = buf[2 * j + 1] as number
      j--
    }
    buf[2 * j + 2] = lo
    buf[2 * j + 3] = hi
  }
  let total = 0
  let end = fromZero ? 0 : -1
  let start = 0
  for (let i = 0; i < n; i++) {
    const lo = buf[2 * i] as number
    const hi = buf[2 * i + 1] as number
    if (fromZero) {
      if (lo > end + 1e-12) break
      if (hi > end) end = hi
      continue
    }
    if (lo > end) {
      if (end > start) total += end - start
      start = lo
      end = hi
    } else if (hi > end) end = hi
  }
  if (fromZero) return end
  if (end > start) total += end - start
  return total
}
