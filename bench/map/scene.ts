import type { BattlemapView, TokenView } from '../../renderer/battlemap/view'
import type { Board, Door, Edge, GroundCell, LightArea } from '../../rules/core/types'
import { seededUniform as rng } from '../seeded-uniform'

// The bench scene: a 200×200 board with 2,000 wall edges, doors, painted ground, lights, start zones,
// raised ground and 500 tokens, built from a fixed seed so every run draws the same map.

/** The scene as a rules board and the map view of it (fog left to the caller). */
export interface Scene {
  board: Board
  view: BattlemapView
  heroes: TokenView[]
}

/** Builds the scene: `size`² squares, `walls` wall edges, `tokens` tokens (the first 6 are heroes). */
export function buildScene(seed = 7, size = 200, wallCount = 2000, tokenCount = 500): Scene {
  const r = rng(seed)
  const int = (n: number) => Math.floor(r() * n)
  const walls: Edge[] = []
  const wallKeys = new Set<string>()
  // rooms' sides: runs of 4–10 edges, horizontal or vertical
  while (walls.length < wallCount) {
    const horizontal = r() < 0.5
    const len = 4 + int(7)
    const x = 1 + int(size - 12)
    const y = 1 + int(size - 12)
    for (let i = 0; i < len && walls.length < wallCount; i++) {
      const e: Edge = horizontal ? { x: x + i, y, side: 'n' } : { x, y: y + i, side: 'w' }
      const k = `${e.x},${e.y},${e.side}`
      if (wallKeys.has(k)) continue
      wallKeys.add(k)
      walls.push(e)
    }
  }
  const doors: Door[] = []
  for (let i = 0; i < 80; i++) {
    const e = walls.splice(int(walls.length), 1)[0]!
    doors.push({ ...e, open: i % 2 === 0 })
  }
  // keep 2,000 wall edges after the doors took some
  while (walls.length < wallCount) {
    const e: Edge = { x: 1 + int(size - 2), y: 1 + int(size - 2), side: r() < 0.5 ? 'n' : 'w' }
    const k = `${e.x},${e.y},${e.side}`
    if (wallKeys.has(k)) continue
    wallKeys.add(k)
    walls.push(e)
  }
  const ground: GroundCell[] = []
  const groundKeys = new Set<string>()
  const kinds = ['difficult', 'water', 'impassable'] as const
  for (let p = 0; p < 60; p++) {
    const kind = kinds[p % 3]!
    const cx = int(size)
    const cy = int(size)
    for (let i = 0; i < 25; i++) {
      const x = Math.min(size - 1, cx + int(5))
      const y = Math.min(size - 1, cy + int(5))
      if (groundKeys.has(`${x},${y}`)) continue
      groundKeys.add(`${x},${y}`)
      ground.push({ x, y, kind })
    }
  }
  const blocks: Array<{ x: number; y: number }> = []
  for (let i = 0; i < 300; i++) {
    const x = int(size)
    const y = int(size)
    if (!groundKeys.has(`${x},${y}`)) blocks.push({ x, y })
  }
  const elevation = new Array<number>(size * size).fill(0)
  for (let h = 0; h < 12; h++) {
    const cx = int(size)
    const cy = int(size)
    for (let y = Math.max(0, cy - 6); y < Math.min(size, cy + 6); y++)
      for (let x = Math.max(0, cx - 6); x < Math.min(size, cx + 6); x++) {
        const d = Math.max(Math.abs(x - cx), Math.abs(y - cy))
        elevation[y * size + x] = Math.max(elevation[y * size + x]!, 3 - Math.floor(d / 2))
      }
  }
  const lights: LightArea[] = Array.from({ length: 12 }, (_, i) => ({
    id: `l${i}`,
    x: int(size),
    y: int(size),
    radius: 3 + int(6),
    kind: i % 3 === 0 ? 'dark' : 'light'
  }))
  const occupied = new Set(
    [...blocks, ...ground.filter((g) => g.kind === 'impassable')].map((c) => `${c.x},${c.y}`)
  )
  const tokens: TokenView[] = []
  for (let i = 0; tokens.length < tokenCount; i++) {
    // heroes start together near the board's centre; monsters anywhere
    const hero = tokens.length < 6
    const x = hero ? 96 + (tokens.length % 3) * 2 : int(size)
    const y = hero ? 96 + Math.floor(tokens.length / 3) * 2 : int(size)
    const k = `${x},${y}`
    if (occupied.has(k)) {
      if (hero) occupied.delete(k)
      else continue
    }
    occupied.add(k)
    tokens.push({
      id: `t${i}`,
      name: hero ? `Hero ${i + 1}` : `Goblin ${i}`,
      side: hero ? 'heroes' : 'monsters',
      x,
      y,
      z: 0,
      facing: i % 8,
      life: 3 + (i % 7),
      lifeMax: 10,
      out: i % 37 === 5,
      color: hero ? 0x3b82f6 : [0x22c55e, 0x16a34a, 0x9ca3af, 0xef4444][i % 4]!,
      active: i === 0,
      size: i % 50 === 7 ? 2 : 1
    })
  }
  const startZones = [
    {
      sideId: 'heroes',
      color: 0x3b82f6,
      cells: Array.from({ length: 36 }, (_, i) => ({ x: 94 + (i % 6), y: 94 + Math.floor(i / 6) }))
    },
    {
      sideId: 'monsters',
      color: 0xef4444,
      cells: Array.from({ length: 36 }, (_, i) => ({ x: 20 + (i % 6), y: 20 + Math.floor(i / 6) }))
    }
  ]
  const board: Board = { width: size, height: size, blocks, elevation, walls, doors, ground, lights }
  const view: BattlemapView = {
    width: size,
    height: size,
    blocks,
    elevation,
    tokens,
    reachable: [],
    path: [],
    pathCost: null,
    pathProvokes: 0,
    targets: [],
    refused: null,
    walls,
    doors,
    ground,
    lights,
    startZones
  }
  return { board, view, heroes: tokens.slice(0, 6) }
}
