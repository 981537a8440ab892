// pixi compiles shaders with `new Function` unless this polyfill is loaded; the app runs under a strict CSP
import 'pixi.js/unsafe-eval'
import type { Application } from 'pixi.js'
import { Container, Rectangle, type FederatedPointerEvent, type PointData } from 'pixi.js'
import { GridLayer } from './grid-layer'
import { HighlightLayer } from './highlight-layer'
import { GUTTER, makeStyles, MIN_CELL, type Layout } from './style'
import { createMapApp, fitToHost } from './pixi-app'
import { TerrainLayer } from './terrain-layer'
import { TextureCache } from './textures'
import { TokenLayer } from './token-layer'
import type { BattlemapView, Cell, MapEffect, MapPointer } from './view'

export type { BattlemapView, Cell, MapEffect, MapPointer, TokenView } from './view'

/** Options for `Battlemap.create`. */
export interface BattlemapOptions {
  preference?: 'webgl' | 'canvas'
}

/**
 * The Pixi battlemap: draws a `BattlemapView` fitted to its host element and reports pointer input
 * as cells. It renders only when asked (sync/resize), never on a ticker: software WebGL in tests
 * takes ~100 ms a frame, and a GM console has nothing to animate between state changes.
 */
export class Battlemap {
  /** 'webgl' | 'webgpu' | 'canvas' */
  readonly rendererName: string
  private readonly world = new Container({ isRenderGroup: true })
  private readonly cache: TextureCache
  private readonly terrain: TerrainLayer
  private readonly grid: GridLayer
  private readonly highlights: HighlightLayer
  private readonly tokens: TokenLayer
  private readonly hoverListeners: Array<(cell: Cell | null) => void> = []
  private readonly clickListeners: Array<(cell: Cell) => void> = []
  private view: BattlemapView | null = null
  private layout: Layout | null = null
  private hovered: string | null = null
  private destroyed = false

  /** Creates the renderer, appends its canvas to `host` and sizes it to the host. */
  static async create(host: HTMLElement, options: BattlemapOptions = {}): Promise<Battlemap> {
    return new Battlemap(host, await createMapApp(host, options.preference))
  }

  private constructor(
    private readonly host: HTMLElement,
    private readonly app: Application
  ) {
    this.rendererName = app.renderer.name
    this.cache = new TextureCache(app.renderer)
    this.terrain = new TerrainLayer(app.renderer)
    this.grid = new GridLayer(app.renderer)
    this.highlights = new HighlightLayer(this.cache)
    this.tokens = new TokenLayer(this.cache)
    this.world.addChild(
      this.terrain.container,
      this.grid.container,
      this.highlights.under,
      this.tokens.container,
      this.highlights.over
    )
    const stage = app.stage
    stage.addChild(this.world)
    // only the stage is hit-tested, against the board rectangle; children never take events
    stage.eventMode = 'static'
    stage.interactiveChildren = false
    stage.hitArea = new Rectangle(0, 0, 0, 0)
    stage.on('pointermove', (e: FederatedPointerEvent) => this.setHover(this.cellAt(e.global)))
    stage.on('pointerout', () => this.setHover(null))
    stage.on('pointertap', (e: FederatedPointerEvent) => {
      const cell = this.cellAt(e.global)
      if (cell) for (const cb of this.clickListeners) cb(cell)
    })
  }

  /** Shows `view`; layers skip unchanged parts, and a frame is rendered only if something changed. */
  sync(view: BattlemapView): void {
    if (this.destroyed) return
    this.view = view
    if (this.update(view)) this.app.render()
  }

  /** Calls `cb` with the hovered square whenever it changes, and with null when the pointer leaves. */
  onHover(cb: (cell: Cell | null) => void): void {
    this.hoverListeners.push(cb)
  }

  /** Calls `cb` with the square that was clicked or tapped. */
  onClick(cb: (cell: Cell) => void): void {
    this.clickListeners.push(cb)
  }

  /**
   * Calls `cb` with every pointer event in board terms (down/move/up of any button, and the context
   * menu), for the editor's brushes, token drags, rulers and the token HUD.
   */
  onPointer(cb: (e: MapPointer) => void): void {
    void cb // contract: implemented with the camera (issue 6)
  }

