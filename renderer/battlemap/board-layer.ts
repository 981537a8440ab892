import { Container, Graphics, Rectangle, Sprite, Texture, type Renderer } from 'pixi.js'
import { drawDoor, drawGridLines, drawGround, drawLight, drawStartZone, drawWalls } from './board-draw'
import { BASE_CELL, bakeLevel, chunkRange, visibleWorld, type CameraState } from './camera'
import { chunkKeys, CHUNK, staticInputs } from './chunk-keys'
import { overviewScale, overviewTexture, paintOverview } from './overview'
import {
  drawBlock,
  drawElevation,
  drawFloor,
  drawShadow,
  drawTerrainMark,
  type SquareRange
} from './terrain-layer'
import type { BattlemapView } from './view'

/** Below this zoom the board is the overview picture alone (squares of ≤ 10 px need no vector detail). */
export const OVERVIEW_BELOW = 0.25
/** Baked chunk texels kept at most (≈ 64 MB); chunks off screen are dropped first, oldest first. */
const MAX_TEXELS = 16_000_000
const CHUNK_PX = CHUNK * BASE_CELL

interface Chunk {
  sprite: Sprite
  /** The baked texture, or null while the overview stands in. */
  baked: Texture | null
  /** Its level (texels per world px ÷ renderer resolution) and the content key it was baked from. */
  level: number
  key: string
  /** The overview's piece for this chunk, shown until it is baked. */
  stand: Texture | null
  lastSeen: number
}

/**
 * The static board (floor, background picture, ground, zones, raised ground, terrain marks, blocks,
 * lights, grid lines, walls, doors) baked into 16×16-square chunk textures. A chunk is baked when it
 * comes into view, at the power-of-two resolution of the zoom, and rebaked only when its own inputs
 * change; chunks off screen are culled (not drawn) and evicted beyond a texel budget. Far out, one
 * CPU-painted overview picture replaces them all.
 */
export class BoardLayer {
  readonly container = new Container({ isRenderGroup: true })
  private readonly chunkRoot = new Container()
  private readonly overviewSprite = new Sprite()
  private chunks: Chunk[] = []
  private cols = 0
  private rows = 0
  private keys: string[] = []
  private inputs: unknown[] = []
  private view: BattlemapView | null = null
  private overview: Texture | null = null
  private overviewPpx = 1
  private background: { url: string; texture: Texture | null; image: HTMLImageElement | null } | null = null
  private frame = 0
  /** Chunks baked since creation (for the bench and tests). */
  bakes = 0

  constructor(
    private readonly renderer: Renderer,
    /** Called when something finished loading (the background picture) and a frame is due. */
    private readonly onLoaded: () => void
  ) {
    this.container.addChild(this.overviewSprite, this.chunkRoot)
  }

  /** The overview texture (for the minimap), or null before the first sync. */
  overviewTexture(): Texture | null {
    return this.overview
  }

  /** Takes the view's static inputs; marks chunks whose inputs changed. True if the board changed. */
  sync(view: BattlemapView): boolean {
    const inputs = staticInputs(view)
    const sameRefs = inputs.length === this.inputs.length && inputs.every((v, i) => v === this.inputs[i])
    this.view = view
    if (sameRefs) return false
    this.inputs = inputs
    this.loadBackground(view)
    const cols = Math.ceil(view.width / CHUNK)
    const rows = Math.ceil(view.height / CHUNK)
    const keys = chunkKeys(view, cols, rows, this.background?.texture ? this.background.url : '')
    if (cols === this.cols && rows === this.rows && keys.every((k, i) => k === this.keys[i])) return false
    if (cols !== this.cols || rows !== this.rows) this.resetChunks(cols, rows)
    this.keys = keys
    this.repaintOverview(view)
    return true
  }

