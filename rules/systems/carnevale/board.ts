import {
  baseContact,
  edgeDistance,
  inWater,
  lineOfSight,
  type ContactOptions,
  type ContactVia,
  type Sight
} from '../../core/inches'
import type { Combatant, EncounterState, Vec3 } from '../../core/types'
import { coverCounts } from './combat'
import { readSettings, type CarnevaleSettings } from './settings'

// What the rules read from the inches board (carnevale.md §3), with the tolerances the settings name:
// base contact and how it holds, distances between bases, line of sight, cover and water. The geometry
// itself is core/inches; this file only chooses its options.

/** §3 [TEXT L13–15]: the base-contact tolerances of the settings. */
export function contactOptions(s: CarnevaleSettings): ContactOptions {
  return {
    sharedObstacle: s.obstacleContactDistance,
    obstacleHeight: s.obstacleContactMaxHeight,
    vertical: s.verticalContactTolerance,
    verticalNeedsOverlap: s.verticalContactNeedsOverlap
  }
}

/** The figure standing somewhere else (the mover at its path's end), for "what if" measures. */
export function placed(figure: Combatant, pos: Vec3): Combatant {
  return { ...figure, pos }
}

/** §3: how two figures are in base contact, or null when they are not. */
export function contactVia(state: EncounterState, a: Combatant, b: Combatant): ContactVia | null {
  return baseContact(state.board, a, b, contactOptions(readSettings(state))).via
}

/** §3: whether two figures are in base contact. */
export function inContact(state: EncounterState, a: Combatant, b: Combatant): boolean {
  return contactVia(state, a, b) !== null
}

/** True when the two figures fight on different sides. */
export function enemies(a: Combatant, b: Combatant): boolean {
  return a.side !== b.side
}

/** The enemies (still in the fight) in base contact with `figure`, in roster order. */
export function enemiesInContact(state: EncounterState, figure: Combatant): Combatant[] {
  return state.combatants.filter(
    (c) => !c.out && c.id !== figure.id && enemies(c, figure) && inContact(state, figure, c)
  )
}

/** §6: the figure is in the water (swimming). */
export function swimming(state: EncounterState, figure: Combatant): boolean {
  return inWater(state.board, figure.pos)
}

/** §3 [GAP-PUB]: the distance between two figures in inches, between base edges or centres (setting). */
export function distanceInches(state: EncounterState, a: Combatant, b: Combatant): number {
  if (readSettings(state).measureFrom === 'baseEdges') return edgeDistance(state.board, a, b)
  const u = state.board.inches?.unitsPerInch ?? 1
  return Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y, a.pos.z - b.pos.z) / u
}

// A base too small to matter: sight from the centre only samples the same point five times.
const POINT_BASE_MM = 0.01

/** §3 [REC]: what the viewer sees of the target, from any point of its base or from its centre (setting). */
export function sight(state: EncounterState, viewer: Combatant, target: Combatant): Sight {
  if (readSettings(state).lineOfSightFrom === 'anyPointOfBase')
    return lineOfSight(state.board, viewer, target)
  return lineOfSight(
    state.board,
    { pos: viewer.pos, baseMm: POINT_BASE_MM },
    { pos: target.pos, baseMm: POINT_BASE_MM }
  )
}

/** §3, §6 [TEXT L15]: whether the target gets the cover bonus against this attacker. */
export function targetInCover(state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  const via = contactVia(state, attacker, target)
  return coverCounts({
    inCover: sight(state, attacker, target).cover,
    inWater: swimming(state, target),
    baseContact: via !== null,
    contactViaObstacle: via === 'obstacle'
  })
}

/** Height of `a` above `b` in inches (negative when below). */
export function heightAbove(state: EncounterState, a: Vec3, b: Vec3): number {
  return (a.z - b.z) / (state.board.inches?.unitsPerInch ?? 1)
}

/** True when two whole-unit positions are the same point. */
export function samePos(a: Vec3, b: Vec3): boolean {
  return a.x === b.x && a.y === b.y && a.z === b.z
}

/** The encounter with one figure standing elsewhere (the mover at its path's end), for "what if" reads. */
export function withFigureAt(state: EncounterState, id: string, pos: Vec3): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, pos } : c)) }
}
