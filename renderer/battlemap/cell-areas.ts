import type { Cell } from './view'

// Pure geometry for drawing areas of squares cheaply: a Graphics with one rect per square of a 200 × 200
// sight overlay would hold 40,000 shapes; the same area as horizontal runs holds one per row segment, and
// its outline as merged straight segments a few hundred lines.

/** A horizontal run of `w` squares starting at (x, y). */
export interface Run {
  x: number
  y: number
  w: number
}

const key = (x: number, y: number) => `${x},${y}`

/** The squares merged into horizontal runs, row by row (duplicates count once). */
export function rowRuns(cells: readonly Cell[]): Run[] {
  const sorted = [...cells].sort((a, b) => a.y - b.y || a.x - b.x)
  const runs: Run[] = []
  let run: Run | null = null
  for (const { x, y } of sorted) {
    if (run && run.y === y && x <= run.x + run.w - 1) continue
    if (run && run.y === y && x === run.x + run.w) {
      run.w++
      continue
    }
    run = { x, y, w: 1 }
    runs.push(run)
  }
  return runs
}

/** A straight piece of an outline, from (x0, y0) to (x1, y1), in squares. */
export type Segment = readonly [number, number, number, number]

/**
 * The boundary of an area of squares as straight segments in square units (a side between a square inside
 * and one outside), collinear neighbours merged: a 10 × 10 block is 4 segments, not 40.
 */
export function outlineSegments(cells: readonly Cell[]): Segment[] {
  const inside = new Set(cells.map((c) => key(c.x, c.y)))
  const has = (x: number, y: number) => inside.has(key(x, y))
  // horizontal sides keyed by the grid line they lie on, vertical ones likewise; then merged along it
  const rows = new Map<number, number[]>()
  const cols = new Map<number, number[]>()
  const add = (map: Map<number, number[]>, line: number, at: number) => {
    const list = map.get(line)
    if (list) list.push(at)
    else map.set(line, [at])
  }
  for (const s of inside) {
    const [x, y] = s.split(',').map(Number) as [number, number]
    if (!has(x, y - 1)) add(rows, 2 * y, x)
    if (!has(x, y + 1)) add(rows, 2 * (y + 1) + 1, x)
    if (!has(x - 1, y)) add(cols, 2 * x, y)
    if (!has(x + 1, y)) add(cols, 2 * (x + 1) + 1, y)
  }
  // the doubled line index keeps a top side apart from the bottom side on the same grid line, so two
  // areas touching at a line (a checkerboard) do not merge into one long stroke across the gap
  const out: Segment[] = []
  const merge = (map: Map<number, number[]>, horizontal: boolean) => {
    for (const [doubled, starts] of [...map].sort((a, b) => a[0] - b[0])) {
      const line = Math.floor(doubled / 2)
      starts.sort((a, b) => a - b)
      let from = starts[0]!
      let to = from + 1
      for (const s of starts.slice(1)) {
        if (s === to) {
          to++
          continue
        }
        out.push(horizontal ? [from, line, to, line] : [line, from, line, to])
        from = s
        to = s + 1
      }
      out.push(horizontal ? [from, line, to, line] : [line, from, line, to])
    }
  }
  merge(rows, true)
  merge(cols, false)
  return out
}

/**
 * How strong a cover is, from its terms key, for the number of shield marks a square shows: 1 light
 * (`cover.light`, `cover.partial`, `cover.soft`, `cover.moving`, `cover.prone`…), 2 medium (`cover.medium`,
 * `cover.normal`, bare `cover`), 3 heavy (`cover.large`, `cover.improved`, `cover.heavy`), 4 total.
 */
export function coverLevel(key: string): number {
  const word = key.split('.').pop() ?? ''
  if (/total|full/.test(word)) return 4
  if (/large|improved|heavy|great/.test(word)) return 3
  if (/medium|normal|standard/.test(word) || key === 'cover') return 2
  return 1
}
