import type { BoardPoint, InchesText } from './view'

// Board units ↔ screen pixels for the inches map, and the numbers it prints. Pure, so the fit and the
// conversions are unit-tested without a renderer.

/** Where the table sits on the canvas: `scale` CSS px per board unit, (x, y) the table's top-left corner. */
export interface Fit {
  scale: number
  x: number
  y: number
}

/** Space around the table for labels that spill over its edge. */
export const TABLE_GUTTER = 18
/** The fewest pixels per inch the map draws at (a tiny host scrolls rather than shrinking bases to dots). */
export const MIN_PX_PER_INCH = 6

/**
 * Fits a table of `widthU` × `heightU` board units into a `screenW` × `screenH` canvas, centred, with a
 * gutter all round; below `MIN_PX_PER_INCH` it stops shrinking and pins the table to the top-left.
 */
export function fitTable(
  widthU: number,
  heightU: number,
  unitsPerInch: number,
  screenW: number,
  screenH: number,
  gutter = TABLE_GUTTER
): Fit {
  const fit = Math.min((screenW - 2 * gutter) / widthU, (screenH - 2 * gutter) / heightU)
  const scale = Math.max(MIN_PX_PER_INCH / unitsPerInch, fit)
  const x = Math.max(gutter, Math.round((screenW - widthU * scale) / 2))
  const y = Math.max(gutter, Math.round((screenH - heightU * scale) / 2))
  return { scale, x, y }
}

/** A board point (units) as canvas CSS px. */
export function toScreen(fit: Fit, p: BoardPoint): BoardPoint {
  return { x: fit.x + p.x * fit.scale, y: fit.y + p.y * fit.scale }
}

/** A canvas point (CSS px) as board units (not rounded: the caller snaps). */
export function toBoard(fit: Fit, p: BoardPoint): BoardPoint {
  return { x: (p.x - fit.x) / fit.scale, y: (p.y - fit.y) / fit.scale }
}

/** True when a board point lies on a table of `widthU` × `heightU` units (edges included). */
export function onTable(p: BoardPoint, widthU: number, heightU: number): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= widthU && p.y <= heightU
}

const NICE_LENGTHS = [1, 2, 3, 4, 6, 8, 12, 18, 24]

/**
 * How many inches the scale bar shows: the longest nice length (6″ by preference, a common move) that fits
 * in `maxPx`, never less than 1″, so the bar stays readable whether the table fills a phone or a wall.
 */
export function scaleBarInches(pxPerInch: number, maxPx: number): number {
  if (pxPerInch * 6 <= maxPx && pxPerInch * 6 >= 60) return 6
  let best = 1
  for (const n of NICE_LENGTHS) if (n * pxPerInch <= maxPx) best = n
  return best
}

/** A number as the UI language writes it: at most one decimal, none when whole ("4", "5,3"). */
export function formatNumber(n: number, decimal: string): string {
  const tenths = Math.round(n * 10)
  const whole = Math.trunc(tenths / 10)
  const frac = Math.abs(tenths % 10)
  const sign = tenths < 0 && whole === 0 ? '-' : ''
  return frac === 0 ? `${sign}${whole}` : `${sign}${whole}${decimal}${frac}`
}

/** A length in inches through the text's template ('{n}″'). */
export function formatInches(inches: number, text: Pick<InchesText, 'inches' | 'decimal'>): string {
  return text.inches.replace('{n}', formatNumber(inches, text.decimal))
}

/** A path's label: its length, and what it costs when that differs (climbing, swimming). */
export function pathLabel(length: number, cost: number | null, text: InchesText): string {
  const len = formatInches(length, text)
  if (cost === null || Math.abs(cost - length) < 0.05) return len
  return text.pathCost.replace('{length}', len).replace('{cost}', formatInches(cost, text))
}
