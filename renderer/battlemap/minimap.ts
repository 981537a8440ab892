import { Container, Graphics, Sprite, type Texture } from 'pixi.js'
import { BASE_CELL, minimapBox, visibleWorld, type CameraState, type MinimapBox } from './camera'
import { palette } from './style'

/**
 * A small picture of the board (the overview texture, shared, not owned) with the camera's view as a
 * rectangle, in screen space above the world. Click or drag in it to move the view (battlemap input).
 */
export class Minimap {
  readonly container = new Container()
  private readonly back = new Graphics()
  private readonly picture = new Sprite()
  private readonly fog = new Sprite()
  private readonly frame = new Graphics()
  private box: MinimapBox | null = null

  constructor() {
    this.container.addChild(this.back, this.picture, this.fog, this.frame)
    this.container.visible = false
  }

  /** The box it occupies now, or null when hidden. */
  area(): MinimapBox | null {
    return this.container.visible ? this.box : null
  }

  /** Shows or hides it. */
  setVisible(on: boolean): void {
    this.container.visible = on
  }

  /**
   * Redraws the picture and the view rectangle for the current board and camera; `fog` (the fog layer's
   * texture, shared) darkens it as the board is darkened, so the minimap shows no more than the map.
   */
  update(
    overview: Texture | null,
    fog: Texture | null,
    w: number,
    h: number,
    cam: CameraState,
    screenW: number,
    screenH: number
  ): void {
    if (!this.container.visible || !overview) return
    const box = minimapBox(w, h, screenW, screenH)
    const moved = !this.box || box.x !== this.box.x || box.y !== this.box.y || box.scale !== this.box.scale
    this.box = box
    if (moved || this.picture.texture !== overview) {
      this.picture.texture = overview
      this.picture.position.set(box.x, box.y)
      this.picture.setSize(box.width, box.height)
      this.back
        .clear()
        .rect(box.x - 3, box.y - 3, box.width + 6, box.height + 6)
        .fill({ color: palette.background, alpha: 0.85 })
        .stroke({ width: 1, color: palette.boardEdge, alpha: 0.8 })
    }
    this.fog.visible = fog !== null
    if (fog) {
      this.fog.texture = fog
      this.fog.position.set(box.x, box.y)
      this.fog.setSize(box.width, box.height)
    }
    const v = visibleWorld(cam, screenW, screenH)
    const k = box.scale / BASE_CELL
    const x0 = Math.max(box.x, box.x + v.x * k)
    const y0 = Math.max(box.y, box.y + v.y * k)
    const x1 = Math.min(box.x + box.width, box.x + (v.x + v.width) * k)
    const y1 = Math.min(box.y + box.height, box.y + (v.y + v.height) * k)
    this.frame.clear()
    if (x1 > x0 && y1 > y0)
      this.frame.rect(x0, y0, x1 - x0, y1 - y0).stroke({ width: 1.5, color: palette.minimapFrame })
  }

  /** Destroys its display objects (the picture's texture belongs to the board layer). */
  destroy(): void {
    this.container.destroy({ children: true })
  }
}
