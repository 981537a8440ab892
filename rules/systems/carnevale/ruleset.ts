import type { GameEvent } from '../../core/events'
import type { Ruleset } from '../../core/ruleset'
import type { EncounterState } from '../../core/types'
import { validateAction } from './actions'
import { countersChanged, isStunned } from './counters'
import { carnevaleFactsModel } from './round-facts'
import { economy } from './economy.machine'
import { legalActions, moveInfo, resolveAction } from './legal'
import { pushPointChoice } from './push-choice'
import { actionOdds } from './odds'
import { decideAction } from './reactions'
import { defaultSettings, settingsSchema } from './settings'
import { countersOf, statsSchema } from './stats'
import { terms } from './terms'
import { carnevaleTurnOrder, rollOff } from './turn-order'

/**
 * As an activation opens, the Stunned counters whose time is over are taken off the figures (§7 [REC]): the
 * rules read `isStunned` from the round facts, so this only keeps what the map shows in step with it.
 */
function startTurn(state: EncounterState): GameEvent[] {
  const events: GameEvent[] = []
  for (const c of state.combatants) {
    const counters = countersOf(c)
    if (counters.stunned === 0 || isStunned(state, c)) continue
    const { stunnedAt: _at, ...rest } = counters
    events.push(countersChanged(c, { ...rest, stunned: 0 }))
  }
  return events
}

/** Carnevale (shared/rules/carnevale.md) on the inches board, as an engine plug-in. */
export const carnevale: Ruleset = {
  id: 'carnevale',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  systemState: carnevaleFactsModel,
  terms,
  // §4 [GAP-PUB]: alternating single activations; a roll-off decides who opens (`roundOpener`).
  turnOrder: carnevaleTurnOrder(),
  economy,
  rollInitiative: rollOff,
  startTurn,
  moveInfo,
  pointChoice: pushPointChoice,
  legalActions,
  validate: validateAction,
  decide: decideAction,
  resolve: resolveAction,
  odds: actionOdds
}
