import { inSet } from '../../core/system-state'
import { areEnemies, footprintCrossesWall, isBlock as isWall } from '../../core/board'
import { clearOfEdges, groundAt, hasEdges, stepCrossesWall } from '../../core/edges'
import {
  centreDistance,
  doubledCentre,
  footprintCells,
  footprintDistance,
  footprintOnBoard,
  footprintSide,
  isFractional
} from '../../core/footprint'
import {
  FRONT_FLANK_BACK,
  lineOfSight,
  relativeSector,
  squareKey,
  type Sector,
  type Vec2
} from '../../core/geometry'
import type { Combatant, EncounterState, Violation } from '../../core/types'
import { factsOf, healthOf } from './health'
import { readSettings, type AthkriSettings } from './settings'
import { alcanceOf, readStats, sizeOf } from './stats'

// The Athkri reading of the board (athkri.md §3): 2 m squares, footprints from 0.5 to 4 × 4 with `pos`
// the top-left square, melee reach 1 + Alcance, distances in metres, cover squares and facing.

/** A cover obstacle's level. */
export type CoverLevel = 'light' | 'medium' | 'large'

const COVER_RANK: Record<CoverLevel, number> = { light: 1, medium: 2, large: 3 }

const obstacleCache = new WeakMap<object, Map<string, AthkriSettings['coverObstacles'][number]>>()

function obstacles(settings: AthkriSettings) {
  const hit = obstacleCache.get(settings.coverObstacles)
  if (hit) return hit
  const map = new Map(settings.coverObstacles.map((o) => [squareKey(o), o]))
  obstacleCache.set(settings.coverObstacles, map)
  return map
}

/** A wall blocks movement and sight: the shared block query, kept importable from this module. */
export { isWall }

/** The cover obstacle on a square, if any. */
export function obstacleAt(settings: AthkriSettings, p: Vec2) {
  return obstacles(settings).get(squareKey(p))
}

/** Shared board query, kept importable from this module. */
export { areEnemies }

/** Figures still in the fight. */
export function standing(state: EncounterState): Combatant[] {
  return state.combatants.filter((c) => !c.out)
}

/** Footprint distance in squares between two figures (0 = they share a square, 1 = adjacent). */
export function squaresBetween(a: Combatant, b: Combatant): number {
  return footprintDistance(a.pos, sizeOf(a), b.pos, sizeOf(b))
}

/** athkri.md §3 A1: melee reach in squares (1 + Alcance; with the modifier reading, adjacency only). */
export function meleeReach(settings: AthkriSettings, c: Combatant): number {
  if (settings.alcanceRule === 'attackModifier') return isFractional(sizeOf(c)) ? 0 : 1
  return 1 + alcanceOf(c)
}

/**
 * athkri.md §3: the target is within the attacker's melee reach (a Minúsculo must share its square), and
 * the map lets the blow land (issue 6, walls and doors on square edges): some square of each footprint
 * within reach that no closed edge parts — a neighbour not across the edge between nor, on a diagonal, past
 * a corner by the `wallCorner` setting (the same test as a step); a square further off (Alcance) by a
 * centre-to-centre line crossing no closed edge, as sight is traced.
 */
export function inMeleeReach(
  state: EncounterState,
  settings: AthkriSettings,
  attacker: Combatant,
  target: Combatant
): boolean {
  const reach = meleeReach(settings, attacker)
  if (reach < 0 || squaresBetween(attacker, target) > reach) return false
  return !hasEdges(state.board) || reachesPastEdges(state, settings, attacker, target, reach)
}

/** Why the target is out of melee reach (`wallBetween` when only the map's walls stop it), or null. */
export function reachViolation(
  state: EncounterState,
  settings: AthkriSettings,
  attacker: Combatant,
  target: Combatant
): Violation | null {
  if (inMeleeReach(state, settings, attacker, target)) return null
  const reach = meleeReach(settings, attacker)
  const near = reach >= 0 && squaresBetween(attacker, target) <= reach
  return { code: near ? 'wallBetween' : 'notInReach', params: { targetId: target.id } }
}

/**
 * athkri.md §3: the figures touch (adjacent or sharing a square, like Bocajarro) with no wall or closed door
 * on an edge parting every pair of their neighbouring squares (by `wallCorner` on a diagonal): first aid
 * across a wall is no more possible than a blow.
 */
export function inTouch(state: EncounterState, a: Combatant, b: Combatant): boolean {
  if (squaresBetween(a, b) > 1) return false
  return !hasEdges(state.board) || reachesPastEdges(state, readSettings(state), a, b, 1)
}

