import type { Economy } from '../../core/ruleset'
import { chargeOf } from './costs'
import { economy as machineParts } from './economy.machine'

/** pathfinder1e.md §3.2: the economy machine with the action → event map of the actions. */
export const economy: Economy = { ...machineParts, charge: chargeOf }
