import { footprintCrossesWall } from '../../core/board'
import { hasEdges } from '../../core/edges'
import { ObjectMemo } from '../../core/state-memo'
import type { EncounterState } from '../../core/types'
import { cellsAt, cornerBlocked, SQUARE, squareFlags, type Cell } from './grid'
import type { MoveMode } from './movement'
import { footprintFit, isSolid } from './squeeze'
import type { PfStats } from './stats'

// pathfinder1e.md §2: the part of a step's cost the ground alone decides — walls, edges, corners, terrain,
// squeezing — apart from the creatures in the way (movement.ts `stepCost` adds those). It depends on the
// map, the settings and a few facts of the mover (footprint, flying, climb and swim speeds), never on the
// roster, so one table per map and kind of mover serves every search of every state of the game: a
// search is ~8 steps per square it reaches, and the AI runs hundreds of searches per game on rosters that
// differ only by where one figure stands.

/** A step the ground refuses. */
export const REFUSED = -1
const UNKNOWN = -2
/** Bits of a `groundStep` answer: doublings (0–6) in the low 4 bits, extra squares above, then squeezing. */
const EXTRA_SHIFT = 4
const SQUEEZE_BIT = 1 << 8

/** The doublings of a `groundStep` answer (difficult, climb, swim, squeeze). */
export const groundDoublings = (ground: number): number => ground & 15
/** The squares a hampering obstacle or low wall adds. */
export const groundExtra = (ground: number): number => (ground >> EXTRA_SHIFT) & 15
/** True when the step ends in a squeeze position. */
export const groundSqueezes = (ground: number): boolean => (ground & SQUEEZE_BIT) !== 0

const tables = new ObjectMemo<Int16Array>()

// The table `groundStep` read last and what it was for (the stats object stands for the mover's kind).
let last: {
  board: EncounterState['board'] | null
  settings: EncounterState['settings'] | null
  stats: PfStats | null
  side: number
  mode: MoveMode | null
  table: Int16Array
} = { board: null, settings: null, stats: null, side: 0, mode: null, table: new Int16Array(0) }

// The index of a one-square offset (dx, dy in −1..1, not both 0) among the 8 directions.
const directionIndex = (dx: number, dy: number): number => {
  const i = (dy + 1) * 3 + dx + 1
  return i > 4 ? i - 1 : i
}

/**
 * The ground's answer for the footprint of `side` squares stepping from `from` by (dx, dy), for a mover
 * with stats `s` moving in `mode`: REFUSED, or the packed doublings, extra cost and squeezing. Looked up in
 * a table per map, settings and kind of mover when `from` is on the board; computed otherwise.
 */
export function groundStep(
  state: EncounterState,
  s: PfStats,
  side: number,
  from: Cell,
  dx: number,
  dy: number,
  mode: MoveMode
): number {
  const { width, height } = state.board
  if (from.x < 0 || from.y < 0 || from.x >= width || from.y >= height)
    return computeGround(state, s, side, from, dx, dy, mode)
  // A search asks for one mover's table thousands of times in a row: the last one answers at once.
  let table = last.table
  if (
    last.board !== state.board ||
    last.settings !== state.settings ||
    last.stats !== s ||
    last.side !== side ||
    last.mode !== mode
  ) {
    const kind = `${side}|${s.flying ? 1 : 0}|${s.speed.climb === undefined ? 0 : 1}|${s.speed.swim === undefined ? 0 : 1}|${mode}`
    table = tables.get([state.board, state.settings], kind, () =>
      new Int16Array(width * height * 8).fill(UNKNOWN)
    )
    last = { board: state.board, settings: state.settings, stats: s, side, mode, table }
  }
  const i = (from.y * width + from.x) * 8 + directionIndex(dx, dy)
  let answer = table[i]!
  if (answer === UNKNOWN) table[i] = answer = computeGround(state, s, side, from, dx, dy, mode)
  return answer
}

/**
 * The ground rules of `stepCost` (see there): a footprint that does not fit, impassable squares, pits
 * (unless flying), wall corners and closed edges refuse the step; run, charge and 5-ft step refuse
 * squeezing and hindered squares, a 5-ft step darkness; difficult terrain doubles once, climb or water
 * without the speed twice, a squeeze once more; a hampering obstacle or low wall adds 2.
 */
function computeGround(
  state: EncounterState,
  s: PfStats,
  side: number,
  from: Cell,
  dx: number,
  dy: number,
  mode: MoveMode
): number {
  const to = { x: from.x + dx, y: from.y + dy }
  const fit = footprintFit(state, to, side)
  if (!fit || (fit === 'squeeze' && (mode === 'run' || mode === 'charge' || mode === 'step'))) return REFUSED
  let difficult = false
  let climb = false
  let swim = false
  let obstacle = false
  let dark = false
  for (const c of cellsAt(to, side)) {
    // A squeezing block overlaps walls it does not stand in: only its open squares count.
    if (fit === 'squeeze' && isSolid(state, c)) continue
    const flags = squareFlags(state, c)
    if (flags & SQUARE.impassable) return REFUSED
    if (!s.flying && flags & SQUARE.pit) return REFUSED
    difficult ||= (flags & SQUARE.difficult) !== 0
    climb ||= (flags & SQUARE.climb) !== 0
    swim ||= (flags & SQUARE.water) !== 0
    const inStart = c.x >= from.x && c.y >= from.y && c.x < from.x + side && c.y < from.y + side
    if (inStart) continue
    obstacle ||= (flags & (SQUARE.hampering | SQUARE.lowWall)) !== 0
    dark ||= (flags & SQUARE.dark) !== 0
  }
  if (dx !== 0 && dy !== 0 && cornerCut(state, from, side, dx, dy)) return REFUSED
  if (hasEdges(state.board) && footprintCrossesWall(state.board, from, side, to, 'strict')) return REFUSED
  let doublings = 0
  let extra = 0
  if (!s.flying) {
    climb &&= s.speed.climb === undefined
    swim &&= s.speed.swim === undefined
    if ((difficult || climb || swim || obstacle) && mode !== 'move' && mode !== 'withdraw') return REFUSED
    doublings += (difficult ? 1 : 0) + (climb ? 2 : 0) + (swim ? 2 : 0)
    extra += obstacle ? 2 : 0
  }
  if (mode === 'step' && dark) return REFUSED
  if (fit === 'squeeze') return (doublings + 1) | (extra << EXTRA_SHIFT) | SQUEEZE_BIT
  return doublings | (extra << EXTRA_SHIFT)
}

/**
 * §2 [TEXT L305–307]: a diagonal step of a block of `side` squares from `from` by (dx, dy) cuts a wall
 * corner with one of the squares it fills (the walls a squeezing block overlaps are not its squares).
 */
export function cornerCut(state: EncounterState, from: Cell, side: number, dx: number, dy: number): boolean {
  return cellsAt(from, side).some(
    (c) => !isSolid(state, c) && cornerBlocked(state, c, { x: c.x + dx, y: c.y + dy })
  )
}
