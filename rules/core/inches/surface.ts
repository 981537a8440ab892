import type { Board, TerrainPiece, Vec3 } from '../types'
import { EPS } from './primitives'
import { BRIDGE, onTable, solidAt, terrainIndex, waterAt, type TerrainIndex } from './terrain'

// What a figure stands on. A base stands where its centre is: a base half over a roof edge is on the roof
// if its centre is (closed footprints, so a centre exactly on the edge is on the roof). One point decides,
// as a player would judge it at the table, and a figure never straddles two levels.

/** What is under a point: the table, a roof (building or wall top), a bridge deck, water, or nothing. */
export type SurfaceKind = 'ground' | 'roof' | 'bridge' | 'water' | 'solid' | 'air' | 'offTable'

/**
 * The surface at a point and the piece that makes it: `solid` = inside a building or wall (illegal);
 * `air` = above the table with nothing to stand on at exactly that height; `offTable` = off the table.
 */
export interface Surface {
  kind: SurfaceKind
  piece: TerrainPiece | null
}

/**
 * What a figure whose base centre is at (x, y) and whose feet are at height z (board units) stands on.
 * Water is at table level (z = 0, whatever its `top`): a canal is swum at the table's height.
 */
export function surfaceAt(board: Board, x: number, y: number, z: number): Surface {
  const t = terrainIndex(board)
  if (!onTable(t, x, y, 0)) return { kind: 'offTable', piece: null }
  const inside = solidAt(t, x, y, z, 0)
  if (inside >= 0 && z >= 0) return { kind: 'solid', piece: pieceOf(t, inside) }
  if (z === 0) {
    const water = waterAt(t, x, y)
    return water >= 0 ? { kind: 'water', piece: pieceOf(t, water) } : { kind: 'ground', piece: null }
  }
  const top = topPieceAt(t, x, y, z)
  if (top < 0) return { kind: 'air', piece: null }
  return { kind: t.kind[top] === BRIDGE ? 'bridge' : 'roof', piece: pieceOf(t, top) }
}

/**
 * The heights (board units, ascending) a figure could stand at with its base centre at (x, y): the table
 * (0) unless a building or wall covers the point, every roof, wall top or deck over it that no taller solid
 * covers, and water at table level. Only the centre is tested; whether a whole base fits is `checkPath`'s.
 */
export function standHeights(board: Board, x: number, y: number): number[] {
  const t = terrainIndex(board)
  const out: number[] = []
  if (!onTable(t, x, y, 0)) return out
  for (let k = 0; k < t.levels.length; k++) {
    const z = t.levels[k] as number
    if (solidAt(t, x, y, z, 0) >= 0) continue
    if (z === 0 || topPieceAt(t, x, y, z) >= 0) out.push(z)
  }
  return out
}

/** True when the figure is swimming: at table level with its base centre inside a water piece. */
export function inWater(board: Board, pos: Vec3): boolean {
  const t = terrainIndex(board)
  return pos.z === 0 && solidAt(t, pos.x, pos.y, 0, 0) < 0 && waterAt(t, pos.x, pos.y) >= 0
}

/** The water piece under a swimming figure, or null. */
export function waterPieceAt(board: Board, pos: Vec3): TerrainPiece | null {
  if (!inWater(board, pos)) return null
  const t = terrainIndex(board)
  return pieceOf(t, waterAt(t, pos.x, pos.y))
}

// The roof, wall top or deck at exactly height z whose closed footprint holds (x, y), or −1.
function topPieceAt(t: TerrainIndex, x: number, y: number, z: number): number {
  const list = t.surfaces.get(z)
  if (!list) return -1
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as number
    if (
      x >= (t.x0[i] as number) - EPS &&
      x <= (t.x1[i] as number) + EPS &&
      y >= (t.y0[i] as number) - EPS &&
      y <= (t.y1[i] as number) + EPS
    )
      return i
  }
  return -1
}

function pieceOf(t: TerrainIndex, i: number): TerrainPiece | null {
  return t.pieces[i] ?? null
}
