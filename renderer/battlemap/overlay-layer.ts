import { Container, FillPattern, Graphics, Sprite, type Texture } from 'pixi.js'
import { coverLevel, outlineSegments, rowRuns } from './cell-areas'
import { drawPill, LabelPool } from './labels'
import { caughtRingTexture, makeHatchTexture, overlayPalette as ink, shieldTexture } from './overlay-marks'
import type { Layout } from './style'
import type { TextureCache } from './textures'
import type { BattlemapView, Cell, MapOverlay, TokenView } from './view'

type Part = 'sight' | 'threat' | 'flank' | 'template' | 'templatePill' | 'ruler'

/**
 * The tactical overlays (`view.overlay`): threatened squares, flank positions, sight and cover from a
 * token, an area template with the figures it catches, and the ruler. Drawn above the tokens' bases,
 * redrawn only when the overlay object changes.
 *
 * Each part keeps the identity of its own input, so replacing the ruler does not redraw a 40,000-square
 * sight overlay; panning redraws nothing (the layout key ignores the camera). Areas are drawn as merged row runs and merged
 * outline segments in one Graphics each; marks repeated per square (cover shields, rings) are sprites of
 * cached textures; the only Text objects are the two pills, reused.
 */
export class OverlayLayer {
  readonly container = new Container()
  private readonly sight = new Graphics()
  private readonly shields = new Container()
  private readonly threat = new Graphics()
  private readonly flank = new Graphics()
  private readonly template = new Graphics()
  private readonly rings = new Container()
  private readonly ruler = new Graphics()
  private readonly pills = { template: new Graphics(), ruler: new Graphics() }
  private readonly labels = { template: new LabelPool(), ruler: new LabelPool() }
  private readonly last = new Map<Part, { input: unknown; key: string }>()
  /** the hatch of hidden squares: this layer's own texture (not the cache's), made on first use */
  private hatch: { texture: Texture; pattern: FillPattern; key: string } | null = null

  constructor(private readonly cache: TextureCache) {
    this.container.addChild(this.sight, this.shields, this.threat, this.flank, this.template, this.rings)
    this.container.addChild(this.ruler, this.pills.template, this.labels.template.container)
    this.container.addChild(this.pills.ruler, this.labels.ruler.container)
  }

  /** Redraws when `view.overlay` changed; true if anything visible changed. */
  sync(view: BattlemapView, layout: Layout): boolean {
    const o: MapOverlay = view.overlay ?? {}
    if (this.texturesLost()) this.last.clear()
    // the layout key changes with the square size, the pixel density and a lost context, not with panning
    const size = layout.key
    const tpl = o.template
    const caught = tpl ? this.caught(tpl.hits, view.tokens) : []
    let changed = false
    changed = this.part('sight', o.sight, size, () => this.drawSight(o.sight, layout)) || changed
    changed =
      this.part('threat', o.threat, size, () => this.drawArea(this.threat, o.threat, ink.threat, layout)) ||
      changed
    changed = this.part('flank', o.flank, size, () => this.drawFlank(o.flank, layout)) || changed
    const caughtKey = `${size}|${caught.map((t) => `${t.x},${t.y},${t.size ?? 1}`).join(';')}`
    changed = this.part('template', tpl, caughtKey, () => this.drawTemplate(tpl, caught, layout)) || changed
    changed = this.part('templatePill', tpl, layout.key, () => this.drawTemplatePill(tpl, layout)) || changed
    changed = this.part('ruler', o.ruler, layout.key, () => this.drawRuler(o.ruler, layout)) || changed
    return changed
  }

  /** Destroys the display objects (shared textures belong to the cache). */
  destroy(): void {
    this.last.clear()
    this.container.destroy({ children: true })
    this.hatch?.texture.destroy(true)
    this.hatch = null
  }

