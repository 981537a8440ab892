// pixi compiles shaders with `new Function` unless this polyfill is loaded; the app runs under a strict CSP
import 'pixi.js/unsafe-eval'
import type { Application } from 'pixi.js'
import { Container, Rectangle, type FederatedPointerEvent } from 'pixi.js'
import { createMapApp, fitToHost } from '../pixi-app'
import { TextureCache } from '../textures'
import type { InchesLayout } from './layout'
import { OverlayLayer } from './overlay-layer'
import { ScaleBar } from './scale-bar'
import { inchesStyles } from './style'
import { TableLayer } from './table-layer'
import { baseUnder, readTape, tapeEnd, type TapeReading } from './tape'
import { TapeLayer, type Tape } from './tape-layer'
import { InchesTokenLayer } from './token-layer'
import { fitTable, onTable, toBoard, toScreen } from './transform'
import type { BoardPoint, InchesView } from './view'

export type { InchesView } from './view'

/** Pointer input in board units (not rounded); `onTable` says whether the point is on the table. */
export interface InchesPointer extends BoardPoint {
  type: 'down' | 'move' | 'up' | 'tap' | 'leave'
  onTable: boolean
}

/** Options for `InchesMap.create`. */
export interface InchesMapOptions {
  preference?: 'webgl' | 'canvas'
}

/**
 * The Pixi map of a continuous table measured in inches: draws an `InchesView` fitted to its host and
 * reports pointer input in board units. Like the grid map it renders only when asked (sync, resize, the
 * tape moving), never on a ticker. The measuring tape is the map's own: shift-drag, or any drag while the
 * tape tool is on, lays it; the app never sees those drags.
 */
export class InchesMap {
  /** 'webgl' | 'webgpu' | 'canvas' */
  readonly rendererName: string
  private readonly world = new Container({ isRenderGroup: true })
  private readonly cache: TextureCache
  private readonly table: TableLayer
  private readonly overlay = new OverlayLayer()
  private readonly tokens: InchesTokenLayer
  private readonly tapeLayer = new TapeLayer()
  private readonly scaleBar = new ScaleBar()
  private readonly pointerListeners: Array<(e: InchesPointer) => void> = []
  private readonly tapeListeners: Array<(reading: TapeReading | null) => void> = []
  private view: InchesView | null = null
  private layout: InchesLayout | null = null
  private tape: Tape | null = null
  private taping = false
  private pressed = false
  /** The press began on the active figure's base (a drag the app turns into a move). */
  private grabbed = false
  private tapeTool = false
  private destroyed = false

  /** Creates the renderer, appends its canvas to `host` and sizes it to the host. */
  static async create(host: HTMLElement, options: InchesMapOptions = {}): Promise<InchesMap> {
    return new InchesMap(host, await createMapApp(host, options.preference))
  }

  private constructor(
    private readonly host: HTMLElement,
    private readonly app: Application
  ) {
    this.rendererName = app.renderer.name
    this.cache = new TextureCache(app.renderer)
    this.table = new TableLayer(app.renderer)
    this.tokens = new InchesTokenLayer(this.cache)
    this.world.addChild(
      this.table.container,
      this.overlay.under,
      this.tokens.container,
      this.overlay.over,
      this.tapeLayer.container
    )
    const stage = app.stage
    stage.addChild(this.world, this.scaleBar.container)
    // only the stage is hit-tested, against the whole canvas; children never take events
    stage.eventMode = 'static'
    stage.interactiveChildren = false
    stage.hitArea = new Rectangle(0, 0, app.renderer.width, app.renderer.height)
    stage.on('pointerdown', (e: FederatedPointerEvent) => this.down(e))
    // while a button is held the move is followed off the canvas too (a drag released outside it)
    stage.on('globalpointermove', (e: FederatedPointerEvent) => this.pressed && this.move(e))
    stage.on('pointermove', (e: FederatedPointerEvent) => !this.pressed && this.move(e))
    stage.on('pointerup', (e: FederatedPointerEvent) => this.up(e))
    stage.on('pointerupoutside', (e: FederatedPointerEvent) => this.up(e))
    stage.on('pointertap', (e: FederatedPointerEvent) => !this.taping && this.emit('tap', e))
    stage.on('pointerleave', (e: FederatedPointerEvent) => !this.pressed && this.emit('leave', e))
  }

  /** Shows `view`; layers skip unchanged parts, and a frame is rendered only if something changed. */
  sync(view: InchesView): void {
    if (this.destroyed) return
    this.view = view
    if (this.update(view)) this.app.render()
  }

  /** Calls `cb` with every pointer event on the map that is not the tape's, in board units. */
  onPointer(cb: (e: InchesPointer) => void): void {
    this.pointerListeners.push(cb)
  }

  /** Calls `cb` with the tape's reading as it changes (null when the tape is put away). */
  onTape(cb: (reading: TapeReading | null) => void): void {
    this.tapeListeners.push(cb)
  }

  /** Turns the tape tool on or off: with it on, every drag measures; turning it off puts the tape away. */
  setTapeTool(on: boolean): void {
    this.tapeTool = on
    if (!on) this.setTape(null)
  }

