import { Container, Graphics, Rectangle, Sprite, Texture, type Renderer, type Text } from 'pixi.js'
import { jsonKey } from './json-key'
import { drawPill, LabelPool } from './labels'
import { targetRingTexture } from './marks'
import { BAND_TINTS, bandTint, palette, type Layout } from './style'
import type { TextureCache } from './textures'
import type { BattlemapView, Cell } from './view'

/**
 * What the active figure could do: reachable squares with their cost (tinted by movement band, a warning
 * triangle where a move provokes), the hovered path and its cost (and how many it provokes), the numbered
 * waypoints the planned move goes through,
 * a refused square with its reason, and rings on attackable figures. `under` sits below the tokens,
 * `over` (the pills with text) above them so a figure never hides an explanation.
 */
export class HighlightLayer {
  readonly under = new Container()
  readonly over = new Container()
  private readonly area = new Graphics()
  private readonly costs = new LabelPool()
  // The reachable area and its cost numbers are drawn off stage and baked into one texture when they
  // change, so a path preview (a hover) draws one sprite instead of hundreds of squares and labels
  // (bench:map, Canvas2D: the labels alone cost ~1.5 ms a frame).
  private readonly reach = new Container()
  private readonly reachSprite = new Sprite()
  private reachTexture: Texture | null = null
  private readonly marks = new Graphics()
  private readonly wayText = new LabelPool()
  private readonly rings = new Container()
  private readonly pills = new Graphics()
  private readonly pillText = new LabelPool()
  // separate keys: hovering changes only the path and refusal, not the reachable area or the rings
  private readonly keys = { area: '', marks: '', rings: '' }
  private standingOf: { tokens: BattlemapView['tokens']; start: Cell | null; occupied: Cell[] } | null = null

  constructor(
    private readonly cache: TextureCache,
    private readonly renderer: Renderer
  ) {
    this.reach.addChild(this.area, this.costs.container)
    this.under.addChild(this.reachSprite, this.marks, this.wayText.container, this.rings)
    this.over.addChild(this.pills, this.pillText.container)
  }

  /** Redraws each overlay whose inputs changed; true if any did. */
  sync(view: BattlemapView, layout: Layout): boolean {
    const { reachable, path, pathCost, targets, refused, tokens } = view
    const provokes = view.pathProvokes ?? 0
    const { start, occupied } = this.standing(tokens)
    const targetCells = targets.flatMap((id) =>
      tokens.filter((t) => t.id === id).map((t) => ({ x: t.x, y: t.y }))
    )
    let changed = false
    if (this.stale('area', [layout.key, reachable, occupied])) {
      this.drawReachable(reachable, occupied, layout)
      this.bakeReach(reachable, layout)
      changed = true
    }
    if (this.stale('rings', [layout.key, targetCells])) {
      this.drawRings(targetCells, layout)
      changed = true
    }
    const pathText = view.pathLabel ?? (pathCost === null ? null : String(pathCost))
    const waypoints = view.waypoints ?? []
    if (this.stale('marks', [layout.key, path, pathText, provokes, refused, start, occupied, waypoints])) {
      this.marks.clear()
      this.pills.clear()
      this.pillText.begin()
      this.wayText.begin()
      if (refused) this.drawRefused(refused, occupied, layout)
      if (path.length > 0) this.drawPath(start, path, pathText, provokes, layout)
      this.drawWaypoints(waypoints, layout)
      this.wayText.end()
      this.pillText.end()
      changed = true
    }
    return changed
  }

  /** The active figure's square and the squares figures stand on, worked out once per tokens array. */
  private standing(tokens: BattlemapView['tokens']): { start: Cell | null; occupied: Cell[] } {
    if (this.standingOf?.tokens !== tokens) {
      const active = tokens.find((t) => t.active && !t.out)
      const start = active ? { x: active.x, y: active.y } : null
      const occupied = tokens.filter((t) => !t.out).map((t) => ({ x: t.x, y: t.y }))
      this.standingOf = { tokens, start, occupied }
    }
    return this.standingOf
  }

  private stale(slot: 'area' | 'marks' | 'rings', inputs: unknown[]): boolean {
    const key = inputs.map(jsonKey).join('|')
    if (this.keys[slot] === key) return false
    this.keys[slot] = key
    return true
  }

  private drawRings(cells: Cell[], layout: Layout): void {
    const c = layout.cell
    cells.forEach((cell, i) => {
      const ring =
        (this.rings.children[i] as Sprite | undefined) ?? this.rings.addChild(new Sprite({ anchor: 0.5 }))
      ring.texture = targetRingTexture(this.cache, c)
      ring.position.set(cell.x * c + Math.round(c / 2), cell.y * c + Math.round(c * 0.52))
      ring.visible = true
    })
    this.rings.children.forEach((ring, i) => (ring.visible = i < cells.length))
  }

