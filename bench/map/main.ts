// The map bench page: mounts the battlemap on the bench scene and exposes timed scenarios to the runner
// (bench/map/run.ts) as `window.bench`. Every frame is timed through a 1-pixel readPixels, which waits
// for the GPU (software GL here) to finish it.
import { Battlemap } from '../../renderer/battlemap/battlemap'
import type { BattlemapView, Cell } from '../../renderer/battlemap/view'
import { stepCrossesWall } from '../../rules/core/edges'
import { reachableSquares, type PathRules, type Reach } from '../../rules/core/geometry'
import { visibleSquares } from '../../rules/core/visibility'
import { buildScene } from './scene'

const scene = buildScene()
const host = document.getElementById('map')!
/** `?renderer=canvas` benches pixi's Canvas2D renderer instead of WebGL. */
const preference = new URLSearchParams(location.search).get('renderer') === 'canvas' ? 'canvas' : 'webgl'

let map = await Battlemap.create(host, { preference })
let view: BattlemapView = scene.view
const SIGHT = 20

/**
 * Forces the frame to be drawn: readPixels of one pixel waits for (software) WebGL; getImageData flushes
 * a Canvas2D canvas's recorded drawing.
 */
function finish(): void {
  const canvas = host.querySelector('canvas')
  if (!canvas) return
  if (preference === 'canvas') {
    canvas.getContext('2d')?.getImageData(0, 0, 1, 1)
    return
  }
  const g = canvas.getContext('webgl2') ?? canvas.getContext('webgl')
  if (g) g.readPixels(0, 0, 1, 1, g.RGBA, g.UNSIGNED_BYTE, new Uint8Array(4))
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const q = (p: number) => +s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2)
  return {
    n: s.length,
    p50: q(0.5),
    p95: q(0.95),
    max: +s[s.length - 1]!.toFixed(2),
    mean: +(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)
  }
}

function timeFrame(step: () => void): number {
  const t = performance.now()
  step()
  map.renderFrame()
  finish()
  return performance.now() - t
}

const occupied = () => new Set(view.tokens.filter((t) => !t.out).map((t) => `${t.x},${t.y}`))
const blocked = new Set([
  ...scene.board.blocks.map((b) => `${b.x},${b.y}`),
  ...(scene.board.ground ?? []).filter((g) => g.kind === 'impassable').map((g) => `${g.x},${g.y}`)
])
const difficult = new Set(
  (scene.board.ground ?? []).filter((g) => g.kind !== 'impassable').map((g) => `${g.x},${g.y}`)
)

/** Movement rules on the bench board: walls via `stepCrossesWall`, blocks, figures, difficult ground ×2. */
function rules(maxCost: number): PathRules {
  const taken = occupied()
  const { width, height } = scene.board
  return {
    maxCost,
    passable: (from, to) =>
      to.x >= 0 &&
      to.y >= 0 &&
      to.x < width &&
      to.y < height &&
      !blocked.has(`${to.x},${to.y}`) &&
      !taken.has(`${to.x},${to.y}`) &&
      !stepCrossesWall(scene.board, from, to),
    stepCost: (from, to) =>
      (from.x !== to.x && from.y !== to.y ? 1.5 : 1) * (difficult.has(`${to.x},${to.y}`) ? 2 : 1)
  }
}

function fogFrom(eyes: Cell[], before: BattlemapView['fog']): NonNullable<BattlemapView['fog']> {
  const visible = visibleSquares(scene.board, eyes, { range: SIGHT })
  const seen = new Uint8Array(visible.length)
  for (let i = 0; i < seen.length; i++) seen[i] = visible[i] || before?.seen[i] ? 1 : 0
  return { visible, seen, version: (before?.version ?? 0) + 1 }
}

async function setup() {
  const t0 = performance.now()
  view = { ...scene.view, fog: fogFrom(scene.heroes, null) }
  const fogMs = performance.now() - t0
  const t1 = performance.now()
  map.sync(view)
  finish()
  const firstSync = performance.now() - t1
  return {
    firstSync: +firstSync.toFixed(1),
    firstFog: +fogMs.toFixed(1),
    renderer: map.rendererName,
    camera: map.camera()
  }
}

/** Pans in a loop at a zoom: `frames` frames, each a 1/20-screen step, turning every 30 frames. */
function pan(zoom: number, frames: number, centre: Cell) {
  map.zoomAt(zoom / map.camera().scale)
  map.centerOn(centre)
  // panning at a fixed zoom: no zoom gesture is running (chunks bake sharp as they come into view)
  map.settle()
  map.renderFrame(Infinity)
  const bakes = map.chunkBakes
  const dirs = [
    [64, 0],
    [0, 40],
    [-64, 0],
    [0, -40]
  ] as const
  const xs = Array.from({ length: frames }, (_, i) =>
    timeFrame(() => {
      const [dx, dy] = dirs[Math.floor(i / 30) % 4]!
      map.panBy(dx, dy)
    })
  )
  return { ...stats(xs), chunkBakes: map.chunkBakes - bakes }
}

