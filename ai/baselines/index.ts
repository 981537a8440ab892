import type { Policy } from '../types'
import { focusFirePolicy } from './focus-fire'
import { itbSimplePolicy } from './itb-simple'
import { nearestAttackPolicy } from './nearest-attack'
import { randomPolicy } from './random'
import { rcaAttackPolicy } from './rca-attack'

/**
 * The baselines the bench measures the AI against (ai.md §7.2), by id: B0 `random`, B1 `nearestAttack`,
 * B2 `focusFire`, B3 `itbSimple`, B4 `rcaAttack`. B5 (flat UCT) is not built yet.
 */
export const baselinePolicies: Record<string, Policy> = {
  random: randomPolicy,
  nearestAttack: nearestAttackPolicy,
  focusFire: focusFirePolicy,
  itbSimple: itbSimplePolicy,
  rcaAttack: rcaAttackPolicy
}

export { focusFirePolicy, itbSimplePolicy, nearestAttackPolicy, randomPolicy, rcaAttackPolicy }
