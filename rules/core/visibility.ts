import { clearOfEdges, closedEdges } from './edges'
import { chebyshev, lineOfSight, type Vec2 } from './geometry'
import type { Board } from './types'

// Fog of war asks "which squares does this side see?" after every move, on maps up to 200 × 200 with
// thousands of wall edges. The rule is centre-to-centre sight (geometry.ts `lineOfSight` for opaque
// squares, edges.ts `clearOfEdges` for walls and closed doors); shadowcasting would be faster still but
// answers a different geometric question, so this keeps the exact rule and makes each ray cheap: one
// integer walk per target over flat byte grids (no strings, no closures), stopping at the first thing
// that blocks, with the grids cached per board object (states are immutable).

/** How far and through what the eyes see. */
export interface SightOptions {
  /** Squares (Chebyshev) beyond which nothing is seen; absent = unlimited. */
  range?: number
  /** Squares that stop sight besides walls and closed doors (default: `board.blocks`). */
  opaque?: (p: Vec2) => boolean
}

// Edge flags per grid point index `y * (width + 1) + x`: the `w` edge of (x, y), its `n` edge, and
// whether any closed edge meets the grid corner at the top-left of (x, y) (sight never slips through it).
const W_SHUT = 1
const N_SHUT = 2
const CORNER_SHUT = 4

const edgeCache = new WeakMap<Board, Uint8Array>()
const blockCache = new WeakMap<Board, Uint8Array>()

function edgeGrid(board: Board): Uint8Array {
  const hit = edgeCache.get(board)
  if (hit) return hit
  const stride = board.width + 1
  const grid = new Uint8Array(stride * (board.height + 1))
  for (const key of closedEdges(board)) {
    const [xs, ys, side] = key.split(',')
    const x = Number(xs)
    const y = Number(ys)
    // Edges off the grid points cannot lie between two squares of the board: no ray crosses them.
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x > board.width || y > board.height)
      continue
    const i = y * stride + x
    grid[i] = (grid[i] ?? 0) | (side === 'w' ? W_SHUT : N_SHUT)
    // A `w` edge touches the corners at its top and bottom ends; an `n` edge those at its left and right.
    markCorner(grid, i)
    if (side === 'w' && y + 1 <= board.height) markCorner(grid, i + stride)
    if (side === 'n' && x + 1 <= board.width) markCorner(grid, i + 1)
  }
  edgeCache.set(board, grid)
  return grid
}

function markCorner(grid: Uint8Array, i: number): void {
  grid[i] = (grid[i] ?? 0) | CORNER_SHUT
}

function blockGrid(board: Board): Uint8Array {
  const hit = blockCache.get(board)
  if (hit) return hit
  const grid = new Uint8Array(board.width * board.height)
  for (const b of board.blocks)
    if (b.x >= 0 && b.y >= 0 && b.x < board.width && b.y < board.height) grid[b.y * board.width + b.x] = 1
  blockCache.set(board, grid)
  return grid
}

/**
 * The squares seen from any of `eyes`, row-major (`y * width + x`), 1 = seen. A square is seen when the
 * segment between square centres crosses no opaque square (grazing corners does not block) and no
 * closed edge (walls, closed doors; a line through a grid corner where a closed edge ends is stopped).
 * Eyes always see their own square. Same answers as `visibleSquaresReference`, one early-stopping
 * integer walk per target square.
 */
export function visibleSquares(board: Board, eyes: readonly Vec2[], options: SightOptions = {}): Uint8Array {
  const { width, height } = board
  const seen = new Uint8Array(width * height)
  const range = options.range === undefined || Number.isNaN(options.range) ? Infinity : options.range
  const onBoardEyes = eyes.filter(
    (e) =>
      Number.isInteger(e.x) && Number.isInteger(e.y) && e.x >= 0 && e.y >= 0 && e.x < width && e.y < height
  )
  // An eye off the board (or between squares) is not a case the walk's grid indices cover: ask the
  // reference for it rather than guess.
  if (onBoardEyes.length < eyes.length) {
    const others = eyes.filter((e) => !onBoardEyes.includes(e))
    const slow = visibleSquaresReference(board, others, options)
    for (let i = 0; i < seen.length; i++) seen[i] = slow[i] ?? 0
  }
  if (onBoardEyes.length === 0 || range < 0) return seen
  const r = Math.min(Math.floor(range), Math.max(width, height))
  const opaque = options.opaque ? opaqueGrid(board, onBoardEyes, r, options.opaque) : blockGrid(board)
  const edges = edgeGrid(board)
  // Figures of a side often share squares (a rider and its mount): one walk per distinct square.
  const distinct = new Map(onBoardEyes.map((e) => [e.y * width + e.x, e]))
  for (const eye of distinct.values()) {
    const x0 = Math.max(0, eye.x - r)
    const x1 = Math.min(width - 1, eye.x + r)
    const y0 = Math.max(0, eye.y - r)
    const y1 = Math.min(height - 1, eye.y + r)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x
        if (seen[i] === 0 && sees(eye.x, eye.y, x, y, width, opaque, edges)) seen[i] = 1
      }
  }
  return seen
}

