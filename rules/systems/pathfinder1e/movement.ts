import { footprintCrossesWall } from '../../core/board'
import { hasEdges } from '../../core/edges'
import { ObjectMemo } from '../../core/state-memo'
import type { Combatant, EncounterState } from '../../core/types'
import {
  cellsAt,
  hasTerrain,
  SQUARE,
  squareFlags,
  occupantsAt,
  anyoneAt,
  sharesSpace,
  sideOf,
  sizeIndex,
  type Cell
} from './grid'
import { isHelpless } from './defense'
import { readSettings } from './settings'
import { footprintFit, isSolid } from './squeeze'
import { cornerCut, groundDoublings, groundExtra, groundSqueezes, groundStep, REFUSED } from './step-ground'
import { hasCondition, readStats, sizes } from './stats'

// pathfinder1e.md §2 movement on the grid: 1-2-1 diagonals, difficult terrain, obstacles, occupied squares
// and footprints that move as a block; §3.2 run / withdraw / charge / 5-ft step as search modes.

/** How the figure moves: a move action (or double move), a charge, a run, a withdraw or a 5-ft step. */
export type MoveMode = 'move' | 'charge' | 'run' | 'withdraw' | 'step'

/** What a single step may do differently by mode. */
export interface StepOptions {
  mode?: MoveMode
}

/** One square entered and what it cost (in squares). */
export interface MoveStep {
  cell: Cell
  cost: number
}

/** A square the figure can end on: the path there (start excluded), its cost, the parity after, the AoOs. */
export interface Reach {
  cell: Cell
  path: Cell[]
  cost: number
  parity: 0 | 1
  provokes: string[]
}

const TINY = sizes.indexOf('T')
const LARGE = sizes.indexOf('L')

/** The figure's speed in whole squares (fly speed while flying, else land speed). */
export function speedInSquares(c: Combatant): number {
  const s = readStats(c)
  const ft = s.flying && s.speed.fly !== undefined ? s.speed.fly : s.speed.land
  return Math.floor(ft / 5)
}

/** §2 A2: the parity a move starts with — the turn's with `diagonalParity: 'turn'`, else 0 every move. */
export function moveStartParity(state: EncounterState, parity: 0 | 1): 0 | 1 {
  return readSettings(state).diagonalParity === 'move' ? 0 : parity
}

/**
 * §2 [TEXT L311–327]: may the mover pass through the occupant's square? 'heavy' = passable at double cost
 * (G-7, a helpless Large or larger body). Helpless bodies never stop anyone; creatures that fill their
 * squares (G-13) stop everyone; a charge is stopped by any other standing creature, allies too.
 */
function passage(
  state: EncounterState,
  mover: Combatant,
  occupant: Combatant,
  mode: MoveMode
): 'pass' | 'heavy' | null {
  if (occupant.id === mover.id || sharesSpace(mover, occupant)) return 'pass'
  const fills = readStats(occupant).fillsSquares
  if (isHelpless(occupant)) {
    if (fills && !occupant.out) return null
    const heavy = readSettings(state).largeHelplessCostsDouble && sizeIndex(occupant) >= LARGE
    return heavy ? 'heavy' : 'pass'
  }
  if (fills || mode === 'charge') return null
  const gap = Math.abs(sizeIndex(mover) - sizeIndex(occupant))
  if (gap >= 3 || sizeIndex(mover) <= TINY) return 'pass'
  return occupant.side === mover.side ? 'pass' : null
}

