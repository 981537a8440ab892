import type { Graphics } from 'pixi.js'
import type { Door, Edge, GroundKind, LightArea } from '../../rules/core/types'
import { palette } from './style'
import type { SquareRange } from './terrain-layer'
import type { Cell } from './view'

// Issue 6's board features as vector drawing, for the baked chunks (board-layer.ts) and the editor's
// preview. World px, `c` px a square; edges are named by their square (`n` top, `w` left).

/** The segment of an edge in world px: [x1, y1, x2, y2]. */
export function edgeSegment(e: Edge, c: number): [number, number, number, number] {
  return e.side === 'n'
    ? [e.x * c, e.y * c, (e.x + 1) * c, e.y * c]
    : [e.x * c, e.y * c, e.x * c, (e.y + 1) * c]
}

/** Painted ground: difficult as a hatch, water as blue with ripples, impassable as near-black rock. */
export function drawGround(g: Graphics, cells: ReadonlyArray<Cell & { kind: GroundKind }>, c: number): void {
  for (const cell of cells) {
    const x = cell.x * c
    const y = cell.y * c
    if (cell.kind === 'water') {
      g.rect(x, y, c, c).fill({ color: palette.water, alpha: 0.6 })
      for (const f of [0.35, 0.7]) {
        g.moveTo(x + c * 0.15, y + c * f)
          .quadraticCurveTo(x + c * 0.32, y + c * (f - 0.1), x + c * 0.5, y + c * f)
          .quadraticCurveTo(x + c * 0.68, y + c * (f + 0.1), x + c * 0.85, y + c * f)
      }
      g.stroke({ width: Math.max(1, c * 0.04), color: palette.waterLine, alpha: 0.6 })
    } else if (cell.kind === 'impassable') {
      g.rect(x, y, c, c).fill({ color: palette.impassable, alpha: 0.88 })
      g.rect(x + 1, y + 1, c - 2, c - 2).stroke({ width: 1, color: 0x3a3f47, alpha: 0.8, pixelLine: true })
    } else {
      // difficult: diagonal hatching, dense enough to read at a glance, light enough to see the floor
      const step = Math.max(5, Math.round(c / 5))
      for (let i = step; i < 2 * c; i += step) {
        const a = Math.min(i, c)
        const b = Math.max(0, i - c)
        g.moveTo(x + a, y + b).lineTo(x + b, y + a)
      }
      g.stroke({ width: Math.max(1, c * 0.035), color: palette.hatch, alpha: 0.55 })
    }
  }
}

/** A side's start squares tinted in its colour, with a thin inner rim. */
export function drawStartZone(g: Graphics, cells: readonly Cell[], color: number, c: number): void {
  for (const cell of cells) g.rect(cell.x * c, cell.y * c, c, c)
  g.fill({ color, alpha: 0.2 })
  for (const cell of cells) g.rect(cell.x * c + 2, cell.y * c + 2, c - 4, c - 4)
  g.stroke({ width: 1, color, alpha: 0.55 })
}

/** Light as a warm glow fading outwards; darkness as a dimming that deepens towards its centre. */
export function drawLight(g: Graphics, light: LightArea, c: number): void {
  const cx = (light.x + 0.5) * c
  const cy = (light.y + 0.5) * c
  const r = Math.max(0.5, light.radius) * c
  const rings = 5
  const color = light.kind === 'light' ? palette.light : palette.darkness
  const alpha = light.kind === 'light' ? 0.07 : 0.12
  // stacked translucent discs: no shader, bakes into the chunk like everything else static
  for (let i = 0; i < rings; i++) g.circle(cx, cy, r * (1 - i / rings)).fill({ color, alpha })
}

/** Square grid lines for a range of squares, one device pixel wide. */
export function drawGridLines(g: Graphics, r: SquareRange, c: number): void {
  for (let x = r.x0; x <= r.x1; x++) g.moveTo(x * c, r.y0 * c).lineTo(x * c, r.y1 * c)
  for (let y = r.y0; y <= r.y1; y++) g.moveTo(r.x0 * c, y * c).lineTo(r.x1 * c, y * c)
  g.stroke({ width: 1, color: palette.gridLine, alpha: 0.55, pixelLine: true })
}

/** Walls as thick pale lines with a dark rim, so they read on any floor or background. */
export function drawWalls(g: Graphics, walls: readonly Edge[], c: number): void {
  if (walls.length === 0) return
  const w = Math.max(3, Math.round(c * 0.16))
  const path = () => {
    for (const e of walls) {
      const [x1, y1, x2, y2] = edgeSegment(e, c)
      g.moveTo(x1, y1).lineTo(x2, y2)
    }
  }
  path()
  g.stroke({ width: w + 2, color: palette.wallEdge, alpha: 0.9, cap: 'square' })
  path()
  g.stroke({ width: w, color: palette.wall, cap: 'square' })
}

/**
 * A door: closed, a wooden slab filling the edge with a handle; open, the slab swung 90° on its hinge
 * and a dashed line across the doorway, so the two states differ in shape as well as colour.
 */
export function drawDoor(g: Graphics, door: Door, c: number): void {
  const [x1, y1, x2, y2] = edgeSegment(door, c)
  const t = Math.max(4, Math.round(c * 0.2))
  const horizontal = door.side === 'n'
  if (!door.open) {
    const x = horizontal ? x1 + c * 0.08 : x1 - t / 2
    const y = horizontal ? y1 - t / 2 : y1 + c * 0.08
    const w = horizontal ? c * 0.84 : t
    const h = horizontal ? t : c * 0.84
    g.rect(x, y, w, h).fill(palette.door).stroke({ width: 1.5, color: palette.doorDark })
    const kx = horizontal ? x + w * 0.8 : x + w / 2
    const ky = horizontal ? y + h / 2 : y + h * 0.8
    g.circle(kx, ky, Math.max(1.5, t * 0.18)).fill(0xf2d38a)
    return
  }
  // open: hinge at the edge's start, slab pointing into the square below/right of the edge
  const len = c * 0.8
  const sx = horizontal ? x1 + c * 0.08 : x1 - t / 2
  const sy = horizontal ? y1 - t / 2 : y1 + c * 0.08
  g.rect(sx, sy, horizontal ? t : len, horizontal ? len : t)
    .fill({ color: palette.door, alpha: 0.9 })
    .stroke({ width: 1.5, color: palette.doorDark })
  const steps = 6
  for (let i = 0; i < steps; i += 2) {
    const a = i / steps
    const b = (i + 1) / steps
    g.moveTo(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a).lineTo(x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
  }
  g.stroke({ width: 2, color: palette.door, alpha: 0.9 })
}
