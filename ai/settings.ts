import { ownValue } from '../rules/core/own-key'
import type { Combatant } from '../rules/core/types'
import { brute, personalities, type Personality } from './personality'
import type { AiSettings } from './types'

/**
 * A personality by id, with a figure's weight edits laid over it; an unknown id plays as a brute (an id
 * from a file may be any text, `constructor` included: only the registry's own entries count).
 */
export function personalityOf(id: string | undefined, weights?: Record<string, number>): Personality {
  const base = (id !== undefined && ownValue(personalities, id)) || brute
  if (!weights) return base
  const edited: Personality = { ...base }
  for (const [key, value] of Object.entries(weights)) {
    // Only numeric weights the personality has: an edit cannot add a term or rename the personality.
    if (key !== 'id' && typeof (base as unknown as Record<string, unknown>)[key] === 'number') {
      ;(edited as unknown as Record<string, number>)[key] = value
    }
  }
  return edited
}

/** How the AI plays `figure`: its profile, then any override (a simulation's forced level). */
export function settingsFor(figure: Combatant | undefined, override: Partial<AiSettings> = {}): AiSettings {
  const profile = figure?.ai ?? {}
  return {
    level: override.level ?? profile.level ?? 'normal',
    personality: override.personality ?? personalityOf(profile.personality, profile.weights),
    knowledge: override.knowledge ?? profile.knowledge ?? 'fair'
  }
}
