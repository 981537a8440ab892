import { Container, Graphics, Rectangle, Sprite, Text, type Renderer, type Texture } from 'pixi.js'
import { columnName, GUTTER, palette, type Layout } from './style'
import { bake } from './textures'
import type { BattlemapView } from './view'

/** Square grid, board edge and A1-style coordinates, baked into one texture per board size. */
export class GridLayer {
  readonly container = new Container()
  private readonly sprite = new Sprite()
  private texture: Texture | null = null
  private key = ''

  constructor(private readonly renderer: Renderer) {
    this.container.addChild(this.sprite)
  }

  /** Rebakes only when the board size or the square size changed. */
  sync(view: BattlemapView, layout: Layout): boolean {
    const key = `${view.width}x${view.height}@${layout.cell}x${layout.resolution}`
    if (key === this.key) return false
    this.key = key
    const c = layout.cell
    const w = view.width * c
    const h = view.height * c
    const root = new Container()
    const g = new Graphics()
    root.addChild(g)
    for (let x = 1; x < view.width; x++) g.moveTo(x * c, 0).lineTo(x * c, h)
    for (let y = 1; y < view.height; y++) g.moveTo(0, y * c).lineTo(w, y * c)
    // pixelLine keeps the lines one device pixel wide and crisp at any square size
    g.stroke({ width: 1, color: palette.gridLine, alpha: 0.55, pixelLine: true })
    g.rect(0, 0, w, h).stroke({ width: 2, color: palette.boardEdge, alpha: 0.8, alignment: 0 })
    const half = GUTTER / 2
    for (let x = 0; x < view.width; x++) {
      root.addChild(label(columnName(x), layout, x * c + c / 2, -half))
      root.addChild(label(columnName(x), layout, x * c + c / 2, h + half))
    }
    for (let y = 0; y < view.height; y++) {
      root.addChild(label(String(y + 1), layout, -half, y * c + c / 2))
      root.addChild(label(String(y + 1), layout, w + half, y * c + c / 2))
    }
    this.texture?.destroy(true)
    this.texture = bake(this.renderer, root, new Rectangle(-GUTTER, -GUTTER, w + 2 * GUTTER, h + 2 * GUTTER))
    this.sprite.texture = this.texture
    this.sprite.position.set(-GUTTER, -GUTTER)
    return true
  }

  /** Frees the baked texture. */
  destroy(): void {
    this.container.destroy({ children: true })
    this.texture?.destroy(true)
    this.texture = null
  }
}

function label(text: string, layout: Layout, x: number, y: number): Text {
  const t = new Text({ text, style: layout.styles.coord, anchor: 0.5 })
  t.position.set(Math.round(x), Math.round(y))
  return t
}
