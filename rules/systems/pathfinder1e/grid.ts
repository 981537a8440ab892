import { footprintCells, footprintSide } from '../../core/footprint'
import { hasEdges, stepCrossesWall } from '../../core/edges'
import { gridDistance } from '../../core/templates'
import type { Board, Combatant, EncounterState, GroundKind } from '../../core/types'
import { foldLights } from './lights'
import { readSettings, type PfSettings } from './settings'
import { readStats, sizes } from './stats'

// pathfinder1e.md §2: the square grid the Pathfinder rules read. Squares are 5 ft; `Combatant.pos` is the
// top-left square of a figure's footprint and `Combatant.size` its side in squares (a tiny figure, size 0.5,
// stands on one square it may share). Walls are `board.blocks` (whole squares) and `board.walls`/`doors` (on
// edges, core/edges.ts); terrain is `settings.terrain` plus the map's painted `board.ground`.

/** A board square (or, for templates, the grid intersection at its top-left corner). */
export type Cell = { x: number; y: number }

/** One terrain entry of the map (§2, §4.5, §4.6). */
export type Terrain = PfSettings['terrain'][number]

/** A terrain kind: difficult, hampering, pit, lowWall, arrowSlit, fog, dark or climb. */
export type TerrainKind = Terrain['kind']

/** The map key of a square, `x,y` (the key of `reachableSquares`). */
export function cellKey(cell: Cell): string {
  return `${cell.x},${cell.y}`
}

/** §2 [TEXT L303]: squares of an unobstructed offset with 1-2-1 diagonals, max + floor(min / 2). */
export function pfDistanceSquares(dx: number, dy: number): number {
  return gridDistance(dx, dy)
}

/** The squares of a footprint of `side` squares whose top-left square is `pos`. */
export function cellsAt(pos: Cell, side: number): Cell[] {
  return footprintCells(pos, side)
}

/** The squares a figure covers (a tiny figure covers the one square it shares). */
export function cellsOf(c: Combatant): Cell[] {
  return footprintCells(c.pos, c.size)
}

/** The side of a figure's footprint in whole squares (1 for tiny figures). */
export function sideOf(c: Combatant): number {
  return footprintSide(c.size)
}

function axisGap(a0: number, aSide: number, b0: number, bSide: number): number {
  return Math.max(0, b0 - (a0 + aSide - 1), a0 - (b0 + bSide - 1))
}

/** The offset between the nearest squares of two footprints (0, 0 when they share a square). */
export function footprintGap(aPos: Cell, aSide: number, bPos: Cell, bSide: number): Cell {
  return { x: axisGap(aPos.x, aSide, bPos.x, bSide), y: axisGap(aPos.y, aSide, bPos.y, bSide) }
}

/** §2: feet between the nearest squares of two figures (adjacent = 5, sharing a square = 0). */
export function distanceFt(a: Combatant, b: Combatant): number {
  const gap = footprintGap(a.pos, sideOf(a), b.pos, sideOf(b))
  return 5 * pfDistanceSquares(gap.x, gap.y)
}

/** §2: feet from the nearest square of a figure to a square (0 inside its footprint). */
export function distanceToCellFt(c: Combatant, cell: Cell): number {
  const gap = footprintGap(c.pos, sideOf(c), cell, 1)
  return 5 * pfDistanceSquares(gap.x, gap.y)
}

const terrainCache = new WeakMap<PfSettings['terrain'], Map<string, Terrain[]>>()

/**
 * Bits of `squareFlags`: a wall, each terrain kind, off the board, and the painted ground of the map
 * (`board.ground`): `difficult` is the same bit as the settings' difficult terrain, `water` (§3.1 move: swim at
 * ¼ speed) and `impassable` (entered by nobody, open to sight) have their own.
 */
export const SQUARE = {
  wall: 1,
  difficult: 2,
  hampering: 4,
  pit: 8,
  lowWall: 16,
  arrowSlit: 32,
  fog: 64,
  dark: 128,
  climb: 256,
  offBoard: 512,
  water: 1024,
  impassable: 2048
} as const satisfies Record<TerrainKind | GroundKind | 'wall' | 'offBoard', number>

