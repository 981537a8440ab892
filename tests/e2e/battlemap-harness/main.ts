// Throwaway harness: mounts the battlemap with a fixed 16×12 scene for screenshots and timings.
import { Battlemap } from '../../../renderer/battlemap/battlemap'
import type { BattlemapView, Cell, TokenView } from '../../../renderer/battlemap/view'

const blocks: Cell[] = [
  ...[5, 6, 7, 8].map((y) => ({ x: 7, y })),
  { x: 8, y: 5 },
  { x: 9, y: 5 },
  { x: 12, y: 2 },
  { x: 3, y: 2 },
  { x: 4, y: 2 },
  { x: 11, y: 9 },
  { x: 12, y: 9 }
]

const hero = 0x3b82f6
const token = (t: Partial<TokenView> & Pick<TokenView, 'id' | 'name' | 'x' | 'y'>): TokenView => ({
  side: 'heroes',
  z: 0,
  facing: 2,
  life: 10,
  lifeMax: 10,
  out: false,
  color: hero,
  active: false,
  ...t
})
const tokens: TokenView[] = [
  token({ id: 'kira', name: 'Kira', x: 3, y: 6, facing: 2, life: 14, lifeMax: 18, active: true }),
  token({ id: 'bram', name: 'Bram the Bold', x: 2, y: 8, facing: 1, life: 7, lifeMax: 20, color: 0x60a5fa }),
  token({
    id: 'g1',
    name: 'Goblin 1',
    side: 'monsters',
    x: 5,
    y: 5,
    facing: 6,
    life: 4,
    lifeMax: 7,
    color: 0x22c55e
  }),
  token({
    id: 'g2',
    name: 'Goblin 2',
    side: 'monsters',
    x: 10,
    y: 7,
    facing: 5,
    life: 7,
    lifeMax: 7,
    color: 0x16a34a
  }),
  token({
    id: 'orc',
    name: 'Orc Chief',
    side: 'monsters',
    x: 9,
    y: 3,
    z: 1,
    facing: 4,
    life: 2,
    lifeMax: 15,
    color: 0x9ca3af
  }),
  token({
    id: 'skel',
    name: 'Skeleton',
    side: 'monsters',
    x: 4,
    y: 9,
    out: true,
    life: 0,
    lifeMax: 6,
    color: 0x6b7280
  })
]

/**
 * 8-way flood fill from the active figure, 5 ft a square, up to `max` ft (harness data only): band 0 up
 * to 30 ft, band 1 beyond; squares next to Goblin 1 provoke it.
 */
function reach(from: Cell, max: number): BattlemapView['reachable'] {
  const solid = new Set([...blocks, ...tokens.filter((t) => !t.out)].map((c) => `${c.x},${c.y}`))
  const cost = new Map([[`${from.x},${from.y}`, 0]])
  const queue: Cell[] = [from]
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!
    const here = cost.get(`${c.x},${c.y}`)!
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const n = { x: c.x + dx, y: c.y + dy }
        const k = `${n.x},${n.y}`
        if (n.x < 0 || n.y < 0 || n.x >= 16 || n.y >= 12 || solid.has(k) || cost.has(k) || here + 5 > max)
          continue
        cost.set(k, here + 5)
        queue.push(n)
      }
  }
  cost.delete(`${from.x},${from.y}`)
  return [...cost].map(([k, v]) => {
    const [x, y] = k.split(',').map(Number)
    const provokes = Math.abs(x! - 5) <= 1 && Math.abs(y! - 5) <= 1 ? 1 : 0
    return { x: x!, y: y!, cost: v, band: v > 30 ? 1 : 0, provokes }
  })
}

const path: Cell[] = [
  { x: 4, y: 7 },
  { x: 5, y: 8 },
  { x: 6, y: 9 },
  { x: 7, y: 10 }
]
const view: BattlemapView = {
  width: 16,
  height: 12,
  blocks,
  tokens,
  reachable: reach({ x: 3, y: 6 }, 60),
  path,
  pathCost: 20,
  pathProvokes: 0,
  targets: ['g1'],
  refused: { x: 11, y: 5, reason: 'Too far: 35 ft, 30 ft left' }
}

const host = document.getElementById('map')!
const preference = new URLSearchParams(location.search).get('renderer') === 'canvas' ? 'canvas' : 'webgl'
const map = await Battlemap.create(host, { preference })
const log: Array<{ type: string; cell: Cell | null }> = []
map.onHover((cell) => log.push({ type: 'hover', cell }))
map.onClick((cell) => log.push({ type: 'click', cell }))
const t0 = performance.now()
map.sync(view)
const firstSync = performance.now() - t0
window.addEventListener('resize', () => map.resize())
Object.assign(window, { map, view, log, firstSync, ready: true })
