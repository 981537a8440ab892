import type { Cell } from '../../battlemap/view'
import type {
  Board,
  BoardBackground,
  Door,
  Edge,
  EncounterState,
  GroundKind,
  LightArea
} from '../../../rules/core/types'

// Pure edits of an encounter's board for the map editor: each takes a state and returns a new one
// (the same object when nothing changed, so the undo stack skips no-ops). States stay immutable: the
// rules cache indexes per board object (edges.ts, board.ts), so an edit must make a new board.

/** The largest board side the schema allows. */
export const MAX_SIDE = 200

/** What a brush paints: a solid block square or a ground kind. */
export type PaintKind = 'block' | GroundKind

/** The key of a square in sets. */
const key = (c: Cell): string => `${c.x},${c.y}`

/** The key of an edge in sets (as `edgeKey` in rules/core/edges). */
export const edgeId = (e: Edge): string => `${e.x},${e.y},${e.side}`

/** True when the square lies on a width × height board. */
export function onBoard(board: Pick<Board, 'width' | 'height'>, c: Cell): boolean {
  return c.x >= 0 && c.y >= 0 && c.x < board.width && c.y < board.height
}

/** True when the edge borders a square of the board (the east and south rims included). */
export function edgeOnBoard(board: Pick<Board, 'width' | 'height'>, e: Edge): boolean {
  if (e.x < 0 || e.y < 0) return false
  return e.side === 'n' ? e.x < board.width && e.y <= board.height : e.x <= board.width && e.y < board.height
}

function withBoard(state: EncounterState, board: Board): EncounterState {
  return { ...state, board }
}

/** A board without an optional field when its list is empty (saves stay as small as before). */
function setList<K extends 'walls' | 'doors' | 'ground' | 'lights' | 'startZones'>(
  board: Board,
  field: K,
  list: NonNullable<Board[K]>
): Board {
  const next = { ...board }
  if (list.length) next[field] = list
  else delete next[field]
  return next
}

/**
 * The board resized to width × height (1..200 each), keeping what still fits: blocks, ground, heights,
 * lights (by centre), start-zone squares, walls and doors on edges of the new board; figures whose whole
 * footprint still fits stay, the others are dropped. `blank` clears the terrain too (figures that fit stay).
 */
export function resizeBoard(
  state: EncounterState,
  width: number,
  height: number,
  blank = false
): EncounterState {
  if (!Number.isInteger(width) || !Number.isInteger(height))
    throw new RangeError('board sides are whole squares')
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
    throw new RangeError(`board sides are 1..${MAX_SIDE}`)
  const old = state.board
  const size = { width, height }
  let board: Board = { width, height, blocks: blank ? [] : old.blocks.filter((b) => onBoard(size, b)) }
  if (old.elevation && !blank) {
    const elevation: number[] = []
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        elevation.push(onBoard(old, { x, y }) ? (old.elevation[y * old.width + x] ?? 0) : 0)
    board.elevation = elevation
  }
  if (!blank) {
    board = setList(
      board,
      'walls',
      (old.walls ?? []).filter((e) => edgeOnBoard(size, e))
    )
    board = setList(
      board,
      'doors',
      (old.doors ?? []).filter((e) => edgeOnBoard(size, e))
    )
    board = setList(
      board,
      'ground',
      (old.ground ?? []).filter((g) => onBoard(size, g))
    )
    board = setList(
      board,
      'lights',
      (old.lights ?? []).filter((l) => onBoard(size, l))
    )
    const zones = (old.startZones ?? []).map((z) => ({
      ...z,
      cells: z.cells.filter((c) => onBoard(size, c))
    }))
    board = setList(
      board,
      'startZones',
      zones.filter((z) => z.cells.length)
    )
    if (old.background) board.background = old.background
  }
  const n = (s: number | undefined) => Math.max(1, Math.ceil(s ?? 1))
  const combatants = state.combatants
    .filter((c) => c.pos.x + n(c.size) <= width && c.pos.y + n(c.size) <= height)
    .map((c) => ({ ...c, pos: { ...c.pos, z: heightAt(board, c.pos) } }))
  return { ...state, board, combatants }
}

/** The ground height of a square (0 where the board has no heights). */
export function heightAt(board: Board, c: Cell): number {
  return board.elevation?.[c.y * board.width + c.x] ?? 0
}

/**
 * Paints squares with a block or a ground kind, or clears them (`null`: no block, normal ground). A
 * square holds one of the two: painting ground removes a block and vice versa. Squares off the board and,
 * for solid paint (block, impassable), squares under a figure are skipped (`occupied`).
 */
