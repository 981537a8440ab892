import type { LightArea } from '../../core/types'

// Light and darkness areas drawn on the map (`board.lights`) as the Pathfinder rules read them
// (pathfinder1e.md §4.5: darkness gives total concealment; §3.2: no 5-ft step into darkness). An area is the
// squares whose distance from its centre square, counted as §2 counts range ("the same formula gives range
// and reach distances": 1-2-1 diagonals), is at most its radius — not a Chebyshev square nor a Euclidean
// circle. PF settings have no ambient darkness, so a `light` area only cancels darkness where it falls: the
// `dark` areas it overlaps and the settings' `dark` terrain; it wins over both (a torch in a dark cellar).

/** §2: the range in squares of an offset, with alternating diagonals (1, 2, 1…). */
function rangeSquares(dx: number, dy: number): number {
  const a = Math.abs(dx)
  const b = Math.abs(dy)
  return Math.max(a, b) + Math.floor(Math.min(a, b) / 2)
}

/** True when the square (x, y) lies in the area: within its radius of its centre square by the §2 count. */
export function inLightArea(area: LightArea, x: number, y: number): boolean {
  return rangeSquares(x - area.x, y - area.y) <= area.radius
}

function eachSquare(area: LightArea, width: number, height: number, visit: (i: number) => void): void {
  const r = Math.max(0, Math.floor(area.radius))
  for (let y = Math.max(0, area.y - r); y <= Math.min(height - 1, area.y + r); y++)
    for (let x = Math.max(0, area.x - r); x <= Math.min(width - 1, area.x + r); x++)
      if (inLightArea(area, x, y)) visit(y * width + x)
}

/**
 * Folds the map's lights into a row-major square-flags array: sets `darkBit` on every square of a `dark`
 * area, then clears it on every square of a `light` area (light wins, whatever made the square dark).
 */
export function foldLights(
  flags: Uint16Array,
  width: number,
  height: number,
  lights: readonly LightArea[],
  darkBit: number
): void {
  for (const area of lights)
    if (area.kind === 'dark') eachSquare(area, width, height, (i) => (flags[i] = (flags[i] ?? 0) | darkBit))
  for (const area of lights)
    if (area.kind === 'light') eachSquare(area, width, height, (i) => (flags[i] = (flags[i] ?? 0) & ~darkBit))
}
