import type { Combatant, EncounterState } from '../../core/types'
import { concealmentOf, lineOfSight } from './cover'
import {
  blocksMovement,
  cellKey,
  cellsAt,
  footprintGap,
  hasTerrain,
  occupantsAt,
  pfDistanceSquares,
  sharesSpace,
  sideOf,
  type Cell
} from './grid'
import { isHelpless } from './defense'
import { canEndIn, pathCost, speedInSquares, stepCost } from './movement'
import { readSettings } from './settings'
import { hasCondition, hasFeat, readStats, type PfStats } from './stats'
import { gapWithinReach, reachOf, threatensNothing } from './threat'

// pathfinder1e.md §3.2 Charge [TEXT L403–421] and Run [TEXT L203–209]: straight lanes across the grid.

/**
 * True when the interior of `cell` meets the interior of the space the footprint sweeps from `from` to `to`
 * (the convex hull of both spaces: every line from the start space to the end space). Separating axes of a
 * box swept along v are x, y and the normal of v; integers throughout, touching does not count.
 */
export function sweptCrosses(from: Cell, to: Cell, side: number, cell: Cell): boolean {
  const overlap = (aLo: number, aHi: number, bLo: number, bHi: number) => aLo < bHi && bLo < aHi
  const x = overlap(Math.min(from.x, to.x), Math.max(from.x, to.x) + side, cell.x, cell.x + 1)
  const y = overlap(Math.min(from.y, to.y), Math.max(from.y, to.y) + side, cell.y, cell.y + 1)
  if (!x || !y) return false
  const nx = -(to.y - from.y)
  const ny = to.x - from.x
  // The projection of a box [p, p + size] × [q, q + size] on the normal: its corners' least and greatest
  // values, without building them (lanes check every square of every path legalActions offers).
  const low = (p: number, q: number, size: number) =>
    nx * p + ny * q + Math.min(0, nx * size) + Math.min(0, ny * size)
  const high = (p: number, q: number, size: number) =>
    nx * p + ny * q + Math.max(0, nx * size) + Math.max(0, ny * size)
  return overlap(
    low(from.x, from.y, side),
    high(from.x, from.y, side),
    low(cell.x, cell.y, 1),
    high(cell.x, cell.y, 1)
  )
}

/** The squares whose interior the footprint sweeps moving straight from `from` to `to`. */
export function laneCells(from: Cell, to: Cell, side: number): Cell[] {
  const cells: Cell[] = []
  for (let x = Math.min(from.x, to.x); x < Math.max(from.x, to.x) + side; x++)
    for (let y = Math.min(from.y, to.y); y < Math.max(from.y, to.y) + side; y++)
      if (sweptCrosses(from, to, side, { x, y })) cells.push({ x, y })
  return cells
}

/**
 * The straightest 8-neighbour path from `from` to `to` (start excluded): the diagonals spread evenly along
 * the major axis (Bresenham). Any order of the same diagonals costs the same from a fresh parity (§2).
 */
export function straightPath(from: Cell, to: Cell): Cell[] {
  const dx = to.x - from.x
  const dy = to.y - from.y
  const steps = Math.max(Math.abs(dx), Math.abs(dy))
  const path: Cell[] = []
  for (let i = 1; i <= steps; i++)
    path.push({ x: from.x + roundHalfAway(dx * i, steps), y: from.y + roundHalfAway(dy * i, steps) })
  return path
}

// n / d rounded to the nearest integer, halves away from zero (d > 0), exactly.
function roundHalfAway(n: number, d: number): number {
  const sign = n < 0 ? -1 : 1
  return sign * Math.floor((2 * Math.abs(n) + d) / (2 * d))
}

/** A charge's lane, or why there is none (an i18n code under `violation.`). */
export type ChargeResult = { path: Cell[] } | { violation: string }

/**
 * The squares a lane may not cross (§3.2 [TEXT L405]): anything that blocks or slows, or a standing creature.
 */
