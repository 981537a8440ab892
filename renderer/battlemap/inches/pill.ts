import type { Graphics, Text } from 'pixi.js'
import type { InchesLayout } from './layout'

/** Puts a label on a rounded plate drawn into `pills`, centred on (x, y) and nudged inside the canvas. */
export function placeLabel(
  pills: Graphics,
  label: Text,
  x: number,
  y: number,
  color: number,
  layout: InchesLayout
): void {
  const w = Math.max(label.width + 12, label.height + 6)
  const h = label.height + 6
  const v = layout.visible
  const cx = Math.round(Math.min(Math.max(x, v.x + w / 2 + 2), v.x + v.width - w / 2 - 2))
  const cy = Math.round(Math.min(Math.max(y, v.y + h / 2 + 2), v.y + v.height - h / 2 - 2))
  pills
    .roundRect(cx - w / 2, cy - h / 2, w, h, h / 2)
    .fill({ color, alpha: 0.95 })
    .stroke({ width: 1.5, color: 0x000000, alpha: 0.5 })
  label.position.set(cx, cy)
}
