import { Container, Graphics, Rectangle, Sprite, Text, type Renderer, type Texture } from 'pixi.js'
import { bake } from '../textures'
import { px, type InchesLayout } from './layout'
import { roofColor, tablePalette as P } from './style'
import { formatInches } from './transform'
import type { InchesView, PieceView } from './view'

/**
 * The table and its terrain (water, bridges, walls, buildings with their heights), baked into one texture,
 * plus the 1″ grid baked into another so toggling it costs no rebake. Both change only with the table or
 * the fit.
 */
export class TableLayer {
  readonly container = new Container()
  private readonly table = new Sprite()
  private readonly grid = new Sprite()
  private tableTexture: Texture | null = null
  private gridTexture: Texture | null = null
  private tableKey = ''
  private gridKey = ''

  constructor(private readonly renderer: Renderer) {
    this.container.addChild(this.table, this.grid)
  }

  /** Rebakes what changed; true if anything visible did. */
  sync(view: InchesView, layout: InchesLayout): boolean {
    let changed = false
    const size = `${view.width}x${view.height}@${view.unitsPerInch}:${layout.key}`
    const tableKey = `${size}|${JSON.stringify(view.pieces)}|${view.text.inches}|${view.text.decimal}`
    if (tableKey !== this.tableKey) {
      this.tableKey = tableKey
      this.tableTexture?.destroy(true)
      this.tableTexture = this.bakeTable(view, layout)
      this.table.texture = this.tableTexture
      changed = true
    }
    if (view.grid && size !== this.gridKey) {
      this.gridKey = size
      this.gridTexture?.destroy(true)
      this.gridTexture = this.bakeGrid(view, layout)
      this.grid.texture = this.gridTexture
      changed = true
    }
    if (this.grid.visible !== view.grid) {
      this.grid.visible = view.grid
      changed = true
    }
    return changed
  }

  /** Frees both textures. */
  destroy(): void {
    this.container.destroy({ children: true })
    this.tableTexture?.destroy(true)
    this.gridTexture?.destroy(true)
    this.tableTexture = this.gridTexture = null
  }

  private frame(view: InchesView, layout: InchesLayout): Rectangle {
    const u = view.unitsPerInch
    return new Rectangle(0, 0, Math.ceil(px(layout, view.width * u)), Math.ceil(px(layout, view.height * u)))
  }

  private bakeTable(view: InchesView, layout: InchesLayout): Texture {
    const frame = this.frame(view, layout)
    const root = new Container()
    const g = new Graphics()
    root.addChild(g)
    g.rect(0, 0, frame.width, frame.height).fill(P.table)
    // paving every 2″, faint: the table reads as a campo without competing with the 1″ grid
    const step = layout.pxPerInch * 2
    for (let x = step; x < frame.width; x += step) g.moveTo(x, 0).lineTo(x, frame.height)
    for (let y = step; y < frame.height; y += step) g.moveTo(0, y).lineTo(frame.width, y)
    g.stroke({ width: 1, color: 0x000000, alpha: 0.16, pixelLine: true })
    const u = view.unitsPerInch
    const by = (kind: PieceView['kind']) => view.pieces.filter((p) => p.kind === kind)
    for (const p of by('water')) drawWater(g, p, layout)
    for (const p of by('bridge')) drawBridge(g, p, layout)
    // solids low to high, each casting a shadow as long as it is tall, so heights read without labels
    const solids = view.pieces.filter((p) => p.kind === 'building' || p.kind === 'wall')
    solids.sort((a, b) => a.top - b.top)
    for (const p of solids) drawShadow(g, p, layout, u)
    for (const p of solids) {
      if (p.kind === 'building') drawBuilding(g, p, layout, u)
      else drawWall(g, p, layout)
    }
    for (const p of [...by('bridge'), ...solids]) this.label(root, p, view, layout)
    g.rect(0, 0, frame.width, frame.height).stroke({ width: 2, color: P.tableEdge, alpha: 0.8, alignment: 1 })
    return bake(this.renderer, root, frame)
  }

  /**
   * The height of a roof, wall top or deck ("4″"), with a building's name when it fits, in the piece's
   * top-left corner where a figure standing on it rarely hides it; beside a wall too thin to hold it.
   */
  private label(root: Container, p: PieceView, view: InchesView, layout: InchesLayout): void {
    const [x, y, w, h] = box(p, layout)
    const height = formatInches(p.top / view.unitsPerInch, view.text)
    const name = p.kind === 'building' ? p.name : undefined
    const t = new Text({ text: name ? `${height}  ${name}` : height, style: layout.styles.badge })
    if (name && t.width + 8 > w) t.text = height
    if (t.width + 8 <= w && t.height + 6 <= h) {
      t.position.set(Math.round(x + 4), Math.round(y + 3))
      root.addChild(t)
    } else if (p.kind === 'wall') {
      const upright = w < h
      t.anchor.set(upright ? 0 : 0.5, upright ? 0.5 : 1)
      t.position.set(Math.round(upright ? x + w + 3 : x + w / 2), Math.round(upright ? y + h / 2 : y - 2))
      root.addChild(t)
    } else t.destroy()
  }

  private bakeGrid(view: InchesView, layout: InchesLayout): Texture {
    const frame = this.frame(view, layout)
    const g = new Graphics()
    const ppi = layout.pxPerInch
    for (let i = 1; i < view.width; i++) g.moveTo(i * ppi, 0).lineTo(i * ppi, frame.height)
    for (let i = 1; i < view.height; i++) g.moveTo(0, i * ppi).lineTo(frame.width, i * ppi)
    g.stroke({ width: 1, color: P.grid, alpha: 0.22, pixelLine: true })
    // every 6″ a stronger line: a common move, counted at a glance
    for (let i = 6; i < view.width; i += 6) g.moveTo(i * ppi, 0).lineTo(i * ppi, frame.height)
    for (let i = 6; i < view.height; i += 6) g.moveTo(0, i * ppi).lineTo(frame.width, i * ppi)
    g.stroke({ width: 1.5, color: P.grid, alpha: 0.45 })
    return bake(this.renderer, g, frame)
  }
}