function reachesPastEdges(
  state: EncounterState,
  settings: AthkriSettings,
  attacker: Combatant,
  target: Combatant,
  reach: number
): boolean {
  const board = state.board
  for (const a of footprintCells(attacker.pos, sizeOf(attacker)))
    for (const t of footprintCells(target.pos, sizeOf(target))) {
      const d = Math.max(Math.abs(a.x - t.x), Math.abs(a.y - t.y))
      if (d > reach) continue
      if (d === 0) return true
      if (d === 1 ? !stepCrossesWall(board, a, t, settings.wallCorner) : clearOfEdges(board, a, t))
        return true
    }
  return false
}

/** athkri.md §3 / §5.3: distance in metres (Chebyshev between footprints, or Euclidean between centres). */
export function distanceMetres(settings: AthkriSettings, a: Combatant, b: Combatant): number {
  const squares =
    settings.metric === 'chebyshev'
      ? squaresBetween(a, b)
      : centreDistance(a.pos, sizeOf(a), b.pos, sizeOf(b))
  return squares * settings.metresPerSquare
}

/** athkri.md §3: adjacent, i.e. Bocajarro (point-blank): touching or sharing a square. */
export function isPointBlank(a: Combatant, b: Combatant): boolean {
  return squaresBetween(a, b) <= 1
}

/** athkri.md §3 [REC]: a line of sight from some square of a to some square of b (walls block). */
export function hasLineOfSight(state: EncounterState, a: Combatant, b: Combatant): boolean {
  return bestLine(state, a, b, () => 0) !== null
}

// Over every pair of footprint squares with a clear line, the smallest score: the shooter's best line.
function bestLine(
  state: EncounterState,
  a: Combatant,
  b: Combatant,
  score: (from: Vec2, to: Vec2) => number
): number | null {
  let best: number | null = null
  for (const from of footprintCells(a.pos, sizeOf(a))) {
    for (const to of footprintCells(b.pos, sizeOf(b))) {
      if (!lineOfSight(from, to, (p) => isWall(state, p)) || !clearOfEdges(state.board, from, to)) continue
      const s = score(from, to)
      if (best === null || s < best) best = s
    }
  }
  return best
}

/**
 * athkri.md §5.3 step 3: the obstacle the target is behind, on the shooter's best line: the largest one
 * crossed (or that the target stands in, like a trench), not counting squares under the shooter.
 */
export function coverBetween(state: EncounterState, a: Combatant, b: Combatant): CoverLevel | null {
  const settings = readSettings(state)
  if (settings.coverObstacles.length === 0) return null
  const own = new Set(footprintCells(a.pos, sizeOf(a)).map(squareKey))
  const underTarget = footprintCells(b.pos, sizeOf(b))
    .map((p) => obstacleAt(settings, p))
    .reduce((m, o) => Math.max(m, o ? COVER_RANK[o.cover] : 0), 0)
  const rank = bestLine(state, a, b, (from, to) => {
    let worst = underTarget
    lineOfSight(from, to, (p) => {
      const o = own.has(squareKey(p)) ? undefined : obstacleAt(settings, p)
      if (o) worst = Math.max(worst, COVER_RANK[o.cover])
      return false
    })
    return worst
  })
  const levels: CoverLevel[] = ['light', 'medium', 'large']
  return rank ? (levels[rank - 1] ?? null) : null
}

/** athkri.md §3 [REC] / §5.2: where the attacker stands relative to the target's facing. */
export function sectorOf(attacker: Combatant, target: Combatant): Sector {
  const from = doubledCentre(attacker.pos, sizeOf(attacker))
  const to = doubledCentre(target.pos, sizeOf(target))
  if (from.x === to.x && from.y === to.y) return 'front'
  return relativeSector(from, to, target.facing, FRONT_FLANK_BACK)
}

/** athkri.md §9 A10: the target touches another figure still in the fight (not the shooter). */
export function amongAdjacent(state: EncounterState, target: Combatant, shooter: Combatant): boolean {
  return standing(state).some(
    (c) => c.id !== target.id && c.id !== shooter.id && squaresBetween(c, target) <= 1
  )
}

/** athkri.md §9 A12: hostile figures still in the fight that reach the target in melee. */
export function meleeThreats(state: EncounterState, target: Combatant): Combatant[] {
  const settings = readSettings(state)
  return standing(state).filter((c) => areEnemies(c, target) && inMeleeReach(state, settings, c, target))
}

/** athkri.md §5.6: the rider is on its mount (the mount stands and the rider was never thrown). */
export function isMounted(state: EncounterState, rider: Combatant): boolean {
  const mountId = readStats(rider).mountId
  if (!mountId || rider.out || inSet(factsOf(state).thrownRiders, rider.id)) return false
  const mount = state.combatants.find((c) => c.id === mountId)
  return mount !== undefined && !mount.out
}

