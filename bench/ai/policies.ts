// The bench's policy registry (ai.md §7.3 policies.ts): the AI's levels and the baselines, by slot name.
import { baselinePolicies } from '../../ai/baselines'
import { aiLevels, levelPolicy, profilePolicy } from '../../ai/policy'
import type { Policy } from '../../ai/types'
import type { AiLevel } from '../../rules/core/types'

/** Every policy id the bench knows: `easy`, `normal`, `hard`, `profile` and the baselines. */
export const knownPolicies: readonly string[] = [...aiLevels, 'profile', ...Object.keys(baselinePolicies)]

/**
 * The policy of a slot: its id, or `id:n` for another copy of the same policy (a policy against itself
 * must come out identical in both slots: the pairing check). Throws on an unknown id.
 */
export function policyFor(slot: string): Policy {
  const id = slot.split(':')[0]!
  if ((aiLevels as readonly string[]).includes(id)) return levelPolicy(id as AiLevel)
  if (id === 'profile') return profilePolicy
  const baseline = baselinePolicies[id]
  if (!baseline) throw new Error(`unknown policy ${id} (known: ${knownPolicies.join(', ')})`)
  return baseline
}
