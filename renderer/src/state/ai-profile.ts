import { personalities, type Personality } from '../../../ai/personality'
import { ownValue } from '../../../rules/core/own-key'
import { aiProfileSchema } from '../../../rules/core/schemas'
import type { AiLevel, AiProfile, EncounterState } from '../../../rules/core/types'

/** The AI levels the editor offers, weakest first. */
export const levelIds: readonly AiLevel[] = ['easy', 'normal', 'hard']

/** What the AI may know, as the editor offers it. */
export const knowledgeIds = ['fair', 'omniscient'] as const

/** The personality ids the editor offers, in the registry's order. */
export function personalityIds(): string[] {
  return Object.keys(personalities)
}

/** A personality's numeric weights by name, its defaults (an unknown id reads as the first one). */
export function defaultWeights(id: string | undefined): Record<string, number> {
  const base: Personality | undefined =
    (id !== undefined ? ownValue(personalities, id) : undefined) ?? Object.values(personalities)[0]
  const weights: Record<string, number> = {}
  for (const [key, value] of Object.entries(base ?? {})) if (typeof value === 'number') weights[key] = value
  return weights
}

/**
 * The profile the editor's fields make: weights equal to the personality's defaults are left out (so a later
 * change of the defaults reaches the figure), and an all-default profile is null. Throws on a value the
 * campaign schema refuses (an out-of-range weight), so nothing invalid is saved.
 */
export function profileFrom(fields: {
  personality: string
  level: AiLevel
  knowledge: 'fair' | 'omniscient'
  weights: Record<string, number>
}): AiProfile {
  const defaults = defaultWeights(fields.personality)
  const edits = Object.entries(fields.weights).filter(
    ([key, value]) => Object.hasOwn(defaults, key) && value !== defaults[key]
  )
  const profile: AiProfile = {
    personality: fields.personality,
    level: fields.level,
    knowledge: fields.knowledge,
    ...(edits.length ? { weights: Object.fromEntries(edits) } : {})
  }
  return aiProfileSchema.parse(profile)
}

/** The state with figure `figureId`'s AI profile set (null removes it: the defaults apply). */
export function withAiProfile(
  state: EncounterState,
  figureId: string,
  profile: AiProfile | null
): EncounterState {
  if (!state.combatants.some((c) => c.id === figureId)) throw new Error(`no figure ${figureId}`)
  const checked = profile === null ? null : aiProfileSchema.parse(profile)
  return {
    ...state,
    combatants: state.combatants.map((c) => {
      if (c.id !== figureId) return c
      const { ai: _old, ...rest } = c
      return checked ? { ...rest, ai: checked } : rest
    })
  }
}
