import type { Ruleset } from '../../core/ruleset'
import { sideAlternation } from '../../core/turn-order'
import { actionOdds, legalActions, resolveAction, validateAction } from './actions'
import { economy } from './economy.machine'
import { defaultSettings, settingsSchema } from './settings'
import { statsSchema } from './stats'

/** The Minecraft paper-miniatures combat rules (shared/rules/minecraft.md) as an engine plug-in. */
export const minecraft: Ruleset = {
  id: 'minecraft',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  // minecraft.md §3 [REC]: sides alternate complete turns; each figure activates once per turn.
  turnOrder: sideAlternation(),
  economy,
  legalActions,
  validate: validateAction,
  resolve: resolveAction,
  odds: actionOdds
}

export { createFigure, minecraftContent, type McContent } from './content'
export { defaultSettings, settingsSchema, type McSettings } from './settings'
export { statsSchema, type McStats } from './stats'
