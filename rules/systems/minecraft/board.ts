import { areEnemies, blockSet, figureAt, groundHeight, isBlock, mapStepBlocked } from '../../core/board'
import { clearOfEdges, hasEdges, stepCrossesWall } from '../../core/edges'
import {
  chebyshev,
  directionVector,
  lineOfSight,
  onBoard,
  snapDirection,
  unitStep,
  type Vec2
} from '../../core/geometry'
import type { Combatant, EncounterState, Vec3 } from '../../core/types'
import type { McSettings } from './settings'

// The Minecraft reading of the shared geometry: ground heights, 3D reach, ranged distance with height,
// sight over block columns, knockback onto lower ground or against higher ground.

/** Shared board queries (blocks are solid blocks here), kept importable from this module. */
export { areEnemies, blockSet, figureAt, groundHeight, isBlock }

/**
 * True when the map stops the one-square step from `from` to `to`: a wall or closed door on the edge between
 * (or on the corner a diagonal passes, by `wallCorner`), or ground painted impassable. minecraft.md reads no
 * other painted ground: water is no obstacle (G-3) and costs nothing extra.
 */
export function mapBlocksStep(state: EncounterState, settings: McSettings, from: Vec2, to: Vec2): boolean {
  return mapStepBlocked(state.board, from, to, settings.wallCorner)
}

/** True when the square is on the board. */
export function isOnBoard(state: EncounterState, p: Vec2): boolean {
  return onBoard(p, state.board.width, state.board.height)
}

/**
 * minecraft.md §2 [TEXT L19] + [REC]: melee reach = 8-adjacent squares and |Δz| ≤ meleeMaxDz, the square
 * reachable: not across a wall or closed door on the edge between, nor on a diagonal past a corner that
 * closed edges touch, by the `wallCorner` setting (the same test as a step, `mapBlocksStep`).
 */
export function inMeleeReach(state: EncounterState, settings: McSettings, a: Vec3, b: Vec3): boolean {
  if (chebyshev(a, b) !== 1 || Math.abs(a.z - b.z) > settings.meleeMaxDz) return false
  return !hasEdges(state.board) || !stepCrossesWall(state.board, a, b, settings.wallCorner)
}

/** True when the neighbouring squares are parted by a closed edge (by `wallCorner` on a diagonal). */
export function wallBetween(state: EncounterState, settings: McSettings, a: Vec2, b: Vec2): boolean {
  return (
    hasEdges(state.board) && chebyshev(a, b) === 1 && stepCrossesWall(state.board, a, b, settings.wallCorner)
  )
}

/** minecraft.md §6 [REC]: engaged = an enemy (not out) in melee reach, or in a neighbouring square. */
export function isEngaged(state: EncounterState, settings: McSettings, figure: Combatant): boolean {
  return state.combatants.some(
    (c) =>
      !c.out &&
      areEnemies(c, figure) &&
      (settings.engagedWhen === 'meleeReach'
        ? inMeleeReach(state, settings, figure.pos, c.pos)
        : chebyshev(figure.pos, c.pos) === 1)
  )
}

/**
 * minecraft.md §2 [TEXT L66]: d = Chebyshev h, plus the height difference when the target is higher;
 * shooting down ignores the vertical axis.
 */
export function rangedDistance(shooter: Vec3, target: Vec3): number {
  return chebyshev(shooter, target) + Math.max(0, target.z - shooter.z)
}

/** minecraft.md §2 / A5 / G-2: a distance is allowed if ≤ maxRange, or beyond it downhill when permitted. */
export function inRange(settings: McSettings, shooter: Vec3, target: Vec3): boolean {
  const d = rangedDistance(shooter, target)
  if (d <= settings.maxRange) return true
  const downhill = target.z < shooter.z
  return (
    downhill &&
    settings.downhillBeyondMax &&
    (settings.downhillMaxRange === null || d <= settings.downhillMaxRange)
  )
}

/**
 * minecraft.md §3 [REC] / A13 [GAP]: sight runs between points `eyeHeight` above each figure. A square the
 * 2D line crosses blocks it when it is a wall block, or when its ground column rises above the line's
 * height at the point nearest the square's centre. Figures never block; the two end squares never block.
 * Walls and closed doors on square edges block it at any height (they are walls, not block columns).
 */
export function hasLineOfSight(state: EncounterState, settings: McSettings, a: Vec3, b: Vec3): boolean {
  const za = a.z + settings.eyeHeight
  const zb = b.z + settings.eyeHeight
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len2 = dx * dx + dy * dy
  if (!clearOfEdges(state.board, a, b)) return false
  return lineOfSight(a, b, (p) => {
    if (isBlock(state, p)) return true
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
    return groundHeight(state, p) > za + t * (zb - za)
  })
}

/** minecraft.md §2 / A8: melee pushes along attacker→target; ranged snaps that vector to the 8 directions. */
export function knockbackStep(mode: 'melee' | 'ranged', attacker: Vec2, target: Vec2): Vec2 {
  return mode === 'melee'
    ? unitStep(attacker, target)
    : directionVector(snapDirection(target.x - attacker.x, target.y - attacker.y))
}

/** Where a knockback ends: a free square, or the obstacle the figure hits (minecraft.md §4.2 step 5). */
export type Knockback =
  /** `fall`: blocks dropped when the push goes off a ledge higher than maxDropWithoutFall (G-4). */
  | { kind: 'push'; to: Vec3; fall?: number }
  | { kind: 'collision'; at: Vec3; obstacle: 'block' | 'figure' | 'edge' }
  | { kind: 'none' }

/**
 * The knockback of `target` one square along `step` on the current board (A9, G-3, G-4): the board edge,
 * a wall block, ground more than knockbackMaxRise higher, a wall or closed door on the edge crossed, or
 * impassable ground stop it (a collision, as a 'block'); otherwise it lands on the new square's ground, falling when the drop exceeds maxDropWithoutFall.
 */
export function knockbackOutcome(
  state: EncounterState,
  settings: McSettings,
  target: Combatant,
  step: Vec2
): Knockback {
  const square = { x: target.pos.x + step.x, y: target.pos.y + step.y }
  const at = { ...square, z: target.pos.z }
  if (!isOnBoard(state, square)) return { kind: 'collision', at, obstacle: 'edge' }
  if (isBlock(state, square) || mapBlocksStep(state, settings, target.pos, square))
    return { kind: 'collision', at, obstacle: 'block' }
  const ground = groundHeight(state, square)
  if (ground - target.pos.z > settings.knockbackMaxRise) return { kind: 'collision', at, obstacle: 'block' }
  if (figureAt(state, square, target.id)) {
    return settings.figuresBlockKnockback ? { kind: 'collision', at, obstacle: 'figure' } : { kind: 'none' }
  }
  const drop = target.pos.z - ground
  const to = { ...square, z: ground }
  return drop > settings.maxDropWithoutFall ? { kind: 'push', to, fall: drop } : { kind: 'push', to }
}
