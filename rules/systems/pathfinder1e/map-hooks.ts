import type { AreaTemplate, ConditionDuration, MapHooks } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { concealmentOf, coverBetween, lineOfSight } from './cover'
import { isHelpless } from './defense'
import { cellsOf, onBoard, pfDistanceSquares, type Cell } from './grid'
import { healthOf } from './health'
import { linkedMount, linkedRider } from './mount'
import { readStats } from './stats'

// What the battlemap asks Pathfinder (pathfinder1e.md), answered through the rules' own functions so the
// map never disagrees with play: sight and cover are cover.ts's corner-to-corner lines (which read the
// walls), distances are §2's 1-2-1 diagonals, conditions are the stats and health the rules read.

/**
 * §2 [TEXT L303]: the ruler in feet, 5 ft a square with alternating diagonals (1, 2, 1, 2…), so two
 * diagonals are 15 ft and three are 20 ft — the same count as range and reach.
 */
export function measureFeet(from: Cell, to: Cell): number {
  return 5 * pfDistanceSquares(to.x - from.x, to.y - from.y)
}

/**
 * The areas of the spells the bundled content casts (content/burning-hands.json: a 15-ft cone;
 * content/sleep.json: a 10-ft burst), sizes in squares; §4.6 notes bursts reach round corners. No bundled
 * spell has a line, so there is no line template (map-hooks.test.ts checks this list against the content).
 */
export const pfAreaTemplates: readonly AreaTemplate[] = [
  { id: 'template.burst10', shape: 'burst', size: 2 },
  { id: 'template.cone15', shape: 'cone', size: 3 }
]

const clearedStats = new WeakMap<object, Record<string, unknown>>()

/**
 * A throwaway Medium figure like the viewer standing on `cell`, for "would a figure there be seen / have
 * cover". Its conditions are cleared (an invisible viewer must not make the square invisible) and its
 * stats object is cached, so the schema parse runs once per viewer, not once per square.
 */
function standIn(viewer: Combatant, cell: Cell): Combatant {
  let stats = clearedStats.get(viewer.stats)
  if (!stats) {
    // No mount or rider: the stand-in shares no space with anybody.
    stats = { ...viewer.stats, conditions: [] }
    delete stats.mountId
    delete stats.riderId
    clearedStats.set(viewer.stats, stats)
  }
  return {
    ...viewer,
    id: `${viewer.id}@${cell.x},${cell.y}`,
    pos: { x: cell.x, y: cell.y, z: viewer.pos.z },
    size: 1,
    out: false,
    stats
  }
}

function inFootprint(c: Combatant, cell: Cell): boolean {
  return cellsOf(c).some((s) => s.x === cell.x && s.y === cell.y)
}

/**
 * §4.5 / §4.6: the viewer sees a figure in the square when some corner-to-corner line passes the walls
 * (`lineOfSight`) and the square does not give it total concealment — darkness there, or the viewer blinded
 * ("line of effect but no line of sight"). Fog (20%) is only concealment: the square is still seen. The
 * viewer's own squares are always known.
 */
export function pfCanSee(state: EncounterState, viewer: Combatant, cell: Cell): boolean {
  if (!onBoard(state, cell)) return false
  if (inFootprint(viewer, cell)) return true
  const target = standIn(viewer, cell)
  return lineOfSight(state, viewer, target) && concealmentOf(state, viewer, target) !== 'total'
}

/**
 * §4.6: the cover a Medium figure in the square would have against the viewer, by the ranged procedure
 * (from the viewer's best corner to the square's four corners; creatures give soft cover). 'partial' is
 * the GM's downgrade (G-2) and never computed. Null for no cover and for the viewer's own squares.
 */
export function pfCoverAt(state: EncounterState, viewer: Combatant, cell: Cell): string | null {
  if (!onBoard(state, cell) || inFootprint(viewer, cell)) return null
  const level = coverBetween(state, viewer, standIn(viewer, cell), 'ranged')
  return level === 'none' ? null : `cover.${level}`
}

/**
 * §5 and §6: what the token shows — the health state when not healthy (staggered, disabled, dying, stable,
 * unconscious, dead), the stats' conditions, flat-footed (§3.1), helpless (§4.8), and the lasting effects
 * (charge, total defense, fighting defensively, feint, spells) under their `effect.*` terms. No repeats.
 */
export function pfConditions(_state: EncounterState, figure: Combatant): string[] {
  const stats = readStats(figure)
  const keys: string[] = []
  const health = healthOf(figure)
  if (health !== 'healthy') keys.push(`condition.${health}`)
  for (const c of stats.conditions) keys.push(`condition.${c}`)
  if (stats.flatFooted) keys.push('condition.flatFooted')
  if (isHelpless(figure)) keys.push('condition.helpless')
  for (const e of stats.effects) keys.push(`effect.${e.id}`)
  return [...new Set(keys)]
}

/**
 * §9 effects: a spell's counts down at its `until` figure's turn starts and ends at the last of its `rounds`
 * (mage armor, hold person: start-turn.ts); the others end at the `until` figure's next turn start (charge,
 * total defense, feint: §4.3, §4.9, §4.11), which is `rounds` 1.
 */
export function pfDurations(_state: EncounterState, figure: Combatant): ConditionDuration[] {
  return readStats(figure).effects.map((e) => ({
    key: `effect.${e.id}`,
    until: e.until,
    ...(e.rounds !== undefined ? { rounds: e.rounds } : {})
  }))
}

/**
 * What the battlemap asks this system beyond play: the map features its rules read, its ruler metric,
 * area templates, sight and cover from a figure, and the conditions a token shows.
 */
export const mapHooks: MapHooks = {
  map: {
    // §2 [TEXT L329–333] difficult terrain costs 2 (3 on a diagonal); §3.2 swim at ¼ speed in water;
    // impassable squares (§2 [TEXT L335–339] blocking obstacles) are entered by nobody.
    ground: ['difficult', 'water', 'impassable'],
    // §4.5: darkness gives total concealment, dim light concealment.
    lighting: true,
    // §4.7: "on higher ground" +1 to melee attacks.
    elevation: true
  },
  measure: (_state, from, to) => ({ value: measureFeet(from, to), unit: 'unit.feet' }),
  areaTemplates: pfAreaTemplates,
  canSee: pfCanSee,
  coverAt: pfCoverAt,
  conditions: pfConditions,
  durations: pfDurations,
  stacks: {
    // §4.12: a rider and its mount (each naming the other) stand as one stack, the rider on the mount
    with: (state, figure) =>
      [linkedMount(state, figure), linkedRider(state, figure)].flatMap((c) => (c ? [c.id] : [])),
    detach: (stats) => {
      const { mountId: _mount, riderId: _rider, ...rest } = stats
      return rest
    }
  }
}
