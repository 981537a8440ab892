import { Container, Sprite, Text, Texture } from 'pixi.js'
import { initialsOf } from '../initials'
import { lifeRatio } from '../life'
import { lifeColor, luminance, palette } from '../style'
import type { TextureCache } from '../textures'
import { px, type InchesLayout } from './layout'
import { baseShadowTexture, baseTexture, outTexture, ringTexture, targetTexture } from './marks'
import { formatInches } from './transform'
import type { BaseView, InchesText, InchesView } from './view'

/** How a base is marked beyond itself: attackable, and in contact with the dragged move's end. */
interface Marks {
  target: boolean
  contact: 'charge' | 'friend' | null
}

/**
 * Figures as round bases to scale: one node per figure from cached textures, with its name, life bar, the
 * height it stands at when on a roof or a deck, a ripple when swimming, and the target and contact rings.
 */
export class InchesTokenLayer {
  readonly container = new Container({ sortableChildren: true })
  private readonly nodes = new Map<string, BaseNode>()
  private key = ''

  constructor(private readonly cache: TextureCache) {}

  /** Adds, updates and removes nodes; true if anything changed. */
  sync(view: InchesView, layout: InchesLayout): boolean {
    const key = JSON.stringify([layout.key, view.tokens, view.targets, view.contacts, view.text.inches])
    if (key === this.key) return false
    this.key = key
    const seen = new Set<string>()
    const contacts = new Map(view.contacts.map((c) => [c.id, c.enemy ? 'charge' : 'friend'] as const))
    for (const token of view.tokens) {
      seen.add(token.id)
      let node = this.nodes.get(token.id)
      if (!node) {
        node = new BaseNode()
        this.nodes.set(token.id, node)
        this.container.addChild(node.root)
      }
      const marks = { target: view.targets.includes(token.id), contact: contacts.get(token.id) ?? null }
      node.update(token, marks, view, layout, this.cache)
    }
    for (const [id, node] of this.nodes) {
      if (seen.has(id)) continue
      node.root.destroy({ children: true })
      this.nodes.delete(id)
    }
    return true
  }

  /** Destroys the nodes; the shared textures belong to the cache. */
  destroy(): void {
    this.container.destroy({ children: true })
    this.nodes.clear()
  }
}

const centred = () => new Sprite({ anchor: 0.5 })

/** The display objects of one figure, positioned around its base centre. */
class BaseNode {
  readonly root = new Container()
  private readonly shadow = centred()
  private readonly ripple = centred()
  private readonly ring = centred()
  private readonly contact = centred()
  private readonly body = centred()
  private readonly cross = centred()
  private readonly target = centred()
  private readonly initials = new Text({ anchor: 0.5 })
  private readonly height = new Text({ anchor: { x: 0, y: 1 } })
  private readonly barBack = new Sprite(Texture.WHITE)
  private readonly barFill = new Sprite(Texture.WHITE)
  private readonly name = new Text({ anchor: { x: 0.5, y: 0 } })
  private key = ''

  constructor() {
    this.root.addChild(
      this.shadow,
      this.ripple,
      this.contact,
      this.ring,
      this.body,
      this.initials,
      this.cross
    )
    this.root.addChild(this.target, this.barBack, this.barFill, this.height, this.name)
  }

  update(t: BaseView, marks: Marks, view: InchesView, layout: InchesLayout, cache: TextureCache): void {
    const key = JSON.stringify([layout.key, t, marks, view.text.inches])
    if (key === this.key) return
    this.key = key
    const s = layout.styles
    const r = Math.max(3, Math.round(px(layout, t.radius) * 2) / 2)
    // higher surfaces draw over lower ones, then nearer the bottom edge over farther, like a tabletop
    this.root.zIndex = t.z * 100_000 + t.y
    this.root.position.set(px(layout, t.x), px(layout, t.y))

    this.shadow.texture = baseShadowTexture(cache, r)
    this.shadow.position.set(1, Math.max(1.5, r * 0.12))
    this.shadow.visible = !t.out
    this.ripple.texture = ringTexture(cache, r, 'ripple')
    this.ripple.visible = t.swimming && !t.out
    this.ring.texture = ringTexture(cache, r, 'active')
    this.ring.visible = t.active
    this.contact.texture = ringTexture(cache, r, marks.contact ?? 'friend')
    this.contact.visible = marks.contact !== null
    this.target.texture = targetTexture(cache, r)
    this.target.visible = marks.target
    this.body.texture = baseTexture(cache, r, t.color)
    this.body.alpha = t.out ? 0.35 : 1
    this.body.tint = t.out ? 0x9aa0a8 : 0xffffff
    this.cross.texture = outTexture(cache, r)
    this.cross.visible = t.out

    set(
      this.initials,
      t.initials ?? initialsOf(t.name),
      luminance(t.color) > 0.6 ? s.initialsDark : s.initials
    )
    this.initials.position.set(0, 1)
    this.initials.visible = r >= 11 && !t.out && this.initials.width < r * 1.8

    // the height it stands at, once it is off the table: on a roof, a wall top, a bridge deck
    set(this.height, heightText(t.z, view), s.badge)
    this.height.position.set(Math.round(r * 0.55), -Math.round(r * 0.55))
    this.height.visible = t.z > 0 && !t.out

    const bw = Math.max(22, Math.round(r * 1.8))
    const bh = Math.max(4, Math.min(8, Math.round(r * 0.28)))
    const top = -r - bh - 4
    this.barBack.tint = palette.barBack
    this.barBack.alpha = 0.85
    this.barBack.position.set(-bw / 2 - 1, top - 1)
    this.barBack.setSize(bw + 2, bh + 2)
    this.barFill.tint = lifeColor(t.life, t.lifeMax)
    this.barFill.position.set(-bw / 2, top)
    const ratio = lifeRatio(t.life, t.lifeMax)
    this.barFill.setSize(Math.max(ratio > 0 ? 1 : 0, Math.round(bw * ratio)), bh)
    this.barBack.visible = this.barFill.visible = !t.out

    set(this.name, t.name, s.name)
    this.name.position.set(0, Math.round(r + 3))
    this.name.alpha = t.out ? 0.55 : 1
    this.name.visible = layout.pxPerInch >= 12
  }
}

function set(label: Text, text: string, style: Text['style']): void {
  if (label.style !== style) label.style = style
  if (label.text !== text) label.text = text
}

/** The text the map prints for a figure's height (exported for the overlay's ghost base). */
export function heightText(z: number, view: Pick<InchesView, 'unitsPerInch'> & { text: InchesText }): string {
  return `▲${formatInches(z / view.unitsPerInch, view.text)}`
}