// A caller's opaque test, asked once per square inside the eyes' ranges (out-of-range squares stay 0:
// no ray within range reaches them).
function opaqueGrid(
  board: Board,
  eyes: readonly Vec2[],
  r: number,
  opaque: (p: Vec2) => boolean
): Uint8Array {
  const { width, height } = board
  const grid = new Uint8Array(width * height)
  let x0 = width
  let x1 = -1
  let y0 = height
  let y1 = -1
  for (const e of eyes) {
    x0 = Math.min(x0, Math.max(0, e.x - r))
    x1 = Math.max(x1, Math.min(width - 1, e.x + r))
    y0 = Math.min(y0, Math.max(0, e.y - r))
    y1 = Math.max(y1, Math.min(height - 1, e.y + r))
  }
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (opaque({ x, y })) grid[y * width + x] = 1
  return grid
}

/**
 * Walks the squares and grid lines the segment between the centres of (ex, ey) and (tx, ty) crosses, in
 * order, and says whether nothing stops it. In the frame mirrored so the target lies at (+a, +b), the
 * segment meets the vertical grid line after column i at t ∝ (2i + 1)·b and the horizontal line after
 * row j at t ∝ (2j + 1)·a; equal values are a grid corner, which the line passes without entering either
 * side square (so those squares never block it, as in `lineOfSight`).
 */
function sees(
  ex: number,
  ey: number,
  tx: number,
  ty: number,
  width: number,
  opaque: Uint8Array,
  edges: Uint8Array
): boolean {
  const sx = tx >= ex ? 1 : -1
  const sy = ty >= ey ? 1 : -1
  const a = (tx - ex) * sx
  const b = (ty - ey) * sy
  const stride = width + 1
  // Indices move by constant steps: a square (`cell`, in `opaque`) and its grid point (`point`, in `edges`).
  // Stepping +x crosses the `w` edge of the square entered, −x that of the square left (same for `n`).
  const cellX = sx
  const cellY = sy * width
  const pointX = sx
  const pointY = sy * stride
  const wOff = sx > 0 ? 1 : 0
  const nOff = sy > 0 ? stride : 0
  const target = ty * width + tx
  let cell = ey * width + ex
  let point = ey * stride + ex
  // v, h: when the next vertical / horizontal grid line is met, scaled to integers. Once every vertical line
  // is behind (i = a), v = (2a + 1)·b exceeds every h left ((2j + 1)·a with j < b), and the other way
  // round, so no bounds test is needed; a = 0 or b = 0 makes the walk a straight run.
  let v = b
  let h = a
  while (cell !== target) {
    if (v < h) {
      if ((edges[point + wOff] ?? 0) & W_SHUT) return false
      cell += cellX
      point += pointX
      v += 2 * b
    } else if (h < v) {
      if ((edges[point + nOff] ?? 0) & N_SHUT) return false
      cell += cellY
      point += pointY
      h += 2 * a
    } else {
      if ((edges[point + nOff + wOff] ?? 0) & CORNER_SHUT) return false
      cell += cellX + cellY
      point += pointX + pointY
      v += 2 * b
      h += 2 * a
    }
    if (cell !== target && opaque[cell] === 1) return false
  }
  return true
}

/**
 * The contract's square-by-square version of `visibleSquares` (same answers, much slower): kept as the
 * oracle the fast walk is tested against.
 */
export function visibleSquaresReference(
  board: Board,
  eyes: readonly Vec2[],
  options: SightOptions = {}
): Uint8Array {
  const { width, height } = board
  const seen = new Uint8Array(width * height)
  const blocks = new Set(board.blocks.map((b) => `${b.x},${b.y}`))
  const opaque = options.opaque ?? ((p: Vec2) => blocks.has(`${p.x},${p.y}`))
  const range = options.range ?? Infinity
  for (const eye of eyes) {
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = y * width + x
        if (seen[i]) continue
        const p = { x, y }
        if (chebyshev(eye, p) > range) continue
        if (lineOfSight(eye, p, opaque) && clearOfEdges(board, eye, p)) seen[i] = 1
      }
  }
  return seen
}