  /**
   * Gets the board ready for a frame with this camera: shows the overview or the chunks in view, bakes
   * missing chunks for up to `budgetMs` (at least one); returns true if some are still missing (the
   * caller asks for another frame). While `zooming`, a chunk baked at any resolution is good enough:
   * it is drawn stretched until the gesture settles and the caller asks again.
   */
  prepare(cam: CameraState, screenW: number, screenH: number, budgetMs: number, zooming = false): boolean {
    const view = this.view
    if (!view || !this.overview) return false
    this.frame++
    const far = cam.scale < OVERVIEW_BELOW
    this.overviewSprite.visible = far
    this.chunkRoot.visible = !far
    if (far) return false
    const level = bakeLevel(cam.scale)
    const range = chunkRange(visibleWorld(cam, screenW, screenH), CHUNK_PX, this.cols, this.rows)
    const start = performance.now()
    let pending = false
    let baked = 0
    this.chunks.forEach((chunk) => (chunk.sprite.visible = false))
    if (!range) return false
    for (let cy = range.y0; cy <= range.y1; cy++)
      for (let cx = range.x0; cx <= range.x1; cx++) {
        const i = cy * this.cols + cx
        const chunk = this.chunks[i]!
        chunk.sprite.visible = true
        chunk.lastSeen = this.frame
        const fresh = chunk.baked && chunk.key === this.keys[i] && (zooming || chunk.level >= level)
        if (fresh) continue
        // the first bake of a frame always happens, so panning always makes progress
        if (baked > 0 && performance.now() - start > budgetMs) {
          pending = true
          continue
        }
        this.bake(chunk, cx, cy, level, this.keys[i]!)
        baked++
      }
    this.evict()
    return pending
  }

  /** Drops every baked texture and repaints the overview (the GPU lost them with the context). */
  invalidate(): void {
    for (const chunk of this.chunks) this.unbake(chunk)
    if (this.view) this.repaintOverview(this.view)
  }

  /** Textures this layer owns now (baked chunks, the overview, the background picture). */
  liveTextures(): number {
    return (
      this.chunks.filter((c) => c.baked).length + (this.overview ? 1 : 0) + (this.background?.texture ? 1 : 0)
    )
  }

  /** Destroys every texture and display object. */
  destroy(): void {
    for (const chunk of this.chunks) {
      this.unbake(chunk)
      chunk.stand?.destroy(false)
    }
    this.chunks = []
    this.overview?.destroy(true)
    this.overview = null
    this.background?.texture?.destroy(true)
    this.background = null
    this.container.destroy({ children: true })
  }

  private resetChunks(cols: number, rows: number): void {
    for (const chunk of this.chunks) {
      this.unbake(chunk)
      chunk.stand?.destroy(false)
      chunk.sprite.destroy()
    }
    this.cols = cols
    this.rows = rows
    this.chunks = []
    for (let cy = 0; cy < rows; cy++)
      for (let cx = 0; cx < cols; cx++) {
        const sprite = new Sprite()
        sprite.position.set(cx * CHUNK_PX, cy * CHUNK_PX)
        sprite.visible = false
        this.chunkRoot.addChild(sprite)
        this.chunks.push({ sprite, baked: null, level: 0, key: '', stand: null, lastSeen: 0 })
      }
  }

  private repaintOverview(view: BattlemapView): void {
    const ppx = overviewScale(view.width, view.height)
    const canvas = paintOverview(view, ppx, this.background?.image ?? null)
    this.overview?.destroy(true)
    this.overview = overviewTexture(canvas)
    this.overviewPpx = ppx
    this.overviewSprite.texture = this.overview
    this.overviewSprite.scale.set(BASE_CELL / ppx)
    this.chunks.forEach((chunk, i) => {
      chunk.stand?.destroy(false)
      const cx = i % this.cols
      const cy = Math.floor(i / this.cols)
      const fw = Math.min(CHUNK, view.width - cx * CHUNK) * ppx
      const fh = Math.min(CHUNK, view.height - cy * CHUNK) * ppx
      chunk.stand = new Texture({
        source: this.overview!.source,
        frame: new Rectangle(cx * CHUNK * ppx, cy * CHUNK * ppx, fw, fh)
      })
      if (!chunk.baked) this.showStand(chunk)
    })
  }

  private showStand(chunk: Chunk): void {
    chunk.sprite.texture = chunk.stand ?? Texture.EMPTY
    chunk.sprite.scale.set(BASE_CELL / this.overviewPpx)
  }