export function paintCells(
  state: EncounterState,
  cells: readonly Cell[],
  kind: PaintKind | null,
  occupied: ReadonlySet<string> = new Set()
): EncounterState {
  const board = state.board
  const solid = kind === 'block' || kind === 'impassable'
  const painted = paintIndex(board)
  const at = (c: Cell) => c.y * board.width + c.x
  // Only squares whose paint changes: a stroke over painted squares costs no copy of a 40,000-square list.
  const targets = cells.filter(
    (c) => onBoard(board, c) && !(solid && occupied.has(key(c))) && (painted.get(at(c)) ?? null) !== kind
  )
  if (!targets.length) return state
  const hit = new Set(targets.map(at))
  const blocks = board.blocks.filter((b) => !hit.has(at(b)))
  const ground = (board.ground ?? []).filter((g) => !hit.has(at(g)))
  // The next board's index from this one's: copying a map is cheaper than reading 40,000 squares again.
  const index = new Map(painted)
  for (const c of targets) {
    if (kind === 'block') blocks.push({ x: c.x, y: c.y })
    else if (kind) ground.push({ x: c.x, y: c.y, kind })
    if (kind) index.set(at(c), kind)
    else index.delete(at(c))
  }
  const next = setList({ ...board, blocks }, 'ground', ground)
  paintCache.set(next.blocks, { ground: next.ground ?? null, index })
  return withBoard(state, next)
}

const paintCache = new WeakMap<object, { ground: Board['ground'] | null; index: Map<number, PaintKind> }>()

/** Each painted square's block or ground kind by `y * width + x`, cached per pair of lists. */
function paintIndex(board: Board): Map<number, PaintKind> {
  const cached = paintCache.get(board.blocks)
  if (cached && cached.ground === (board.ground ?? null)) return cached.index
  const index = new Map<number, PaintKind>()
  for (const g of board.ground ?? []) index.set(g.y * board.width + g.x, g.kind)
  for (const b of board.blocks) index.set(b.y * board.width + b.x, 'block')
  paintCache.set(board.blocks, { ground: board.ground ?? null, index })
  return index
}

/** Raises (+) or lowers (−) the ground of squares by `delta` levels, within −100..100; figures stay on it. */
export function changeHeight(state: EncounterState, cells: readonly Cell[], delta: number): EncounterState {
  const board = state.board
  const targets = cells.filter((c) => onBoard(board, c))
  if (!targets.length || delta === 0) return state
  const elevation = board.elevation
    ? [...board.elevation]
    : new Array<number>(board.width * board.height).fill(0)
  let changed = false
  for (const c of targets) {
    const i = c.y * board.width + c.x
    const next = Math.max(-100, Math.min(100, (elevation[i] ?? 0) + delta))
    if (next !== elevation[i]) changed = true
    elevation[i] = next
  }
  if (!changed) return state
  const next: Board = { ...board, elevation }
  const combatants = state.combatants.map((c) => {
    const z = heightAt(next, c.pos)
    return z === c.pos.z ? c : { ...c, pos: { ...c.pos, z } }
  })
  return { ...state, board: next, combatants }
}

/** Puts a wall on the edge (`on`) or takes it away; a wall replaces a door on the same edge. */
export function setWall(state: EncounterState, edge: Edge, on: boolean): EncounterState {
  const board = state.board
  if (!edgeOnBoard(board, edge)) return state
  const id = edgeId(edge)
  const walls = board.walls ?? []
  const has = walls.some((w) => edgeId(w) === id)
  if (has === on) return state
  const plain: Edge = { x: edge.x, y: edge.y, side: edge.side }
  let next = setList(board, 'walls', on ? [...walls, plain] : walls.filter((w) => edgeId(w) !== id))
  if (on)
    next = setList(
      next,
      'doors',
      (board.doors ?? []).filter((d) => edgeId(d) !== id)
    )
  return withBoard(state, next)
}

/** The door on an edge, if any. */
export function doorAt(board: Board, edge: Edge): Door | undefined {
  const id = edgeId(edge)
  return board.doors?.find((d) => edgeId(d) === id)
}

/** True when the edge has a wall. */
export function wallAt(board: Board, edge: Edge): boolean {
  const id = edgeId(edge)
  return (board.walls ?? []).some((w) => edgeId(w) === id)
}

/** Sets the door on an edge: `open`/`closed` puts one there (replacing a wall), `null` removes it. */
export function setDoor(state: EncounterState, edge: Edge, door: 'open' | 'closed' | null): EncounterState {
  const board = state.board
  if (!edgeOnBoard(board, edge)) return state
  const id = edgeId(edge)
  const current = doorAt(board, edge)
  if (door === null ? !current : current?.open === (door === 'open')) return state
  const doors = (board.doors ?? []).filter((d) => edgeId(d) !== id)
  if (door) doors.push({ x: edge.x, y: edge.y, side: edge.side, open: door === 'open' })
  let next = setList(board, 'doors', doors)
  if (door)
    next = setList(
      next,
      'walls',
      (board.walls ?? []).filter((w) => edgeId(w) !== id)
    )
  return withBoard(state, next)
}

