import type { Board, EncounterState } from '../types'
import { BRIDGE, WATER, terrainIndex } from './terrain'
import { rectDistance } from './primitives'
import { baseRadius, type BaseLike } from './units'

// Distances between round bases and base contact (carnevale.md §3, A7). A base is a flat disc at the
// height of the surface its figure stands on; distances are between the closest points of two discs.

/** Comparisons in inches get this slack so an exact 1" written in tenths is not lost to float noise. */
const INCH_EPS = 1e-9

/**
 * Signed gap in plan between two bases, in inches: centre distance minus both radii (negative = the discs
 * overlap in plan view, 0 = they touch).
 */
export function planGap(board: Board, a: BaseLike, b: BaseLike): number {
  const u = board.inches?.unitsPerInch ?? 1
  const d = Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y)
  return (d - baseRadius(board, a) - baseRadius(board, b)) / u
}

/** Vertical gap between two bases, in inches (the difference of the heights they stand at). */
export function verticalGap(board: Board, a: BaseLike, b: BaseLike): number {
  return Math.abs(a.pos.z - b.pos.z) / (board.inches?.unitsPerInch ?? 1)
}

/**
 * Edge-to-edge distance between two bases in inches: the 3D distance between their discs, i.e.
 * √(max(0, plan gap)² + vertical gap²). 0 when they touch or overlap at the same height; a figure on a
 * 1" wall right above another measures 1". This is the distance every range in Carnevale is read from.
 */
export function edgeDistance(board: Board, a: BaseLike, b: BaseLike): number {
  const gap = Math.max(0, planGap(board, a, b))
  const dz = verticalGap(board, a, b)
  return dz === 0 ? gap : Math.hypot(gap, dz)
}

/** How two bases are in contact (§3): (a) touch, (c) vertical, (b) across a shared low obstacle. */
export type ContactVia = 'touch' | 'vertical' | 'obstacle'

/** Base contact and the rule that gives it (null when not in contact). */
export interface Contact {
  contact: boolean
  via: ContactVia | null
}

/** The tolerances of base contact, all in inches. */
export interface ContactOptions {
  /** Bases this close (3D edge distance) touch: measuring slop on a real table. Default 0.05". */
  touchTolerance?: number
  /** (b): the greatest edge distance across a shared obstacle. Default 1". */
  sharedObstacle?: number
  /** (b): the tallest obstacle that still joins bases across it. Default 1". */
  obstacleHeight?: number
  /** (c): the greatest vertical gap between bases that overlap or touch in plan. Default 1". */
  vertical?: number
  /**
   * (c) A7: whether the bases must also overlap or touch in plan view (default true, the [REC] reading).
   * False reads L15 literally: within `vertical` of each other both across and up, without overlapping.
   */
  verticalNeedsOverlap?: boolean
}

/**
 * Whether two bases are in base contact (carnevale.md §3):
 * (a) `touch`: their discs touch (3D edge distance ≤ touchTolerance);
 * (c) `vertical` (A7): they overlap or touch in plan view (plan gap ≤ touchTolerance) and the vertical gap
 *     is ≤ `vertical`: one stands on a roof edge or wall top right above the other;
 * (b) `obstacle`: edge distance ≤ `sharedObstacle` and both bases touch the same building or wall piece at
 *     most `obstacleHeight` tall (a base touches a piece when its disc is within touchTolerance of the
 *     footprint, or one board unit (the position grid), and it stands no higher than the piece's top).
 * When several hold, `via` is the first of touch, vertical, obstacle: contact only through (b) leaves the
 * target in cover (§3), so `obstacle` means "(b) and nothing else".
 */
export function baseContact(board: Board, a: BaseLike, b: BaseLike, opts: ContactOptions = {}): Contact {
  const touch = opts.touchTolerance ?? 0.05
  const gap = planGap(board, a, b)
  const dz = verticalGap(board, a, b)
  const edge = dz === 0 ? Math.max(0, gap) : Math.hypot(Math.max(0, gap), dz)
  if (edge <= touch + INCH_EPS) return { contact: true, via: 'touch' }
  const vertical = opts.vertical ?? 1
  const across = opts.verticalNeedsOverlap === false ? vertical : touch
  if (gap <= across + INCH_EPS && dz <= vertical + INCH_EPS) return { contact: true, via: 'vertical' }
  if (
    edge <= (opts.sharedObstacle ?? 1) + INCH_EPS &&
    shareLowObstacle(board, a, b, touch, opts.obstacleHeight ?? 1)
  )
    return { contact: true, via: 'obstacle' }
  return { contact: false, via: null }
}

function shareLowObstacle(board: Board, a: BaseLike, b: BaseLike, touch: number, height: number): boolean {
  const t = terrainIndex(board)
  const maxTop = height * t.u + 1e-6
  const ra = baseRadius(board, a)
  const rb = baseRadius(board, b)
  // Positions are whole units: a base can stand no closer than ceil(r) − r units to an axis-aligned side,
  // which for some base sizes is more than the touch tolerance. One unit is then the board's resolution.
  const tol = Math.max(touch * t.u, 1) + 1e-6
  for (let i = 0; i < t.pieces.length; i++) {
    const kind = t.kind[i]
    if (kind === WATER || kind === BRIDGE) continue
    const top = t.top[i] as number
    if (top <= 0 || top > maxTop || a.pos.z > top || b.pos.z > top) continue
    const x0 = t.x0[i] as number
    const y0 = t.y0[i] as number
    const x1 = t.x1[i] as number
    const y1 = t.y1[i] as number
    if (rectDistance(a.pos.x, a.pos.y, x0, y0, x1, y1) - ra > tol) continue
    if (rectDistance(b.pos.x, b.pos.y, x0, y0, x1, y1) - rb > tol) continue
    return true
  }
  return false
}

/** One figure in base contact with another, and how. */
export interface ContactOf {
  id: string
  via: ContactVia
}

/** Every figure (not out) in base contact with figure `id`, in roster order. */
export function contactsOf(state: EncounterState, id: string, opts: ContactOptions = {}): ContactOf[] {
  const me = state.combatants.find((c) => c.id === id)
  if (!me) return []
  const out: ContactOf[] = []
  for (const other of state.combatants) {
    if (other.out || other.id === id) continue
    const c = baseContact(state.board, me, other, opts)
    if (c.via) out.push({ id: other.id, via: c.via })
  }
  return out
}
