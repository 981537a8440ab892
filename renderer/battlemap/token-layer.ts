import { jsonKey } from './json-key'
import { Container, Sprite, Text, Texture } from 'pixi.js'
import { activeRingTexture, bodyTexture, crossTexture, shadowTexture, tokenRadius } from './marks'
import { initialsOf } from './initials'
import { lifeRatio, lifeText } from './life'
import { lifeColor, luminance, palette, type Layout } from './style'
import type { TextureCache } from './textures'
import type { BattlemapView, TokenView } from './view'

/** Figures: one sprite per token from a cached per-colour texture, with name, life bar and facing. */
export class TokenLayer {
  readonly container = new Container({ sortableChildren: true })
  private readonly nodes = new Map<string, TokenNode>()
  private key = ''

  constructor(private readonly cache: TextureCache) {}

  /** Adds, updates and removes token nodes; untouched tokens cost one string compare. */
  sync(view: BattlemapView, layout: Layout): boolean {
    const key = `${layout.key}|${jsonKey(view.tokens)}`
    if (key === this.key) return false
    this.key = key
    const seen = new Set<string>()
    for (const token of view.tokens) {
      seen.add(token.id)
      let node = this.nodes.get(token.id)
      if (!node) {
        node = new TokenNode()
        this.nodes.set(token.id, node)
        this.container.addChild(node.root)
      }
      node.update(token, layout, this.cache)
    }
    for (const [id, node] of this.nodes) {
      if (seen.has(id)) continue
      node.root.destroy({ children: true })
      this.nodes.delete(id)
    }
    return true
  }

  /**
   * Shows only the tokens inside `rect` (world px) that the viewer may see (`seen`), and their labels only
   * when `detail` (the squares are big enough to read them): off-screen figures cost nothing to draw.
   */
  cull(
    rect: { x: number; y: number; width: number; height: number },
    seen: (t: TokenView) => boolean,
    detail: boolean,
    cell: number
  ): void {
    const x0 = rect.x - 2 * cell
    const y0 = rect.y - 2 * cell
    const x1 = rect.x + rect.width + cell
    const y1 = rect.y + rect.height + cell
    for (const node of this.nodes.values()) {
      const t = node.token
      if (!t) continue
      const size = Math.max(1, t.size ?? 1)
      const x = t.x * cell
      const y = t.y * cell
      node.root.visible = x + size * cell >= x0 && x <= x1 && y + size * cell >= y0 && y <= y1 && seen(t)
      if (node.root.visible) node.setDetail(detail)
    }
  }

  /** The display object of a token (for the effects layer's tweens), if it is drawn. */
  display(id: string): Container | undefined {
    return this.nodes.get(id)?.root
  }

  /** Destroys the nodes; the shared textures belong to the cache. */
  destroy(): void {
    this.container.destroy({ children: true })
    this.nodes.clear()
  }
}

const centred = () => new Sprite({ anchor: 0.5 })

/** The display objects of one figure, positioned relative to its square's top-left corner. */
class TokenNode {
  readonly root = new Container()
  private readonly shadow = centred()
  private readonly ring = centred()
  private readonly body = centred()
  private readonly cross = centred()
  private readonly barBack = new Sprite(Texture.WHITE)
  private readonly barFill = new Sprite(Texture.WHITE)
  private readonly initials = new Text({ anchor: 0.5 })
  private readonly badge = new Text({ anchor: { x: 0, y: 0.5 } })
  private readonly life = new Text({ anchor: 0.5 })
  private readonly name = new Text({ anchor: 0.5 })
  private key = ''
  private detail = true
  private labelled = true
  /** The token it shows now. */
  token: TokenView | null = null

  constructor() {
    this.root.addChild(this.shadow, this.ring, this.body, this.initials, this.cross, this.badge)
    this.root.addChild(this.barBack, this.barFill, this.life, this.name)
  }

