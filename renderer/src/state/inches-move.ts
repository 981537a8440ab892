import {
  baseContact,
  baseRadius,
  checkPath,
  findPath,
  standHeights,
  type ContactVia,
  type PathMeasure
} from '../../../rules/core/inches'
import type { MoveInfo, Ruleset } from '../../../rules/core/ruleset'
import type { Action, Combatant, EncounterState, Vec3, Violation } from '../../../rules/core/types'

// Dragging a figure on an inches board: where the pointer asks it to go, the path the geometry finds there,
// and what the rules say of the move. Pure, so the whole drag is unit-tested without a map.

/** A point on the table in board units, as the map reports the pointer. */
export interface BoardPoint {
  x: number
  y: number
}

/** A figure the moved base would touch at the end of the path. */
export interface EndContact {
  id: string
  via: ContactVia
  enemy: boolean
}

/** What dragging the figure to a point would do. */
export interface MovePreview {
  /** Where it would end: the pointer snapped to whole units, onto the surface under it, clear of bases. */
  goal: Vec3
  /** Waypoints from the figure's position (start first); just [start, goal] when no path was found. */
  path: Vec3[]
  /** The found path's measure (inches), or null when there is none. */
  measure: PathMeasure | null
  /** The move to declare (null when there is no path). */
  action: Action | null
  /** Why it is refused (the geometry's or the rules' code), or null when the rules take it. */
  violation: Violation | null
  /** The rules' reading of a legal move (band, provokes, cost in inches), when they give one. */
  info: MoveInfo | null
  contacts: EndContact[]
}

/** How far around an unreachable point the drag looks for one the figure can get to, in inches. */
const SNAP_RINGS = [0.3, 0.6, 1]
const SNAP_DIRECTIONS = 12

/** The figures (not out, not the mover) whose bases a base of radius `r` centred at (x, y) would overlap. */
function overlapped(state: EncounterState, mover: Combatant, x: number, y: number, r: number): Combatant[] {
  return state.combatants.filter(
    (c) =>
      !c.out && c.id !== mover.id && Math.hypot(c.pos.x - x, c.pos.y - y) < baseRadius(state.board, c) + r
  )
}

/**
 * The whole-unit point touching `other` on the side of `toward` (touching, never overlapping, within the
 * usual 0.05″ slop): where a drag onto a figure means "into base contact with it".
 */
function contactPoint(state: EncounterState, mover: Combatant, other: Combatant, toward: BoardPoint): Vec3 {
  const u = state.board.inches?.unitsPerInch ?? 1
  const reach = baseRadius(state.board, other) + baseRadius(state.board, mover)
  let dx = toward.x - other.pos.x
  let dy = toward.y - other.pos.y
  if (Math.hypot(dx, dy) < 0.5) {
    dx = mover.pos.x - other.pos.x
    dy = mover.pos.y - other.pos.y
  }
  const len = Math.hypot(dx, dy) || 1
  const want = reach + 0.02 * u
  const ix = Math.round(other.pos.x + (dx / len) * want)
  const iy = Math.round(other.pos.y + (dy / len) * want)
  let best = { x: ix, y: iy }
  let bestErr = Infinity
  for (let oy = -1; oy <= 1; oy++)
    for (let ox = -1; ox <= 1; ox++) {
      const d = Math.hypot(ix + ox - other.pos.x, iy + oy - other.pos.y)
      const err = d < reach ? Infinity : Math.abs(d - want)
      if (err < bestErr) {
        bestErr = err
        best = { x: ix + ox, y: iy + oy }
      }
    }
  return { ...best, z: other.pos.z }
}

/**
 * Where a drag to `p` asks the figure to go: the nearest whole unit, kept on the table, on the highest
 * surface there (a roof or a deck over the table or the water: a person pointing at a bridge means its
 * deck); a point on or against another base slides out to touch it.
 */
