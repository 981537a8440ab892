import type { FogView } from './view'

// Fog of war in plain numbers (unit-tested without a renderer): the per-square alpha and token hiding.

/** Fog darkness: squares never seen are black; squares seen before are dimmed. */
export const FOG_UNSEEN = 255
export const FOG_SEEN = 150

/**
 * Writes the fog's alpha per square (RGBA, black) into `out` (w × h × 4 bytes): 0 where the viewer sees
 * now, `FOG_SEEN` where it has seen before, `FOG_UNSEEN` elsewhere.
 */
export function fogPixels(fog: FogView, w: number, h: number, out: Uint8Array): Uint8Array {
  for (let i = 0; i < w * h; i++) {
    const a = fog.visible[i] ? 0 : fog.seen[i] ? FOG_SEEN : FOG_UNSEEN
    out[i * 4] = 0
    out[i * 4 + 1] = 0
    out[i * 4 + 2] = 0
    out[i * 4 + 3] = a
  }
  return out
}

/** True when a token at (x, y) with footprint `size` stands on at least one square the viewer sees now. */
export function tokenSeen(
  fog: FogView | null | undefined,
  w: number,
  x: number,
  y: number,
  size = 1
): boolean {
  if (!fog) return true
  const n = Math.max(1, Math.ceil(size))
  for (let dy = 0; dy < n; dy++)
    for (let dx = 0; dx < n; dx++) if (x + dx < w && fog.visible[(y + dy) * w + x + dx]) return true
  return false
}
