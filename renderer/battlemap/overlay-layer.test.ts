import { describe, expect, it, vi } from 'vitest'
// pixi reads `navigator` when it loads; Node 20 has none (the unit tests run without a DOM)
vi.hoisted(() => {
  if (!('navigator' in globalThis)) Object.assign(globalThis, { navigator: { userAgent: 'node' } })
})
import { Texture, type Sprite } from 'pixi.js'
import { OverlayLayer } from './overlay-layer'
import { makeStyles, type Layout } from './style'
import type { TextureCache } from './textures'
import type { BattlemapView, MapOverlay, TokenView } from './view'

// What the layer redraws and when, without a renderer: textures come from a stand-in cache, and the
// overlays here carry no label (a Text needs a canvas to measure).

const C = 40
const layout: Layout = {
  cell: C,
  resolution: 1,
  key: 'k1',
  styles: makeStyles(C),
  visible: { x: 0, y: 0, width: 800, height: 600 }
}
const cache = { get: () => Texture.WHITE } as unknown as TextureCache
const token = (id: string, x: number, y: number, size?: number): TokenView => ({
  id,
  name: id,
  side: 'a',
  x,
  y,
  z: 0,
  facing: 0,
  life: 1,
  lifeMax: 1,
  out: false,
  color: 0,
  active: false,
  ...(size ? { size } : {})
})
const base: BattlemapView = {
  width: 10,
  height: 10,
  blocks: [],
  tokens: [token('a', 1, 1), token('ogre', 5, 5, 2)],
  reachable: [],
  path: [],
  pathCost: null,
  pathProvokes: 0,
  targets: [],
  refused: null
}
const threat = [
  { x: 0, y: 0 },
  { x: 1, y: 0 }
]
const template: MapOverlay['template'] = {
  cells: [
    { x: 5, y: 5 },
    { x: 6, y: 5 }
  ],
  hits: ['ogre'],
  label: ''
}

const visibleRings = (layer: OverlayLayer) =>
  ((layer as unknown as { rings: { children: Sprite[] } }).rings.children as Sprite[]).filter(
    (s) => s.visible
  )

describe('OverlayLayer', () => {
  it('draws on the first overlay, then skips syncs whose parts are the same objects', () => {
    const layer = new OverlayLayer(cache)
    expect(layer.sync(base, layout)).toBe(false)
    const overlay: MapOverlay = { threat, template }
    expect(layer.sync({ ...base, overlay }, layout)).toBe(true)
    expect(layer.sync({ ...base, overlay }, layout)).toBe(false)
    // a new wrapper around the same parts (the app rebuilt the view) redraws nothing
    expect(layer.sync({ ...base, overlay: { ...overlay } }, layout)).toBe(false)
    expect(layer.sync({ ...base, overlay: { ...overlay, threat: [...threat] } }, layout)).toBe(true)
    expect(layer.sync({ ...base, overlay: null }, layout)).toBe(true)
    expect(layer.sync({ ...base, overlay: null }, layout)).toBe(false)
    layer.destroy()
  })

  it('rings the figures a template catches, centred on their footprint, and follows them', () => {
    const layer = new OverlayLayer(cache)
    layer.sync({ ...base, overlay: { template } }, layout)
    const [ring] = visibleRings(layer)
    expect(visibleRings(layer)).toHaveLength(1)
    // a 2×2 ogre at (5, 5): the middle of its four squares, across and a little down
    expect(ring!.x).toBe(6 * C)
    expect(ring!.y).toBeCloseTo(5 * C + 2 * C * 0.52)
    expect(ring!.scale.x).toBe(2)
    const moved = { ...base, tokens: [token('a', 1, 1), token('ogre', 6, 5, 2)], overlay: { template } }
    expect(layer.sync(moved, layout)).toBe(true)
    expect(visibleRings(layer)[0]!.x).toBe(7 * C)
    expect(layer.sync({ ...moved, overlay: {} }, layout)).toBe(true)
    expect(visibleRings(layer)).toHaveLength(0)
    layer.destroy()
  })

  it('redraws everything when the layout changes (square size, density, lost context)', () => {
    const layer = new OverlayLayer(cache)
    const view = { ...base, overlay: { threat } }
    layer.sync(view, layout)
    expect(layer.sync(view, layout)).toBe(false)
    expect(layer.sync(view, { ...layout, key: 'k2' })).toBe(true)
    layer.destroy()
  })
})
