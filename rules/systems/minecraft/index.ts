import { mapHooks } from './map-hooks'
import type { Ruleset } from '../../core/ruleset'
import { actionOdds, decideAction, legalActions, resolveAction, validateAction } from './actions'
import { economy } from './economy.machine'
import { defaultSettings, settingsSchema } from './settings'
import { statsSchema } from './stats'
import { terms } from './terms'
import { mcRoundModel, minecraftTurnOrder } from './turn-order'

/** The Minecraft paper-miniatures combat rules (shared/rules/minecraft.md) as an engine plug-in. */
export const minecraft: Ruleset = {
  // the battlemap's questions (map-hooks.ts): editor features, ruler, templates, sight, conditions
  ...mapHooks,
  id: 'minecraft',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  systemState: mcRoundModel,
  terms,
  // minecraft.md §3 [REC]: sides alternate complete turns (or single activations, `turnMode`).
  turnOrder: minecraftTurnOrder(),
  economy,
  legalActions,
  validate: validateAction,
  decide: decideAction,
  resolve: (chain, action, dice, answers) => chain.emit(resolveAction(chain.state, action, dice, answers)),
  odds: actionOdds
}

export { createFigure, minecraftContent, type McContent } from './content'
export { FALL_DECISION, GM_DECIDER } from './falls'
export { minecraftHeightsSampleEncounter } from './sample'
export { terms } from './terms'
export { defaultSettings, settingsSchema, type McSettings } from './settings'
export { statsSchema, type McStats } from './stats'