function laneViolation(state: EncounterState, charger: Combatant, cell: Cell): boolean {
  const flying = readStats(charger).flying
  if (blocksMovement(state, cell)) return true
  const slows = ['pit', 'difficult', 'hampering', 'lowWall', 'climb', 'water'] as const
  if (!flying && slows.some((k) => hasTerrain(state, cell, k))) return true
  return occupantsAt(state, cell).some(
    (o) => o.id !== charger.id && !sharesSpace(o, charger) && !isHelpless(o)
  )
}

function candidateEnds(state: EncounterState, charger: Combatant, target: Combatant): Cell[] {
  const reach = reachOf(charger)
  const exception = readSettings(state).reachDiagonalException
  const side = sideOf(charger)
  const span = Math.ceil(reach.max / 5) + side
  const tSide = sideOf(target)
  const ends: Cell[] = []
  for (let x = target.pos.x - span; x <= target.pos.x + tSide + span; x++)
    for (let y = target.pos.y - span; y <= target.pos.y + tSide + span; y++) {
      const gap = footprintGap({ x, y }, side, target.pos, tSide)
      // Only a reach-0 figure attacks from inside the target's space.
      const inside = gap.x === 0 && gap.y === 0
      const placeOk = reach.max > 0 ? !inside : inside
      if (placeOk && gapWithinReach(reach, gap, exception)) ends.push({ x, y })
    }
  return ends
}

/**
 * §3.2 Charge [TEXT L403–421]: the lane of a charge at `target`. It ends in the nearest square (to the start)
 * from which the charger can attack the target with the reach of what it wields; at least 2 squares away, at
 * most twice the speed (the speed on a restricted turn). Every square a line from the start space to the end
 * space crosses must be free of walls, pits, difficult terrain, obstacles and standing creatures (allies too;
 * helpless ones do not stop it), and the end must be free. It needs line of sight (and a target it can see).
 * Ties for nearest [TEXT L309]: `endAt` picks one (the player's choice); otherwise the most direct tied
 * square with a clear lane is taken — we do not roll (G-5) because the charger would choose it anyway.
 */
export function chargeLane(
  state: EncounterState,
  charger: Combatant,
  target: Combatant,
  opts: { restricted?: boolean; endAt?: Cell } = {}
): ChargeResult {
  if (!lineOfSight(state, charger, target) || concealmentOf(state, charger, target) === 'total')
    return { violation: 'noLineOfSight' }
  if (threatensNothing(reachOf(charger))) return { violation: 'chargeNoMeleeReach' }
  const start: Cell = { x: charger.pos.x, y: charger.pos.y }
  const ends = candidateEnds(state, charger, target)
  const distance = (c: Cell) => pfDistanceSquares(c.x - start.x, c.y - start.y)
  const nearest = Math.min(...ends.map(distance))
  if (nearest < 2) return { violation: 'chargeTooShort' }
  const limit = speedInSquares(charger) * (opts.restricted ? 1 : 2)
  if (nearest > limit) return { violation: 'chargeTooFar' }
  // Among tied squares, the most direct first: the least (squared, doubled) distance of the end's centre from
  // the line between the charger's and the target's centres.
  const side = sideOf(charger)
  const [sx, sy] = [2 * start.x + side, 2 * start.y + side]
  const [tx, ty] = [2 * target.pos.x + sideOf(target), 2 * target.pos.y + sideOf(target)]
  const deviation = (c: Cell) => ((tx - sx) * (2 * c.y + side - sy) - (ty - sy) * (2 * c.x + side - sx)) ** 2
  const tied = ends.filter((c) => distance(c) === nearest).sort((a, b) => deviation(a) - deviation(b))
  const chosen = opts.endAt
  const order = chosen ? tied.filter((c) => c.x === chosen.x && c.y === chosen.y) : tied
  if (order.length === 0) return { violation: 'chargeNotNearest' }
  let failure = 'chargeBlocked'
  for (const end of order) {
    const lane = checkLane(state, charger, start, end)
    if ('path' in lane) return lane
    failure = lane.violation
  }
  return { violation: failure }
}

