import { hasEdges } from '../../core/edges'
import { directionVector } from '../../core/geometry'
import type { Action, Combatant, EncounterState } from '../../core/types'
import { burstOrigins, coneOrigin } from './area-edges'
import { lineInside } from './cover'
import { cellKey, isWall, pfDistanceSquares, sideOf, type Cell } from './grid'
import { canAffect, pickByHitDice, type PfSpell } from './spells'
import { hasCondition, readStats, type PfStats } from './stats'
import { burstCells, coneCells, effectCells, figuresIn } from './templates'

// Where a spell lands (pathfinder1e.md §4.6 bursts; the Core Rulebook's aiming rules [SRD]): the caster
// level that scales it, the point a burst is aimed at, and who its area catches. Shared by the candidate
// list, validation, resolution and the odds, so the four never disagree about who is hit.

/** The caster level the spell is cast at: `casterLevel`, else the figure's level. */
export function casterLevelOf(stats: PfStats): number {
  return stats.casterLevel ?? stats.level
}

/** The aim point of a burst: the grid intersection at the top-left corner of `action.path[0]`. */
export function aimPoint(action: Action): Cell | undefined {
  const p = action.path?.[0]
  return p && action.path?.length === 1 ? { x: p.x, y: p.y } : undefined
}

/** The cone's direction, 0 (north) clockwise to 7, or undefined when the action gives none. */
export function coneDirection(action: Action): number | undefined {
  const f = action.facing
  return f !== undefined && Number.isInteger(f) && f >= 0 && f <= 7 ? f : undefined
}

function axisGapToPoint(start: number, side: number, p: number): number {
  return Math.max(0, start - p, p - (start + side))
}

/**
 * §2 [SRD] feet from a figure to a grid intersection, counted from the nearest corner of its space with 1-2-1
 * diagonals (a corner of its own space is 0 ft away).
 */
export function distanceToPointFt(c: Combatant, p: Cell): number {
  const n = sideOf(c)
  return 5 * pfDistanceSquares(axisGapToPoint(c.pos.x, n, p.x), axisGapToPoint(c.pos.y, n, p.y))
}

function cornersOf(c: Combatant): Cell[] {
  const n = sideOf(c)
  const out: Cell[] = []
  for (let y = c.pos.y; y <= c.pos.y + n; y++) for (let x = c.pos.x; x <= c.pos.x + n; x++) out.push({ x, y })
  return out
}

/**
 * Line of effect to an intersection: some line from a corner of the caster's space passes inside no wall,
 * and, with walls or doors on edges, the caster reaches a square round the point past them (`burstOrigins`).
 */
export function lineOfEffectToPoint(state: EncounterState, caster: Combatant, p: Cell): boolean {
  const wall = (cell: Cell) => isWall(state, cell)
  if (!cornersOf(caster).some((q) => !lineInside(q, p, wall))) return false
  return !hasEdges(state.board) || burstOrigins(state, caster, p).length > 0
}

/** True when the intersection lies on the board (its edges included). */
export function pointOnBoard(state: EncounterState, p: Cell): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= state.board.width && p.y <= state.board.height
}

/**
 * The intersections a cone starts from: the corner of the caster's space on a diagonal, the corners of its
 * front edge otherwise (the cone's squares need line of effect from one of them).
 */
function coneOrigins(caster: Combatant, direction: number): Cell[] {
  const n = sideOf(caster)
  const d = directionVector(direction)
  const { x: x0, y: y0 } = caster.pos
  if (d.x !== 0 && d.y !== 0) return [{ x: d.x > 0 ? x0 + n : x0, y: d.y > 0 ? y0 + n : y0 }]
  const out: Cell[] = []
  for (let i = 0; i <= n; i++)
    out.push(d.x !== 0 ? { x: d.x > 0 ? x0 + n : x0, y: y0 + i } : { x: x0 + i, y: d.y > 0 ? y0 + n : y0 })
  return out
}

/** The squares the spell's area covers with line of effect, or undefined when the action aims it nowhere. */
export function areaCells(
  state: EncounterState,
  caster: Combatant,
  spell: PfSpell,
  action: Action
): Cell[] | undefined {
  const area = spell.area
  if (!area) return undefined
  if (area.shape === 'burst') {
    const point = aimPoint(action)
    if (!point) return undefined
    // Walls on edges: the burst leaves only from the squares round the point on the caster's side.
    const origins = hasEdges(state.board) ? burstOrigins(state, caster, point) : undefined
    return effectCells(state, point, burstCells(point, area.radiusFt), origins)
  }
  const direction = coneDirection(action)
  if (direction === undefined) return undefined
  const cells = coneCells(caster, direction, area.lengthFt)
  const reached = new Set<string>()
  const edges = hasEdges(state.board)
  for (const origin of coneOrigins(caster, direction)) {
    const from = edges ? [coneOrigin(caster, origin)] : undefined
    for (const cell of effectCells(state, origin, cells, from)) reached.add(cellKey(cell))
  }
  return cells.filter((cell) => reached.has(cellKey(cell)))
}

/** Whether a figure in the area can be caught at all: not immune, and not asleep already (sleep). */
function catchable(spell: PfSpell, c: Combatant): boolean {
  const stats = readStats(c)
  if (!canAffect(spell, stats)) return false
  return !(spell.effect.key === 'condition' && hasCondition(stats, spell.effect.condition))
}

/**
 * The figures an area spell affects, in the order it resolves them: every standing figure in the area
 * that it can affect (the caster too, if it stands inside); for sleep ([SRD]), those its Hit Dice budget
 * reaches, fewest HD first, ties to the closest to the point of origin. Saves are rolled later.
 */
export function areaTargets(
  state: EncounterState,
  caster: Combatant,
  spell: PfSpell,
  action: Action
): Combatant[] {
  const cells = areaCells(state, caster, spell, action)
  if (!cells) return []
  const inside = figuresIn(state, cells).filter((c) => catchable(spell, c))
  if (spell.effect.key !== 'condition' || spell.effect.hdBudget === undefined) return inside
  const point = aimPoint(action) ?? { x: caster.pos.x, y: caster.pos.y }
  const candidates = inside.map((c) => ({
    id: c.id,
    hd: readStats(c).level,
    distanceFt: distanceToPointFt(c, point)
  }))
  const byId = new Map(inside.map((c) => [c.id, c]))
  return pickByHitDice(spell, candidates).flatMap((id) => byId.get(id) ?? [])
}
