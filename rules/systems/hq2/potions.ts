import type { GameEvent } from '../../core/events'
import type { Combatant, EncounterState } from '../../core/types'
import { readStats } from './stats'

// hq2.md §5 [GAP-PUB]: a dying hero drinks a carried healing potion at once. The stats keep how many it
// set out with (`healingPotions`) and never change; each potion drunk is a `healed` event with source
// `potion`, so what is left is read from the log, and saves and replays need nothing new.

/** Healing potions `id` has drunk in `events` (the log, plus a resolution's events not yet applied). */
export function potionsDrunk(events: readonly GameEvent[], id: string): number {
  let drunk = 0
  for (const e of events) if (e.type === 'healed' && e.id === id && e.source === 'potion') drunk += 1
  return drunk
}

/**
 * `Ruleset.resourcesLeft` for HQ2: the healing potions a being still carries, the only limited use in
 * these rules (movement dice and attacks per turn come back every turn); nothing for a being without.
 */
export function resourcesLeft(state: EncounterState, c: Combatant): Record<string, number> {
  const carried = readStats(c).healingPotions
  if (carried === undefined) return {}
  return { healingPotions: Math.max(0, carried - (drunkByBeing(state.log).get(c.id) ?? 0)) }
}

const drunkCache = new WeakMap<readonly GameEvent[], Map<string, number>>()

/** Potions drunk by being, one pass per log (the simulation asks for every being after every step). */
function drunkByBeing(log: readonly GameEvent[]): Map<string, number> {
  const known = drunkCache.get(log)
  if (known) return known
  const drunk = new Map<string, number>()
  for (const e of log)
    if (e.type === 'healed' && e.source === 'potion') drunk.set(e.id, (drunk.get(e.id) ?? 0) + 1)
  drunkCache.set(log, drunk)
  return drunk
}
