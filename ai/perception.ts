import type { Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState, Vec3 } from '../rules/core/types'
import { distanceTo, type DistanceTo } from './distance'
import type { Personality } from './personality'
import { gap, punchOf, strikerOf, type Striker } from './threat'
import type { AiSettings } from './types'

// ai.md §7.1 Tactical Perception, for one figure about to act: who is where, how far each enemy is around
// walls, the threat map (expected damage enemies can bring to a square next turn), flank squares and the
// ward a protector stays by. The costly parts (each enemy's mobility, reach and punch; the distance
// fields) are cached on everything they depend on (threat.ts, fight-keys.ts, distance.ts), so
// re-planning after every step costs a lookup.

/** What one figure perceives before choosing. */
export interface Perception {
  state: EncounterState
  ruleset: Ruleset
  actor: Combatant
  allies: Combatant[]
  enemies: Combatant[]
  /** How far each enemy is from a position (steps around walls, or inches). */
  distances: Map<string, DistanceTo>
  /** Each enemy's mobility and reach this round. */
  strikers: Map<string, Striker>
  /** Squares (grid only) opposite an ally across an enemy: ending there makes a flank pair. */
  flankSquares: Set<string>
  /** The ally a protector stays by: the most hurt (then the one with most life to lose). */
  ward: Combatant | null
  /** Morale broke (coward): below its life threshold, or too many allies out. */
  fleeing: boolean
  /** The actor's own reach with its attacks, in the board's unit (1 at least). */
  reach: number
  /** Life of a figure as this AI may know it (fair: the band a GM would describe). */
  lifeSeen(c: Combatant): number
  /** Best mean damage an enemy can deal the actor next turn. */
  punch(enemyId: string): number
  /** Expected damage the enemies can bring to `pos` next turn, each scaled by `factor(enemyId)` (0..1). */
  threatAt(pos: Vec3, factor?: (enemyId: string) => number): number
  /** How many enemies can reach `pos` next turn. */
  reachers(pos: Vec3): number
  /** Distance from `pos` to the nearest enemy, and which. */
  nearest(pos: Vec3): { enemy: Combatant; steps: number } | null
}

/** The key of a grid square or board point. */
export const posKey = (p: Vec3): string => `${p.x},${p.y},${p.z}`

/**
 * Life as the AI may judge it. Omniscient: exact. Fair: the band a GM would describe at the table —
 * unhurt (full), hurt (above half: taken as 3/4), bloodied (a quarter to half: 3/8), near death (below a
 * quarter: 1/8) — and exact at 0 or below, where the figure is visibly down.
 */
export function lifeSeen(c: Combatant, knowledge: AiSettings['knowledge']): number {
  if (knowledge === 'omniscient' || c.life <= 0 || c.life >= c.lifeMax) return c.life
  const f = c.life / Math.max(1, c.lifeMax)
  const band = f > 0.5 ? 0.75 : f > 0.25 ? 0.375 : 0.125
  return Math.max(1, Math.round(c.lifeMax * band))
}

function flankSquaresOf(state: EncounterState, actor: Combatant, allies: Combatant[], enemies: Combatant[]) {
  const out = new Set<string>()
  if (state.board.inches) return out
  for (const e of enemies)
    for (const a of allies) {
      if (Math.max(Math.abs(a.pos.x - e.pos.x), Math.abs(a.pos.y - e.pos.y)) !== 1) continue
      out.add(posKey({ x: 2 * e.pos.x - a.pos.x, y: 2 * e.pos.y - a.pos.y, z: actor.pos.z }))
    }
  return out
}

function moraleBroken(actor: Combatant, state: EncounterState, w: Personality): boolean {
  if (w.fleeBelow > 0 && actor.life < actor.lifeMax * w.fleeBelow) return true
  const side = state.combatants.filter((c) => c.side === actor.side && c.id !== actor.id)
  if (side.length === 0) return false
  return side.filter((c) => c.out).length / side.length >= w.fleeAlliesOut
}

/** What `actor` perceives now, with its settings (knowledge, personality for morale). */
export function perceive(
  state: EncounterState,
  ruleset: Ruleset,
  actor: Combatant,
  settings: AiSettings,
  reach: number
): Perception {
  const enemies = state.combatants.filter((c) => !c.out && c.side !== actor.side)
  const allies = state.combatants.filter((c) => !c.out && c.side === actor.side && c.id !== actor.id)
  const distances = new Map(enemies.map((e) => [e.id, distanceTo(state, actor, e)]))
  const strikers = new Map(enemies.map((e) => [e.id, strikerOf(state, ruleset, e)]))
  const punches = new Map<string, number>()
  const threats = new Map<string, number>()
  const nearests = new Map<string, { enemy: Combatant; steps: number } | null>()
  const punch = (id: string): number => {
    let v = punches.get(id)
    if (v === undefined) {
      const e = enemies.find((c) => c.id === id)
      v = e ? punchOf(state, ruleset, e, actor) : 0
      punches.set(id, v)
    }
    return v
  }
  const canReach = (e: Combatant, pos: Vec3): boolean => {
    const s = strikers.get(e.id)!
    return distances.get(e.id)!(pos) <= s.mobility + s.reach
  }
  const ward =
    [...allies].sort(
      (a, b) => a.life / a.lifeMax - b.life / b.lifeMax || b.lifeMax - a.lifeMax || (a.id < b.id ? -1 : 1)
    )[0] ?? null
  return {
    state,
    ruleset,
    actor,
    allies,
    enemies,
    distances,
    strikers,
    flankSquares: flankSquaresOf(state, actor, allies, enemies),
    ward,
    fleeing: moraleBroken(actor, state, settings.personality),
    reach,
    lifeSeen: (c) => lifeSeen(c, settings.knowledge),
    punch,
    threatAt: (pos, factor) => {
      if (factor)
        return enemies.reduce((sum, e) => (canReach(e, pos) ? sum + punch(e.id) * factor(e.id) : sum), 0)
      // Asked again and again for the same squares (pruning, the fade, each option's end): memoised.
      const key = posKey(pos)
      let v = threats.get(key)
      if (v === undefined) {
        v = enemies.reduce((sum, e) => (canReach(e, pos) ? sum + punch(e.id) : sum), 0)
        threats.set(key, v)
      }
      return v
    },
    reachers: (pos) => enemies.filter((e) => canReach(e, pos)).length,
    nearest: (pos) => {
      const key = posKey(pos)
      const known = nearests.get(key)
      if (known !== undefined) return known
      let best: { enemy: Combatant; steps: number } | null = null
      for (const enemy of enemies) {
        const steps = distances.get(enemy.id)!(pos)
        if (!best || steps < best.steps) best = { enemy, steps }
      }
      nearests.set(key, best)
      return best
    }
  }
}

/** The gap from `pos` (where the actor would stand) to a figure, in the board's unit. */
export function gapFrom(p: Perception, pos: Vec3, c: Combatant): number {
  return gap(p.state, p.actor, pos, c)
}
