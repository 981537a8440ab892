import type { BattlemapView } from './view'

// What each chunk of the baked board is drawn from, as one string per chunk: a chunk is rebaked only when
// its own string changes, so painting a square or a wall rebakes one chunk (or two at a boundary).

/** Squares per chunk side. */
export const CHUNK = 16

/**
 * The view fields the baked board is drawn from, compared one by one with the last sync's: unchanged → no
 * work. Large arrays the app passes through from the board (elevation, walls, doors, ground, lights)
 * compare by reference; the small ones it rebuilds for every view (blocks, terrain marks, start zones)
 * by content, so a hover that rebuilds the view does not recompute the chunk keys.
 */
export function staticInputs(view: BattlemapView): unknown[] {
  return [
    view.width,
    view.height,
    JSON.stringify(view.blocks),
    view.elevation,
    view.terrain ? JSON.stringify(view.terrain) : undefined,
    view.walls,
    view.doors,
    view.ground,
    view.lights,
    view.startZones ? JSON.stringify(view.startZones) : undefined,
    view.background?.image,
    view.background?.opacity
  ]
}

/**
 * One content key per chunk (row-major `cols` × `rows`). Square items count for the chunks within one
 * square of them (shadows, lips and thick lines spill over a boundary); lights for the chunks their
 * circle touches; `background` (the picture's URL once loaded) and its opacity for every chunk.
 */
export function chunkKeys(view: BattlemapView, cols: number, rows: number, background: string): string[] {
  const parts: string[][] = Array.from({ length: cols * rows }, () => [])
  const add = (x0: number, y0: number, x1: number, y1: number, text: string) => {
    const cx0 = Math.max(0, Math.floor(x0 / CHUNK))
    const cy0 = Math.max(0, Math.floor(y0 / CHUNK))
    const cx1 = Math.min(cols - 1, Math.floor(x1 / CHUNK))
    const cy1 = Math.min(rows - 1, Math.floor(y1 / CHUNK))
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) parts[cy * cols + cx]!.push(text)
  }
  const near = (x: number, y: number, text: string) => add(x - 1, y - 1, x + 1, y + 1, text)
  for (const b of view.blocks) near(b.x, b.y, `b${b.x},${b.y}`)
  for (const t of view.terrain ?? []) near(t.x, t.y, `t${t.x},${t.y},${t.kind},${t.passable}`)
  for (const g of view.ground ?? []) near(g.x, g.y, `g${g.x},${g.y},${g.kind}`)
  for (const e of view.walls ?? []) near(e.x, e.y, `w${e.x},${e.y},${e.side}`)
  for (const d of view.doors ?? []) near(d.x, d.y, `d${d.x},${d.y},${d.side},${d.open}`)
  for (const z of view.startZones ?? []) for (const c of z.cells) near(c.x, c.y, `z${c.x},${c.y},${z.color}`)
  for (const l of view.lights ?? []) {
    const r = Math.ceil(l.radius) + 1
    add(l.x - r, l.y - r, l.x + r, l.y + r, `l${l.x},${l.y},${l.radius},${l.kind}`)
  }
  const shared = `${view.width}x${view.height}|${background}|${background ? (view.background?.opacity ?? 1) : ''}`
  const elevation = view.elevation
  return parts.map((list, i) => {
    let heights = ''
    if (elevation) {
      // the chunk's rows plus one square around it: a lip depends on the neighbour's height
      const cx = i % cols
      const cy = Math.floor(i / cols)
      const x0 = Math.max(0, cx * CHUNK - 1)
      const x1 = Math.min(view.width, (cx + 1) * CHUNK + 1)
      for (let y = Math.max(0, cy * CHUNK - 1); y < Math.min(view.height, (cy + 1) * CHUNK + 1); y++) {
        heights += elevation.slice(y * view.width + x0, y * view.width + x1).join(',') + ';'
      }
    }
    return `${shared}|${heights}|${list.sort().join(';')}`
  })
}