/**
 * §2: the cost in squares of one step of the footprint from `from` to the neighbouring `to` (top-left
 * squares), and the diagonal parity after it; null when the step is illegal. 1-2-1 diagonals by `parity`.
 * Doublings [TEXT L351–353]: difficult terrain ×2 (a diagonal 3), a helpless Large body ×2 (G-7), a climb
 * square without a climb speed ×4 (¼ speed), and so a water square without a swim speed (§3.1 Move: "climb or
 * swim at ¼ speed"); impassable ground is never entered. Walls and closed doors on edges stop the step,
 * and a diagonal past a corner any of them meets (the strict corner rule, [TEXT L305]); doubled k times a square costs 2^k and a diagonal 3·2^(k−1).
 * A hampering obstacle or low wall adds 2 to enter its square [TEXT L335]. A doubled diagonal advances the
 * parity only with `difficultDiagonalCountsForParity` (A3). Flyers ignore terrain costs and cross pits.
 * Run, charge and 5-ft step refuse hindered squares; a 5-ft step also refuses darkness [TEXT L237].
 * Squeezing [TEXT L341–347] (squeeze.ts): a step into a squeeze position is one more doubling (2, a diagonal
 * 3; 4 in difficult terrain); the walls the block overlaps are skipped, the rest of its squares count as
 * usual. A move or withdraw may squeeze; a run, charge or 5-ft step may not (hampered movement, like
 * difficult terrain). The corner rule reads only the squares the figure really fills.
 */
export function stepCost(
  state: EncounterState,
  mover: Combatant,
  from: Cell,
  to: Cell,
  parity: 0 | 1,
  opts: StepOptions = {}
): { cost: number; parity: 0 | 1 } | null {
  const dx = to.x - from.x
  const dy = to.y - from.y
  if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return null
  const packed = packedStepCost(state, mover, from, dx, dy, parity, opts.mode ?? 'move')
  return packed === REFUSED ? null : { cost: packed >> 1, parity: (packed & 1) as 0 | 1 }
}

const pack = (cost: number, parity: 0 | 1): number => 2 * cost + parity

/**
 * `stepCost` of the step by (dx, dy), one square in any of the 8 directions, packed as 2·cost + parity
 * (REFUSED when illegal): the movement search tries ~8 steps per square it reaches, and an object per try
 * was a good part of its garbage.
 */
export function packedStepCost(
  state: EncounterState,
  mover: Combatant,
  from: Cell,
  dx: number,
  dy: number,
  parity: 0 | 1,
  mode: MoveMode
): number {
  const side = sideOf(mover)
  // The ground's part is tabulated per map and kind of mover (step-ground.ts); the creatures' is not.
  const ground = groundStep(state, readStats(mover), side, from, dx, dy, mode)
  if (ground === REFUSED) return REFUSED
  let doublings = groundDoublings(ground)
  const extra = groundExtra(ground)
  const squeeze = groundSqueezes(ground)
  let heavy = false
  const toX = from.x + dx
  const toY = from.y + dy
  for (let y = toY; y < toY + side; y++)
    for (let x = toX; x < toX + side; x++) {
      if (!anyoneAt(state, x, y)) continue
      const cell = { x, y }
      if (squeeze && isSolid(state, cell)) continue
      for (const o of occupantsAt(state, cell, { includeOut: true })) {
        const how = passage(state, mover, o, mode)
        if (how === null) return REFUSED
        heavy ||= how === 'heavy'
      }
    }
  if (heavy) doublings += 1
  if (dx === 0 || dy === 0) return pack(2 ** doublings + extra, parity)
  const flipped: 0 | 1 = parity === 1 ? 0 : 1
  if (doublings === 0) return pack((parity === 1 ? 2 : 1) + extra, flipped)
  const counts = readSettings(state).difficultDiagonalCountsForParity
  return pack(3 * 2 ** (doublings - 1) + extra, counts ? flipped : parity)
}

/**
 * §2 [TEXT L315, L321, L345]: may the figure stop with its footprint's top-left square here? Not on walls or
 * pits (flyers hover), nor in another creature's square unless it is helpless; Tiny and smaller figures may
 * share. A squeeze position is a place to stop (its overlapped walls aside, squeeze.ts); a squeezing figure
 * may pass a creature but not end in its square [TEXT L345], which the occupant check already says.
 */