function box(p: PieceView, layout: InchesLayout): [number, number, number, number] {
  return [px(layout, p.x), px(layout, p.y), px(layout, p.w), px(layout, p.h)]
}

/** Water: deep blue with a darker channel, stone banks along its long sides and a pattern of small waves. */
function drawWater(g: Graphics, p: PieceView, layout: InchesLayout): void {
  const [x, y, w, h] = box(p, layout)
  const along = h >= w
  g.rect(x, y, w, h).fill(P.water)
  const inset = Math.min(w, h) * 0.25
  if (along) g.rect(x + inset, y, w - 2 * inset, h).fill({ color: P.waterDeep, alpha: 0.6 })
  else g.rect(x, y + inset, w, h - 2 * inset).fill({ color: P.waterDeep, alpha: 0.6 })
  const ppi = layout.pxPerInch
  const d = Math.max(5, ppi * 0.45)
  const rowGap = Math.max(6, ppi * 0.6)
  let row = 0
  for (let wy = y + rowGap / 2; wy < y + h - 2; wy += rowGap, row++) {
    const offset = row % 2 ? d : 0
    for (let wx = x + 3 + offset; wx + d < x + w - 2; wx += d * 2.2) {
      g.moveTo(wx, wy).quadraticCurveTo(wx + d / 2, wy - d / 3, wx + d, wy)
    }
  }
  g.stroke({ width: 1, color: P.waterWave, alpha: 0.35 })
  const bank = Math.max(2, ppi * 0.08)
  if (along) g.rect(x - bank, y, bank, h).rect(x + w, y, bank, h)
  else g.rect(x, y - bank, w, bank).rect(x, y + h, w, bank)
  g.fill(P.bank)
}

/** A bridge: a plank deck over the water, rails along its long sides, lighter ramps at its short ends. */
function drawBridge(g: Graphics, p: PieceView, layout: InchesLayout): void {
  const [x, y, w, h] = box(p, layout)
  const along = w >= h
  const sh = Math.max(2, layout.pxPerInch * 0.15)
  g.rect(x + sh, y + sh, w, h).fill({ color: P.shadow, alpha: 0.35 })
  g.rect(x, y, w, h).fill(P.deck)
  const plank = Math.max(3, layout.pxPerInch * 0.25)
  if (along) for (let px0 = x + plank; px0 < x + w; px0 += plank) g.moveTo(px0, y).lineTo(px0, y + h)
  else for (let py0 = y + plank; py0 < y + h; py0 += plank) g.moveTo(x, py0).lineTo(x + w, py0)
  g.stroke({ width: 1, color: P.deckPlank, alpha: 0.7, pixelLine: true })
  const ramp = Math.min(layout.pxPerInch * 0.6, (along ? w : h) / 4)
  if (along) g.rect(x, y, ramp, h).rect(x + w - ramp, y, ramp, h)
  else g.rect(x, y, w, ramp).rect(x, y + h - ramp, w, ramp)
  g.fill({ color: P.ramp, alpha: 0.45 })
  const rail = Math.max(2, layout.pxPerInch * 0.1)
  if (along) g.rect(x, y, w, rail).rect(x, y + h - rail, w, rail)
  else g.rect(x, y, rail, h).rect(x + w - rail, y, rail, h)
  g.fill(P.deckRail)
}

/** A shadow cast down-right, as long as the piece is tall (capped), so a tall building towers over a wall. */
function drawShadow(g: Graphics, p: PieceView, layout: InchesLayout, u: number): void {
  const [x, y, w, h] = box(p, layout)
  const len = Math.min(layout.pxPerInch * 1.2, Math.max(2, layout.pxPerInch * (p.top / u) * 0.25))
  g.poly([
    x + w,
    y,
    x + w + len,
    y + len,
    x + w + len,
    y + h + len,
    x + len,
    y + h + len,
    x,
    y + h,
    x + w,
    y + h
  ])
  g.fill({ color: P.shadow, alpha: 0.38 })
}

/** A building: roof tinted by height, a parapet line just inside its edge, a dark outline. */
function drawBuilding(g: Graphics, p: PieceView, layout: InchesLayout, u: number): void {
  const [x, y, w, h] = box(p, layout)
  g.rect(x, y, w, h).fill(roofColor(p.top / u))
  const inset = Math.max(2, Math.min(layout.pxPerInch * 0.2, Math.min(w, h) / 6))
  g.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset).stroke({
    width: 1.5,
    color: P.roofEdge,
    alpha: 0.55
  })
  g.rect(x, y, w, h).stroke({ width: 2, color: 0x000000, alpha: 0.6, alignment: 1 })
}

/** A low wall: a stone top with a lit edge. */
function drawWall(g: Graphics, p: PieceView, layout: InchesLayout): void {
  const [x, y, w, h] = box(p, layout)
  g.rect(x, y, w, h).fill(P.wall)
  const lip = Math.max(1, Math.min(w, h) * 0.3)
  g.rect(x, y, w, lip).rect(x, y, lip, h).fill({ color: P.wallTop, alpha: 0.7 })
  g.rect(x, y, w, h).stroke({ width: 1, color: 0x000000, alpha: 0.6, alignment: 1 })
}
