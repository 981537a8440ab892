import {
  cellAtPoint,
  minimapPoint,
  nearestEdge,
  screenToBoard,
  zoomAbout,
  type CameraState,
  type MinimapBox,
  type Point
} from './camera'
import type { Cell, MapPointer } from './view'

/** What the input controller needs from the map. */
export interface InputHost {
  camera(): CameraState
  /** Moves the camera (the map clamps it and schedules one frame). */
  setCamera(cam: CameraState): void
  /** The board size in squares, or null before the first view. */
  board(): { w: number; h: number } | null
  /** The minimap's box while it is shown. */
  minimap(): MinimapBox | null
  /** Centres the view on a board point (squares). */
  lookAt(p: Point): void
  fit(): void
  pointer(e: MapPointer): void
  hover(cell: Cell | null): void
  click(cell: Cell): void
}

/** A press that moves less than this (CSS px) is a click, not a drag. */
const CLICK_SLOP = 5
const KEY_PAN = 80
const KEY_ZOOM = 1.25

type Drag = { kind: 'pan' | 'minimap' | 'left' | 'right'; x: number; y: number; moved: boolean; id: number }

/**
 * DOM input for the square map: the wheel zooms about the cursor; middle- or right-drag and Space+left-drag
 * pan; a press in the minimap moves the view; arrows pan, +/- zoom and 0/F fit while the host has focus.
 * Everything else becomes `MapPointer` events for callers (left down/move/up, right-click as `context`
 * with the browser menu suppressed), plus the old hover/click callbacks.
 */
export class MapInput {
  private drag: Drag | null = null
  private space = false
  private readonly off: Array<() => void> = []

  constructor(
    private readonly host: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly map: InputHost
  ) {
    if (host.tabIndex < 0) host.tabIndex = 0
    host.style.outline = 'none'
    this.listen(canvas, 'wheel', (e) => this.wheel(e as WheelEvent), { passive: false })
    this.listen(canvas, 'pointerdown', (e) => this.down(e as PointerEvent))
    this.listen(canvas, 'pointermove', (e) => this.move(e as PointerEvent))
    this.listen(canvas, 'pointerup', (e) => this.up(e as PointerEvent))
    this.listen(canvas, 'pointercancel', () => (this.drag = null))
    this.listen(canvas, 'pointerleave', () => !this.drag && this.map.hover(null))
    this.listen(canvas, 'contextmenu', (e) => e.preventDefault())
    this.listen(host, 'keydown', (e) => this.key(e as KeyboardEvent, true))
    this.listen(host, 'keyup', (e) => this.key(e as KeyboardEvent, false))
    this.listen(host, 'blur', () => (this.space = false))
  }

  /** Removes every listener. */
  destroy(): void {
    for (const off of this.off) off()
    this.off.length = 0
  }

  private listen(
    target: EventTarget,
    type: string,
    fn: (e: Event) => void,
    options?: AddEventListenerOptions
  ): void {
    target.addEventListener(type, fn, options)
    this.off.push(() => target.removeEventListener(type, fn, options))
  }

  private local(e: MouseEvent): Point {
    const r = this.canvas.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }

  private event(kind: MapPointer['kind'], e: MouseEvent, button: number): MapPointer {
    const screen = this.local(e)
    const point = screenToBoard(this.map.camera(), screen)
    const board = this.map.board()
    return {
      kind,
      cell: board ? cellAtPoint(point, board.w, board.h) : null,
      edge: board ? nearestEdge(point, board.w, board.h) : null,
      point,
      button,
      shift: e.shiftKey,
      ctrl: e.ctrlKey || e.metaKey,
      alt: e.altKey,
      screen
    }
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault()
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1
    const factor = Math.exp(-e.deltaY * lines * 0.0015)
    this.map.setCamera(zoomAbout(this.map.camera(), factor, this.local(e)))
  }

  private down(e: PointerEvent): void {
    this.host.focus({ preventScroll: true })
    const p = this.local(e)
    const box = this.map.minimap()
    const mini = e.button === 0 && box ? minimapPoint(box, p) : null
    const kind: Drag['kind'] = mini
      ? 'minimap'
      : e.button === 1 || (e.button === 0 && this.space)
        ? 'pan'
        : e.button === 2
          ? 'right'
          : 'left'
    if (e.button === 1) e.preventDefault()
    this.drag = { kind, x: p.x, y: p.y, moved: false, id: e.pointerId }
    this.canvas.setPointerCapture?.(e.pointerId)
    if (mini) this.map.lookAt(mini)
    else if (kind === 'left' || kind === 'right') this.map.pointer(this.event('down', e, e.button))
  }

  private move(e: PointerEvent): void {
    const p = this.local(e)
    const drag = this.drag
    if (drag) {
      const dx = p.x - drag.x
      const dy = p.y - drag.y
      if (!drag.moved && Math.hypot(dx, dy) >= CLICK_SLOP) drag.moved = true
      if (drag.kind === 'minimap') {
        const box = this.map.minimap()
        const at = box && minimapPoint(box, p)
        if (at) this.map.lookAt(at)
        return
      }
      if (drag.kind === 'pan' || (drag.kind === 'right' && drag.moved)) {
        const cam = this.map.camera()
        this.map.setCamera({ scale: cam.scale, x: cam.x + dx, y: cam.y + dy })
        drag.x = p.x
        drag.y = p.y
        return
      }
    }
    const ev = this.event('move', e, drag?.kind === 'left' ? 0 : -1)
    this.map.hover(ev.cell)
    this.map.pointer(ev)
  }

  private up(e: PointerEvent): void {
    const drag = this.drag
    this.drag = null
    this.canvas.releasePointerCapture?.(e.pointerId)
    if (!drag) return
    if (drag.kind === 'left') {
      const ev = this.event('up', e, 0)
      this.map.pointer(ev)
      if (!drag.moved && ev.cell) this.map.click(ev.cell)
    } else if (drag.kind === 'right') {
      this.map.pointer(this.event('up', e, 2))
      // a right press that did not pan is the token HUD's right-click
      if (!drag.moved) this.map.pointer(this.event('context', e, 2))
    }
  }

  private key(e: KeyboardEvent, down: boolean): void {
    if (e.key === ' ') {
      this.space = down
      e.preventDefault()
      return
    }
    if (!down || e.ctrlKey || e.metaKey || e.altKey) return
    const cam = this.map.camera()
    const r = this.canvas.getBoundingClientRect()
    const centre = { x: r.width / 2, y: r.height / 2 }
    const pan = (dx: number, dy: number) =>
      this.map.setCamera({ scale: cam.scale, x: cam.x + dx, y: cam.y + dy })
    const actions: Record<string, () => void> = {
      ArrowLeft: () => pan(KEY_PAN, 0),
      ArrowRight: () => pan(-KEY_PAN, 0),
      ArrowUp: () => pan(0, KEY_PAN),
      ArrowDown: () => pan(0, -KEY_PAN),
      '+': () => this.map.setCamera(zoomAbout(cam, KEY_ZOOM, centre)),
      '=': () => this.map.setCamera(zoomAbout(cam, KEY_ZOOM, centre)),
      '-': () => this.map.setCamera(zoomAbout(cam, 1 / KEY_ZOOM, centre)),
      '0': () => this.map.fit(),
      f: () => this.map.fit(),
      F: () => this.map.fit()
    }
    const action = actions[e.key]
    if (!action) return
    e.preventDefault()
    action()
  }
}