export function canEndIn(state: EncounterState, mover: Combatant, cell: Cell): boolean {
  const s = readStats(mover)
  const tiny = sizeIndex(mover) <= TINY
  const fit = footprintFit(state, cell, sideOf(mover))
  if (!fit) return false
  for (const c of cellsAt(cell, sideOf(mover))) {
    if (fit === 'squeeze' && isSolid(state, c)) continue
    const flags = squareFlags(state, c)
    if (flags & SQUARE.impassable || (!s.flying && flags & SQUARE.pit)) return false
    if (!anyoneAt(state, c.x, c.y)) continue
    for (const o of occupantsAt(state, c, { includeOut: true })) {
      if (o.id === mover.id || sharesSpace(mover, o)) continue
      const fills = readStats(o).fillsSquares && !o.out
      if (fills || !(isHelpless(o) || tiny)) return false
    }
  }
  return true
}

/**
 * The cost of a whole path (start excluded) from the mover's square and `parity`; null if any step or the end
 * is illegal.
 */
export function pathCost(
  state: EncounterState,
  mover: Combatant,
  path: readonly Cell[],
  parity: 0 | 1,
  opts: StepOptions = {}
): { cost: number; parity: 0 | 1 } | null {
  // One declared action's path is costed again and again (its charge when validated, paid, shown on the
  // map; the AI's trial of the command, then the command itself, on copies of one state). It reads the map,
  // the settings, the roster and the mover, never mutated, so the answer is kept per those objects and the
  // path's squares (by value: validation rebuilds the path array it checks).
  let squares = ''
  for (const c of path) squares += `${c.x},${c.y};`
  const result = pathCosts.get(
    [state.board, state.settings, state.combatants, mover],
    `${parity}|${opts.mode ?? ''}|${squares}`,
    () => computePathCost(state, mover, path, parity, opts)
  )
  return result && { ...result }
}

const pathCosts = new ObjectMemo<{ cost: number; parity: 0 | 1 } | null>()

function computePathCost(
  state: EncounterState,
  mover: Combatant,
  path: readonly Cell[],
  parity: 0 | 1,
  opts: StepOptions
): { cost: number; parity: 0 | 1 } | null {
  if (opts.mode === 'step' && path.length !== 1) return null
  let p = moveStartParity(state, parity)
  let from: Cell = mover.pos
  let cost = 0
  for (const to of path) {
    const step = stepCost(state, mover, from, to, p, opts)
    if (!step) return null
    cost += step.cost
    p = step.parity
    from = to
  }
  if (path.length > 0 && !canEndIn(state, mover, from)) return null
  return { cost, parity: p }
}

/**
 * §2 [TEXT L201, L355]: a full-round action always moves the figure one square in any direction whatever its
 * penalties — but not through impassable terrain, past a wall corner, into a square it may not enter or stop
 * in, nor when it cannot move at all (helpless, pinned, grappled).
 */
export function minimumMoveAllowed(state: EncounterState, mover: Combatant, to: Cell): boolean {
  const s = readStats(mover)
  if (isHelpless(mover) || hasCondition(s, 'pinned') || hasCondition(s, 'grappled') || s.grapple) return false
  const dx = to.x - mover.pos.x
  const dy = to.y - mover.pos.y
  if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1) return false
  const side = sideOf(mover)
  // §2 squeezing: a squeeze position is passable terrain; its overlapped walls are not the figure's squares.
  const fit = footprintFit(state, to, side)
  if (!fit) return false
  const open = cellsAt(to, side).filter((c) => fit === 'free' || !isSolid(state, c))
  if (open.some((c) => !s.flying && hasTerrain(state, c, 'pit'))) return false
  if (dx !== 0 && dy !== 0 && cornerCut(state, mover.pos, side, dx, dy)) return false
  if (hasEdges(state.board) && footprintCrossesWall(state.board, mover.pos, side, to, 'strict')) return false
  for (const cell of open)
    for (const o of occupantsAt(state, cell, { includeOut: true }))
      if (passage(state, mover, o, 'move') === null) return false
  return canEndIn(state, mover, to)
}
