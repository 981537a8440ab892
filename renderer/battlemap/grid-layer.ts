import { Container, Graphics, Rectangle, Sprite, Text, type Renderer, type Texture } from 'pixi.js'
import { BASE_CELL } from './camera'
import { columnName, GUTTER, palette, type Layout } from './style'
import { bake } from './textures'
import type { BattlemapView } from './view'

/** Boards wider or taller than this get no coordinate strips (a strip would outgrow a GPU texture). */
const MAX_LABELLED = 100

/**
 * The board's edge and its A1-style coordinates in the gutter around it: four thin baked strips (top,
 * bottom, left, right) per board size. The grid lines themselves are baked into the board's chunks.
 */
export class GridLayer {
  readonly container = new Container()
  private readonly edge = new Graphics()
  private textures: Texture[] = []
  private key = ''

  constructor(private readonly renderer: Renderer) {
    this.container.addChild(this.edge)
  }

  /** Rebakes only when the board size or the layout (pixel density, a lost context) changed. */
  sync(view: BattlemapView, layout: Layout): boolean {
    const key = `${view.width}x${view.height}@${layout.key}`
    if (key === this.key) return false
    this.key = key
    this.clear()
    const c = BASE_CELL
    const w = view.width * c
    const h = view.height * c
    this.edge.rect(0, 0, w, h).stroke({ width: 2, color: palette.boardEdge, alpha: 0.8, alignment: 0 })
    if (view.width > MAX_LABELLED || view.height > MAX_LABELLED) return true
    const half = GUTTER / 2
    const strip = (labels: Array<[string, number, number]>, frame: Rectangle) => {
      const root = new Container()
      for (const [text, x, y] of labels) {
        const t = new Text({ text, style: layout.styles.coord, anchor: 0.5 })
        t.position.set(Math.round(x), Math.round(y))
        root.addChild(t)
      }
      const texture = bake(this.renderer, root, frame)
      this.textures.push(texture)
      const sprite = new Sprite(texture)
      sprite.position.set(frame.x, frame.y)
      this.container.addChild(sprite)
    }
    const cols = Array.from({ length: view.width }, (_, x) => [columnName(x), x * c + c / 2] as const)
    const rows = Array.from({ length: view.height }, (_, y) => [String(y + 1), y * c + c / 2] as const)
    strip(
      cols.map(([t, x]) => [t, x, -half]),
      new Rectangle(0, -GUTTER, w, GUTTER)
    )
    strip(
      cols.map(([t, x]) => [t, x, h + half]),
      new Rectangle(0, h, w, GUTTER)
    )
    strip(
      rows.map(([t, y]) => [t, -half, y]),
      new Rectangle(-GUTTER, 0, GUTTER, h)
    )
    strip(
      rows.map(([t, y]) => [t, w + half, y]),
      new Rectangle(w, 0, GUTTER, h)
    )
    return true
  }

  /** Textures this layer owns now. */
  liveTextures(): number {
    return this.textures.length
  }

  /** Frees the baked strips. */
  destroy(): void {
    this.clear()
    this.container.destroy({ children: true })
  }

  private clear(): void {
    this.edge.clear()
    for (const child of [...this.container.children]) if (child !== this.edge) child.destroy()
    for (const texture of this.textures) texture.destroy(true)
    this.textures = []
  }
}