  private drawReachable(cells: BattlemapView['reachable'], occupied: Cell[], layout: Layout): void {
    const c = layout.cell
    const g = this.area.clear()
    const tintOf = (r: BattlemapView['reachable'][number]) => Math.min(BAND_TINTS.length - 1, r.band ?? 0)
    const tints = [...new Set(cells.map(tintOf))].sort((a, b) => b - a)
    // fills per band, then each band's outer edge (the area within one move, within two...), nearest last
    for (const tint of tints) {
      for (const r of cells) if (tintOf(r) === tint) g.rect(r.x * c, r.y * c, c, c)
      g.fill({ color: bandTint(tint).color, alpha: bandTint(tint).fill })
    }
    for (const tint of tints) {
      const { color, line, lineAlpha } = bandTint(tint)
      this.outline(
        cells.filter((r) => tintOf(r) <= tint),
        occupied,
        c
      )
      g.stroke({ width: line, color, alpha: lineAlpha })
    }
    for (const r of cells) if ((r.provokes ?? 0) > 0) this.warning(r, c)
    this.costs.begin()
    const pad = Math.max(2, Math.round(c * 0.05))
    // below 32 px squares the numbers would cover the square; the tint alone still shows the area
    for (const r of c >= 32 ? cells : []) {
      this.costs.take(String(r.cost), layout.styles.cost, (r.x + 1) * c - pad, (r.y + 1) * c - pad + 1, 1, 1)
    }
    this.costs.end()
  }

  /** Traces the edge of an area of squares (to be stroked by the caller). */
  private outline(cells: Cell[], occupied: Cell[], c: number): void {
    const reach = new Set(cells.map((r) => `${r.x},${r.y}`))
    const near = (x: number, y: number) => (reach.has(`${x},${y}`) ? 1 : 0)
    // a figure standing inside the area is not a hole in it: outline the area around it, not the figure
    const enclosed = occupied.filter(
      (o) => near(o.x - 1, o.y) + near(o.x + 1, o.y) + near(o.x, o.y - 1) + near(o.x, o.y + 1) >= 2
    )
    const region = [...cells, ...enclosed]
    const inside = new Set(region.map((r) => `${r.x},${r.y}`))
    const g = this.area
    for (const r of region) {
      const x0 = r.x * c
      const y0 = r.y * c
      if (!inside.has(`${r.x},${r.y - 1}`)) g.moveTo(x0, y0).lineTo(x0 + c, y0)
      if (!inside.has(`${r.x},${r.y + 1}`)) g.moveTo(x0, y0 + c).lineTo(x0 + c, y0 + c)
      if (!inside.has(`${r.x - 1},${r.y}`)) g.moveTo(x0, y0).lineTo(x0, y0 + c)
      if (!inside.has(`${r.x + 1},${r.y}`)) g.moveTo(x0 + c, y0).lineTo(x0 + c, y0 + c)
    }
  }

  /** A small warning triangle in a square's top-left corner: moving there provokes. */
  private warning(cell: Cell, c: number): void {
    const s = Math.max(7, Math.round(c * 0.3))
    const h = s * 0.87
    const pad = Math.max(1, Math.round(c * 0.05))
    const x = cell.x * c + pad
    const y = cell.y * c + pad
    const g = this.area
    g.poly([x + s / 2, y, x + s, y + h, x, y + h])
      .fill({ color: palette.provokes, alpha: 0.95 })
      .stroke({ width: 1, color: 0x000000, alpha: 0.55, join: 'round' })
    if (s < 10) return
    const mid = x + s / 2
    g.moveTo(mid, y + h * 0.36)
      .lineTo(mid, y + h * 0.66)
      .stroke({ width: Math.max(1.5, s * 0.11), color: palette.provokesMark, cap: 'round' })
    g.circle(mid, y + h * 0.83, Math.max(0.9, s * 0.06)).fill(palette.provokesMark)
  }

  private drawRefused(cell: Cell & { reason: string }, occupied: Cell[], layout: Layout): void {
    const c = layout.cell
    const x0 = cell.x * c
    const y0 = cell.y * c
    this.marks.rect(x0, y0, c, c).fill({ color: palette.refused, alpha: 0.3 })
    this.marks.rect(x0 + 1, y0 + 1, c - 2, c - 2).stroke({ width: 2, color: palette.refused, alignment: 1 })
    // a "no entry" sign, readable even when the reason pill is off screen
    const r = Math.round(c * 0.2)
    const cx = x0 + c / 2
    const cy = y0 + c / 2
    const d = r * Math.SQRT1_2
    this.marks
      .circle(cx, cy, r)
      .moveTo(cx - d, cy + d)
      .lineTo(cx + d, cy - d)
    this.marks.stroke({ width: Math.max(2, c * 0.05), color: palette.refused, cap: 'round' })
    if (!cell.reason) return
    const label = this.pillText.take(cell.reason, layout.styles.pill, 0, 0)
    const w = label.width + 12
    const h = label.height + 6
    const gap = 4
    // above, below, right, left of the square: the first spot that covers no figure and stays on screen
    const spots = [
      [cx, y0 - h / 2 - gap],
      [cx, y0 + c + h / 2 + gap],
      [x0 + c + w / 2 + gap, cy],
      [x0 - w / 2 - gap, cy]
    ] as const
    const v = layout.visible
    const cost = ([x, y]: readonly [number, number]) => {
      const l = x - w / 2
      const t = y - h / 2
      const off = l < v.x || t < v.y || l + w > v.x + v.width || t + h > v.y + v.height ? 100 : 0
      const hit = occupied.filter(
        (o) => l < (o.x + 1) * c && l + w > o.x * c && t < (o.y + 1) * c && t + h > o.y * c
      )
      return off + hit.length
    }
    const best = spots.reduce((a, b) => (cost(b) < cost(a) ? b : a))
    this.placePill(label, best[0], best[1], palette.refusedPill, layout)
  }