  update(t: TokenView, layout: Layout, cache: TextureCache): void {
    const key = `${layout.key}|${JSON.stringify(t)}`
    if (key === this.key) return
    this.key = key
    this.token = t
    const c = layout.cell
    const s = layout.styles
    const r = tokenRadius(c)
    const cx = Math.round(c / 2)
    const cy = Math.round(c * 0.52)
    const labelled = c >= 32
    // flying figures draw over grounded ones; then lower rows over upper rows, like a tabletop
    this.root.zIndex = t.z * 1_000_000 + t.y * 1000 + t.x
    // A footprint of n×n squares is the one-square token scaled from its top-left square; a small figure
    // (size < 1) shrinks about its square's centre.
    const size = t.size ?? 1
    this.root.scale.set(size)
    this.root.position.set(
      t.x * c + (size < 1 ? (c * (1 - size)) / 2 : 0),
      t.y * c + (size < 1 ? (c * (1 - size)) / 2 : 0)
    )

    this.shadow.texture = shadowTexture(cache, c)
    this.shadow.position.set(cx + 1, cy + Math.max(2, Math.round(r * 0.15)))
    this.shadow.visible = !t.out
    this.ring.texture = activeRingTexture(cache, c)
    this.ring.position.set(cx, cy)
    this.ring.visible = t.active
    this.body.texture = bodyTexture(cache, c, t.color)
    this.body.position.set(cx, cy)
    this.body.rotation = (((t.facing % 8) + 8) % 8) * (Math.PI / 4)
    this.body.alpha = t.out ? 0.35 : 1
    this.body.tint = t.out ? 0x9aa0a8 : 0xffffff
    this.cross.texture = crossTexture(cache, c)
    this.cross.position.set(cx, cy)
    this.cross.visible = t.out

    setText(
      this.initials,
      t.initials ?? initialsOf(t.name),
      luminance(t.color) > 0.6 ? s.initialsDark : s.initials
    )
    this.initials.position.set(cx, cy + 1)
    this.initials.visible = labelled && !t.out

    setText(this.badge, t.z > 0 ? `▲${t.z}` : `▼${-t.z}`, s.badge)
    this.badge.position.set(cx + r + 1, cy - Math.round(r * 0.6))
    this.badge.visible = t.z !== 0 && labelled

    const bw = Math.round(c * 0.8)
    const bh = Math.min(14, Math.max(5, Math.round(c * 0.19)))
    const top = Math.max(1, Math.round(c * 0.03))
    const ratio = lifeRatio(t.life, t.lifeMax)
    this.barBack.tint = palette.barBack
    this.barBack.alpha = 0.85
    this.barBack.position.set(cx - bw / 2 - 1, top - 1)
    this.barBack.setSize(bw + 2, bh + 2)
    this.barFill.tint = lifeColor(t.life, t.lifeMax)
    this.barFill.position.set(cx - bw / 2, top)
    this.barFill.setSize(Math.max(ratio > 0 ? 1 : 0, Math.round(bw * ratio)), bh)
    this.barBack.visible = this.barFill.visible = !t.out
    setText(this.life, lifeText(t.life, t.lifeMax), s.life)
    this.life.position.set(cx, top + Math.round(bh / 2))
    this.life.visible = labelled && !t.out

    setText(this.name, t.name, s.name)
    fitWidth(this.name, t.name, c * 1.4)
    this.name.position.set(cx, Math.round(cy + r + (Number(s.name.fontSize) * 0.5 + 3)))
    this.name.alpha = t.out ? 0.55 : 1
    this.name.visible = labelled
    this.labelled = labelled
    this.applyDetail()
  }

  /** Hides the text labels when zoomed out too far to read them (and saves drawing 4 texts a token). */
  setDetail(on: boolean): void {
    if (on === this.detail) return
    this.detail = on
    this.applyDetail()
  }

  private applyDetail(): void {
    const t = this.token
    if (!t) return
    const on = this.detail && this.labelled
    this.initials.visible = on && !t.out
    this.badge.visible = on && t.z !== 0
    this.life.visible = on && !t.out
    this.name.visible = on
  }
}

function setText(label: Text, text: string, style: Text['style']): void {
  if (label.style !== style) label.style = style
  if (label.text !== text) label.text = text
}

/** Shortens a name with an ellipsis so it does not run across two neighbouring squares. */
function fitWidth(label: Text, full: string, max: number): void {
  let n = full.length
  while (label.width > max && n > 1) {
    n--
    label.text = `${full.slice(0, n).trimEnd()}…`
  }
}