function checkLane(state: EncounterState, charger: Combatant, start: Cell, end: Cell): ChargeResult {
  if (!canEndIn(state, charger, end)) return { violation: 'chargeBlocked' }
  const side = sideOf(charger)
  const own = new Set(cellsAt(start, side).map(cellKey))
  const crossed = laneCells(start, end, side).filter((c) => !own.has(cellKey(c)))
  if (crossed.some((c) => laneViolation(state, charger, c))) return { violation: 'chargeBlocked' }
  const path = straightPath(start, end)
  let from = start
  let parity: 0 | 1 = 0
  for (const to of path) {
    const step = stepCost(state, charger, from, to, parity, { mode: 'charge' })
    if (!step) return { violation: 'chargeBlocked' }
    parity = step.parity
    from = to
  }
  return { path }
}

/** §3.2 Run [TEXT L203]: ×4 speed, ×3 in heavy armor; the Run feat [SRD] makes it ×5 (×4 in heavy armor). */
export function runMultiplier(stats: PfStats): number {
  const heavy = stats.armor?.category === 'heavy'
  return (heavy ? 3 : 4) + (hasFeat(stats, 'Run') ? 1 : 0)
}

/** Why a run is not legal along its path (an i18n code under `violation.`), or null when it is. */
export type RunLaneResult = { violation: string } | null

// Every square the footprint passes along `path` lies on the lane swept straight from `start` to its end.
function straightRun(start: Cell, side: number, path: readonly Cell[]): boolean {
  const last = path[path.length - 1]
  return (
    last !== undefined &&
    path.every((pos) => cellsAt(pos, side).every((c) => sweptCrosses(start, last, side, c)))
  )
}

/**
 * §3.2 Run [TEXT L203–209]: why `path` (start excluded) is not a legal run, or null. Not while blinded
 * ("if you cannot see where you are going"); a legal move in run mode — no difficult terrain, obstacles,
 * climbing or squeezing [TEXT L207] ('runBlocked'); within the run multiplier × speed; and "in a straight
 * line": every square the footprint passes lies on the lane swept straight from the start to the end
 * ('runNotStraight'), so a run may slip past a creature or wall beside its lane but never bends round one.
 */
export function runLaneViolation(
  state: EncounterState,
  runner: Combatant,
  path: readonly Cell[]
): RunLaneResult {
  if (path.length === 0) return { violation: 'emptyPath' }
  if (hasCondition(readStats(runner), 'blinded')) return { violation: 'blinded' }
  const cost = pathCost(state, runner, path, 0, { mode: 'run' })
  if (!cost) return { violation: 'runBlocked' }
  if (cost.cost > runMultiplier(readStats(runner)) * speedInSquares(runner)) return { violation: 'tooFar' }
  const straight = straightRun({ x: runner.pos.x, y: runner.pos.y }, sideOf(runner), path)
  return straight ? null : { violation: 'runNotStraight' }
}

/** §3.2 Run [TEXT L203–209]: true when `path` (start excluded) is a legal run (`runLaneViolation`). */
export function runLane(state: EncounterState, runner: Combatant, path: readonly Cell[]): boolean {
  return runLaneViolation(state, runner, path) === null
}

/**
 * §3.2 Run: a legal run to a square a run-mode search found (`reachableSquares`: its path is legal in run
 * mode at `cost` from a fresh parity) — that path itself when it is straight and within the run's reach
 * (the search's least-provoking, cheapest path; checked without walking it again, as legalActions asks this
 * for every square), else the straightest path there (`straightPath`) when that one is a legal run; null
 * when neither is.
 */
export function runPathTo(
  state: EncounterState,
  runner: Combatant,
  reach: { path: readonly Cell[]; cost: number }
): Cell[] | null {
  const { path, cost } = reach
  const last = path[path.length - 1]
  if (!last || hasCondition(readStats(runner), 'blinded')) return null
  const start: Cell = { x: runner.pos.x, y: runner.pos.y }
  const within = cost <= runMultiplier(readStats(runner)) * speedInSquares(runner)
  if (within && straightRun(start, sideOf(runner), path)) return [...path]
  const line = straightPath(start, last)
  return runLane(state, runner, line) ? line : null
}