  private drawPath(
    start: Cell | null,
    path: Cell[],
    cost: string | null,
    provokes: number,
    layout: Layout
  ): void {
    const c = layout.cell
    const first = path[0]!
    const cells = start && (start.x !== first.x || start.y !== first.y) ? [start, ...path] : path
    const pts = cells.map((p) => [p.x * c + c / 2, p.y * c + c / 2] as const)
    const width = Math.max(3, Math.round(c * 0.07))
    const line = (w: number, color: number, alpha: number) => {
      pts.forEach(([x, y], i) => (i === 0 ? this.marks.moveTo(x, y) : this.marks.lineTo(x, y)))
      this.marks.stroke({ width: w, color, alpha, cap: 'round', join: 'round' })
    }
    if (pts.length > 1) {
      line(width + 3, 0x000000, 0.45)
      line(width, palette.path, 0.95)
    }
    for (const [x, y] of pts.slice(1, -1)) this.marks.circle(x, y, width * 0.9).fill(palette.path)
    const end = pts[pts.length - 1]!
    this.marks.circle(end[0], end[1], c * 0.32).stroke({ width: 2.5, color: palette.path })
    // the cost, and "⚠ n" beside it when the move provokes n figures (the pill turns orange)
    const text = [cost ?? '', provokes > 0 ? `⚠ ${provokes}` : ''].filter(Boolean).join('  ')
    if (!text) return
    const label = this.pillText.take(text, layout.styles.pillDark, 0, 0)
    this.placePill(label, end[0], end[1], provokes > 0 ? palette.provokes : palette.path, layout)
  }

  /**
   * The planned move's waypoints: a numbered disc on each, in order, drawn over the path that runs through
   * their centres (the numbers say which stop comes first when the path doubles back).
   */
  private drawWaypoints(waypoints: readonly Cell[], layout: Layout): void {
    const c = layout.cell
    const r = Math.max(7, Math.round(c * 0.24))
    const small = r < 9
    waypoints.forEach((p, i) => {
      const x = p.x * c + c / 2
      const y = p.y * c + c / 2
      this.marks
        .circle(x, y, r)
        .fill({ color: palette.path, alpha: 0.95 })
        .stroke({ width: 2, color: 0x000000, alpha: 0.6 })
      // below ~18 px discs a digit is unreadable: the disc alone marks the stop
      if (!small) this.wayText.take(String(i + 1), layout.styles.pillDark, x, y + 0.5)
    })
  }

  /** Puts a label on a rounded plate, nudged inside the canvas. */
  private placePill(label: Text, x: number, y: number, color: number, layout: Layout): void {
    drawPill(this.pills, label, x, y, color, layout.visible)
  }

  /** Destroys the overlay objects; ring textures belong to the cache. */
  /** Textures this layer owns (the baked reachable area, when one is shown). */
  liveTextures(): number {
    return this.reachTexture ? 1 : 0
  }

  destroy(): void {
    this.dropReach()
    this.reach.destroy({ children: true })
    this.under.destroy({ children: true })
    this.over.destroy({ children: true })
  }

  /** Bakes the drawn area and numbers into the sprite's texture, framed to the squares (plus the outline). */
  private bakeReach(cells: BattlemapView['reachable'], layout: Layout): void {
    this.dropReach()
    if (cells.length === 0) return
    const c = layout.cell
    const xs = cells.map((r) => r.x)
    const ys = cells.map((r) => r.y)
    const pad = 2
    const frame = new Rectangle(
      Math.min(...xs) * c - pad,
      Math.min(...ys) * c - pad,
      (Math.max(...xs) - Math.min(...xs) + 1) * c + 2 * pad,
      (Math.max(...ys) - Math.min(...ys) + 1) * c + 2 * pad
    )
    this.reachTexture = this.renderer.generateTexture({
      target: this.reach,
      frame,
      resolution: layout.resolution,
      antialias: true
    })
    this.reachSprite.texture = this.reachTexture
    this.reachSprite.position.set(frame.x, frame.y)
    this.reachSprite.visible = true
  }

  private dropReach(): void {
    this.reachSprite.texture = Texture.EMPTY
    this.reachTexture?.destroy(true)
    this.reachTexture = null
    this.reachSprite.visible = false
  }
}
