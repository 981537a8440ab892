import { DIRECTIONS } from '../rules/core/geometry'
import {
  DEFAULT_BASE_MM,
  edgeDistance,
  isInchesBoard,
  MM_PER_INCH,
  type InchesBoardOf
} from '../rules/core/inches'
import { StableHeap } from '../rules/core/stable-heap'
import type { Combatant, EncounterState, Vec3 } from '../rules/core/types'

/**
 * Steps from every square to `goal` around blocks (8-neighbour BFS; figures do not block, since they
 * move): how far an enemy really is when a wall stands between.
 */
export function stepsTo(state: EncounterState, goal: Vec3): Int32Array {
  const { width, height, blocks } = state.board
  const blocked = new Uint8Array(width * height)
  for (const b of blocks) blocked[b.y * width + b.x] = 1
  const dist = new Int32Array(width * height).fill(-1)
  const queue = [goal.y * width + goal.x]
  dist[queue[0]!] = 0
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head]!
    const x = cell % width
    const y = (cell - x) / width
    for (const { x: dx, y: dy } of DIRECTIONS) {
      const nx = x + dx
      const ny = y + dy
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
      const n = ny * width + nx
      if (dist[n] !== -1 || blocked[n]) continue
      dist[n] = dist[cell]! + 1
      queue.push(n)
    }
  }
  return dist
}

/** Steps between two squares from a precomputed map; Infinity when walled off. */
export function stepsAt(map: Int32Array, width: number, at: Vec3): number {
  const d = map[at.y * width + at.x] ?? -1
  return d < 0 ? Infinity : d
}

/** How far a figure standing at a position is from one enemy, in the board's own unit. */
export type DistanceTo = (at: Vec3) => number

// What a 1" cell of an inches board costs to cross: the plan step times this, plus the height change.
const SWIM_COST = 2

/**
 * The cost of getting from every 1" cell of an inches board to the goal's cell (Dijkstra, 8 neighbours):
 * a step costs its length, twice that in water not under a bridge, plus the inches climbed or descended
 * between the tops of the buildings and walls under the cells' centres. A cheap stand-in for `findPath`
 * costs over the whole table, so the AI goes round a building or over a bridge instead of into a wall.
 */
function inchesCostField(board: InchesBoardOf, goal: Vec3): DistanceTo {
  const u = board.inches.unitsPerInch
  const { width, height } = board
  const cell = (p: Vec3) =>
    Math.min(height - 1, Math.max(0, Math.floor(p.y / u))) * width +
    Math.min(width - 1, Math.max(0, Math.floor(p.x / u)))
  // Figures move, the terrain does not: one field per goal cell and board, kept while the board is.
  let fields = fieldCache.get(board.inches.pieces)
  if (!fields || fields.size >= FIELD_CACHE_SIZE) fieldCache.set(board.inches.pieces, (fields = new Map()))
  const key = `${width}x${height}@${u}:${cell(goal)}`
  let dist = fields.get(key)
  if (!dist) fields.set(key, (dist = costsTo(board, cell(goal))))
  const field = dist
  return (p) => field[cell(p)] as number
}

const fieldCache = new WeakMap<object, Map<string, Float64Array>>()
const FIELD_CACHE_SIZE = 512
const gridCache = new WeakMap<object, Map<string, Int32Array>>()

function costsTo(board: InchesBoardOf, start: number): Float64Array {
  const u = board.inches.unitsPerInch
  const { width, height } = board
  const n = width * height
  const top = new Float64Array(n)
  const wet = new Uint8Array(n)
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++) {
      const x = (i + 0.5) * u
      const y = (j + 0.5) * u
      let h = 0
      let water = false
      let bridge = false
      for (const p of board.inches.pieces) {
        if (x < p.x || x > p.x + p.w || y < p.y || y > p.y + p.h) continue
        if (p.kind === 'water') water = true
        else if (p.kind === 'bridge') bridge = true
        else h = Math.max(h, p.top / u)
      }
      top[j * width + i] = h
      wet[j * width + i] = water && !bridge && h === 0 ? 1 : 0
    }
  const dist = new Float64Array(n).fill(Infinity)
  dist[start] = 0
  const heap = new StableHeap<[number, number]>((a, b) => a[0] < b[0])
  heap.push([0, start])
  for (let next = heap.pop(); next; next = heap.pop()) {
    const [d, c] = next
    if (d > (dist[c] as number)) continue
    const x = c % width
    const y = (c - x) / width
    for (const { x: dx, y: dy } of DIRECTIONS) {
      const nx = x + dx
      const ny = y + dy
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
      const m = ny * width + nx
      const plan = dx !== 0 && dy !== 0 ? Math.SQRT2 : 1
      const factor = (wet[c] as number) + (wet[m] as number) > 0 ? SWIM_COST : 1
      const step = plan * factor + Math.abs((top[m] as number) - (top[c] as number))
      if (d + step < (dist[m] as number)) {
        dist[m] = d + step
        heap.push([d + step, m])
      }
    }
  }
  return dist
}

/**
 * How far a figure would be from `enemy` standing at a given position: steps around walls on a square
 * grid; on an inches board, inches by the coarse cost field (never less than the straight edge-to-edge
 * distance), so the same AI plays either geometry without knowing the system.
 */
export function distanceTo(state: EncounterState, mover: Combatant, enemy: Combatant): DistanceTo {
  const board = state.board
  if (!isInchesBoard(board)) {
    // Walls do not move within an encounter: one map per goal square and wall list, kept while it is.
    let maps = gridCache.get(board.blocks)
    if (!maps || maps.size >= FIELD_CACHE_SIZE) gridCache.set(board.blocks, (maps = new Map()))
    const key = `${board.width}x${board.height}:${enemy.pos.x},${enemy.pos.y}`
    let map = maps.get(key)
    if (!map) maps.set(key, (map = stepsTo(state, enemy.pos)))
    const steps = map
    return (at) => stepsAt(steps, board.width, at)
  }
  const field = inchesCostField(board, enemy.pos)
  // The field runs between cell centres; bases reach toward each other by their radii (and a cell).
  const slack = ((mover.baseMm ?? DEFAULT_BASE_MM) + (enemy.baseMm ?? DEFAULT_BASE_MM)) / 2 / MM_PER_INCH + 1
  return (at) => Math.max(edgeDistance(board, { pos: at, baseMm: mover.baseMm }, enemy), field(at) - slack)
}