  /** A board point (units) in CSS px relative to the canvas's top-left corner (for e2e drags). */
  cellCenter(p: BoardPoint): { x: number; y: number } {
    return this.layout ? toScreen(this.layout.fit, p) : { x: 0, y: 0 }
  }

  /** Refits the canvas and the table to the host's current size, then renders one frame. */
  resize(): void {
    if (this.destroyed) return
    const { w, h } = fitToHost(this.app, this.host)
    this.app.stage.hitArea = new Rectangle(0, 0, w, h)
    if (this.view) this.update(this.view)
    this.app.render()
  }

  /** Destroys the renderer, its canvas, every texture the map generated, and the listeners. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.pointerListeners.length = 0
    this.tapeListeners.length = 0
    this.app.stage.removeAllListeners()
    this.table.destroy()
    this.overlay.destroy()
    this.tokens.destroy()
    this.tapeLayer.destroy()
    this.scaleBar.destroy()
    this.cache.clear()
    this.app.destroy({ removeView: true }, { children: true })
  }

  private update(view: InchesView): boolean {
    let changed = this.relayout(view)
    const layout = this.layout
    if (!layout) return false
    changed = this.table.sync(view, layout) || changed
    changed = this.overlay.sync(view, layout) || changed
    changed = this.tokens.sync(view, layout) || changed
    changed = this.tapeLayer.sync(this.tape, view, layout) || changed
    changed = this.scaleBar.sync(view, layout, this.app.renderer.height) || changed
    return changed
  }

  /** Recomputes the fit; true if it changed. Textures are drawn for one scale, so a new scale drops them. */
  private relayout(view: InchesView): boolean {
    const sw = this.app.renderer.width
    const sh = this.app.renderer.height
    const u = view.unitsPerInch
    const fit = fitTable(view.width * u, view.height * u, u, sw, sh)
    const resolution = this.app.renderer.resolution
    const key = `${fit.scale.toFixed(5)}:${fit.x},${fit.y}:${sw}x${sh}@${resolution}`
    if (this.layout?.key === key) return false
    const pxPerInch = fit.scale * u
    if (this.layout?.fit.scale !== fit.scale || this.layout.resolution !== resolution) this.cache.clear()
    const styles = this.layout?.pxPerInch === pxPerInch ? this.layout.styles : inchesStyles(pxPerInch)
    const visible = { x: -fit.x, y: -fit.y, width: sw, height: sh }
    this.layout = { fit, pxPerInch, resolution, styles, visible, key }
    this.world.position.set(fit.x, fit.y)
    return true
  }

  private pointOf(e: FederatedPointerEvent): InchesPointer | null {
    const view = this.view
    if (!this.layout || !view) return null
    const p = toBoard(this.layout.fit, e.global)
    const u = view.unitsPerInch
    return { type: 'move', x: p.x, y: p.y, onTable: onTable(p, view.width * u, view.height * u) }
  }

  private emit(type: InchesPointer['type'], e: FederatedPointerEvent): void {
    const p = this.pointOf(e)
    if (!p) return
    for (const cb of this.pointerListeners) cb({ ...p, type })
  }

  private down(e: FederatedPointerEvent): void {
    this.pressed = true
    const p = this.pointOf(e)
    if (p && this.view && (e.shiftKey || this.tapeTool)) {
      this.taping = true
      const a = tapeEnd(this.view.tokens, p)
      this.setTape({ a, b: a, reading: readTape(this.view.tokens, a, a, this.view.unitsPerInch) })
      return
    }
    this.setTape(null)
    this.grabbed = p !== null && this.overActive(p)
    this.emit('down', e)
  }

  private move(e: FederatedPointerEvent): void {
    const p = this.pointOf(e)
    if (!p || !this.view) return
    if (this.taping && this.tape) {
      const b = tapeEnd(this.view.tokens, p)
      this.setTape({
        a: this.tape.a,
        b,
        reading: readTape(this.view.tokens, this.tape.a, b, this.view.unitsPerInch)
      })
      return
    }
    this.setCursor(p)
    for (const cb of this.pointerListeners) cb(p)
  }

  private up(e: FederatedPointerEvent): void {
    if (!this.pressed) return
    this.pressed = false
    this.grabbed = false
    if (this.taping) {
      // the tape stays on the table until the next press, so it can be read at leisure
      this.taping = false
      return
    }
    this.emit('up', e)
  }

  private setTape(tape: Tape | null): void {
    if (tape === null && this.tape === null) return
    this.tape = tape
    for (const cb of this.tapeListeners) cb(tape?.reading ?? null)
    if (this.view && this.layout && this.tapeLayer.sync(tape, this.view, this.layout)) this.app.render()
  }

  /** A hand over the figure that can be dragged, a crosshair with the tape tool. */
  private setCursor(p: BoardPoint): void {
    const canvas = this.app.canvas
    const cursor = this.tapeTool ? 'crosshair' : this.grabbed ? 'grabbing' : this.overActive(p) ? 'grab' : ''
    if (canvas.style.cursor !== cursor) canvas.style.cursor = cursor
  }

  private overActive(p: BoardPoint): boolean {
    const active = this.view?.tokens.find((t) => t.active && !t.out)
    return active !== undefined && baseUnder([active], p) !== null
  }
}
