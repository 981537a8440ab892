import { Container, Graphics, Text } from 'pixi.js'
import type { InchesLayout } from './layout'
import { tablePalette } from './style'
import { formatInches, scaleBarInches } from './transform'
import type { InchesView } from './view'

/**
 * A scale bar in a corner of the canvas (screen space, not on the table): alternating one-inch blocks from
 * 0 to a nice length that fits, so distances can be judged by eye at any fit.
 */
export class ScaleBar {
  readonly container = new Container()
  private readonly g = new Graphics()
  private readonly zero = new Text({ text: '0', anchor: { x: 0.5, y: 1 } })
  private readonly end = new Text({ anchor: { x: 0.5, y: 1 } })
  private key = ''

  constructor() {
    this.container.addChild(this.g, this.zero, this.end)
  }

  /** Redraws for a new fit, canvas size or language; true if anything changed. */
  sync(view: InchesView, layout: InchesLayout, screenH: number): boolean {
    const key = JSON.stringify([layout.key, screenH, view.text.inches, view.text.decimal])
    if (key === this.key) return false
    this.key = key
    const ppi = layout.pxPerInch
    const n = scaleBarInches(ppi, Math.min(260, layout.visible.width * 0.35))
    const s = layout.styles
    this.zero.style = s.badge
    this.end.style = s.badge
    this.end.text = formatInches(n, view.text)
    const pad = 8
    const barH = 7
    const w = n * ppi
    const plateW = w + 2 * pad + this.end.width / 2
    const plateH = barH + this.end.height + 2 * pad
    const x0 = 10
    const y0 = screenH - 10 - plateH
    const bx = x0 + pad
    const by = y0 + plateH - pad - barH
    const g = this.g.clear()
    g.roundRect(x0, y0, plateW, plateH, 6).fill({ color: tablePalette.scalePlate, alpha: 0.72 })
    for (let i = 0; i < n; i++) g.rect(bx + i * ppi, by, ppi, barH).fill(i % 2 ? 0x20242b : 0xf4f6f8)
    g.rect(bx, by, w, barH).stroke({ width: 1, color: 0xf4f6f8, alignment: 1 })
    this.zero.position.set(Math.round(bx), Math.round(by - 2))
    this.end.position.set(Math.round(bx + w), Math.round(by - 2))
    return true
  }

  /** Destroys the bar's objects. */
  destroy(): void {
    this.container.destroy({ children: true })
  }
}
