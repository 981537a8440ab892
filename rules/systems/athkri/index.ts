import { statsSet } from '../../core/stats'
import { mapHooks } from './map-hooks'
import { rollsAtLeast } from '../../core/events'
import type { Ruleset } from '../../core/ruleset'
import { initiativeOrder } from '../../core/turn-order'
import { actionOdds, legalActions, resolveAction, validateAction } from './actions'
import { COVER_ADJUST } from './attack-action'
import { decide } from './decisions'
import { economy } from './economy.machine'
import { canTakeTurn, fateOf } from './health'
import { initiativeTieBreak, rollInitiative } from './initiative'
import { athkriFactsModel } from './log-facts'
import { defaultSettings, readSettings, settingsSchema } from './settings'
import { startTurn } from './start-turn'
import { readStats, statsSchema } from './stats'
import { terms } from './terms'

/** The Sistema Athkri combat rules (shared/rules/athkri.md) as an engine plug-in. */
export const athkri: Ruleset = {
  // the battlemap's questions (map-hooks.ts): editor features, ruler, templates, sight, conditions
  ...mapHooks,
  id: 'athkri',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  systemState: athkriFactsModel,
  terms,
  // athkri.md §4: initiative once per combat, highest first; the bleeding still open their turns to roll.
  turnOrder: initiativeOrder(canTakeTurn, initiativeTieBreak),
  economy,
  // athkri.md §2: every check with a target must reach it (total ≥ Difficulty).
  rollInitiative: (state, dice) => rollsAtLeast(rollInitiative(state, dice)),
  startTurn: (state, actorId, dice) => rollsAtLeast(startTurn(state, actorId, dice)),
  // athkri.md §5.2 [TEXT L66], §4 Emboscada: a surprised figure starts unaware (+4 to hit it, open to an
  // ambush) until attacked or until its first activation; it is not made to pass a turn.
  surprise: (_state, figure) => {
    const { conditions } = readStats(figure)
    if (conditions.includes('unaware')) return []
    return [statsSet(figure, { ...figure.stats, conditions: [...conditions, 'unaware'] })]
  },
  legalActions,
  validate: validateAction,
  decide,
  // The GM's cover adjustment starts at the rules' reading (0): asked only when the table wants it.
  routineDecisions: { [COVER_ADJUST]: 'routine' },
  resolve: (chain, action, dice, answers) =>
    chain.emit(rollsAtLeast(resolveAction(chain.state, action, dice, answers))),
  odds: actionOdds,
  // athkri.md §6: wounds below 0 live in Athkri's slice of the state, so death is read from there.
  fate: fateOf,
  // athkri.md §5.3: the GM's cover obstacles (trees, carts, trenches), for the map.
  terrain: (state) =>
    readSettings(state).coverObstacles.map((o) => ({
      x: o.x,
      y: o.y,
      kind: `cover.${o.cover}`,
      passable: o.passable
    }))
}

export { athkriContent, createFigure, type AthkriContent } from './content'
export { athkriSampleEncounter } from './sample'
export { healthOf, type Health, type HealthState } from './health'
export { defaultSettings, settingsSchema, type AthkriSettings } from './settings'
export { statsSchema, type AthkriStats } from './stats'
export { terms } from './terms'
