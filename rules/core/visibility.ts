import { clearOfEdges } from './edges'
import { chebyshev, lineOfSight, type Vec2 } from './geometry'
import type { Board } from './types'

/** How far and through what the eyes see. */
export interface SightOptions {
  /** Squares (Chebyshev) beyond which nothing is seen; absent = unlimited. */
  range?: number
  /** Squares that stop sight besides walls and closed doors (default: `board.blocks`). */
  opaque?: (p: Vec2) => boolean
}

/**
 * The squares seen from any of `eyes`, row-major (`y * width + x`), 1 = seen. A square is seen when the
 * segment between square centres crosses no opaque square (grazing corners does not block) and no
 * closed edge (walls, closed doors). Eyes always see their own square.
 * (Contract version: square by square; issue 6 replaces it with a faster sweep with the same answers.)
 */
export function visibleSquares(board: Board, eyes: readonly Vec2[], options: SightOptions = {}): Uint8Array {
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
