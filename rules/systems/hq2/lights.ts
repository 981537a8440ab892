import type { Board, LightArea } from '../../core/types'

// Light and darkness areas drawn on the map (`board.lights`) as HQ2 reads them: hq2.md §4.2 / G-3 fight "in
// darkness" by a lighting map. An area is the squares within its radius of its centre square counted as
// hq2.md §2 counts distances in squares (ranges are Chebyshev, board.ts `squaresBetween`): a square, not a
// circle. HQ2 has ambient darkness (`settings.darkness`: the whole board is dark), so a `light` area lights
// its squares against it, and against the settings' dark squares and the `dark` areas it overlaps.

/** The squares (row-major indices) the map makes dark and the ones it lights. */
export interface LightIndex {
  dark: Set<number>
  lit: Set<number>
  /** The board size the indices were taken with (they are row-major and clipped to it). */
  width: number
  height: number
}

const cache = new WeakMap<readonly LightArea[], LightIndex>()

function eachSquare(board: Board, area: LightArea, visit: (i: number) => void): void {
  const r = Math.max(0, Math.floor(area.radius))
  for (let y = Math.max(0, area.y - r); y <= Math.min(board.height - 1, area.y + r); y++)
    for (let x = Math.max(0, area.x - r); x <= Math.min(board.width - 1, area.x + r); x++)
      visit(y * board.width + x)
}

/** The board's lighting, cached per `board.lights` array (and the board size the indices depend on). */
export function lightIndex(board: Board, lights: readonly LightArea[]): LightIndex {
  const hit = cache.get(lights)
  if (hit && hit.width === board.width && hit.height === board.height) return hit
  const index: LightIndex = { dark: new Set(), lit: new Set(), width: board.width, height: board.height }
  for (const area of lights)
    eachSquare(board, area, (i) => index[area.kind === 'dark' ? 'dark' : 'lit'].add(i))
  cache.set(lights, index)
  return index
}

/**
 * What the map's lights say of a square: 'lit' inside a light area (whatever else darkens it), 'dark' inside
 * a dark area only, null when no area covers it (the settings decide).
 */
export function mapLighting(board: Board, p: { x: number; y: number }): 'lit' | 'dark' | null {
  const lights = board.lights
  if (!lights || lights.length === 0) return null
  const index = lightIndex(board, lights)
  const i = p.y * board.width + p.x
  return index.lit.has(i) ? 'lit' : index.dark.has(i) ? 'dark' : null
}