/** What the door tool does next on an edge: none → closed → open → none. */
export function nextDoor(board: Board, edge: Edge): 'open' | 'closed' | null {
  const current = doorAt(board, edge)
  return !current ? 'closed' : current.open ? null : 'open'
}

/** A light id not used on the board (`light-1`, `light-2`...). */
function freshLightId(board: Board): string {
  const used = new Set((board.lights ?? []).map((l) => l.id))
  let n = 1
  while (used.has(`light-${n}`)) n++
  return `light-${n}`
}

/** Adds a light or darkness area centred on a square; returns the state and the new area's id. */
export function addLight(
  state: EncounterState,
  at: Cell,
  radius: number,
  kind: LightArea['kind']
): { state: EncounterState; id: string | null } {
  const board = state.board
  if (!onBoard(board, at)) return { state, id: null }
  const id = freshLightId(board)
  const light: LightArea = { id, x: at.x, y: at.y, radius: clampRadius(radius), kind }
  return { state: withBoard(state, setList(board, 'lights', [...(board.lights ?? []), light])), id }
}

function clampRadius(r: number): number {
  return Math.max(0, Math.min(MAX_SIDE, Math.round(r)))
}

/** Changes one light area (centre, radius); unknown ids and off-board centres change nothing. */
export function updateLight(
  state: EncounterState,
  id: string,
  change: Partial<Pick<LightArea, 'x' | 'y' | 'radius'>>
): EncounterState {
  const board = state.board
  const light = board.lights?.find((l) => l.id === id)
  if (!light) return state
  const next = {
    ...light,
    ...change,
    ...(change.radius !== undefined ? { radius: clampRadius(change.radius) } : {})
  }
  if (!onBoard(board, next) || (next.x === light.x && next.y === light.y && next.radius === light.radius))
    return state
  return withBoard(state, { ...board, lights: (board.lights ?? []).map((l) => (l.id === id ? next : l)) })
}

/** Removes a light area. */
export function removeLight(state: EncounterState, id: string): EncounterState {
  const lights = state.board.lights ?? []
  if (!lights.some((l) => l.id === id)) return state
  return withBoard(
    state,
    setList(
      state.board,
      'lights',
      lights.filter((l) => l.id !== id)
    )
  )
}

/** The light area centred on a square (the last drawn wins), if any. */
export function lightAt(board: Board, c: Cell): LightArea | undefined {
  return [...(board.lights ?? [])].reverse().find((l) => l.x === c.x && l.y === c.y)
}

/**
 * Adds squares to a side's start zone (taking them from other sides' zones: a square starts one side
 * only), or removes them from every zone (`sideId` null).
 */
export function paintZone(
  state: EncounterState,
  cells: readonly Cell[],
  sideId: string | null
): EncounterState {
  const board = state.board
  const targets = cells.filter((c) => onBoard(board, c))
  if (!targets.length) return state
  const hit = new Set(targets.map(key))
  const zones = (board.startZones ?? []).map((z) => ({
    ...z,
    cells: z.cells.filter((c) => !hit.has(key(c)))
  }))
  if (sideId !== null) {
    const cellsOf = targets.map((c) => ({ x: c.x, y: c.y }))
    const own = zones.find((z) => z.sideId === sideId)
    if (own) own.cells.push(...cellsOf)
    else zones.push({ sideId, cells: cellsOf })
  }
  const kept = zones.filter((z) => z.cells.length)
  const before = (board.startZones ?? [])
    .map((z) => `${z.sideId}:${z.cells.map(key).sort().join(';')}`)
    .sort()
  const after = kept.map((z) => `${z.sideId}:${z.cells.map(key).sort().join(';')}`).sort()
  if (before.join('|') === after.join('|')) return state
  return withBoard(state, setList(board, 'startZones', kept))
}

/** Sets the background picture (or removes it with null); the opacity is kept within 0..1. */
export function setBackground(state: EncounterState, background: BoardBackground | null): EncounterState {
  const board = { ...state.board }
  if (!background) {
    if (!board.background) return state
    delete board.background
    return withBoard(state, board)
  }
  const opacity = Math.max(0, Math.min(1, background.opacity))
  const now = state.board.background
  if (now && now.image === background.image && now.opacity === opacity) return state
  board.background = { image: background.image, opacity }
  return withBoard(state, board)
}