export function snapGoal(state: EncounterState, moverId: string, p: BoardPoint): Vec3 {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) throw new RangeError(`no combatant ${moverId}`)
  const { board } = state
  const u = board.inches?.unitsPerInch ?? 1
  const r = baseRadius(board, mover)
  const edge = Math.ceil(r)
  const x = Math.min(board.width * u - edge, Math.max(edge, Math.round(p.x)))
  const y = Math.min(board.height * u - edge, Math.max(edge, Math.round(p.y)))
  const z = Math.max(0, ...standHeights(board, x, y))
  const other = overlapped(state, mover, x, y, r).find((c) => c.pos.z === z || onBase(state, c, p))
  return other ? contactPoint(state, mover, other, p) : { x, y, z }
}

function onBase(state: EncounterState, c: Combatant, p: BoardPoint): boolean {
  return Math.hypot(c.pos.x - p.x, c.pos.y - p.y) <= baseRadius(state.board, c)
}

/** The move (or charge) the rules offer this figure that a dragged path can be put into. */
function templates(legal: readonly Action[], moverId: string): { move: Action | null; charges: Action[] } {
  const paths = legal.filter((a) => a.actorId === moverId && a.path !== undefined)
  const plain = paths.filter((a) => a.targetId === undefined)
  return {
    move: plain.find((a) => a.kind === 'move') ?? plain[0] ?? null,
    charges: paths.filter((a) => a.targetId !== undefined)
  }
}

/** The dragged path in the template's convention: with the start when its own path starts there. */
function withPath(template: Action | null, moverId: string, start: Vec3, path: Vec3[]): Action {
  const first = template?.path?.[0]
  const keepsStart = !template || (first?.x === start.x && first.y === start.y && first.z === start.z)
  const waypoints = keepsStart ? path : path.slice(1)
  return template ? { ...template, path: waypoints } : { kind: 'move', actorId: moverId, path: waypoints }
}

/** A path to `goal`, or to the nearest point around it the figure can get to (rings of 0.3″, 0.6″, 1″). */
function pathNear(state: EncounterState, moverId: string, goal: Vec3) {
  const direct = findPath(state, moverId, goal)
  if (direct) return { goal, found: direct }
  const u = state.board.inches?.unitsPerInch ?? 1
  for (const ring of SNAP_RINGS)
    for (let k = 0; k < SNAP_DIRECTIONS; k++) {
      const a = (k * 2 * Math.PI) / SNAP_DIRECTIONS
      const x = Math.round(goal.x + Math.cos(a) * ring * u)
      const y = Math.round(goal.y + Math.sin(a) * ring * u)
      const near = { x, y, z: goal.z }
      const found = standHeights(state.board, x, y).includes(goal.z) ? findPath(state, moverId, near) : null
      if (found) return { goal: near, found }
    }
  return { goal, found: null }
}

/**
 * What dragging `moverId` to the pointer at `p` would do: the path `findPath` takes to the snapped goal (or
 * near it), the contacts at its end, and the rules' verdict on the move: the ruleset's `move` action with
 * the dragged path, or, when the path ends touching an enemy they offer a charge at (an action along a path
 * with that target) and they take the charge along this path, the charge. Null when the goal is where the
 * figure already stands.
 */
