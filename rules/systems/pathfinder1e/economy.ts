import type { Economy } from '../../core/ruleset'
import type { EconomySnapshot } from '../../core/types'
import { chargeOf } from './costs'
import { economy as machineParts } from './economy.machine'

/** pathfinder1e.md §3.2: the economy machine with the action → event map of the actions. */
export const economy: Economy = { ...machineParts, charge: chargeOf }

/** The budget of a turn that cannot act (dying, paralyzed, asleep): nothing to spend, so it passes. */
export function emptyEconomy(current: EconomySnapshot): EconomySnapshot {
  return {
    value: current.value,
    context: { ...current.context, standard: 0, move: 0, attacks: 0, step: 0, swift: 0, free: 0 }
  }
}
