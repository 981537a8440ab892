import { statsSet } from '../../core/stats'
import { mapHooks } from './map-hooks'
import type { Ruleset } from '../../core/ruleset'
import { legalActions, validateAction } from './actions'
import { decide } from './decide'
import { economy } from './economy'
import { fateOf } from './health'
import { hasAreaSpell } from './spell-candidates'
import { rollInitiative } from './initiative'
import { moveInfo } from './move-info'
import { actionOdds } from './odds'
import { resolveAction } from './resolve'
import { defaultSettings, readSettings, settingsSchema } from './settings'
import { startTurn } from './start-turn'
import { readStats, statsSchema } from './stats'
import { rollsAtLeast } from '../../core/events'
import { terms } from './terms'
import { pfTurnOrder } from './turn-order'

/** Pathfinder 1e's combat chapter (shared/rules/pathfinder1e.md) as an engine plug-in. */
export const pathfinder1e: Ruleset = {
  // the battlemap's questions (map-hooks.ts): editor features, ruler, templates, sight, conditions
  ...mapHooks,
  id: 'pathfinder1e',
  version: 1,
  schemas: { settings: settingsSchema, stats: statsSchema },
  defaultSettings,
  terms,
  // §3.1: initiative once per encounter, highest first; delay and ready move a figure's count.
  turnOrder: pfTurnOrder,
  economy,
  // Every Pathfinder roll with a target must meet or beat it (d20 + bonus ≥ AC/DC, d100 > miss chance).
  rollInitiative: (state, dice) => rollsAtLeast(rollInitiative(state, dice)),
  // §3.5 TURN_START; a figure that cannot act (dying, held, asleep) is left nothing to spend, so it passes.
  startTurn: (state, actorId, dice) => rollsAtLeast(startTurn(state, actorId, dice)),
  // §3.1: a surprised figure is unaware: the surprise round (turn-order.ts) leaves it out, flat-footed.
  surprise: (_state, figure) =>
    readStats(figure).aware ? [statsSet(figure, { ...figure.stats, aware: false })] : [],
  moveInfo,
  legalActions,
  validate: validateAction,
  decide,
  resolve: (chain, action, dice, answers) =>
    chain.markEmitted(rollsAtLeast, () => resolveAction(chain, action, dice, answers)),
  odds: actionOdds,
  // §5: massive damage and coups de grace kill above the −Con floor, which the generic reading misses.
  fate: fateOf,
  aiHints: {
    // §3.4: attacks of opportunity used this round; a new activation of the figure never reads them.
    roundTallies: ['aooUsed', 'aooRound'],
    // The spells with an area (spells.ts): burning hands' cone, sleep's burst.
    strikesArea: (_state, figure) => hasAreaSpell(figure),
    // §9 data model: the six ability scores; mindless creatures have no Int at all.
    intelligence: (figure) => readStats(figure).abilities.int ?? null
  },
  // §2, §4.5, §4.6: the terrain the rules read, for the map.
  terrain: (state) =>
    readSettings(state).terrain.map((t) => ({
      x: t.x,
      y: t.y,
      kind: `pf1.${t.kind}`,
      passable: t.kind !== 'pit'
    }))
}

export { readSettings, defaultSettings, settingsSchema, type PfSettings } from './settings'
export { statsSchema, readStats, type PfStats } from './stats'
export { terms } from './terms'
