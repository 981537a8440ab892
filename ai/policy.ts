import type { Ruleset } from '../rules/core/ruleset'
import type { AiLevel, EncounterState } from '../rules/core/types'
import { chooseStep } from './choose'
import type { Policy } from './types'

/** The levels in order of strength (ai.md §7.1 decision procedure). */
export const aiLevels: readonly AiLevel[] = ['easy', 'normal', 'hard']

/** The AI as each figure's own profile says (the table's default). */
export const profilePolicy: Policy = {
  id: 'profile',
  choose: (state: EncounterState, ruleset: Ruleset, actorId: string) => chooseStep(state, ruleset, actorId)
}

/** The AI at one level for every figure, each keeping its own personality (the bench's Easy/Normal/Hard). */
export function levelPolicy(level: AiLevel): Policy {
  return {
    id: level,
    choose: (state, ruleset, actorId) => chooseStep(state, ruleset, actorId, { level })
  }
}
