// pixi compiles shaders with `new Function` unless this polyfill is loaded; the app runs under a strict CSP
import 'pixi.js/unsafe-eval'
import type { Application } from 'pixi.js'
import { Container } from 'pixi.js'
import { BoardLayer } from './board-layer'
import {
  BASE_CELL,
  boardToScreen,
  centerOn,
  fitCamera,
  keepOnScreen,
  visibleWorld,
  zoomAbout,
  type CameraState,
  type Point
} from './camera'
import { ContextWatch } from './context-loss'
import { EffectsLayer, type EffectsHost } from './effects-layer'
import { FogLayer } from './fog-layer'
import { tokenSeen } from './fog-math'
import { GridLayer } from './grid-layer'
import { HighlightLayer } from './highlight-layer'
import { MapInput } from './input'
import { Minimap } from './minimap'
import { OverlayLayer } from './overlay-layer'
import { createMapApp, fitToHost } from './pixi-app'
import { PreviewLayer } from './preview-layer'
import { GUTTER, makeStyles, MIN_CELL, type Layout } from './style'
import { TextureCache } from './textures'
import { ZoomGesture } from './zoom-gesture'
import { TokenLayer } from './token-layer'
import type { BattlemapView, Cell, MapEffect, MapPointer } from './view'

export type { BattlemapView, Cell, MapEffect, MapPointer, TokenView } from './view'

/** Options for `Battlemap.create`. */
export interface BattlemapOptions {
  /** `auto`: Canvas2D where WebGL is a software rasteriser (see `softwareWebGL`). Default: pixi's choice. */
  preference?: 'webgl' | 'canvas' | 'auto'
}

/** Chunk baking allowed per interactive frame (ms); the rest waits for the next frame. */
const BAKE_BUDGET_MS = 8
/** Token labels are drawn only from this zoom up (smaller, they are unreadable and cost 4 texts each). */
const LABEL_ZOOM = 0.6

/**
 * The Pixi battlemap: draws a `BattlemapView` through a camera (pan, zoom, fit, minimap) and reports
 * pointer input in board terms. It renders on demand, never on a ticker: a sync renders at once, a pan or
 * zoom schedules one animation frame (coalesced), and only animations ask for frames while they run.
 * The static board is baked in chunks (board-layer.ts), tokens and chunks off screen are culled, the fog
 * is one texture; a lost WebGL context is rebuilt; `destroy` frees every texture the map made.
 */
