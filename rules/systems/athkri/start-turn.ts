import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { EncounterState } from '../../core/types'
import { isMounted } from './board'
import { checkEvent, passes, rollCheck, type Check } from './dice'
import { bleedDamage, damageEvents, healthOf } from './health'
import { readSettings } from './settings'
import { ownLevel } from './situation'
import { attribute, readStats, skill } from './stats'

// athkri.md §4 TURN_START: an unconscious figure rolls its bleed save; a rider may test Cabalgar before
// acting (§5.6, a free action).

/** The economy of an activation with nothing to spend (an unconscious figure's). */
const NOTHING = { value: 'done', context: { major: 0, low: 0, minor: 0, free: 0 } }

/** athkri.md §6 [TEXT L45]: the bleed save, Físico at Difficulty 12, with the Malherido reduction (A8). */
export function bleedCheck(state: EncounterState, id: string): Check {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) throw new Error(`no combatant ${id}`)
  const level = ownLevel(state, c)
  return { level: level.level, flat: attribute(readStats(c), 'fisico') - level.penalty }
}

/** athkri.md §5.6 [TEXT L56]: the rider's Cabalgar test (attribute per settings + Cabalgar). */
export function rideCheck(state: EncounterState, id: string): Check {
  const c = state.combatants.find((x) => x.id === id)
  if (!c) throw new Error(`no combatant ${id}`)
  const stats = readStats(c)
  const level = ownLevel(state, c)
  return {
    level: level.level,
    flat: attribute(stats, readSettings(state).rideAttribute) + skill(stats, 'cabalgar') - level.penalty
  }
}

/** What happens as a figure's activation opens. */
export function startTurn(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) return []
  if (actor.out)
    return [{ type: 'economy.changed', actorId, economy: NOTHING }, ...bleed(state, actorId, dice)]
  return ride(state, actorId, dice)
}

/**
 * athkri.md §6: success stabilizes at 1 HP; the k-th failure of the episode costs k × Físico. A figure
 * that stabilized alone and was hurt again cannot succeed without outside help [TEXT L47]: it just bleeds.
 */
function bleed(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) return []
  const health = healthOf(state, actor)
  if (health.state !== 'inconsciente' || health.stabilized) return []
  const settings = readSettings(state)
  const events: GameEvent[] = []
  if (health.canSelfStabilize) {
    const made = rollCheck(dice, settings, bleedCheck(state, actorId), { purpose: 'bleed', actorId })
    const saved = passes(made, settings.bleedDifficulty)
    events.push(checkEvent(actorId, 'bleed', made, settings.bleedDifficulty, saved))
    if (saved) return events
  }
  const amount = bleedDamage(health.bleedFailures + 1, attribute(readStats(actor), 'fisico'))
  return [...events, ...damageEvents(state, actor, amount, 'bleed')]
}

function ride(state: EncounterState, actorId: string, dice: DiceRoller): GameEvent[] {
  const settings = readSettings(state)
  const actor = state.combatants.find((c) => c.id === actorId)
  const economy = state.turn?.economy
  if (!actor || !economy || !settings.autoRideCheck || !isMounted(state, actor)) return []
  const free = economy.context.free ?? 0
  if (free < 1) return []
  const made = rollCheck(dice, settings, rideCheck(state, actorId), { purpose: 'ride', actorId })
  return [
    {
      type: 'economy.changed',
      actorId,
      economy: { ...economy, context: { ...economy.context, free: free - 1 } }
    },
    checkEvent(actorId, 'ride', made, settings.rideDifficulty, passes(made, settings.rideDifficulty))
  ]
}
