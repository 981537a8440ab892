import { Graphics, Texture } from 'pixi.js'
import { tokenRadius } from './marks'
import type { TextureCache } from './textures'

/** Colours of the tactical overlays: each reads apart from the movement bands and the path. */
export const overlayPalette = {
  threat: 0xff4d4d,
  flank: 0x4ade80,
  flankDark: 0x0b3d1f,
  hidden: 0x05070a,
  hatch: 0x8d97a6,
  shield: 0x9ecbff,
  shieldEdge: 0x0b1a2e,
  eye: 0x9ecbff,
  template: 0xff9f43,
  ruler: 0xf4f6f8,
  rulerPill: 0x2b3340
} as const

/** Side of the hatch tile in pixels: a power of two, because WebGL 1 (and some software GL) repeats no other. */
export const HATCH = 16

/**
 * A tile of one diagonal stroke (top-right to bottom-left) that repeats seamlessly, for hidden squares.
 * Painted on a 2D canvas rather than baked by the renderer: a render texture at a fractional pixel density is
 * not a power of two and does not repeat on WebGL 1. The caller owns it (destroy it with the layer).
 */
export function makeHatchTexture(): Texture {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = HATCH
  const g = canvas.getContext('2d')
  if (g) {
    const s = HATCH
    g.strokeStyle = `#${overlayPalette.hatch.toString(16).padStart(6, '0')}`
    g.globalAlpha = 0.6
    g.lineWidth = 1.5
    // the corners carry the pieces of the neighbouring tiles' strokes, so the lines run on unbroken
    for (const [x0, y0, x1, y1] of [
      [s, 0, 0, s],
      [-1, 1, 1, -1],
      [s - 1, s + 1, s + 1, s - 1]
    ] as const) {
      g.beginPath()
      g.moveTo(x0, y0)
      g.lineTo(x1, y1)
      g.stroke()
    }
  }
  return Texture.from(canvas)
}

/** Height in pixels of one cover shield for a square size. */
export function shieldHeight(cell: number): number {
  return Math.max(7, Math.round(cell * 0.2))
}

/**
 * `level` small shields in a row (1 light cover … 4 total), for the top-right corner of a square seen with
 * cover. The texture is square; the shields sit along its top edge, right-aligned.
 */
export function shieldTexture(cache: TextureCache, cell: number, level: number): Texture {
  const h = shieldHeight(cell)
  const w = Math.round(h * 0.8)
  const n = Math.max(1, Math.min(4, level))
  const gap = 1
  const side = Math.max(h + 2, n * w + (n - 1) * gap + 2)
  return cache.get(`overlay:shield:${n}:${cell}`, side, () => {
    const g = new Graphics()
    for (let i = 0; i < n; i++) {
      const x = side - 1 - (i + 1) * w - i * gap
      const y = 1
      g.poly([x, y, x + w, y, x + w, y + h * 0.5, x + w / 2, y + h - 1, x, y + h * 0.5])
        .fill({ color: overlayPalette.shield, alpha: 0.95 })
        .stroke({ width: 1, color: overlayPalette.shieldEdge, alpha: 0.9, join: 'round' })
    }
    return g
  })
}

/** Amber ring around a figure an area template would catch (no crosshair: it is not an attack choice). */
export function caughtRingTexture(cache: TextureCache, cell: number): Texture {
  const ring = tokenRadius(cell) + 6
  const size = 2 * (ring + 6)
  return cache.get(`overlay:caught:${cell}`, size, () =>
    new Graphics()
      .circle(size / 2, size / 2, ring + 2)
      .stroke({ width: 5, color: overlayPalette.template, alpha: 0.3 })
      .circle(size / 2, size / 2, ring)
      .stroke({ width: 2.5, color: overlayPalette.template })
  )
}