/** Zooms in and out about the cursor between 0.1 and 2, `frames` frames. */
function zoom(frames: number) {
  map.fit()
  map.renderFrame(Infinity)
  const bakes = map.chunkBakes
  const at = { x: 640, y: 400 }
  const xs = Array.from({ length: frames }, (_, i) =>
    timeFrame(() => map.zoomAt(Math.floor(i / 30) % 2 === 0 ? 1.1 : 1 / 1.1, at))
  )
  return { ...stats(xs), chunkBakes: map.chunkBakes - bakes }
}

let reach: Map<string, Reach> = new Map()

/** Computes the active hero's movement range (12 squares, a double move) and draws it; `n` times. */
function range(n: number) {
  map.zoomAt(1 / map.camera().scale)
  map.centerOn(scene.heroes[0]!)
  // the zoom just made would leave chunks stretched until it settles: bake them sharp before timing
  map.settle()
  map.renderFrame(Infinity)
  const compute: number[] = []
  const draw: number[] = []
  const frame: number[] = []
  for (let i = 0; i < n; i++) {
    const start = scene.heroes[i % 2]!
    let t = performance.now()
    reach = reachableSquares(start, rules(12))
    const reachable = [...reach.values()]
      .filter((r) => r.cost > 0)
      .map((r) => ({ x: r.pos.x, y: r.pos.y, cost: r.cost, band: r.cost > 6 ? 1 : 0 }))
    compute.push(performance.now() - t)
    t = performance.now()
    view = {
      ...view,
      reachable,
      tokens: view.tokens.map((tk, j) => (j < 2 ? { ...tk, active: j === i % 2 } : tk))
    }
    map.sync(view)
    finish()
    draw.push(performance.now() - t)
    frame.push(timeFrame(() => undefined))
  }
  return { squares: reach.size, compute: stats(compute), syncAndDraw: stats(draw), frameOnly: stats(frame) }
}

/** Hovers `n` squares of the last range: path from the range, then draw the preview. */
function path(n: number) {
  const ends = [...reach.values()].filter((r) => r.cost > 2)
  const compute: number[] = []
  const draw: number[] = []
  for (let i = 0; i < n; i++) {
    const goal = ends[(i * 7) % ends.length]!
    let t = performance.now()
    const found = reach.get(`${goal.pos.x},${goal.pos.y}`)!
    const p = found.path
    compute.push(performance.now() - t)
    t = performance.now()
    view = { ...view, path: p, pathCost: found.cost }
    map.sync(view)
    finish()
    draw.push(performance.now() - t)
  }
  return { compute: stats(compute), syncAndDraw: stats(draw) }
}

/** Moves a hero one square and recomputes the heroes' fog (`visibleSquares`, range 20), `n` times. */
function fog(n: number) {
  const compute: number[] = []
  const draw: number[] = []
  for (let i = 0; i < n; i++) {
    const dx = i % 2 === 0 ? 1 : -1
    let t = performance.now()
    const tokens = view.tokens.map((tk, j) => (j === 0 ? { ...tk, x: tk.x + dx } : tk))
    const eyes = tokens.slice(0, 6).map((tk) => ({ x: tk.x, y: tk.y }))
    const next = fogFrom(eyes, view.fog)
    compute.push(performance.now() - t)
    t = performance.now()
    view = { ...view, tokens, fog: next }
    map.sync(view)
    finish()
    draw.push(performance.now() - t)
  }
  return { compute: stats(compute), syncAndDraw: stats(draw) }
}

/** Closes and reopens the map `n` times (pans a little each time, so chunks bake); textures left. */
async function switches(n: number) {
  const left: number[] = []
  for (let i = 0; i < n; i++) {
    const old = map
    old.destroy()
    left.push(old.liveTextures())
    map = await Battlemap.create(host, { preference })
    map.sync(view)
    map.zoomAt(1 / map.camera().scale)
    map.centerOn({ x: 40 + i * 5, y: 100 })
    map.renderFrame(Infinity)
  }
  return {
    texturesLeftAfterDestroy: Math.max(...left),
    liveNow: map.liveTextures(),
    canvases: document.querySelectorAll('canvas').length
  }
}

async function contextLoss() {
  if (preference === 'canvas') return { skipped: 'Canvas2D has no WebGL context to lose' }
  const before = map.liveTextures()
  const t = performance.now()
  await map.loseContextForTest()
  finish()
  return {
    ms: +(performance.now() - t).toFixed(1),
    losses: map.contextLosses,
    texturesBefore: before,
    texturesAfter: map.liveTextures()
  }
}

Object.assign(window, {
  bench: { setup, pan, zoom, range, path, fog, switches, contextLoss, map: () => map },
  ready: true
})
