import type { Vec2 } from './geometry'
import type { AreaTemplate } from './ruleset'
import type { Board } from './types'

// Area templates on the square grid, as the Pathfinder Core Rulebook aims them (chapter 9, "Aiming a Spell →
// Area" [SRD]; pathfinder1e.md §4.6 on bursts): an area starts at a grid INTERSECTION, distance is counted
// like movement but from intersection to intersection, diagonals 1-2-1-2 (the second diagonal costs double),
// and "if the far edge of a square is within the area, anything within that square is within the area; if
// the area only touches the near edge, the square is unaffected". So a square is in when its corner farthest
// from the point of origin lies within the radius. That gives the book's figures: a 5-ft burst is the 4
// squares round the point, a 10-ft burst 4 × 4 less the corners (12), a 20-ft burst (fireball) 44 squares in
// rows 2-6-6-8-8-6-6-2, a 15-ft cone on a diagonal the 3-2-1 triangle. The figure-based cone of a caster
// (rules/systems/pathfinder1e/templates.ts) is the same rule seen from a token's space; this one serves the
// map's template tool, which places any template at a point.

/** Distance in squares between two intersections `dx`, `dy` squares apart, diagonals counted 1-2-1-2. */
export function gridDistance(dx: number, dy: number): number {
  const a = Math.abs(dx)
  const b = Math.abs(dy)
  return Math.max(a, b) + Math.floor(Math.min(a, b) / 2)
}

/** The grid intersection nearest a board point (fractional squares), kept on the board when given one. */
export function templateOrigin(point: Vec2, board?: Pick<Board, 'width' | 'height'>): Vec2 {
  const x = Math.round(point.x)
  const y = Math.round(point.y)
  if (!board) return { x, y }
  return { x: Math.min(board.width, Math.max(0, x)), y: Math.min(board.height, Math.max(0, y)) }
}

/** The corner of square (x, y) farthest from the intersection `o`, as offsets in squares from `o`. */
function farCorner(o: Vec2, x: number, y: number): Vec2 {
  return {
    x: Math.max(Math.abs(x - o.x), Math.abs(x + 1 - o.x)),
    y: Math.max(Math.abs(y - o.y), Math.abs(y + 1 - o.y))
  }
}

/** True when the whole of square (x, y) lies within `r` squares of `o` (its far corner does). */
function withinRadius(o: Vec2, x: number, y: number, r: number): boolean {
  const far = farCorner(o, x, y)
  return gridDistance(far.x, far.y) <= r
}

/**
 * The squares of a burst of radius `r` squares round the intersection `o`, row by row, not clipped to any
 * board (a ruleset clips them to its board and its line of effect).
 */
export function burstSquares(o: Vec2, r: number): Vec2[] {
  const cells: Vec2[] = []
  for (let y = o.y - r; y < o.y + r; y++)
    for (let x = o.x - r; x < o.x + r; x++) if (withinRadius(o, x, y, r)) cells.push({ x, y })
  return cells
}

// A centre on the cone's 45° edge (an orthogonal cone's diagonal) is inside; this absorbs rounding only.
const EDGE = 1e-9
// A line exactly along a grid line would touch two columns and cross neither: it is moved this far to its
// right (facing its direction) so it takes the squares on that side, one square wide as a line must be.
const NUDGE = 1e-7
// A crossing shorter than this is a corner grazed (or an artefact of the nudge), not the square entered.
const GRAZE = 1e-6

/**
 * The squares an area template covers, row by row, clipped to the board. `origin` is a grid intersection
 * (integer corner coordinates, see `templateOrigin`); `aim` a board point (fractional squares) giving the
 * direction of cones and lines, ignored by bursts. `template.size` is the radius or length in squares.
 * - burst: every square whose far corner is within `size` of the origin;
 * - cone: the quarter circle towards `aim` — the squares of that burst whose centre lies within 45° of the
 *   direction (a diagonal cone is exactly a quadrant of the burst);
 * - line: the squares the ray from the origin towards `aim` passes through, out to `size` (far corner again).
 * A cone or line aimed at its own origin has no direction and covers nothing. Walls and line of effect are
 * the ruleset's business, not the template's.
 */
export function templateCells(
  template: Pick<AreaTemplate, 'shape' | 'size'>,
  origin: Vec2,
  aim: Vec2,
  board: Pick<Board, 'width' | 'height'>
): Vec2[] {
  const r = Math.max(0, Math.floor(template.size))
  const dx = aim.x - origin.x
  const dy = aim.y - origin.y
  const len = Math.hypot(dx, dy)
  if (template.shape !== 'burst' && len === 0) return []
  const u = { x: dx / (len || 1), y: dy / (len || 1) }
  const keep =
    template.shape === 'burst'
      ? () => true
      : template.shape === 'cone'
        ? (x: number, y: number) => inQuarter(origin, u, x, y)
        : (x: number, y: number) => rayCrosses(origin, u, x, y)
  return burstSquares(origin, r).filter(
    ({ x, y }) => x >= 0 && y >= 0 && x < board.width && y < board.height && keep(x, y)
  )
}

/** True when the centre of square (x, y) lies within 45° of the unit direction `u` from `o`. */
function inQuarter(o: Vec2, u: Vec2, x: number, y: number): boolean {
  const cx = x + 0.5 - o.x
  const cy = y + 0.5 - o.y
  const forward = cx * u.x + cy * u.y
  const lateral = Math.abs(cx * u.y - cy * u.x)
  return forward > 0 && lateral <= forward + EDGE
}

/** True when the ray from `o` along unit `u` (nudged to its right) crosses the inside of square (x, y). */
function rayCrosses(o: Vec2, u: Vec2, x: number, y: number): boolean {
  // only a ray along a grid line needs it; right of the direction on a board whose y grows down: north → east
  const along = Math.abs(u.x) < 1e-12 || Math.abs(u.y) < 1e-12 ? NUDGE : 0
  const px = o.x - u.y * along
  const py = o.y + u.x * along
  let lo = 0
  let hi = Infinity
  for (const [p, d, min] of [
    [px, u.x, x],
    [py, u.y, y]
  ] as const) {
    if (Math.abs(d) < 1e-12) {
      if (p <= min || p >= min + 1) return false
      continue
    }
    const a = (min - p) / d
    const b = (min + 1 - p) / d
    lo = Math.max(lo, Math.min(a, b))
    hi = Math.min(hi, Math.max(a, b))
  }
  return hi - lo > GRAZE
}
