import type { Edge } from '../../rules/core/types'

// The square map's camera and board picking, in plain numbers so they are unit-tested without a renderer.
// World space is the board at the base square size (origin = board top-left); the camera maps it to the
// canvas: screen = camera.(x, y) + world × camera.scale.

/** World pixels per square: every layer draws at this size and the camera scales the whole world. */
export const BASE_CELL = 40
/** Zoom range (1 = `BASE_CELL` CSS px a square). */
export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 4

/** The board's top-left corner on the canvas (CSS px) and its scale. */
export interface CameraState {
  x: number
  y: number
  scale: number
}

/** A point in CSS px or board units. */
export interface Point {
  x: number
  y: number
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v))

/** Clamps a scale into the zoom range. */
export function clampZoom(scale: number): number {
  return clamp(scale, MIN_ZOOM, MAX_ZOOM)
}

/**
 * The camera that shows a `w` × `h` squares board whole, centred, with `gutter` CSS px around it. If the
 * board would need squares smaller than `minCell` px it stops shrinking and pins the board top-left, as
 * the fixed-size map did (small hosts scroll rather than shrink figures to dots).
 */
export function fitCamera(
  w: number,
  h: number,
  screenW: number,
  screenH: number,
  gutter: number,
  minCell = 0
): CameraState {
  const fit = Math.min((screenW - 2 * gutter) / (w * BASE_CELL), (screenH - 2 * gutter) / (h * BASE_CELL))
  const scale = clampZoom(Math.max(minCell / BASE_CELL, fit))
  const x = Math.max(gutter, Math.round((screenW - w * BASE_CELL * scale) / 2))
  const y = Math.max(gutter, Math.round((screenH - h * BASE_CELL * scale) / 2))
  return { x, y, scale }
}

/** Zooms by `factor` keeping the world point under screen point `at` fixed (the wheel zooms about the cursor). */
export function zoomAbout(cam: CameraState, factor: number, at: Point): CameraState {
  const scale = clampZoom(cam.scale * factor)
  const k = scale / cam.scale
  return { scale, x: at.x - (at.x - cam.x) * k, y: at.y - (at.y - cam.y) * k }
}

/** Moves the camera so square `cell`'s centre sits at the middle of the screen, at the same zoom. */
export function centerOn(cam: CameraState, cell: Point, screenW: number, screenH: number): CameraState {
  const s = cam.scale * BASE_CELL
  return { scale: cam.scale, x: screenW / 2 - (cell.x + 0.5) * s, y: screenH / 2 - (cell.y + 0.5) * s }
}

/**
 * Keeps at least `margin` CSS px of the board on screen on each axis, so a pan or zoom can never lose the
 * board off the edge of the canvas.
 */
export function keepOnScreen(
  cam: CameraState,
  w: number,
  h: number,
  screenW: number,
  screenH: number,
  margin = 64
): CameraState {
  const bw = w * BASE_CELL * cam.scale
  const bh = h * BASE_CELL * cam.scale
  const mx = Math.min(margin, bw)
  const my = Math.min(margin, bh)
  return { scale: cam.scale, x: clamp(cam.x, mx - bw, screenW - mx), y: clamp(cam.y, my - bh, screenH - my) }
}

/** A canvas point (CSS px) in board squares, fractional. */
export function screenToBoard(cam: CameraState, p: Point): Point {
  const s = cam.scale * BASE_CELL
  return { x: (p.x - cam.x) / s, y: (p.y - cam.y) / s }
}

/** A board point (squares, fractional) on the canvas, in CSS px. */
export function boardToScreen(cam: CameraState, p: Point): Point {
  const s = cam.scale * BASE_CELL
  return { x: cam.x + p.x * s, y: cam.y + p.y * s }
}

/** The part of the world (world px) the canvas shows. */
export function visibleWorld(cam: CameraState, screenW: number, screenH: number) {
  return {
    x: -cam.x / cam.scale,
    y: -cam.y / cam.scale,
    width: screenW / cam.scale,
    height: screenH / cam.scale
  }
}