const flagCache = new WeakMap<
  Board['blocks'],
  WeakMap<
    PfSettings['terrain'],
    { width: number; ground: Board['ground']; lights: Board['lights']; flags: Uint16Array }
  >
>()

/**
 * What a square holds, as `SQUARE` bits, from one array per wall list and terrain list (movement searches ask
 * this for every neighbour of every square they reach), rebuilt when the map's ground or lights change: the
 * `dark` bit is the settings' dark terrain and the map's dark areas, less its light areas (lights.ts).
 */
export function squareFlags(state: EncounterState, cell: Cell): number {
  const { board } = state
  const { width, height } = board
  if (cell.x < 0 || cell.y < 0 || cell.x >= width || cell.y >= height) return SQUARE.offBoard
  // One map and one settings object serve a whole game: the last grid answers without the lookups below
  // (checked as the cache below checks its grids, so a map edited in place is seen as well).
  if (
    board === last.board &&
    state.settings === last.settings &&
    board.blocks === last.blocks &&
    board.ground === last.ground &&
    board.lights === last.lights &&
    last.width === width &&
    last.flags.length === width * height
  )
    return last.flags[cell.y * width + cell.x] ?? 0
  const terrain = readSettings(state).terrain
  let byTerrain = flagCache.get(board.blocks)
  if (!byTerrain) {
    byTerrain = new WeakMap()
    flagCache.set(board.blocks, byTerrain)
  }
  let grid = byTerrain.get(terrain)
  if (
    !grid ||
    grid.width !== width ||
    grid.flags.length !== width * height ||
    grid.ground !== board.ground ||
    grid.lights !== board.lights
  ) {
    const flags = new Uint16Array(width * height)
    const put = (x: number, y: number, bit: number) => {
      const i = y * width + x
      if (x >= 0 && y >= 0 && x < width && y < height) flags[i] = (flags[i] ?? 0) | bit
    }
    for (const b of board.blocks) put(b.x, b.y, SQUARE.wall)
    for (const t of terrain) put(t.x, t.y, SQUARE[t.kind])
    for (const g of board.ground ?? []) put(g.x, g.y, SQUARE[g.kind])
    // The map's light and darkness areas (lights.ts): dark areas set the dark bit, light areas clear it.
    if (board.lights?.length) foldLights(flags, width, height, board.lights, SQUARE.dark)
    grid = { width, ground: board.ground, lights: board.lights, flags }
    byTerrain.set(terrain, grid)
  }
  last = {
    board,
    settings: state.settings,
    blocks: board.blocks,
    ground: board.ground,
    lights: board.lights,
    width,
    flags: grid.flags
  }
  return grid.flags[cell.y * width + cell.x] ?? 0
}

// The grid `squareFlags` built last, and the map parts and settings it was built for.
let last: {
  board: Board | null
  settings: EncounterState['settings'] | null
  blocks: Board['blocks'] | null
  ground: Board['ground'] | null
  lights: Board['lights'] | null
  width: number
  flags: Uint16Array
} = {
  board: null,
  settings: null,
  blocks: null,
  ground: null,
  lights: null,
  width: 0,
  flags: new Uint16Array(0)
}

/** True when the square is on the board. */
export function onBoard(state: EncounterState, cell: Cell): boolean {
  return cell.x >= 0 && cell.y >= 0 && cell.x < state.board.width && cell.y < state.board.height
}

/** True when the square is a wall (`board.blocks`): it blocks movement, sight and diagonal corners. */
export function isWall(state: EncounterState, cell: Cell): boolean {
  return (squareFlags(state, cell) & SQUARE.wall) !== 0
}

/** The terrain entries of a square (several kinds may share one square, e.g. difficult and fog). */
export function terrainAt(state: EncounterState, cell: Cell): readonly Terrain[] {
  const terrain = readSettings(state).terrain
  let index = terrainCache.get(terrain)
  if (!index) {
    index = new Map()
    for (const t of terrain) {
      const key = cellKey(t)
      index.set(key, [...(index.get(key) ?? []), t])
    }
    terrainCache.set(terrain, index)
  }
  return index.get(cellKey(cell)) ?? []
}

/** True when the square has terrain of this kind (settings terrain or painted ground). */
export function hasTerrain(state: EncounterState, cell: Cell, kind: TerrainKind | GroundKind): boolean {
  return (squareFlags(state, cell) & SQUARE[kind]) !== 0
}

