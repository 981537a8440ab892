import { Container, Text, type Graphics, type TextStyle } from 'pixi.js'

/** Reusable Text objects, so a sync that shows the same labels allocates nothing. */
export class LabelPool {
  readonly container = new Container()
  private readonly items: Text[] = []
  private used = 0

  /** Starts a pass; labels not taken again before `end()` are hidden. */
  begin(): void {
    this.used = 0
  }

  /** A visible label with this text and style, centred on its position by default. */
  take(text: string, style: TextStyle, x: number, y: number, anchorX = 0.5, anchorY = 0.5): Text {
    let label = this.items[this.used]
    if (!label) {
      label = new Text({ text, style })
      this.items.push(label)
      this.container.addChild(label)
    }
    this.used++
    if (label.text !== text) label.text = text
    if (label.style !== style) label.style = style
    label.anchor.set(anchorX, anchorY)
    label.position.set(Math.round(x), Math.round(y))
    label.visible = true
    label.alpha = 1
    return label
  }

  /** Hides the labels this pass did not use. */
  end(): void {
    for (let i = this.used; i < this.items.length; i++) {
      const label = this.items[i]
      if (label) label.visible = false
    }
  }
}

/** The canvas area in world coordinates, as `Layout.visible` gives it. */
export interface VisibleArea {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Puts `label` on a rounded plate drawn into `pills`, centred on (x, y) and nudged inside the canvas so a
 * reading at the board's edge stays whole.
 */
export function drawPill(
  pills: Graphics,
  label: Text,
  x: number,
  y: number,
  color: number,
  visible: VisibleArea
): void {
  const w = Math.max(label.width + 12, label.height + 6)
  const h = label.height + 6
  const v = visible
  // an area not measured yet (before the first frame) or narrower than the pill cannot hold it: leave it be
  const clamp = (p: number, lo: number, size: number, half: number) =>
    size > 2 * half + 4 ? Math.min(Math.max(p, lo + half + 2), lo + size - half - 2) : p
  const px = Math.round(clamp(x, v.x, v.width, w / 2))
  const py = Math.round(clamp(y, v.y, v.height, h / 2))
  pills
    .roundRect(px - w / 2, py - h / 2, w, h, h / 2)
    .fill({ color, alpha: 0.95 })
    .stroke({ width: 1.5, color: 0x000000, alpha: 0.5 })
  label.position.set(px, py)
}
