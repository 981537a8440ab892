import { statsSet } from '../../core/stats'
import type { GameEvent } from '../../core/events'
import type { Combatant, EncounterState } from '../../core/types'
import { hasCondition, readStats } from './stats'

// hq2.md §3.3 / §4.3 Pleno Ataque [TEXT L73, L83, L101]: an ambushed (emboscado) being does not defend.
// The text gives no turn rule and no end to the ambush [GAP]; as the encounter builder's surprise, the
// being is ambushed as the fight opens, loses its round-1 activation (the engine's default, so the
// ambushers strike first), and stops being ambushed as its first real activation opens.

/** The `surprise` hook: the surprised being is ambushed (no defense, §4.3) as the fight opens. */
export function ambushAtStart(_state: EncounterState, figure: Combatant): GameEvent[] {
  if (hasCondition(figure, 'ambushed')) return []
  const stats = readStats(figure)
  return [statsSet(figure, { ...figure.stats, conditions: [...stats.conditions, 'ambushed'] })]
}

/**
 * The ambush ends as the surprised being's first activation opens. Only the builder's surprise is undone
 * here: an `ambushed` condition the GM set by hand on a being not listed as surprised stays.
 */
export function ambushEnds(state: EncounterState, actorId: string): GameEvent[] {
  const figure = state.combatants.find((c) => c.id === actorId)
  if (!figure || !state.surprised?.includes(actorId) || !hasCondition(figure, 'ambushed')) return []
  const conditions = readStats(figure).conditions.filter((c) => c !== 'ambushed')
  return [statsSet(figure, { ...figure.stats, conditions })]
}