  /** Pans the view by screen pixels. */
  panBy(dx: number, dy: number): void {
    void dx
    void dy
  }

  /** Zooms by `factor` about a screen point (CSS px relative to the canvas; default the centre). */
  zoomAt(factor: number, screen?: { x: number; y: number }): void {
    void factor
    void screen
  }

  /** Fits the whole board in the host. */
  fit(): void {}

  /** Centres the view on a square without changing the zoom. */
  centerOn(cell: Cell): void {
    void cell
  }

  /** The camera: board top-left in screen px and the zoom (1 = the base square size). */
  camera(): { x: number; y: number; scale: number } {
    return { x: this.world.x, y: this.world.y, scale: this.world.scale.x }
  }

  /** Turns the short animations on or off (off: `play` resolves at once). */
  setAnimations(on: boolean): void {
    void on
  }

  /** Plays effects (moves, hits, numbers); resolves when they are done. */
  async play(effects: readonly MapEffect[]): Promise<void> {
    void effects
  }

  /** Centre of a square in CSS px relative to the canvas's top-left corner (for e2e clicks). */
  cellCenter(cell: Cell): { x: number; y: number } {
    const c = this.layout?.cell ?? MIN_CELL
    return { x: this.world.x + (cell.x + 0.5) * c, y: this.world.y + (cell.y + 0.5) * c }
  }

  /** Refits the canvas and the board to the host's current size, then renders one frame. */
  resize(): void {
    if (this.destroyed) return
    fitToHost(this.app, this.host)
    if (this.view) this.update(this.view)
    this.app.render()
  }

  /** Destroys the renderer, its canvas, every texture the map generated, and the listeners. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.hoverListeners.length = 0
    this.clickListeners.length = 0
    this.app.stage.removeAllListeners()
    this.terrain.destroy()
    this.grid.destroy()
    this.highlights.destroy()
    this.tokens.destroy()
    this.cache.clear()
    this.app.destroy({ removeView: true }, { children: true })
  }

  /** Brings layout and layers up to date; true if anything visible changed. */
  private update(view: BattlemapView): boolean {
    let changed = this.relayout(view)
    const layout = this.layout
    if (!layout) return false
    changed = this.terrain.sync(view, layout) || changed
    changed = this.grid.sync(view, layout) || changed
    changed = this.highlights.sync(view, layout) || changed
    changed = this.tokens.sync(view, layout) || changed
    return changed
  }

  /** Recomputes the square size and board position; returns true if they changed. */
  private relayout(view: BattlemapView): boolean {
    const sw = this.app.renderer.width
    const sh = this.app.renderer.height
    const fit = Math.floor(Math.min((sw - 2 * GUTTER) / view.width, (sh - 2 * GUTTER) / view.height))
    const cell = Math.max(MIN_CELL, fit)
    const bw = view.width * cell
    const bh = view.height * cell
    // centre the board; if even the smallest squares overflow, pin it to the top-left instead
    const x = Math.max(GUTTER, Math.round((sw - bw) / 2))
    const y = Math.max(GUTTER, Math.round((sh - bh) / 2))
    const resolution = this.app.renderer.resolution
    const key = `${cell}:${x},${y}:${sw}x${sh}@${resolution}`
    if (this.layout?.key === key) return false
    // textures are drawn at one square size and pixel density
    if (this.layout?.cell !== cell || this.layout.resolution !== resolution) this.cache.clear()
    const styles = this.layout?.cell === cell ? this.layout.styles : makeStyles(cell)
    this.layout = { cell, resolution, key, styles, visible: { x: -x, y: -y, width: sw, height: sh } }
    this.world.position.set(x, y)
    this.app.stage.hitArea = new Rectangle(x, y, bw, bh)
    return true
  }

  private cellAt(p: PointData): Cell | null {
    const view = this.view
    const c = this.layout?.cell
    if (!view || !c) return null
    const x = Math.floor((p.x - this.world.x) / c)
    const y = Math.floor((p.y - this.world.y) / c)
    return x >= 0 && y >= 0 && x < view.width && y < view.height ? { x, y } : null
  }

  private setHover(cell: Cell | null): void {
    const key = cell ? `${cell.x},${cell.y}` : null
    if (key === this.hovered) return
    this.hovered = key
    for (const cb of this.hoverListeners) cb(cell)
  }
}
