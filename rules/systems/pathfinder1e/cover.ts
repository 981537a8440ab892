import { insetInto } from './area-edges'
import { segmentCrossesEdges } from '../../core/board'
import { hasEdges, stepCrossesWall } from '../../core/edges'
import { ObjectMemo } from '../../core/state-memo'
import type { Combatant, EncounterState } from '../../core/types'
import {
  cellsOf,
  distanceToCellFt,
  hasTerrain,
  isWall,
  occupantsAt,
  sharesSpace,
  sideOf,
  type Cell
} from './grid'
import type { PfSettings } from './settings'
import { hasCondition, readStats } from './stats'

// pathfinder1e.md §4.6 cover and §4.5 concealment, with exact integer geometry. Lines run between grid
// intersections (square corners, integers), so every test is a comparison of integer products.
//
// Our choice for lines that graze (documented, applied everywhere): a line is stopped by solid squares only
// when it passes INSIDE them — through a square's interior, along the seam between two solid squares, or
// through the point where two diagonal solid squares meet (it would squeeze through a zero-width gap).
// Touching a lone wall's corner or running along its outer face stops nothing. So shooting diagonally past a
// wall corner gives cover (some lines cut the wall), a figure beside a wall shooting along it has a clear
// line, and a wall drawn as a diagonal staircase of squares is solid. Creatures (soft cover) and low walls
// are traced the same way.
//
// Walls and closed doors on square edges (`board.walls`, `board.doors`) are zero-thick: the same grazing rule
// reads them with each line's ends moved a quarter square into the squares they belong to (a corner of a
// figure standing against a wall lies on the wall, and must not see through it), so a line is stopped by an
// edge it cuts, or by a point where closed edges meet on both sides of it; running along one stops nothing.

/** §4.6 cover, weakest first: soft (creatures, ranged only), partial (GM, G-2), normal, improved, total. */
export type CoverLevel = 'none' | 'soft' | 'partial' | 'normal' | 'improved' | 'total'

const coverRank: Record<CoverLevel, number> = {
  none: 0,
  soft: 1,
  partial: 2,
  normal: 3,
  improved: 4,
  total: 5
}

/** The stronger of two cover levels. */
export function strongerCover(a: CoverLevel, b: CoverLevel): CoverLevel {
  return coverRank[a] >= coverRank[b] ? a : b
}

/**
 * True when the segment p→q passes through the interior of the open box (x0, x1) × (y0, y1). Liang–Barsky
 * clipping with exact fractions: the segment's parameter interval inside the box must have positive length.
 */
export function segmentCrossesBox(p: Cell, q: Cell, x0: number, y0: number, x1: number, y1: number): boolean {
  // Parameter bounds as fractions n/d with d > 0; start with [0, 1].
  let loN = 0
  let loD = 1
  let hiN = 1
  let hiD = 1
  const axes: Array<[number, number, number, number]> = [
    [p.x, q.x - p.x, x0, x1],
    [p.y, q.y - p.y, y0, y1]
  ]
  for (const [start, delta, a, b] of axes) {
    if (delta === 0) {
      if (!(a < start && start < b)) return false
      continue
    }
    // t where the coordinate equals a and b: (a − start) / delta, (b − start) / delta, made with d > 0.
    const sign = delta > 0 ? 1 : -1
    const d = delta * sign
    const ta = (a - start) * sign
    const tb = (b - start) * sign
    const enter = Math.min(ta, tb)
    const exit = Math.max(ta, tb)
    if (enter * loD > loN * d) {
      loN = enter
      loD = d
    }
    if (exit * hiD < hiN * d) {
      hiN = exit
      hiD = d
    }
  }
  return loN * hiD < hiN * loD
}

