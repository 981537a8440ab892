import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { EncounterState } from '../../core/types'
import { hasCondition, readStats, type PfStats } from './stats'

// pathfinder1e.md §4.11 grapple: a hold lasts only while both figures are in the fight. Kept apart from
// maneuver-grapple.ts so the damage rules can end a hold without importing the maneuvers.

/** The stats out of a grapple: no link to the other figure, neither grappled nor pinned. */
export function freed(s: PfStats): PfStats {
  const { grapple: _gone, ...rest } = s
  return { ...rest, conditions: s.conditions.filter((c) => c !== 'grappled' && c !== 'pinned') }
}

/**
 * §4.11: the events that end the grapple of figure `id` when it goes out of the fight (dying, dead,
 * unconscious, asleep): `stats.changed` freeing it and the figure holding it or held by it (both sides of the
 * link). A figure tied up stays bound — ropes do not loosen when anyone falls — and keeps the link to its
 * binder (the DC of its bonds). Nothing when it holds no one.
 */
export function releaseHold(state: EncounterState, id: string): GameEvent[] {
  const figure = state.combatants.find((c) => c.id === id)
  if (!figure) return []
  const stats = readStats(figure)
  const hold = stats.grapple
  if (!hold || hasCondition(stats, 'tiedUp')) return []
  const events: GameEvent[] = [statsSet(figure, freed(stats))]
  const other = state.combatants.find((c) => c.id === hold.with)
  const theirs = other ? readStats(other) : undefined
  if (other && theirs?.grapple?.with === id && !hasCondition(theirs, 'tiedUp'))
    events.push(statsSet(other, freed(theirs)))
  return events
}
