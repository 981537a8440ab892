import { DIRECTIONS } from '../rules/core/geometry'
import type { EncounterState, Vec3 } from '../rules/core/types'

/**
 * Steps from every square to `goal` around blocks (8-neighbour BFS; figures do not block, since they
 * move): how far an enemy really is when a wall stands between.
 */
export function stepsTo(state: EncounterState, goal: Vec3): Int32Array {
  const { width, height, blocks } = state.board
  const blocked = new Uint8Array(width * height)
  for (const b of blocks) blocked[b.y * width + b.x] = 1
  const dist = new Int32Array(width * height).fill(-1)
  const queue = [goal.y * width + goal.x]
  dist[queue[0]!] = 0
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head]!
    const x = cell % width
    const y = (cell - x) / width
    for (const { x: dx, y: dy } of DIRECTIONS) {
      const nx = x + dx
      const ny = y + dy
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
      const n = ny * width + nx
      if (dist[n] !== -1 || blocked[n]) continue
      dist[n] = dist[cell]! + 1
      queue.push(n)
    }
  }
  return dist
}

/** Steps between two squares from a precomputed map; Infinity when walled off. */
export function stepsAt(map: Int32Array, width: number, at: Vec3): number {
  const d = map[at.y * width + at.x] ?? -1
  return d < 0 ? Infinity : d
}
