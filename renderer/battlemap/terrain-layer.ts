import type { Graphics } from 'pixi.js'
import { palette } from './style'

// The board's stone look (floor, raised ground, rules terrain marks, solid blocks), drawn square by square
// into a chunk of the baked board (board-layer.ts). Every function draws only the squares it is given.

/** A range of squares, `x0..x1` × `y0..y1` exclusive of the ends. */
export interface SquareRange {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** Deterministic per-square shade, so flagstones vary without any randomness. */
export function flagstone(x: number, y: number): number {
  const h = (Math.imul(x + 1, 73856093) ^ Math.imul(y + 1, 19349663)) >>> 0
  return palette.floor[h % palette.floor.length] ?? palette.floor[0]
}

/** Flagstones, one shade per square. */
export function drawFloor(g: Graphics, r: SquareRange, c: number): void {
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) g.rect(x * c, y * c, c, c).fill(flagstone(x, y))
  }
}

/** A soft shadow cast down-right onto open floor, which gives the walls height. */
export function drawShadow(g: Graphics, x: number, y: number, c: number, solid: Set<string>): void {
  const d = Math.max(2, Math.round(c * 0.12))
  if (!solid.has(`${x + 1},${y}`)) g.rect((x + 1) * c, y * c + d, d, c).fill({ color: 0, alpha: 0.35 })
  if (!solid.has(`${x},${y + 1}`)) g.rect(x * c + d, (y + 1) * c, c - d, d).fill({ color: 0, alpha: 0.35 })
}

/** A stone block: lit top-left bevel, dark bottom-right bevel, a face with mortar joints. */
export function drawBlock(g: Graphics, x: number, y: number, c: number): void {
  const b = Math.max(2, Math.round(c * 0.1))
  const r = x + c
  const btm = y + c
  g.rect(x, y, c, c).fill(palette.blockFace)
  g.poly([x, y, r, y, r - b, y + b, x + b, y + b]).fill(palette.blockLight)
  g.poly([x, y, x + b, y + b, x + b, btm - b, x, btm]).fill(palette.blockSide)
  g.poly([x, btm, x + b, btm - b, r - b, btm - b, r, btm]).fill(palette.blockDark)
  g.poly([r, y, r, btm, r - b, btm - b, r - b, y + b]).fill(palette.blockDark)
  if (c < 28) return
  // mortar: two courses of stones, joints offset like real masonry
  const fx = x + b
  const fw = c - 2 * b
  const mid = Math.round(y + c / 2)
  g.moveTo(fx, mid).lineTo(fx + fw, mid)
  g.moveTo(Math.round(fx + fw * 0.55), y + b).lineTo(Math.round(fx + fw * 0.55), mid)
  g.moveTo(Math.round(fx + fw * 0.3), mid).lineTo(Math.round(fx + fw * 0.3), btm - b)
  g.stroke({ width: 1, color: palette.blockMortar, pixelLine: true })
}

/**
 * Raised ground: each level lightens the floor, and a dark lip marks every edge where the ground drops,
 * so cliffs, stairs and hills read at a glance (the exact height is in the square's corner pips).
 */
export function drawElevation(
  g: Graphics,
  w: number,
  h: number,
  c: number,
  elevation: number[],
  r: SquareRange = { x0: 0, y0: 0, x1: w, y1: h }
): void {
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= w || y >= h ? Number.NEGATIVE_INFINITY : (elevation[y * w + x] ?? 0)
  const lip = Math.max(2, Math.round(c * 0.08))
  const pip = Math.max(2, Math.round(c * 0.07))
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) {
      const z = at(x, y)
      if (z === 0) continue
      const color = z > 0 ? palette.raised : palette.sunken
      g.rect(x * c, y * c, c, c).fill({ color, alpha: Math.min(0.55, 0.12 * Math.abs(z)) })
      if (at(x + 1, y) < z) g.rect((x + 1) * c - lip, y * c, lip, c).fill({ color: 0, alpha: 0.45 })
      if (at(x, y + 1) < z) g.rect(x * c, (y + 1) * c - lip, c, lip).fill({ color: 0, alpha: 0.45 })
      if (at(x - 1, y) < z) g.rect(x * c, y * c, lip, c).fill({ color: 0xffffff, alpha: 0.12 })
      if (at(x, y - 1) < z) g.rect(x * c, y * c, c, lip).fill({ color: 0xffffff, alpha: 0.12 })
      for (let i = 0; i < Math.min(Math.abs(z), 5); i++) {
        g.rect(x * c + lip + 1 + i * (pip + 1), y * c + lip + 1, pip, pip).fill({ color, alpha: 0.9 })
      }
    }
  }
}

/**
 * A rules terrain mark by kind: light cover as foliage, medium as a crate, large as a trench; any other
 * kind as a hatched square. Impassable marks get a solid rim so nobody tries to walk into them.
 */
export function drawTerrainMark(
  g: Graphics,
  mark: { x: number; y: number; kind: string; passable: boolean },
  c: number
): void {
  const x = mark.x * c
  const y = mark.y * c
  const m = Math.round(c * 0.12)
  if (mark.kind === 'cover.light') {
    g.circle(x + c / 2, y + c / 2, c * 0.38).fill({ color: palette.foliage, alpha: 0.8 })
    g.circle(x + c * 0.4, y + c * 0.42, c * 0.16).fill({ color: palette.foliageLight, alpha: 0.7 })
  } else if (mark.kind === 'cover.medium') {
    g.rect(x + m, y + m, c - 2 * m, c - 2 * m).fill({ color: palette.crate, alpha: 0.9 })
    g.moveTo(x + m, y + m)
      .lineTo(x + c - m, y + c - m)
      .moveTo(x + c - m, y + m)
      .lineTo(x + m, y + c - m)
    g.stroke({ width: 2, color: palette.crateDark, alpha: 0.9 })
  } else if (mark.kind === 'cover.large') {
    g.rect(x + 1, y + 1, c - 2, c - 2).fill({ color: palette.trench, alpha: 0.75 })
    for (let i = 1; i < 4; i++) g.moveTo(x + 2, y + (i * c) / 4).lineTo(x + c - 2, y + (i * c) / 4)
    g.stroke({ width: 1, color: 0x000000, alpha: 0.35, pixelLine: true })
  } else {
    for (let i = -c; i < c; i += Math.max(6, Math.round(c / 5))) {
      g.moveTo(x + Math.max(0, i), y + Math.max(0, -i)).lineTo(x + Math.min(c, c + i), y + Math.min(c, c - i))
    }
    g.stroke({ width: 1, color: palette.hatch, alpha: 0.6, pixelLine: true })
  }
  if (!mark.passable) g.rect(x + 1, y + 1, c - 2, c - 2).stroke({ width: 2, color: 0x000000, alpha: 0.5 })
}
