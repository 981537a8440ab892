import { ambushAtStart, ambushEnds } from './ambush'
import { mapHooks } from './map-hooks'
import type { Ruleset } from '../../core/ruleset'
import { actionOdds, decideAction, legalActions, resolveAction, validateAction } from './actions'
import { hq2FactsModel } from './being-facts'
import { DECISION } from './decisions'
import { economy } from './economy.machine'
import { startTurnEvents } from './movement'
import { resourcesLeft } from './potions'
import { defaultSettings, readSettings, settingsSchema } from './settings'
import { statsSchema } from './stats'
import { terms } from './terms'
import { seatOrder } from './turn-order'

/** The HQ2 (HeroQuest 2 fan expansion) combat rules (shared/rules/hq2.md) as an engine plug-in. */
export const hq2: Ruleset = {
  // the battlemap's questions (map-hooks.ts): editor features, ruler, templates, sight, conditions
  ...mapHooks,
  id: 'hq2',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  systemState: hq2FactsModel,
  terms,
  // hq2.md §3.1: players from the BM's right in seating order, then the BM; each with all its beings.
  turnOrder: seatOrder(),
  economy,
  // hq2.md §3.2: heroes roll their movement dice as their activation opens; an ambush ends (ambush.ts).
  startTurn: (state, actorId, dice) => [
    ...ambushEnds(state, actorId),
    ...startTurnEvents(state, readSettings(state), actorId, dice)
  ],
  // hq2.md §4.3 Pleno Ataque: a surprised being is ambushed (no defense) and loses round 1 (ambush.ts).
  surprise: ambushAtStart,
  surpriseLosesRound: true,
  legalActions,
  validate: validateAction,
  decide: decideAction,
  // G-10 and the amounts that start at the rules' value: asked only when the table wants every point.
  routineDecisions: {
    [DECISION.check]: 'dice',
    [DECISION.stuntPoints]: 'routine',
    [DECISION.counterMovePoints]: 'routine',
    [DECISION.counterAttackPoints]: 'routine',
    [DECISION.attackMultiplier]: 'routine',
    [DECISION.defenseMultiplier]: 'routine'
  },
  resolve: (chain, action, dice, answers) => chain.emit(resolveAction(chain.state, action, dice, answers)),
  odds: actionOdds,
  // hq2.md §5 [GAP-PUB]: the healing potions left (drunk ones are counted from the log), for the simulation.
  resourcesLeft
}

export { defaultSettings, settingsSchema, type Hq2Settings } from './settings'
export { statsSchema, type Hq2Stats } from './stats'
export { createBeing, hq2Content, type Hq2Content } from './content'
export { DECISION, defenseChoices } from './decisions'
export { hq2SampleEncounter } from './sample'
export { terms } from './terms'