/** The square under a board point, or null off a `w` × `h` board. */
export function cellAtPoint(p: Point, w: number, h: number): Point | null {
  const x = Math.floor(p.x)
  const y = Math.floor(p.y)
  return x >= 0 && y >= 0 && x < w && y < h ? { x, y } : null
}

/**
 * The square edge nearest a board point when it lies within `within` squares of it (the wall tool's
 * target), named canonically (`n`/`w` of a square, the board's far edges as x = w or y = h). Corners are
 * ambiguous; the nearer line wins, a tie picks the horizontal one.
 */
export function nearestEdge(p: Point, w: number, h: number, within = 0.25): Edge | null {
  if (p.x < -within || p.y < -within || p.x > w + within || p.y > h + within) return null
  const lx = Math.round(p.x)
  const ly = Math.round(p.y)
  const dx = Math.abs(p.x - lx)
  const dy = Math.abs(p.y - ly)
  // a vertical line x = lx: the `w` edge of the square (lx, floor(y))
  const vertical =
    dx <= within && lx >= 0 && lx <= w ? { x: lx, y: Math.floor(p.y), side: 'w' as const } : null
  const horizontal =
    dy <= within && ly >= 0 && ly <= h ? { x: Math.floor(p.x), y: ly, side: 'n' as const } : null
  const ok = (e: Edge | null): Edge | null =>
    e && e.x >= 0 && e.y >= 0 && (e.side === 'w' ? e.y < h : e.x < w) ? e : null
  const v = ok(vertical)
  const hz = ok(horizontal)
  if (v && hz) return dy <= dx ? hz : v
  return v ?? hz
}

/** The chunk columns and rows (inclusive) that a world rectangle touches, clipped to the board's chunks. */
export function chunkRange(
  rect: { x: number; y: number; width: number; height: number },
  chunkPx: number,
  cols: number,
  rows: number
): { x0: number; y0: number; x1: number; y1: number } | null {
  const x0 = Math.max(0, Math.floor(rect.x / chunkPx))
  const y0 = Math.max(0, Math.floor(rect.y / chunkPx))
  const x1 = Math.min(cols - 1, Math.floor((rect.x + rect.width) / chunkPx))
  const y1 = Math.min(rows - 1, Math.floor((rect.y + rect.height) / chunkPx))
  return x0 > x1 || y0 > y1 ? null : { x0, y0, x1, y1 }
}

/**
 * The resolution level a chunk is baked at for a zoom: the power of two at or above it (0.25…2), so a
 * chunk's texels never fall far below the screen's pixels, and a small zoom change reuses the bake.
 */
export function bakeLevel(scale: number): number {
  let level = 0.25
  while (level < scale && level < 2) level *= 2
  return level
}

/** The minimap's longest side in CSS px, and its distance from the canvas corner. */
const SIDE = 180
const MARGIN = 12

/** Where the minimap sits on a canvas and how big it draws the board. */
export interface MinimapBox {
  x: number
  y: number
  width: number
  height: number
  /** CSS px per square */
  scale: number
}

/** The minimap's box in the bottom-right corner of a `screenW` × `screenH` canvas, for a w × h board. */
export function minimapBox(w: number, h: number, screenW: number, screenH: number): MinimapBox {
  const side = Math.min(SIDE, Math.max(60, Math.min(screenW, screenH) * 0.3))
  const scale = side / Math.max(w, h)
  const width = w * scale
  const height = h * scale
  return { x: screenW - width - MARGIN, y: screenH - height - MARGIN, width, height, scale }
}

/** The board point (squares) under a screen point inside the box, or null outside it. */
export function minimapPoint(box: MinimapBox, p: Point): Point | null {
  if (p.x < box.x || p.y < box.y || p.x > box.x + box.width || p.y > box.y + box.height) return null
  return { x: (p.x - box.x) / box.scale, y: (p.y - box.y) / box.scale }
}
