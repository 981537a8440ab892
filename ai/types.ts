import type { Ruleset } from '../rules/core/ruleset'
import type { Action, AiLevel, Command, EncounterState } from '../rules/core/types'
import type { Personality } from './personality'

/** One line a person can read about why the AI did something: an i18n key under `ai.` + params. */
export interface AiReason {
  key: string
  params: Record<string, string | number>
}

/**
 * One signed contribution to an option's score (ai.md §7.1 utility terms): `key` is an i18n key under
 * `ai.term.` (damage, kill, risk, provoked, moveCost, focus, overkill, flee, protect, noise...).
 * The terms of an option add up to its score.
 */
export interface AiTerm {
  key: string
  value: number
}

/** An exact probability the option rests on (`hit`, `wound`, `kill`...: i18n under `odds.`), 0..1. */
export interface AiProbability {
  key: string
  p: number
}

/** A scored candidate, kept for the decision trace. */
export interface AiOption {
  /** The action, or null for ending the activation (or answering, for a decision step). */
  action: Action | null
  score: number
  reason: AiReason
  /** The score's parts; empty only for options that are a single constant (ending the turn). */
  terms: AiTerm[]
  probabilities: AiProbability[]
  /**
   * For an option that lost: the term that cost it most against the chosen one (the chosen option's
   * value of that term minus this option's), so the trace can say "lost on risk by 0.31".
   */
  lostOn?: { key: string; by: number }
}

/** The AI's next step for a figure: the command to send, why, and the options it weighed. */
export interface AiStep {
  command: Command
  reason: AiReason
  /** The chosen option first, then the best others: at most 5, sorted by score. */
  trace: AiOption[]
  /** How many candidates were scored (the trace keeps only the top ones). */
  considered: number
  /** Which policy chose: an AI level (`easy`, `normal`, `hard`) or a baseline id (`focusFire`...). */
  policy: string
  /** The personality whose weights scored it (baselines: their own id). */
  personality: string
}

/** How the AI is to choose: level, weights, and what it may know (ai.md §7.1 decision procedure). */
export interface AiSettings {
  level: AiLevel
  personality: Personality
  knowledge: 'fair' | 'omniscient'
}

/**
 * Anything that picks steps: the AI at a level, or a baseline the bench measures it against. Pure and
 * deterministic: the same state gives the same step (any noise is a hash of the state, never the dice).
 */
export interface Policy {
  id: string
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep
}
