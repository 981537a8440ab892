import type { Fate } from '../../core/ruleset'
import type { Combatant, EncounterState } from '../../core/types'
import { hasCondition, readStats, type PfStats } from './stats'

// pathfinder1e.md §5: the health states read from current HP, the −Con floor, nonlethal damage and the
// conditions that outlive a blow (dead by massive damage, stable). Everything else derives from numbers,
// so a state can never disagree with the HP it shows.

/** pathfinder1e.md §5 health states. */
export type HealthState = 'healthy' | 'staggered' | 'disabled' | 'dying' | 'stable' | 'unconscious' | 'dead'

/** States in which a figure is out of the fight (`Combatant.out`). */
const OUT_STATES: readonly HealthState[] = ['dying', 'stable', 'unconscious', 'dead']

/** pathfinder1e.md §5 [TEXT L255]: the lowest HP a figure survives is above −Con score; dead at HP ≤ −Con. */
export function lifeMinFor(stats: PfStats): number {
  // `0 - con` rather than `-con`: a Con 0 creature (undead) must floor at +0, not −0.
  return 0 - stats.abilities.con
}

/** The figure's −Con floor: `Combatant.lifeMin` when set, else derived from its Con score. */
export function lifeMinOf(c: Combatant): number {
  return c.lifeMin ?? lifeMinFor(readStats(c))
}

/**
 * pathfinder1e.md §5 for a profile at `life` HP: dead at ≤ `lifeMin` (or by massive damage), dying or
 * stable below 0, unconscious when nonlethal exceeds HP [TEXT L283], disabled at 0 [TEXT L251], staggered
 * when nonlethal equals HP [TEXT L281] (or by the condition from another source).
 */
export function healthFrom(stats: PfStats, life: number, lifeMin: number): HealthState {
  if (hasCondition(stats, 'dead') || life <= lifeMin) return 'dead'
  if (life < 0) return hasCondition(stats, 'stable') ? 'stable' : 'dying'
  if (stats.nonlethal > life || hasCondition(stats, 'unconscious')) return 'unconscious'
  if (life === 0) return 'disabled'
  if (stats.nonlethal === life || hasCondition(stats, 'staggered')) return 'staggered'
  return 'healthy'
}

/** The figure's health state now (pathfinder1e.md §5). */
export function healthOf(c: Combatant): HealthState {
  return healthFrom(readStats(c), c.life, lifeMinOf(c))
}

/**
 * `Ruleset.fate` for PF (pathfinder1e.md §5): dead when its health says so (HP ≤ −Con [TEXT L255], or
 * the `dead` condition a failed massive-damage save [TEXT L257] or a coup de grace leaves above the floor);
 * out when dying, stable, unconscious or otherwise out of the fight; else standing.
 */
export function fateOf(_state: EncounterState, c: Combatant): Fate {
  const health = healthOf(c)
  if (health === 'dead') return 'dead'
  return c.out || isOutState(health) ? 'out' : 'standing'
}

/** Whether a health state takes the figure out of the fight (unconscious, dying, stable or dead). */
export function isOutState(health: HealthState): boolean {
  return OUT_STATES.includes(health)
}

/** pathfinder1e.md §3.2 restricted turn: staggered and disabled figures take one standard or move action. */
export function isRestrictedHealth(health: HealthState): boolean {
  return health === 'staggered' || health === 'disabled'
}

/**
 * Whether the figure can take actions: conscious and in the fight, and not paralyzed, asleep, stunned or
 * held (hold person) — §6; such figures still open their turn for their start-of-turn rolls.
 */
export function canAct(c: Combatant): boolean {
  if (c.out || isOutState(healthOf(c))) return false
  const stats = readStats(c)
  const bound = ['paralyzed', 'asleep', 'stunned', 'tiedUp'] as const
  return !bound.some((k) => hasCondition(stats, k)) && !stats.effects.some((e) => e.id === 'held')
}

/** The conditions that mirror a health state for readers of conditions (helpless checks, the UI). */
export function withHealthConditions(stats: PfStats, health: HealthState): PfStats {
  const add = health === 'dead' ? 'dead' : isOutState(health) ? 'unconscious' : null
  if (!add || hasCondition(stats, add)) return stats
  return { ...stats, conditions: [...stats.conditions, add] }
}