export class Battlemap {
  /** 'webgl' | 'webgpu' | 'canvas' */
  readonly rendererName: string
  private readonly world = new Container({ isRenderGroup: true })
  private readonly cache: TextureCache
  private readonly board: BoardLayer
  private readonly grid: GridLayer
  private readonly preview = new PreviewLayer()
  private readonly highlights: HighlightLayer
  private readonly overlay: OverlayLayer
  private readonly tokens: TokenLayer
  private readonly effects: EffectsLayer
  private readonly fog = new FogLayer()
  private readonly minimap = new Minimap()
  private readonly input: MapInput
  private readonly context: ContextWatch
  private readonly hoverListeners: Array<(cell: Cell | null) => void> = []
  private readonly clickListeners: Array<(cell: Cell) => void> = []
  private readonly pointerListeners: Array<(e: MapPointer) => void> = []
  private view: BattlemapView | null = null
  private layout: Layout
  private cam: CameraState = { x: GUTTER, y: GUTTER, scale: 1 }
  /** True until the person moves the camera: a resize then refits the board. */
  private autoFit = true
  private boardKey = ''
  private hovered: string | null = null
  private frameRequest = 0
  private readonly zoom = new ZoomGesture(() => this.requestFrame())
  private generation = 0
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
    this.layout = this.makeLayout()
    this.cache = new TextureCache(app.renderer)
    this.board = new BoardLayer(app.renderer, () => this.requestFrame())
    this.grid = new GridLayer(app.renderer)
    this.highlights = new HighlightLayer(this.cache, app.renderer)
    this.overlay = new OverlayLayer(this.cache)
    this.tokens = new TokenLayer(this.cache)
    this.effects = new EffectsLayer(this.effectsHost())
    // tokens are their own render group: culling them does not rebuild the board's instructions
    this.tokens.container.isRenderGroup = true
    // fog hides tokens and effects in unseen squares; the text pills (highlights.over) stay readable above it
    this.world.addChild(
      this.board.container,
      this.grid.container,
      this.preview.container,
      this.highlights.under,
      this.tokens.container,
      this.effects.container,
      // above the figures, so template rings and the ruler's pill are never hidden by a token
      this.overlay.container,
      this.fog.container,
      this.highlights.over
    )
    app.stage.addChild(this.world, this.minimap.container)
    // input is plain DOM (input.ts); pixi's event system never hit-tests the scene
    app.stage.eventMode = 'none'
    app.stage.interactiveChildren = false
    this.input = new MapInput(host, app.canvas, this.inputHost())
    this.context = new ContextWatch(app.canvas, app.renderer, () => this.restore())
  }

  /** Shows `view`; layers skip unchanged parts, and a frame is rendered only if something changed. */
  sync(view: BattlemapView): void {
    if (this.destroyed) return
    this.view = view
    const key = `${view.width}x${view.height}`
    // a new board (or the first): fit it, as the fixed-size map always did
    if (key !== this.boardKey) {
      this.boardKey = key
      this.autoFit = true
      this.cam = this.fitted(true)
    }
    if (this.update(view)) this.renderFrame(Infinity)
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
   * Calls `cb` with every pointer event in board terms (left/right down, move, up, and `context` for a
   * right-click that did not pan), for the editor's brushes, token drags, rulers and the token HUD.
   */
  onPointer(cb: (e: MapPointer) => void): void {
    this.pointerListeners.push(cb)
  }

  /** Pans the view by screen pixels. */
  panBy(dx: number, dy: number): void {
    this.setCamera({ scale: this.cam.scale, x: this.cam.x + dx, y: this.cam.y + dy })
  }

  /** Zooms by `factor` about a screen point (CSS px relative to the canvas; default the centre). */
  zoomAt(factor: number, screen?: { x: number; y: number }): void {
    const at = screen ?? { x: this.app.renderer.width / 2, y: this.app.renderer.height / 2 }
    this.setCamera(zoomAbout(this.cam, factor, at))
  }

  /** Fits the whole board in the host. */
  fit(): void {
    this.autoFit = true
    this.cam = this.fitted(false)
    this.requestFrame()
  }

  /** Centres the view on a square without changing the zoom. */
  centerOn(cell: Cell): void {
    this.setCamera(centerOn(this.cam, cell, this.app.renderer.width, this.app.renderer.height))
  }

  /** The camera: board top-left in screen px and the zoom (1 = the base square size). */
  camera(): { x: number; y: number; scale: number } {
    return { ...this.cam }
  }

  /** Shows or hides the minimap (bottom-right corner; click or drag in it to move the view). */
  setMinimap(on: boolean): void {
    this.minimap.setVisible(on)
    this.requestFrame()
  }

  /** Turns the short animations on or off (off: `play` resolves at once). */
  setAnimations(on: boolean): void {
    this.effects.enabled = on
  }

  /** Plays effects (moves, hits, numbers); resolves when they are done. */
  async play(effects: readonly MapEffect[]): Promise<void> {
    if (this.destroyed) return
    await this.effects.play(effects)
  }

  /** Centre of a square in CSS px relative to the canvas's top-left corner (for e2e clicks). */
  cellCenter(cell: Cell): { x: number; y: number } {
    return boardToScreen(this.cam, { x: cell.x + 0.5, y: cell.y + 0.5 })
  }

  /** Refits the canvas to the host's current size (and the board, unless the camera was moved), renders. */
  resize(): void {
    if (this.destroyed) return
    fitToHost(this.app, this.host)
    if (this.layout.resolution !== this.app.renderer.resolution) this.relayout()
    if (this.autoFit && this.view) this.cam = this.fitted(true)
    if (this.view) this.update(this.view)
    this.renderFrame(Infinity)
  }

  /**
   * Draws one frame now: positions the camera, culls chunks and tokens, bakes chunks coming into view
   * (for up to `bakeBudgetMs`; more are scheduled), renders. The bench times this.
   */
  renderFrame(bakeBudgetMs = BAKE_BUDGET_MS): void {
    if (this.destroyed || this.context.lost) return
    const view = this.view
    const sw = this.app.renderer.width
    const sh = this.app.renderer.height
    this.world.position.set(this.cam.x, this.cam.y)
    this.world.scale.set(this.cam.scale)
    const visible = visibleWorld(this.cam, sw, sh)
    Object.assign(this.layout.visible, visible)
    let pending = false
    if (view) {
      const fog = view.fog
      this.tokens.cull(
        visible,
        (t) => tokenSeen(fog, view.width, t.x, t.y, t.size),
        this.cam.scale >= LABEL_ZOOM,
        BASE_CELL
      )
      pending = this.board.prepare(this.cam, sw, sh, bakeBudgetMs, this.zoom.active)
      this.minimap.update(
        this.board.overviewTexture(),
        this.fog.texture(),
        view.width,
        view.height,
        this.cam,
        sw,
        sh
      )
    }
    // a sync may have put a sliding figure on its end square; the running animation puts it back first
    this.effects.refresh()
    this.app.render()
    if (pending) this.requestFrame()
  }

  /** Textures the map owns now (baked chunks, overview, fog, coordinate strips, token and mark cache). */
  liveTextures(): number {
    return (
      this.board.liveTextures() +
      this.fog.liveTextures() +
      this.grid.liveTextures() +
      this.highlights.liveTextures() +
      this.cache.size
    )
  }

  /** WebGL contexts lost (and rebuilt) since creation. */
  get contextLosses(): number {
    return this.context.losses
  }

  /** Chunks baked since creation (for the bench). */
  get chunkBakes(): number {
    return this.board.bakes
  }

  /** Loses the WebGL context on purpose and resolves once everything is rebuilt and redrawn (tests). */
  loseContextForTest(): Promise<void> {
    return this.context.loseForTest()
  }

  /** Destroys the renderer, its canvas, every texture the map generated, and the listeners. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest)
    this.zoom.destroy()
    this.hoverListeners.length = 0
    this.clickListeners.length = 0
    this.pointerListeners.length = 0
    this.input.destroy()
    this.context.destroy()
    this.effects.destroy()
    this.board.destroy()
    this.grid.destroy()
    this.preview.destroy()
    this.highlights.destroy()
    this.overlay.destroy()
    this.tokens.destroy()
    this.fog.destroy()
    this.minimap.destroy()
    this.cache.clear()
    this.app.destroy({ removeView: true }, { children: true })
  }

  /** Brings the layers up to date; true if anything visible changed. */
  private update(view: BattlemapView): boolean {
    const layout = this.layout
    let changed = this.board.sync(view)
    changed = this.grid.sync(view, layout) || changed
    changed = this.preview.sync(view.editPreview) || changed
    changed = this.highlights.sync(view, layout) || changed
    changed = this.overlay.sync(view, layout) || changed
    changed = this.tokens.sync(view, layout) || changed
    changed = this.fog.sync(view.fog, view.width, view.height) || changed
    return changed
  }

  private makeLayout(): Layout {
    const resolution = this.app.renderer.resolution
    // the key changes with the pixel density and after a lost context: every layer keyed on it redraws
    const key = `${BASE_CELL}@${resolution}#${this.generation}`
    const styles = this.layout?.styles ?? makeStyles(BASE_CELL)
    return { cell: BASE_CELL, resolution, key, styles, visible: { x: 0, y: 0, width: 0, height: 0 } }
  }

  private relayout(): void {
    this.cache.clear()
    this.layout = this.makeLayout()
  }

  /** Rebuilds what the GPU lost with the context, then redraws everything (fog included). */
  private restore(): void {
    if (this.destroyed) return
    this.generation++
    this.relayout()
    this.board.invalidate()
    this.fog.invalidate()
    if (this.view) this.update(this.view)
    this.renderFrame(Infinity)
  }

  private fitted(initial: boolean): CameraState {
    const v = this.view
    if (!v) return this.cam
    return fitCamera(
      v.width,
      v.height,
      this.app.renderer.width,
      this.app.renderer.height,
      GUTTER,
      initial ? MIN_CELL : 0
    )
  }

  private setCamera(cam: CameraState): void {
    const v = this.view
    const next = v
      ? keepOnScreen(cam, v.width, v.height, this.app.renderer.width, this.app.renderer.height)
      : cam
    if (next.x === this.cam.x && next.y === this.cam.y && next.scale === this.cam.scale) return
    this.autoFit = false
    if (next.scale !== this.cam.scale) this.zoom.step()
    this.cam = next
    this.requestFrame()
  }

  /** Ends a zoom gesture now, so the next frame bakes at the sharp level (for callers that cannot wait). */
  settle(): void {
    this.zoom.settle()
  }

  /** Schedules one frame on the next animation frame; several requests before it make one frame. */
  private requestFrame(): void {
    if (this.frameRequest || this.destroyed) return
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0
      this.renderFrame()
    })
  }

  private inputHost() {
    return {
      camera: () => this.cam,
      setCamera: (cam: CameraState) => this.setCamera(cam),
      board: () => (this.view ? { w: this.view.width, h: this.view.height } : null),
      minimap: () => this.minimap.area(),
      lookAt: (p: Point) => this.centerOn({ x: p.x - 0.5, y: p.y - 0.5 }),
      fit: () => this.fit(),
      pointer: (e: MapPointer) => this.pointerListeners.forEach((cb) => cb(e)),
      hover: (cell: Cell | null) => this.setHover(cell),
      click: (cell: Cell) => this.clickListeners.forEach((cb) => cb(cell))
    }
  }

  private effectsHost(): EffectsHost {
    return {
      layout: () => this.layout,
      tokenDisplay: (id) => this.tokens.display(id),
      tokenCell: (id) => {
        const t = this.view?.tokens.find((token) => token.id === id)
        return t ? { x: t.x, y: t.y } : undefined
      },
      render: () => this.renderFrame()
    }
  }

  private setHover(cell: Cell | null): void {
    const key = cell ? `${cell.x},${cell.y}` : null
    if (key === this.hovered) return
    this.hovered = key
    for (const cb of this.hoverListeners) cb(cell)
  }
}