/** The squares a line touches with no clearance: those it crosses, and pairs it passes exactly between. */
export interface LineContacts {
  /** Squares whose interior the line crosses. */
  inside: Cell[]
  /** Pairs the line runs between (a seam of two side-by-side squares, or two diagonal squares at a point). */
  between: Array<readonly [Cell, Cell]>
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
const multiple = (v: number, unit: number) => ((v % unit) + unit) % unit === 0

/**
 * What the segment p→q touches, in coordinates where squares are `unit` wide (1: corners are integers; 2:
 * doubled coordinates, so square centres are integers too).
 */
export function lineContacts(p: Cell, q: Cell, unit = 1): LineContacts {
  const inside: Cell[] = []
  const between: Array<readonly [Cell, Cell]> = []
  const [xa, xb] = [Math.floor(Math.min(p.x, q.x) / unit), Math.ceil(Math.max(p.x, q.x) / unit)]
  const [ya, yb] = [Math.floor(Math.min(p.y, q.y) / unit), Math.ceil(Math.max(p.y, q.y) / unit)]
  for (let x = xa; x <= xb; x++)
    for (let y = ya; y <= yb; y++)
      if (segmentCrossesBox(p, q, x * unit, y * unit, (x + 1) * unit, (y + 1) * unit)) inside.push({ x, y })
  const dx = q.x - p.x
  const dy = q.y - p.y
  // Seams: a segment along a grid line runs between the squares on either side of it.
  const [lo, hi] =
    dx === 0 ? [Math.min(p.y, q.y), Math.max(p.y, q.y)] : [Math.min(p.x, q.x), Math.max(p.x, q.x)]
  if ((dy === 0 && multiple(p.y, unit)) || (dx === 0 && multiple(p.x, unit))) {
    const k = (dy === 0 ? p.y : p.x) / unit
    for (let i = Math.floor(lo / unit); i * unit < hi; i++)
      between.push(
        dy === 0
          ? [
              { x: i, y: k - 1 },
              { x: i, y: k }
            ]
          : [
              { x: k - 1, y: i },
              { x: k, y: i }
            ]
      )
  }
  // Grid points strictly inside the segment: it squeezes between the diagonal pair it does not cross.
  const g = gcd(Math.abs(dx), Math.abs(dy))
  for (let t = 1; t < g; t++) {
    const px = p.x + (dx / g) * t
    const py = p.y + (dy / g) * t
    if (!multiple(px, unit) || !multiple(py, unit)) continue
    const [X, Y] = [px / unit, py / unit]
    const nw = { x: X - 1, y: Y - 1 }
    const ne = { x: X, y: Y - 1 }
    const sw = { x: X - 1, y: Y }
    const se = { x: X, y: Y }
    if (dx === 0 || dy === 0) between.push([ne, sw], [nw, se])
    else between.push(Math.sign(dx) === Math.sign(dy) ? [ne, sw] : [nw, se])
  }
  return { inside, between }
}

/** True when the line passes inside the solid squares `solid` says (the grazing rule above). */
export function lineInside(p: Cell, q: Cell, solid: (cell: Cell) => boolean, unit = 1): boolean {
  const { inside, between } = lineContacts(p, q, unit)
  return inside.some(solid) || between.some(([a, b]) => solid(a) && solid(b))
}

function cornersOfCell(cell: Cell): Cell[] {
  return [
    { x: cell.x, y: cell.y },
    { x: cell.x + 1, y: cell.y },
    { x: cell.x, y: cell.y + 1 },
    { x: cell.x + 1, y: cell.y + 1 }
  ]
}

/** What one line from the attacker's corner to a target corner passes through. */
type LineResult = { blocked: boolean; level: CoverLevel }

function inFootprint(c: Combatant, cell: Cell): boolean {
  return cellsOf(c).some((s) => s.x === cell.x && s.y === cell.y)
}

/**
 * §4.6 [TEXT L359]: a low obstacle covers only creatures within 30 ft of it, and the attacker ignores it when
 * it is closer to the obstacle than the target. We apply the same "attacker closer" exception to arrow slits
 * (G-3): the archer right behind the slit shoots out freely.
 */
function obstacleCovers(attacker: Combatant, target: Combatant, cell: Cell, range: boolean): boolean {
  const targetFt = distanceToCellFt(target, cell)
  if (range && targetFt > 30) return false
  return distanceToCellFt(attacker, cell) >= targetFt
}

/** True when the line from corner p of `from`'s block to corner q of square `to` crosses a closed edge. */
function edgeStops(state: EncounterState, from: Combatant, p: Cell, to: Cell, q: Cell): boolean {
  if (!hasEdges(state.board)) return false
  return segmentCrossesEdges(state.board, insetInto(p, from.pos, sideOf(from)), insetInto(q, to), 4)
}

function traceLine(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  p: Cell,
  q: Cell,
  square: Cell
): LineResult {
  const { inside, between } = lineContacts(p, q)
  const touches = (solid: (cell: Cell) => boolean) =>
    inside.some(solid) || between.some(([a, b]) => solid(a) && solid(b))
  if (touches((c) => isWall(state, c)) || edgeStops(state, attacker, p, square, q))
    return { blocked: true, level: 'normal' }
  const lowWall = (c: Cell) => hasTerrain(state, c, 'lowWall') && obstacleCovers(attacker, target, c, true)
  const slit = (c: Cell) => hasTerrain(state, c, 'arrowSlit') && obstacleCovers(attacker, target, c, false)
  // Soft cover: standing creatures only (a body on the floor is no screen); a mount and its rider are one.
  const creature = (c: Cell) =>
    !inFootprint(attacker, c) &&
    !inFootprint(target, c) &&
    occupantsAt(state, c).some(
      (o) =>
        o.id !== attacker.id && o.id !== target.id && !sharesSpace(o, attacker) && !sharesSpace(o, target)
    )
  if (touches(slit)) return { blocked: false, level: 'improved' }
  if (touches(lowWall)) return { blocked: false, level: 'normal' }
  return { blocked: false, level: touches(creature) ? 'soft' : 'none' }
}

function uniqueCorners(c: Combatant): Cell[] {
  const seen = new Map<string, Cell>()
  for (const cell of cellsOf(c)) for (const k of cornersOfCell(cell)) seen.set(`${k.x},${k.y}`, k)
  return [...seen.values()]
}

/**
 * §4.6 [SRD] ranged procedure: the attacker picks the corner of its squares (and, against a figure bigger
 * than one square, the target square — [TEXT L369] by analogy) that gives the least cover; lines go to the
 * four corners of that target square. All lines through walls → total; some → normal; low walls → normal;
 * arrow slits → improved; creatures → soft.
 */
function rangedCover(state: EncounterState, attacker: Combatant, target: Combatant): CoverLevel {
  let best: CoverLevel = 'total'
  for (const from of uniqueCorners(attacker)) {
    for (const square of cellsOf(target)) {
      const lines = cornersOfCell(square).map((to) => traceLine(state, attacker, target, from, to, square))
      if (lines.every((l) => l.blocked)) continue
      const level = lines.reduce<CoverLevel>((acc, l) => strongerCover(acc, l.level), 'none')
      if (coverRank[level] < coverRank[best]) best = level
      if (best === 'none') return best
    }
  }
  return best
}

/**
 * §4.6 melee against an adjacent target: cover only when a wall or low wall stands between, i.e. on a
 * diagonal the square beside the diagonal is solid. Big figures pick any of their squares ([TEXT L369]).
 * Walls on edges: a closed edge between two side-by-side squares, or on both ways round a diagonal's
 * corner, shuts that pair (total cover: no line passes); a closed edge on one way round gives cover.
 */
function adjacentMeleeCover(state: EncounterState, attacker: Combatant, target: Combatant): CoverLevel {
  let best: CoverLevel | null = null
  const edges = hasEdges(state.board)
  for (const a of cellsOf(attacker)) {
    for (const t of cellsOf(target)) {
      const dx = t.x - a.x
      const dy = t.y - a.y
      if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) continue
      if (edges && stepCrossesWall(state.board, a, t, 'loose')) {
        best ??= 'total'
        continue
      }
      if (edges && stepCrossesWall(state.board, a, t, 'strict')) {
        best = 'normal'
        continue
      }
      if (dx === 0 || dy === 0) return 'none'
      const between = [
        { x: a.x + dx, y: a.y },
        { x: a.x, y: a.y + dy }
      ]
      const solid = (cell: Cell) =>
        isWall(state, cell) || hasTerrain(state, cell, 'lowWall') || hasTerrain(state, cell, 'arrowSlit')
      if (!between.some(solid)) return 'none'
      best = 'normal'
    }
  }
  return best ?? 'none'
}

