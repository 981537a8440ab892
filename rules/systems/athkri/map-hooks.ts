import { clearOfEdges } from '../../core/edges'
import { footprintCells, centreDistance } from '../../core/footprint'
import { chebyshev, lineOfSight, onBoard, type Vec2 } from '../../core/geometry'
import type { MapHooks } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { coverBetween, isMounted, isWall } from './board'
import { healthOf } from './health'
import { readSettings } from './settings'
import { isHidden, isMoving, isProne, isUnaware } from './situation'
import { readStats, sizeOf } from './stats'

// What the battlemap asks Athkri (athkri.md), through board.ts and the health and situation readers the
// rules use, so the map shows what an attack would read.

/**
 * §3 [REC]: distances are squares × 2 m (`metresPerSquare`), Chebyshev by default or Euclidean between
 * square centres (the `metric` setting) — the distance the range bands of §5.3 read.
 */
export function measureMetres(state: EncounterState, from: Vec2, to: Vec2): number {
  const settings = readSettings(state)
  const squares = settings.metric === 'chebyshev' ? chebyshev(from, to) : centreDistance(from, 1, to, 1)
  return squares * settings.metresPerSquare
}

/**
 * §3 [REC] line of sight (board.ts `hasLineOfSight`): from some square of the viewer's footprint to the
 * square, wall squares blocking; walls and closed doors on edges block the same centre-to-centre segment.
 * The viewer's own squares are always seen.
 */
export function athkriCanSee(state: EncounterState, viewer: Combatant, cell: Vec2): boolean {
  if (!onBoard(cell, state.board.width, state.board.height)) return false
  return footprintCells(viewer.pos, sizeOf(viewer)).some(
    (from) =>
      (from.x === cell.x && from.y === cell.y) ||
      (lineOfSight(from, cell, (p) => isWall(state, p)) && clearOfEdges(state.board, from, cell))
  )
}

const normalStats = new WeakMap<object, Record<string, unknown>>()

/**
 * A throwaway Normal-sized figure like the viewer on `cell` (one square, no conditions, no mount), for
 * "what cover would a figure there have"; its stats object is cached per viewer so it is parsed once.
 */
function standIn(viewer: Combatant, cell: Vec2): Combatant {
  let stats = normalStats.get(viewer.stats)
  if (!stats) {
    stats = { ...viewer.stats, sizeClass: 'normal', conditions: [] }
    delete stats.mountId
    normalStats.set(viewer.stats, stats)
  }
  return {
    ...viewer,
    id: `${viewer.id}@${cell.x},${cell.y}`,
    pos: { ...cell, z: 0 },
    size: 1,
    out: false,
    stats
  }
}

/**
 * §5.3 step 3: the obstacle a figure on the square would be behind against the viewer's best line (light
 * +2, medium +4, large +6 Cobertura), as `cover.light|medium|large`; null without one, or without sight.
 * The other situational points (prone, moving, among adjacent) belong to the figure, not the square.
 */
export function athkriCoverAt(state: EncounterState, viewer: Combatant, cell: Vec2): string | null {
  if (!onBoard(cell, state.board.width, state.board.height)) return null
  const own = footprintCells(viewer.pos, sizeOf(viewer))
  if (own.some((p) => p.x === cell.x && p.y === cell.y)) return null
  const level = coverBetween(state, viewer, standIn(viewer, cell))
  return level ? `cover.${level}` : null
}

/**
 * §6 and §7: the health state when not Estable (Malherido; Inconsciente and so Indefenso, bleeding or
 * stabilized; Muerto; out of the fight), then the situations the rules read now: Tumbado, hidden or
 * invisible until it attacks, unaware, moving (it moved in its last activation), mounted.
 */
export function athkriConditions(state: EncounterState, figure: Combatant): string[] {
  const keys: string[] = []
  const health = healthOf(state, figure)
  if (health.state === 'malherido') keys.push('condition.malherido')
  if (health.state === 'inconsciente') {
    keys.push('condition.inconsciente', 'condition.helpless')
    keys.push(health.stabilized ? 'condition.stabilized' : 'condition.bleeding')
  }
  if (health.state === 'muerto') keys.push('condition.muerto')
  if (health.fled) keys.push('condition.fled')
  if (isProne(figure)) keys.push('condition.prone')
  if (isHidden(state, figure))
    for (const c of readStats(figure).conditions)
      if (c === 'hidden' || c === 'invisible') keys.push(`condition.${c}`)
  if (isUnaware(state, figure)) keys.push('condition.unaware')
  if (isMoving(state, figure)) keys.push('condition.moving')
  if (isMounted(state, figure)) keys.push('condition.mounted')
  return keys
}

/**
 * What the battlemap asks this system beyond play: the map features its rules read, its ruler metric,
 * area templates, sight and cover from a figure, and the conditions a token shows. The source has no area
 * effects, so there are no templates.
 */
export const mapHooks: MapHooks = {
  map: {
    // Only impassable: the digest gives no ground a cost (movement is Movimiento per action, §3
    // [GAP-PUB]); cover obstacles are the settings' own terrain (§5.3), not painted ground.
    ground: ['impassable'],
    lighting: false,
    elevation: false
  },
  measure: (state, from, to) => ({ value: measureMetres(state, from, to), unit: 'unit.metres' }),
  canSee: athkriCanSee,
  coverAt: athkriCoverAt,
  conditions: athkriConditions,
  stacks: {
    // §5.6: a rider (its `mountId`) stands on its mount's square; a mount may carry several riders
    with: (state, figure) => {
      const mountId = readStats(figure).mountId
      const riders = state.combatants.filter((c) => readStats(c).mountId === figure.id).map((c) => c.id)
      return mountId ? [mountId, ...riders] : riders
    },
    detach: (stats) => {
      const { mountId: _mount, ...rest } = stats
      return rest
    }
  }
}