/** The riders currently on a mount. */
export function ridersOf(state: EncounterState, mount: Combatant): Combatant[] {
  return state.combatants.filter((c) => readStats(c).mountId === mount.id && isMounted(state, c))
}

/** athkri.md §6 [REC]: figures in the fight fill their squares, and so do the unconscious lying there. */
export function occupiesSquares(state: EncounterState, c: Combatant): boolean {
  return !c.out || healthOf(state, c).state === 'inconsciente'
}

/** The figures covering each square (cached per roster and log: the log says who lies unconscious). */
function occupancy(state: EncounterState): Map<string, Combatant[]> {
  return memo(occupancyCache, [state.combatants, state.log], () => {
    const map = new Map<string, Combatant[]>()
    for (const c of state.combatants.filter((x) => occupiesSquares(state, x))) {
      for (const p of footprintCells(c.pos, sizeOf(c))) {
        const key = squareKey(p)
        map.set(key, [...(map.get(key) ?? []), c])
      }
    }
    return map
  })
}

type Nested<T> = WeakMap<object, Nested<T> | { value: T }>
const occupancyCache: Nested<Map<string, Combatant[]>> = new WeakMap()
const standCache: Nested<Map<string, Violation | null>> = new WeakMap()

// A value cached under a path of objects (all parts of the state it depends on).
function memo<T>(root: Nested<T>, keys: readonly object[], make: () => T): T {
  let level = root
  for (const [i, key] of keys.entries()) {
    const hit = level.get(key)
    if (i === keys.length - 1) {
      if (hit && 'value' in hit) return hit.value
      const value = make()
      level.set(key, { value })
      return value
    }
    const next = hit && !('value' in hit) ? hit : (new WeakMap() as Nested<T>)
    level.set(key, next)
    level = next
  }
  return make()
}

/** True when a and b may overlap: a rider and its mount. */
function riderPair(a: Combatant, b: Combatant): boolean {
  return readStats(a).mountId === b.id || readStats(b).mountId === a.id
}

/**
 * athkri.md §3: why `mover` cannot stand with its top-left square at `pos`, or null. Walls and solid
 * obstacles block; figures fill their squares, except that up to `tinyPerSquare` Minúsculo figures share a
 * square, a Minúsculo may climb into a bigger figure's square to fight it, and riders sit on their mounts.
 */
export function standViolation(state: EncounterState, mover: Combatant, pos: Vec2): Violation | null {
  const known = memo(standCache, [state.combatants, state.log, state.settings, state.board], () => new Map())
  const key = `${mover.id}@${pos.x},${pos.y}`
  const hit = known.get(key)
  if (hit !== undefined) return hit
  const found = computeStand(state, mover, pos)
  known.set(key, found)
  return found
}

function computeStand(state: EncounterState, mover: Combatant, pos: Vec2): Violation | null {
  const settings = readSettings(state)
  const size = sizeOf(mover)
  if (!footprintOnBoard(pos, size, state.board.width, state.board.height))
    return { code: 'offBoard', params: { x: pos.x, y: pos.y } }
  const cells = footprintCells(pos, size)
  const painted = (state.board.ground?.length ?? 0) > 0
  for (const p of cells) {
    if (isWall(state, p)) return { code: 'blocked', params: { x: p.x, y: p.y } }
    if (painted && groundAt(state.board, p) === 'impassable')
      return { code: 'blocked', params: { x: p.x, y: p.y } }
    const o = obstacleAt(settings, p)
    if (o && !o.passable) return { code: 'blocked', params: { x: p.x, y: p.y } }
  }
  const tiny = isFractional(size)
  let tinyHere = 0
  const index = occupancy(state)
  const seen = new Set<string>()
  for (const p of cells) {
    for (const other of index.get(squareKey(p)) ?? []) {
      if (other.id === mover.id || seen.has(other.id) || riderPair(mover, other)) continue
      seen.add(other.id)
      if (tiny && isFractional(sizeOf(other))) tinyHere += 1
      else if (!tiny) return { code: 'occupied', params: { x: pos.x, y: pos.y, by: other.id } }
    }
  }
  return tinyHere >= settings.tinyPerSquare ? { code: 'squareFull', params: { x: pos.x, y: pos.y } } : null
}

/**
 * True when a wall or closed door on a square edge stops the figure's footprint stepping from `from` to the
 * neighbouring `to` (every square of it makes the step; by the `wallCorner` setting past a corner), or
 * would leave a wall through its footprint. Impassable ground is `standViolation`'s.
 */
export function edgeBlocksStep(state: EncounterState, mover: Combatant, from: Vec2, to: Vec2): boolean {
  if (!hasEdges(state.board)) return false
  const side = footprintSide(sizeOf(mover))
  return footprintCrossesWall(state.board, from, side, to, readSettings(state).wallCorner)
}
