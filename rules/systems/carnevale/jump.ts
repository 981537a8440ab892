import { checkJump, jumpTargets, type JumpCheck, type JumpProblem } from '../../core/inches'
import type { Combatant, EncounterState, Vec3, Violation } from '../../core/types'
import { inContact, placed } from './board'
import { readSettings } from './settings'
import { readStats } from './stats'
import type { Walk } from './walk'

// The Jump action (carnevale.md §4 table "Move (and Jump)"; [TEXT L34] Guard reacts to "movimiento o
// salto", [TEXT L53] "saltar a contacto … desde el borde del canal"): one straight leap to a landing point,
// 1 AP like a Move, across a gap between roofs, down from a roof or deck, or from the bank into the canal.
// Everything else is the Move's: leaving contact is a Disengage, landing in contact is a Charge (from the
// sky when it took off 3" or more above the enemy), Guard holders react at its end. The geometry is
// core/inches/jump.ts; this file gives it the settings' reach and turns its refusals into violations.

/** Why a jump is refused, as this ruleset's violation codes (i18n `violation.<code>`). */
const JUMP_CODES: Record<JumpProblem, string> = {
  empty: 'jumpEmpty',
  tooFar: 'jumpTooFar',
  tooHigh: 'jumpTooHigh',
  blocked: 'jumpBlocked',
  offTable: 'jumpOffTable',
  noSurface: 'jumpNoSurface',
  terrain: 'jumpIntoTerrain',
  occupied: 'jumpOnFigure'
}

/** The violation codes a refused jump can give (one leap only included), for the terms catalogue. */
export const jumpCodes: readonly string[] = [...Object.values(JUMP_CODES), 'jumpOneLeap']

/**
 * §4 [GAP-PUB]: the plan inches one Jump covers: the setting, never more than the figure's Move (MOV × the
 * multiplier), so a slow figure does not leap further than it walks.
 */
export function jumpReach(state: EncounterState, mover: Combatant): number {
  const s = readSettings(state)
  return Math.min(s.jumpMaxInches, readStats(mover).mov * s.moveMovMultiplier)
}

/** The geometry's verdict on a leap from where the mover stands now to `landing`, with the settings. */
export function judgeJump(state: EncounterState, mover: Combatant, landing: Vec3): JumpCheck {
  const maxRise = readSettings(state).jumpMaxRise
  return checkJump(state, mover.id, landing, { maxInches: jumpReach(state, mover), maxRise })
}

/**
 * The walk of a declared jump: the leap lands whole or not at all (no whole point to stop at in the air),
 * so the waypoints must be exactly one landing. A landing in base contact with a watched enemy is a
 * charge's contact; the leap is over by then, so nothing of it is lost.
 */
export function jumpWalk(
  state: EncounterState,
  mover: Combatant,
  waypoints: readonly Vec3[],
  watch: readonly Combatant[]
): { walk: Walk; check: JumpCheck | null } {
  const landing = waypoints.length === 1 ? (waypoints[0] as Vec3) : null
  if (!landing) return { walk: { path: [], end: mover.pos, stopped: null }, check: null }
  const there = placed(mover, landing)
  const contact = watch.some((e) => inContact(state, there, e))
  return {
    walk: { path: [landing], end: landing, stopped: contact ? 'contact' : null },
    check: judgeJump(state, mover, landing)
  }
}

/** Why the declared jump cannot be made, or null (`check` null: not one landing point). */
export function jumpProblem(
  state: EncounterState,
  mover: Combatant,
  check: JumpCheck | null
): Violation | null {
  if (!check) return { code: 'jumpOneLeap' }
  if (check.legal || !check.problem) return null
  const s = readSettings(state)
  const code = JUMP_CODES[check.problem]
  if (check.problem === 'tooFar') return { code, params: { max: jumpReach(state, mover) } }
  if (check.problem === 'tooHigh') return { code, params: { max: s.jumpMaxRise } }
  return { code }
}

/** Sampled landings for the legal actions (`jumpTargets` with the settings' reach and rise). */
export function jumpLandings(state: EncounterState, mover: Combatant): Vec3[] {
  const s = readSettings(state)
  const reach = jumpReach(state, mover)
  if (reach <= 0) return []
  return jumpTargets(state, mover.id, reach, { maxRise: s.jumpMaxRise }).map((t) => t.pos)
}
