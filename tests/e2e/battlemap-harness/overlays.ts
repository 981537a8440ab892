// Visual check of the map's overlays, waypoints and effects: mounts a Battlemap on a fixed 20×14 scene.
// ?scene=combo (threat, flank, template, ruler, waypoints) | sight; &renderer=canvas. window.playDemo()
// plays every effect once and resolves with its duration; window.ready is set once the first frame is drawn.
import { templateCells, templateOrigin } from '../../../rules/core/templates'
import { lineOfSight } from '../../../rules/core/geometry'
import { Battlemap } from '../../../renderer/battlemap/battlemap'
import type { BattlemapView, Cell, MapEffect, MapOverlay, TokenView } from '../../../renderer/battlemap/view'

const W = 20
const H = 14
const blocks: Cell[] = [
  ...[3, 4, 5, 6].map((y) => ({ x: 9, y })),
  { x: 10, y: 3 },
  { x: 14, y: 9 },
  { x: 15, y: 9 },
  { x: 4, y: 10 }
]
const token = (t: Partial<TokenView> & Pick<TokenView, 'id' | 'name' | 'x' | 'y'>): TokenView => ({
  side: 'heroes',
  z: 0,
  facing: 2,
  life: 10,
  lifeMax: 10,
  out: false,
  color: 0x3b82f6,
  active: false,
  ...t
})
const tokens: TokenView[] = [
  token({ id: 'kira', name: 'Kira', x: 5, y: 6, life: 14, lifeMax: 18, active: true }),
  token({ id: 'bram', name: 'Bram', x: 4, y: 8, color: 0x60a5fa }),
  token({ id: 'g1', name: 'Goblin 1', side: 'monsters', x: 7, y: 5, color: 0x22c55e, facing: 6 }),
  token({ id: 'g2', name: 'Goblin 2', side: 'monsters', x: 13, y: 6, color: 0x16a34a }),
  token({ id: 'g3', name: 'Goblin 3', side: 'monsters', x: 14, y: 7, color: 0x16a34a }),
  token({
    id: 'ogre',
    name: 'Ogre',
    side: 'monsters',
    x: 16,
    y: 3,
    size: 2,
    color: 0x9ca3af,
    life: 25,
    lifeMax: 30
  })
]

const around = (c: Cell, r: number): Cell[] => {
  const out: Cell[] = []
  for (let y = c.y - r; y <= c.y + r; y++)
    for (let x = c.x - r; x <= c.x + r; x++)
      if ((x !== c.x || y !== c.y) && x >= 0 && y >= 0 && x < W && y < H) out.push({ x, y })
  return out
}

// harness data only: a 20-ft burst at the intersection (14, 7) and who it catches (any footprint square)
const origin = templateOrigin({ x: 14.2, y: 6.8 }, { width: W, height: H })
const burst = templateCells({ shape: 'burst', size: 4 }, origin, origin, { width: W, height: H })
const inBurst = new Set(burst.map((c) => `${c.x},${c.y}`))
const hits = tokens
  .filter((t) =>
    around({ x: t.x, y: t.y }, (t.size ?? 1) - 1)
      .concat({ x: t.x, y: t.y })
      .some((c) => inBurst.has(`${c.x},${c.y}`))
  )
  .map((t) => t.id)

const solid = new Set(blocks.map((b) => `${b.x},${b.y}`))
const from = { x: 5, y: 6 }
const sight: MapOverlay['sight'] = {
  from,
  cells: Array.from({ length: W * H }, (_, i) => {
    const c = { x: i % W, y: Math.floor(i / W) }
    const visible = lineOfSight(from, c, (p) => solid.has(`${p.x},${p.y}`))
    // a stand-in for the rules' cover: squares right behind a block, stronger the farther they are
    const behind =
      visible &&
      [...solid].some((k) => {
        const [bx, by] = k.split(',').map(Number) as [number, number]
        return (
          Math.max(Math.abs(bx - c.x), Math.abs(by - c.y)) === 1 &&
          Math.hypot(bx - from.x, by - from.y) < Math.hypot(c.x - from.x, c.y - from.y)
        )
      })
    const cover = behind ? ['cover.light', 'cover.medium', 'cover.large'][(c.x + c.y) % 3]! : null
    return { ...c, visible, cover }
  })
}

const combo: MapOverlay = {
  threat: around({ x: 7, y: 5 }, 1).filter((c) => !solid.has(`${c.x},${c.y}`)),
  flank: [
    { x: 8, y: 5 },
    { x: 8, y: 4 },
    { x: 8, y: 6 }
  ],
  template: { cells: burst, hits, label: `20-ft burst · ${hits.length}` },
  ruler: {
    points: [
      { x: 5, y: 6 },
      { x: 5, y: 11 },
      { x: 11, y: 12 }
    ],
    label: '55 ft'
  }
}

const params = new URLSearchParams(location.search)
const scene = params.get('scene') ?? 'combo'
const waypoints = [
  { x: 6, y: 8 },
  { x: 8, y: 10 }
]
const view: BattlemapView = {
  width: W,
  height: H,
  blocks,
  tokens,
  reachable: [],
  path:
    scene === 'combo'
      ? [
          { x: 5, y: 7 },
          { x: 6, y: 8 },
          { x: 7, y: 9 },
          { x: 8, y: 10 },
          { x: 9, y: 10 },
          { x: 10, y: 10 }
        ]
      : [],
  pathCost: 30,
  pathLabel: '30 ft',
  pathProvokes: 0,
  targets: [],
  refused: null,
  overlay: scene === 'sight' ? { sight } : combo,
  waypoints: scene === 'combo' ? waypoints : []
}

const host = document.getElementById('map')!
const preference = params.get('renderer') === 'canvas' ? 'canvas' : 'webgl'
const map = await Battlemap.create(host, { preference })
const t0 = performance.now()
map.sync(view)
const firstSync = performance.now() - t0

/** Goblin 2 walks up and hits Kira; Bram is knocked back and healed; a swing at Goblin 1 misses. */
async function playDemo(): Promise<number> {
  // the app syncs the new state, then plays what led to it
  const to: Record<string, Cell> = { g2: { x: 8, y: 6 }, bram: { x: 3, y: 9 } }
  const moved = { ...view, tokens: view.tokens.map((t) => ({ ...t, ...to[t.id] })) }
  map.sync(moved)
  const effects: MapEffect[] = [
    { kind: 'focus', id: 'g2' },
    {
      kind: 'move',
      id: 'g2',
      from: { x: 13, y: 6 },
      path: [
        { x: 12, y: 6 },
        { x: 11, y: 7 },
        { x: 10, y: 7 },
        { x: 9, y: 7 },
        { x: 8, y: 6 }
      ]
    },
    { kind: 'hit', id: 'kira' },
    { kind: 'damage', id: 'kira', amount: 7 },
    { kind: 'push', id: 'bram', from: { x: 4, y: 8 }, to: { x: 3, y: 9 } },
    { kind: 'miss', id: 'g1' },
    { kind: 'heal', id: 'bram', amount: 4 }
  ]
  const start = performance.now()
  await map.play(effects)
  return performance.now() - start
}

window.addEventListener('resize', () => map.resize())
Object.assign(window, { map, view, firstSync, playDemo, ready: true })