function adjacentOrSharing(a: Combatant, b: Combatant): 'share' | 'adjacent' | 'apart' {
  let min = Infinity
  for (const s of cellsOf(a))
    for (const t of cellsOf(b)) min = Math.min(min, Math.max(Math.abs(s.x - t.x), Math.abs(s.y - t.y)))
  return min === 0 ? 'share' : min === 1 ? 'adjacent' : 'apart'
}

/**
 * §4.6: the cover the target has against the attacker. Melee against an adjacent target reads only walls and
 * low walls between; reach melee uses the ranged procedure, but creatures give no soft cover in melee.
 * 'partial' is never computed: it is the GM's downgrade of normal cover (G-2).
 */
export function coverBetween(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  mode: 'melee' | 'ranged'
): CoverLevel {
  const contact = adjacentOrSharing(attacker, target)
  if (contact === 'share') return 'none'
  if (mode === 'melee' && contact === 'adjacent') return adjacentMeleeCover(state, attacker, target)
  // Lines from every corner to every corner, each read against walls, edges and creatures (soft cover):
  // the odds, validation and the AI ask it again and again for the same pair on one map and roster.
  const level = rangedCovers.get([state.board, state.settings, state.combatants, attacker, target], '', () =>
    rangedCover(state, attacker, target)
  )
  return mode === 'melee' && level === 'soft' ? 'none' : level
}

