import { Container, Graphics } from 'pixi.js'
import { LabelPool } from '../labels'
import { BAND_TINTS, bandTint, palette } from '../style'
import { px, type InchesLayout } from './layout'
import { placeLabel } from './pill'
import { tablePalette } from './style'
import { heightText } from './token-layer'
import { pathLabel } from './transform'
import type { BoardPoint, InchesView, PathView } from './view'

/**
 * What the active figure could do: where it can reach (dots tinted by band), the dragged path with its
 * length (and cost), a ghost base where it would end, a "charge" mark, and a refusal with its reason.
 * `under` sits below the figures; `over` (the pills with text) above them so a figure never hides a reading.
 */
export class OverlayLayer {
  readonly under = new Container()
  readonly over = new Container()
  private readonly dots = new Graphics()
  private readonly marks = new Graphics()
  private readonly pills = new Graphics()
  private readonly pillText = new LabelPool()
  private readonly keys = { dots: '', marks: '' }

  constructor() {
    this.under.addChild(this.dots, this.marks)
    this.over.addChild(this.pills, this.pillText.container)
  }

  /** Redraws the parts whose inputs changed; true if any did. */
  sync(view: InchesView, layout: InchesLayout): boolean {
    let changed = false
    const dotsKey = JSON.stringify([layout.key, view.reach])
    if (dotsKey !== this.keys.dots) {
      this.keys.dots = dotsKey
      this.drawReach(view, layout)
      changed = true
    }
    const marksKey = JSON.stringify([layout.key, view.path, view.refused, view.text])
    if (marksKey !== this.keys.marks) {
      this.keys.marks = marksKey
      this.marks.clear()
      this.pills.clear()
      this.pillText.begin()
      if (view.path) this.drawPath(view.path, view, layout)
      if (view.refused) this.drawRefused(view.refused, layout)
      this.pillText.end()
      changed = true
    }
    return changed
  }

  /** Destroys the overlay objects. */
  destroy(): void {
    this.under.destroy({ children: true })
    this.over.destroy({ children: true })
  }

  private drawReach(view: InchesView, layout: InchesLayout): void {
    const g = this.dots.clear()
    const r = Math.max(1.5, Math.min(3.5, layout.pxPerInch * 0.09))
    const tintOf = (band: number) => Math.min(BAND_TINTS.length - 1, Math.max(0, band))
    // farther bands first, so the nearer band's dots stay on top where samples coincide
    for (let band = BAND_TINTS.length - 1; band >= 0; band--) {
      let any = false
      for (const p of view.reach) {
        if (tintOf(p.band) !== band) continue
        g.circle(px(layout, p.x), px(layout, p.y), r)
        any = true
      }
      if (any) g.fill({ color: bandTint(band).color, alpha: band === 0 ? 0.8 : 0.55 })
    }
  }

  private drawPath(path: PathView, view: InchesView, layout: InchesLayout): void {
    const pts = path.points.map((p) => [px(layout, p.x), px(layout, p.y)] as const)
    const color = path.legal ? palette.path : palette.refused
    const width = Math.max(3, Math.round(layout.pxPerInch * 0.12))
    const line = (w: number, c: number, alpha: number) => {
      pts.forEach(([x, y], i) => (i === 0 ? this.marks.moveTo(x, y) : this.marks.lineTo(x, y)))
      this.marks.stroke({ width: w, color: c, alpha, cap: 'round', join: 'round' })
    }
    if (pts.length > 1) {
      line(width + 3, 0x000000, 0.45)
      line(width, color, 0.95)
    }
    for (const [x, y] of pts.slice(1, -1)) this.marks.circle(x, y, width * 0.8).fill(color)
    const last = path.points[path.points.length - 1]
    const end = pts[pts.length - 1]
    if (!last || !end) return
    // the ghost base: where the figure would stand, to scale
    const r = px(layout, path.radius)
    this.marks.circle(end[0], end[1], r).fill({ color, alpha: 0.18 }).stroke({ width: 2, color, alpha: 0.9 })
    const parts = [pathLabel(path.length, path.cost, view.text)]
    if (last.z > 0) parts.push(heightText(last.z, view))
    if (path.legal && path.provokes > 0) parts.push(`⚠ ${path.provokes}`)
    const text = parts.join('  ')
    const below = end[1] + r + 16
    const fill = !path.legal ? palette.refusedPill : path.provokes > 0 ? palette.provokes : palette.path
    const style = path.legal ? layout.styles.pillDark : layout.styles.pill
    placeLabel(this.pills, this.pillText.take(text, style, 0, 0), end[0], below, fill, layout)
    if (!path.legal && path.reason) {
      const reason = this.pillText.take(path.reason, layout.styles.pill, 0, 0)
      placeLabel(this.pills, reason, end[0], below + reason.height + 10, palette.refusedPill, layout)
    } else if (path.charge) {
      const charge = this.pillText.take(view.text.charge, layout.styles.pillDark, 0, 0)
      placeLabel(this.pills, charge, end[0], end[1] - r - 16, tablePalette.charge, layout)
    }
  }

  private drawRefused(at: BoardPoint & { reason: string }, layout: InchesLayout): void {
    const x = px(layout, at.x)
    const y = px(layout, at.y)
    const r = Math.max(8, layout.pxPerInch * 0.45)
    const d = r * Math.SQRT1_2
    this.marks
      .circle(x, y, r)
      .moveTo(x - d, y + d)
      .lineTo(x + d, y - d)
      .stroke({ width: 3, color: palette.refused, cap: 'round' })
    if (at.reason) {
      const label = this.pillText.take(at.reason, layout.styles.pill, 0, 0)
      placeLabel(this.pills, label, x, y - r - label.height / 2 - 8, palette.refusedPill, layout)
    }
  }
}
