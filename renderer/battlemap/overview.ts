import { CanvasSource, Texture } from 'pixi.js'
import { edgeSegment } from './board-draw'
import { palette } from './style'
import { flagstone } from './terrain-layer'
import type { BattlemapView } from './view'

// A small picture of the whole board painted with Canvas2D on the CPU (no GPU bake): the minimap, the
// board when zoomed far out, and the stand-in for a chunk that is not baked yet. Painting 200×200 squares
// this way costs a few ms; baking them as vector chunks would cost seconds in software WebGL.

/** Largest side of the overview picture in px. */
const MAX_SIDE = 2048

/** Pixels per square of the overview for a board (2…16). */
export function overviewScale(w: number, h: number): number {
  return Math.max(2, Math.min(16, Math.floor(MAX_SIDE / Math.max(w, h, 1))))
}

const css = (color: number, alpha = 1): string =>
  `rgba(${(color >> 16) & 255},${(color >> 8) & 255},${color & 255},${alpha})`

const GROUND: Record<string, [number, number]> = {
  difficult: [palette.hatch, 0.35],
  water: [palette.water, 0.75],
  impassable: [palette.impassable, 0.9]
}

/**
 * Paints the board into a canvas at `ppx` px a square: floor, background picture, ground, start zones,
 * raised ground, blocks, lights, walls and doors. `background` is the decoded picture, if any.
 */
export function paintOverview(
  view: BattlemapView,
  ppx: number,
  background: CanvasImageSource | null
): HTMLCanvasElement {
  const { width: w, height: h } = view
  const canvas = document.createElement('canvas')
  canvas.width = w * ppx
  canvas.height = h * ppx
  const ctx = canvas.getContext('2d')!
  // one pixel per square first (fast ImageData), then scaled up without smoothing
  const tiny = document.createElement('canvas')
  tiny.width = w
  tiny.height = h
  const tctx = tiny.getContext('2d')!
  const img = tctx.createImageData(w, h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const col = flagstone(x, y)
      const i = (y * w + x) * 4
      img.data[i] = (col >> 16) & 255
      img.data[i + 1] = (col >> 8) & 255
      img.data[i + 2] = col & 255
      img.data[i + 3] = 255
    }
  tctx.putImageData(img, 0, 0)
  ctx.imageSmoothingEnabled = false
  ctx.drawImage(tiny, 0, 0, w * ppx, h * ppx)
  if (background && view.background) {
    ctx.globalAlpha = view.background.opacity
    ctx.imageSmoothingEnabled = true
    ctx.drawImage(background, 0, 0, w * ppx, h * ppx)
    ctx.globalAlpha = 1
  }
  const square = (x: number, y: number, color: string) => {
    ctx.fillStyle = color
    ctx.fillRect(x * ppx, y * ppx, ppx, ppx)
  }
  for (const g of view.ground ?? []) {
    const [color, alpha] = GROUND[g.kind] ?? [palette.hatch, 0.3]
    square(g.x, g.y, css(color, alpha))
  }
  for (const zone of view.startZones ?? []) for (const c of zone.cells) square(c.x, c.y, css(zone.color, 0.3))
  const elevation = view.elevation
  if (elevation) {
    for (let i = 0; i < elevation.length; i++) {
      const z = elevation[i] ?? 0
      if (z === 0) continue
      square(
        i % w,
        Math.floor(i / w),
        css(z > 0 ? palette.raised : palette.sunken, Math.min(0.55, 0.12 * Math.abs(z)))
      )
    }
  }
  for (const b of view.blocks) square(b.x, b.y, css(palette.blockFace))
  for (const light of view.lights ?? []) {
    ctx.fillStyle = light.kind === 'light' ? css(palette.light, 0.18) : css(palette.darkness, 0.35)
    ctx.beginPath()
    ctx.arc((light.x + 0.5) * ppx, (light.y + 0.5) * ppx, light.radius * ppx, 0, Math.PI * 2)
    ctx.fill()
  }
  if (ppx >= 6) {
    ctx.strokeStyle = css(palette.gridLine, 0.35)
    ctx.lineWidth = 1
    ctx.beginPath()
    for (let x = 1; x < w; x++) {
      ctx.moveTo(x * ppx + 0.5, 0)
      ctx.lineTo(x * ppx + 0.5, h * ppx)
    }
    for (let y = 1; y < h; y++) {
      ctx.moveTo(0, y * ppx + 0.5)
      ctx.lineTo(w * ppx, y * ppx + 0.5)
    }
    ctx.stroke()
  }
  const edges = (
    list: readonly { x: number; y: number; side: 'n' | 'w' }[],
    color: string,
    width: number
  ) => {
    if (list.length === 0) return
    ctx.strokeStyle = color
    ctx.lineWidth = width
    ctx.lineCap = 'square'
    ctx.beginPath()
    for (const e of list) {
      const [x1, y1, x2, y2] = edgeSegment(e, ppx)
      ctx.moveTo(x1, y1)
      ctx.lineTo(x2, y2)
    }
    ctx.stroke()
  }
  const lw = Math.max(1.5, ppx * 0.2)
  edges(view.walls ?? [], css(palette.wall), lw)
  edges(
    (view.doors ?? []).filter((d) => !d.open),
    css(palette.door),
    lw
  )
  edges(
    (view.doors ?? []).filter((d) => d.open),
    css(palette.door, 0.45),
    Math.max(1, lw / 2)
  )
  return canvas
}

/** A texture of the painted canvas (linear filtering: it is shown scaled down in the minimap). */
export function overviewTexture(canvas: HTMLCanvasElement): Texture {
  return new Texture({ source: new CanvasSource({ resource: canvas }) })
}