  /** Runs `draw` when the part's input object or key changed since the last time; true if it ran. */
  private part(slot: Part, input: unknown, key: string, draw: () => void): boolean {
    const last = this.last.get(slot)
    if (last && last.input === input && last.key === key) return false
    // an overlay that was absent and stays absent draws nothing new
    const wasEmpty = !last || last.input === undefined
    this.last.set(slot, { input, key })
    draw()
    return !(wasEmpty && input === undefined)
  }

  /** True when the cache dropped a texture this layer still shows (square size change, context loss). */
  private texturesLost(): boolean {
    const sprites = [...this.shields.children, ...this.rings.children] as Sprite[]
    const gone = (t: Texture | undefined) => t !== undefined && t.destroyed
    return sprites.some((s) => s.visible && gone(s.texture))
  }

  /** The figures a template catches, as drawn (standing or not: the caller decides who counts). */
  private caught(ids: readonly string[], tokens: readonly TokenView[]): TokenView[] {
    const wanted = new Set(ids)
    return tokens.filter((t) => wanted.has(t.id))
  }

  /** A tinted area with its outline: threatened squares, the template's squares. */
  private drawArea(g: Graphics, cells: readonly Cell[] | undefined, color: number, layout: Layout): void {
    g.clear()
    if (!cells || cells.length === 0) return
    const c = layout.cell
    for (const r of rowRuns(cells)) g.rect(r.x * c, r.y * c, r.w * c, c)
    g.fill({ color, alpha: 0.17 })
    for (const [x0, y0, x1, y1] of outlineSegments(cells)) g.moveTo(x0 * c, y0 * c).lineTo(x1 * c, y1 * c)
    g.stroke({ width: 2, color, alpha: 0.85, cap: 'square' })
  }

  /** Flank squares: a faint green tint and a diamond in the middle, unlike the threat's red border. */
  private drawFlank(cells: readonly Cell[] | undefined, layout: Layout): void {
    const g = this.flank.clear()
    if (!cells || cells.length === 0) return
    const c = layout.cell
    for (const r of rowRuns(cells)) g.rect(r.x * c, r.y * c, r.w * c, c)
    g.fill({ color: ink.flank, alpha: 0.1 })
    const d = Math.max(4, Math.round(c * 0.16))
    for (const { x, y } of cells) {
      const cx = x * c + c / 2
      const cy = y * c + c / 2
      g.poly([cx, cy - d, cx + d, cy, cx, cy + d, cx - d, cy])
    }
    g.fill({ color: ink.flank, alpha: 0.9 }).stroke({ width: 1.5, color: ink.flankDark, alpha: 0.8 })
  }

  /**
   * Sight from a figure: the squares it cannot see darkened and hatched (as merged runs, one pattern fill),
   * a ring on the viewer, and on each seen square with cover one small shield per cover level.
   */
  private drawSight(sight: MapOverlay['sight'], layout: Layout): void {
    const g = this.sight.clear()
    const c = layout.cell
    const shields = this.shields.children as Sprite[]
    let used = 0
    if (sight) {
      const runs = rowRuns(sight.cells.filter((s) => !s.visible))
      for (const r of runs) g.rect(r.x * c, r.y * c, r.w * c, c)
      g.fill({ color: ink.hidden, alpha: 0.6 })
      // made again with each layout (a lost context among its causes), like everything else the map draws
      if (this.hatch?.key !== layout.key) {
        this.hatch?.texture.destroy(true)
        const texture = makeHatchTexture()
        this.hatch = { texture, pattern: new FillPattern(texture, 'repeat'), key: layout.key }
      }
      for (const r of runs) g.rect(r.x * c, r.y * c, r.w * c, c)
      g.fill({ fill: this.hatch.pattern })
      const { from } = sight
      g.circle(from.x * c + c / 2, from.y * c + c / 2, c * 0.46).stroke({
        width: 2.5,
        color: ink.eye,
        alpha: 0.9
      })
      const pad = Math.max(1, Math.round(c * 0.04))
      for (const s of sight.cells) {
        if (!s.visible || !s.cover) continue
        const sprite = shields[used] ?? this.shields.addChild(new Sprite({ anchor: { x: 1, y: 0 } }))
        sprite.texture = shieldTexture(this.cache, c, coverLevel(s.cover))
        sprite.position.set((s.x + 1) * c - pad, s.y * c + pad)
        sprite.visible = true
        used++
      }
    }
    for (let i = used; i < shields.length; i++) shields[i]!.visible = false
  }