/**
 * True when nothing may enter the square: off the board, a wall, an arrow slit (G-3: we read an
 * `arrowSlit` square as a piece of wall pierced by a slit — solid to movement, open to sight) or ground
 * painted impassable (open to sight, and no corner: §2 lets a diagonal pass impassable obstacles).
 */
export function blocksMovement(state: EncounterState, cell: Cell): boolean {
  return (
    (squareFlags(state, cell) & (SQUARE.offBoard | SQUARE.wall | SQUARE.arrowSlit | SQUARE.impassable)) !== 0
  )
}

const occupancyCache = new WeakMap<readonly Combatant[], Map<string, Combatant[]>>()

// Every figure (bodies included) by square, built once per roster: the engine replaces `state.combatants`
// on every change, never mutating it, so the array is a safe cache key.
function occupancy(state: EncounterState): Map<string, Combatant[]> {
  let index = occupancyCache.get(state.combatants)
  if (!index) {
    index = new Map()
    for (const c of state.combatants)
      for (const cell of cellsOf(c)) {
        const key = cellKey(cell)
        index.set(key, [...(index.get(key) ?? []), c])
      }
    occupancyCache.set(state.combatants, index)
  }
  return index
}

const presenceCache = new WeakMap<readonly Combatant[], { width: number; height: number; grid: Uint8Array }>()

/**
 * True when some figure (bodies included) stands on the square: a movement search asks it for every square
 * it steps into, most of them empty, so it reads one array per roster and map size instead of `occupantsAt`.
 */
export function anyoneAt(state: EncounterState, x: number, y: number): boolean {
  const { width, height } = state.board
  if (x < 0 || y < 0 || x >= width || y >= height)
    return occupantsAt(state, { x, y }, { includeOut: true }).length > 0
  let presence = presenceCache.get(state.combatants)
  if (!presence || presence.width !== width || presence.height !== height) {
    const grid = new Uint8Array(width * height)
    for (const c of state.combatants)
      for (const at of cellsOf(c))
        if (at.x >= 0 && at.y >= 0 && at.x < width && at.y < height) grid[at.y * width + at.x] = 1
    presence = { width, height, grid }
    presenceCache.set(state.combatants, presence)
  }
  return presence.grid[y * width + x] === 1
}

/** The figures standing on a square, in roster order; `out` figures (bodies on the floor) only when asked. */
export function occupantsAt(
  state: EncounterState,
  cell: Cell,
  opts: { includeOut?: boolean } = {}
): Combatant[] {
  const here = occupancy(state).get(cellKey(cell)) ?? []
  return here.filter((c) => opts.includeOut || !c.out)
}

/**
 * §2 [TEXT L305–307]: a one-square step from `from` to `to` that runs into a wall: it crosses a wall or closed
 * door on the edge between (walls on edges, `board.walls`/`board.doors`), or it is diagonal and passes a wall
 * corner — either square beside the diagonal is solid, or any closed edge meets the corner it passes (the
 * strict corner rule: "you cannot move diagonally past a corner"). Pits, low walls, impassable ground and
 * creatures are not corners: diagonals may pass them.
 */
export function cornerBlocked(state: EncounterState, from: Cell, to: Cell): boolean {
  if (hasEdges(state.board) && stepCrossesWall(state.board, from, to, 'strict')) return true
  const dx = to.x - from.x
  const dy = to.y - from.y
  if (Math.abs(dx) !== 1 || Math.abs(dy) !== 1) return false
  const solid = (cell: Cell) => (squareFlags(state, cell) & (SQUARE.wall | SQUARE.arrowSlit)) !== 0
  return solid({ x: from.x + dx, y: from.y }) || solid({ x: from.x, y: from.y + dy })
}

/** The figure's size category as an index into `sizes` (F = 0 … C = 8). */
export function sizeIndex(c: Combatant): number {
  return sizes.indexOf(readStats(c).size)
}

/** True for the mount a figure rides or the rider a mount carries: they share one space. */
export function sharesSpace(a: Combatant, b: Combatant): boolean {
  const sa = readStats(a)
  return sa.mountId === b.id || sa.riderId === b.id
}