/**
 * §4.5 / §4.6: line of sight — some line from a corner of `from` reaches a corner of `to` past the walls
 * (square walls, and walls and closed doors on edges). Adjacent figures see each other unless every
 * adjacent pair of their squares is shut off by closed edges.
 */
export function lineOfSight(state: EncounterState, from: Combatant, to: Combatant): boolean {
  const contact = adjacentOrSharing(from, to)
  if (contact === 'share') return true
  if (contact === 'adjacent') return adjacentMeleeCover(state, from, to) !== 'total'
  const wall = (c: Cell) => isWall(state, c)
  for (const p of uniqueCorners(from))
    for (const square of cellsOf(to))
      for (const q of cornersOfCell(square))
        if (!lineInside(p, q, wall) && !edgeStops(state, from, p, square, q)) return true
  return false
}

const rangedCovers = new ObjectMemo<CoverLevel>()

/** §4.5 concealment: none (0), partial (20%) or total (50%, and no attacks of opportunity). */
export type ConcealmentLevel = 0 | 'partial' | 'total'

/**
 * §4.5: the concealment the target has against the attacker. A blinded attacker or an invisible target:
 * total. Otherwise the target's squares: darkness total, fog partial; a figure partly in the murk is seen
 * through its clearest square (the attacker aims at the part it can see). Concealments do not stack.
 */
export function concealmentOf(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant
): ConcealmentLevel {
  if (hasCondition(readStats(attacker), 'blinded')) return 'total'
  if (hasCondition(readStats(target), 'invisible')) return 'total'
  const rank = (cell: Cell) => (hasTerrain(state, cell, 'dark') ? 2 : hasTerrain(state, cell, 'fog') ? 1 : 0)
  const clearest = Math.min(...cellsOf(target).map(rank))
  return clearest === 2 ? 'total' : clearest === 1 ? 'partial' : 0
}

/** §4.5 G-4: the miss chance in percent of a concealment level. */
export function concealmentPercent(
  settings: Pick<PfSettings, 'concealmentPercent' | 'totalConcealmentPercent'>,
  level: ConcealmentLevel
): number {
  if (level === 'total') return settings.totalConcealmentPercent
  return level === 'partial' ? settings.concealmentPercent : 0
}