  /** The template's squares and an amber ring round each figure it catches (footprints included). */
  private drawTemplate(tpl: MapOverlay['template'], caught: readonly TokenView[], layout: Layout): void {
    this.drawArea(this.template, tpl?.cells, ink.template, layout)
    const c = layout.cell
    const rings = this.rings.children as Sprite[]
    caught.forEach((t, i) => {
      const ring = rings[i] ?? this.rings.addChild(new Sprite({ anchor: 0.5 }))
      const size = t.size ?? 1
      // where the token layer draws the disc: scaled from the top-left square, small figures centred
      const inset = size < 1 ? (c * (1 - size)) / 2 : 0
      ring.texture = caughtRingTexture(this.cache, c)
      ring.position.set(t.x * c + inset + (size * c) / 2, t.y * c + inset + size * c * 0.52)
      ring.scale.set(Math.max(0.75, size))
      ring.visible = true
    })
    for (let i = caught.length; i < rings.length; i++) rings[i]!.visible = false
  }

  /** The template's reading ("20-ft burst · 3 caught") in a pill above its squares. */
  private drawTemplatePill(tpl: MapOverlay['template'], layout: Layout): void {
    const pills = this.pills.template.clear()
    const labels = this.labels.template
    labels.begin()
    if (tpl && tpl.label && tpl.cells.length > 0) {
      const c = layout.cell
      const xs = tpl.cells.map((p) => p.x)
      const top = Math.min(...tpl.cells.map((p) => p.y))
      const label = labels.take(tpl.label, layout.styles.pillDark, 0, 0)
      const x = ((Math.min(...xs) + Math.max(...xs) + 1) / 2) * c
      drawPill(pills, label, x, top * c - label.height / 2 - 6, ink.template, layout.visible)
    }
    labels.end()
  }

  /** The ruler: a line through the centres of its points, a dot on each, and its reading at the end. */
  private drawRuler(ruler: MapOverlay['ruler'], layout: Layout): void {
    const g = this.ruler.clear()
    const pills = this.pills.ruler.clear()
    const labels = this.labels.ruler
    labels.begin()
    if (ruler && ruler.points.length > 0) {
      const c = layout.cell
      const pts = ruler.points.map((p) => [p.x * c + c / 2, p.y * c + c / 2] as const)
      const width = Math.max(2.5, Math.round(c * 0.05))
      const line = (w: number, color: number, alpha: number) => {
        pts.forEach(([x, y], i) => (i === 0 ? g.moveTo(x, y) : g.lineTo(x, y)))
        g.stroke({ width: w, color, alpha, cap: 'round', join: 'round' })
      }
      if (pts.length > 1) {
        line(width + 3, 0x000000, 0.5)
        line(width, ink.ruler, 0.95)
      }
      for (const [x, y] of pts)
        g.circle(x, y, width * 1.3)
          .fill(ink.ruler)
          .stroke({ width: 1.5, color: 0x000000, alpha: 0.5 })
      const [ex, ey] = pts[pts.length - 1]!
      if (ruler.label) {
        const label = labels.take(ruler.label, layout.styles.pill, 0, 0)
        // above the end square, so the square measured to stays visible
        drawPill(pills, label, ex, ey - c / 2 - label.height / 2 - 2, ink.rulerPill, layout.visible)
      }
    }
    labels.end()
  }
}
