import { Graphics, type Texture } from 'pixi.js'
import { palette, shade } from './style'
import type { TextureCache } from './textures'

/** Token radius for a square size; leaves room above for the life bar and below for the name. */
export function tokenRadius(cell: number): number {
  return Math.max(6, Math.round(cell * 0.27))
}

/** Token disc in the side colour with a light facing arrowhead on its rim, pointing north. */
export function bodyTexture(cache: TextureCache, cell: number, color: number): Texture {
  const r = tokenRadius(cell)
  const size = 2 * r + 8
  return cache.get(`body:${color}:${cell}`, size, () => {
    const o = size / 2
    const edge = shade(color, 0.42)
    // shallow enough to leave the centre free for the initials
    const tipY = o - r - 2
    const baseY = o - r * 0.6
    const half = r * 0.36
    return new Graphics()
      .circle(o, o, r)
      .fill(color)
      .stroke({ width: Math.max(2, r * 0.13), color: edge, alignment: 1 })
      .circle(o, o, r * 0.74)
      .stroke({ width: 1, color: 0xffffff, alpha: 0.22 })
      .poly([o, tipY, o + half, baseY, o - half, baseY])
      .fill(0xf4f6f8)
      .stroke({ width: 1.5, color: edge, join: 'round' })
  })
}

/** Soft dark disc drawn under a token so it lifts off the floor. */
export function shadowTexture(cache: TextureCache, cell: number): Texture {
  const r = tokenRadius(cell)
  const size = 2 * r + 8
  return cache.get(`shadow:${cell}`, size, () =>
    new Graphics()
      .circle(size / 2, size / 2, r + 2)
      .fill({ color: 0x000000, alpha: 0.25 })
      .circle(size / 2, size / 2, r)
      .fill({ color: 0x000000, alpha: 0.3 })
  )
}

/** Bright double ring around the figure whose turn it is. */
export function activeRingTexture(cache: TextureCache, cell: number): Texture {
  const r = tokenRadius(cell)
  const size = 2 * (r + 12)
  return cache.get(`active:${cell}`, size, () =>
    new Graphics()
      .circle(size / 2, size / 2, r + 7)
      .stroke({ width: 5, color: palette.active, alpha: 0.28 })
      .circle(size / 2, size / 2, r + 4)
      .stroke({ width: 2.5, color: palette.active })
  )
}

/** Red crosshair ring around a figure the active one can attack. */
export function targetRingTexture(cache: TextureCache, cell: number): Texture {
  const r = tokenRadius(cell)
  const ring = r + 6
  const size = 2 * (ring + 9)
  return cache.get(`target:${cell}`, size, () => crosshair(ring))
}

/** A red ring of radius `ring` with four ticks, centred in a square of side 2 × (ring + 9): the target mark. */
export function crosshair(ring: number): Graphics {
  const o = ring + 9
  const g = new Graphics().circle(o, o, ring).stroke({ width: 2.5, color: palette.target })
  for (const [dx, dy] of [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0]
  ] as const) {
    g.moveTo(o + dx * (ring - 3), o + dy * (ring - 3)).lineTo(o + dx * (ring + 7), o + dy * (ring + 7))
  }
  return g.stroke({ width: 2.5, color: palette.target, cap: 'round' })
}

/** Faded X over a figure that is out of the fight. */
export function crossTexture(cache: TextureCache, cell: number): Texture {
  const r = tokenRadius(cell)
  const size = 2 * r + 8
  return cache.get(`cross:${cell}`, size, () => {
    const o = size / 2
    const a = r * 0.7
    const path = (g: Graphics) =>
      g
        .moveTo(o - a, o - a)
        .lineTo(o + a, o + a)
        .moveTo(o + a, o - a)
        .lineTo(o - a, o + a)
    const g = new Graphics()
    path(g).stroke({ width: Math.max(4, r * 0.32), color: 0x0b0d10, cap: 'round' })
    return path(g).stroke({ width: Math.max(2, r * 0.18), color: 0xd9dde3, cap: 'round' })
  })
}