export function previewMove(
  state: EncounterState,
  ruleset: Pick<Ruleset, 'validate' | 'moveInfo'>,
  legal: readonly Action[],
  moverId: string,
  p: BoardPoint
): MovePreview | null {
  const mover = state.combatants.find((c) => c.id === moverId)
  if (!mover) return null
  const start = mover.pos
  const snapped = snapGoal(state, moverId, p)
  if (snapped.x === start.x && snapped.y === start.y && snapped.z === start.z) return null
  const { goal, found } = pathNear(state, moverId, snapped)
  const contacts = endContacts(state, mover, goal)
  // Where walking cannot go (a gap between roofs, down off a roof), another kind of move the rules offer
  // along a path may: a straight leap (Carnevale's jump) to the same point.
  const leap = (at: Vec3): MovePreview | null => {
    const action = leapTo(state, ruleset, legal, moverId, start, at)
    if (!action) return null
    const path = [start, at]
    const u = state.board.inches?.unitsPerInch ?? 1
    const horizontal = Math.hypot(at.x - start.x, at.y - start.y) / u
    const drop = Math.max(0, start.z - at.z) / u
    const measure = { inches: horizontal, horizontal, climbed: 0, descended: drop, swum: 0 }
    const info = ruleset.moveInfo?.(state, action) ?? null
    return { goal: at, path, measure, action, violation: null, info, contacts: endContacts(state, mover, at) }
  }
  if (!found) {
    const leapt = leap(snapped)
    if (leapt) return leapt
    const code = whyNot(state, mover, goal)
    const by = overlapped(state, mover, goal.x, goal.y, baseRadius(state.board, mover))[0]
    const params = code === 'occupied' && by ? { by: by.id } : undefined
    return {
      goal,
      path: [start, goal],
      measure: null,
      action: null,
      violation: params ? { code, params } : { code },
      info: null,
      contacts
    }
  }
  const { move, charges } = templates(legal, moverId)
  let action = withPath(move, moverId, start, found.path)
  let violation = ruleset.validate(state, action)
  // A plain move that ends in contact is already a charge, and the rules then ask the person which enemy and
  // which attack. Only when they refuse it is the charge they offer (its attack chosen up front) tried instead.
  const charge = charges.find((a) => contacts.some((c) => c.enemy && c.id === a.targetId))
  const asCharge = charge && violation ? withPath(charge, moverId, start, found.path) : null
  if (asCharge && !ruleset.validate(state, asCharge)) {
    action = asCharge
    violation = null
  }
  if (violation) {
    const leapt = leap(snapped)
    if (leapt) return leapt
  }
  const info = violation ? null : (ruleset.moveInfo?.(state, action) ?? null)
  return { goal, path: found.path, measure: found, action, violation, info, contacts }
}

/**
 * The first kind of untargeted path action, other than the walk, that the rules take as a straight line to
 * `at` (a jump), or null. Tried only where the walk fails, so a drag that can walk always walks.
 */
function leapTo(
  state: EncounterState,
  ruleset: Pick<Ruleset, 'validate'>,
  legal: readonly Action[],
  moverId: string,
  start: Vec3,
  at: Vec3
): Action | null {
  const { move } = templates(legal, moverId)
  const kinds = new Set(
    legal
      .filter((a) => a.actorId === moverId && a.path && a.targetId === undefined && a.kind !== move?.kind)
      .map((a) => a.kind)
  )
  for (const kind of kinds) {
    const template = legal.find((a) => a.kind === kind && a.targetId === undefined) ?? null
    const action = withPath(template, moverId, start, [start, at])
    if (!ruleset.validate(state, action)) return action
  }
  return null
}

/**
 * Why no path reaches `goal`: first whether the base can stand there at all (off the table, over nothing,
 * against a wall, on a figure), else what stops the straight line to it.
 */
function whyNot(state: EncounterState, mover: Combatant, goal: Vec3): string {
  const there = { ...state, combatants: state.combatants.map((c) => (c === mover ? { ...c, pos: goal } : c)) }
  const stand = checkPath(there, mover.id, [goal, goal])
  return (stand ?? checkPath(state, mover.id, [mover.pos, goal]))?.code ?? 'terrain'
}

/** The figures a base of the mover's size standing at `goal` would be in base contact with. */
export function endContacts(state: EncounterState, mover: Combatant, goal: Vec3): EndContact[] {
  const placed = { ...mover, pos: goal }
  return state.combatants.flatMap((c) => {
    if (c.out || c.id === mover.id) return []
    const { via } = baseContact(state.board, placed, c)
    return via ? [{ id: c.id, via, enemy: c.side !== mover.side }] : []
  })
}