  private bake(chunk: Chunk, cx: number, cy: number, level: number, key: string): void {
    const view = this.view!
    const r: SquareRange = {
      x0: cx * CHUNK,
      y0: cy * CHUNK,
      x1: Math.min(view.width, (cx + 1) * CHUNK),
      y1: Math.min(view.height, (cy + 1) * CHUNK)
    }
    const root = drawChunk(view, r, this.background?.texture ?? null)
    const frame = new Rectangle(
      r.x0 * BASE_CELL,
      r.y0 * BASE_CELL,
      (r.x1 - r.x0) * BASE_CELL,
      (r.y1 - r.y0) * BASE_CELL
    )
    const texture = this.renderer.generateTexture({
      target: root,
      frame,
      resolution: level * this.renderer.resolution,
      antialias: true
    })
    root.destroy({ children: true })
    this.unbake(chunk)
    chunk.baked = texture
    chunk.level = level
    chunk.key = key
    chunk.sprite.texture = texture
    chunk.sprite.scale.set(1)
    this.bakes++
  }

  private unbake(chunk: Chunk): void {
    if (!chunk.baked) return
    chunk.baked.destroy(true)
    chunk.baked = null
    chunk.key = ''
    this.showStand(chunk)
  }

  /** Keeps the baked texels under budget, dropping chunks out of view, least recently seen first. */
  private evict(): void {
    const texels = (c: Chunk) => (c.baked ? c.baked.source.pixelWidth * c.baked.source.pixelHeight : 0)
    let total = this.chunks.reduce((n, c) => n + texels(c), 0)
    if (total <= MAX_TEXELS) return
    const old = this.chunks
      .filter((c) => c.baked && c.lastSeen < this.frame)
      .sort((a, b) => a.lastSeen - b.lastSeen)
    for (const chunk of old) {
      if (total <= MAX_TEXELS) break
      total -= texels(chunk)
      this.unbake(chunk)
    }
  }

  private loadBackground(view: BattlemapView): void {
    const url = view.background?.image ?? ''
    if ((this.background?.url ?? '') === url) return
    this.background?.texture?.destroy(true)
    this.background = url ? { url, texture: null, image: null } : null
    if (!url) return
    const image = new Image()
    const entry = this.background!
    image.src = url
    void image
      .decode()
      .then(() => {
        if (this.background !== entry) return
        entry.image = image
        entry.texture = Texture.from(image)
        // rebuild keys and overview with the picture in
        this.inputs = []
        if (this.view) this.sync(this.view)
        this.onLoaded()
      })
      .catch(() => undefined)
  }
}

/** The display objects of one chunk, in world px, ready to bake (the frame clips what spills over). */
function drawChunk(view: BattlemapView, r: SquareRange, background: Texture | null): Container {
  const c = BASE_CELL
  const root = new Container()
  const floor = new Graphics()
  drawFloor(floor, r, c)
  root.addChild(floor)
  if (background && view.background) {
    const picture = new Sprite(background)
    picture.setSize(view.width * c, view.height * c)
    picture.alpha = view.background.opacity
    root.addChild(picture)
  }
  const g = new Graphics()
  root.addChild(g)
  // items touching the chunk or its neighbouring squares (shadows, thick walls spill over a boundary)
  const near = (x: number, y: number, pad = 1) =>
    x >= r.x0 - pad && x < r.x1 + pad && y >= r.y0 - pad && y < r.y1 + pad
  const inside = (p: { x: number; y: number }) => near(p.x, p.y, 0)
  drawGround(g, (view.ground ?? []).filter(inside), c)
  for (const zone of view.startZones ?? []) {
    const cells = zone.cells.filter(inside)
    if (cells.length > 0) drawStartZone(g, cells, zone.color, c)
  }
  if (view.elevation) drawElevation(g, view.width, view.height, c, view.elevation, r)
  for (const mark of view.terrain ?? []) if (inside(mark)) drawTerrainMark(g, mark, c)
  const blocks = view.blocks.filter((b) => near(b.x, b.y))
  const solid = new Set(view.blocks.map((b) => `${b.x},${b.y}`))
  for (const b of blocks) drawShadow(g, b.x, b.y, c, solid)
  for (const b of blocks) drawBlock(g, b.x * c, b.y * c, c)
  for (const light of view.lights ?? []) {
    const rad = Math.ceil(light.radius) + 1
    if (light.x + rad >= r.x0 && light.x - rad < r.x1 && light.y + rad >= r.y0 && light.y - rad < r.y1)
      drawLight(g, light, c)
  }
  drawGridLines(g, r, c)
  drawWalls(
    g,
    (view.walls ?? []).filter((e) => near(e.x, e.y)),
    c
  )
  for (const door of view.doors ?? []) if (near(door.x, door.y)) drawDoor(g, door, c)
  return root
}
