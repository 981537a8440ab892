import { Graphics, type Texture } from 'pixi.js'
import { palette, shade } from '../style'
import { crosshair } from '../marks'
import type { TextureCache } from '../textures'
import { tablePalette } from './style'

// Cached textures for round bases drawn to scale: one per colour and pixel radius, shared by sprites (a
// Graphics per figure is not batched and is several times slower on software WebGL).

/** A base: a disc in the side colour with a darker rim and a faint inner bevel. */
export function baseTexture(cache: TextureCache, r: number, color: number): Texture {
  const size = 2 * r + 6
  return cache.get(`in-base:${color}:${r}`, size, () => {
    const o = size / 2
    return new Graphics()
      .circle(o, o, r)
      .fill(color)
      .stroke({ width: Math.max(1.5, r * 0.14), color: shade(color, 0.42), alignment: 1 })
      .circle(o, o, r * 0.72)
      .stroke({ width: 1, color: 0xffffff, alpha: 0.22 })
  })
}

/** A soft shadow under a base, offset so the figure lifts off the table. */
export function baseShadowTexture(cache: TextureCache, r: number): Texture {
  const size = 2 * r + 8
  return cache.get(`in-shadow:${r}`, size, () =>
    new Graphics()
      .circle(size / 2, size / 2, r + 2)
      .fill({ color: 0x000000, alpha: 0.22 })
      .circle(size / 2, size / 2, r)
      .fill({ color: 0x000000, alpha: 0.3 })
  )
}

/** A ring around a base: the active figure (gold), a contact (orange charge, cyan friend), ripples. */
export function ringTexture(
  cache: TextureCache,
  r: number,
  kind: 'active' | 'charge' | 'friend' | 'ripple'
): Texture {
  const size = 2 * (r + 10)
  return cache.get(`in-ring:${kind}:${r}`, size, () => {
    const o = size / 2
    const g = new Graphics()
    if (kind === 'ripple') {
      return g
        .circle(o, o, r + 3)
        .stroke({ width: 1.5, color: tablePalette.ripple, alpha: 0.7 })
        .circle(o, o, r + 6.5)
        .stroke({ width: 1, color: tablePalette.ripple, alpha: 0.35 })
    }
    const color =
      kind === 'active' ? palette.active : kind === 'charge' ? tablePalette.charge : tablePalette.friend
    return g
      .circle(o, o, r + 6)
      .stroke({ width: 4, color, alpha: 0.3 })
      .circle(o, o, r + 3)
      .stroke({ width: 2.5, color })
  })
}

/** A red crosshair ring around a base the active figure can attack. */
export function targetTexture(cache: TextureCache, r: number): Texture {
  const ring = r + 5
  const size = 2 * (ring + 9)
  return cache.get(`in-target:${r}`, size, () => crosshair(ring))
}

/** A faded X over a figure out of the fight. */
export function outTexture(cache: TextureCache, r: number): Texture {
  const size = 2 * r + 6
  return cache.get(`in-out:${r}`, size, () => {
    const o = size / 2
    const a = r * 0.65
    const path = (g: Graphics) =>
      g
        .moveTo(o - a, o - a)
        .lineTo(o + a, o + a)
        .moveTo(o + a, o - a)
        .lineTo(o - a, o + a)
    const g = new Graphics()
    path(g).stroke({ width: Math.max(3, r * 0.3), color: 0x0b0d10, cap: 'round' })
    return path(g).stroke({ width: Math.max(1.5, r * 0.16), color: 0xd9dde3, cap: 'round' })
  })
}
