/**
 * Every code the AI puts in front of a person, so the UI catalogues can be checked for all of them (a
 * test fails on a missing Spanish or English entry). Add a key here when the AI starts using it.
 */

/** `AiReason.key` values: `ai.<key>` in the catalogues. */
export const aiReasonKeys = [
  'attack',
  'advance',
  'approach',
  'approachInches',
  'endTurn',
  'face',
  'answer',
  'failed',
  'reposition',
  'flee',
  'stance',
  'random'
] as const

/** `why` parameter values of attack reasons: `ai.why.<key>`. */
export const aiWhyKeys = ['finish', 'nearest', 'bestOdds', 'control', 'random'] as const

/** `AiTerm.key` values: `ai.term.<key>`. */
export const aiTermKeys = [
  'damage',
  'kill',
  'setup',
  'moveCost',
  'provoked',
  'approach',
  'face',
  'control',
  'targetValue',
  'followUp',
  'ranged',
  'selfDamage',
  'focus',
  'overkill',
  'deferred',
  'flee',
  'risk',
  'protect',
  'keepAway',
  'flank',
  'escape',
  'noise',
  'reply',
  'area',
  'friendlyFire',
  'priority',
  'distance',
  'rollout',
  'spread',
  'sequence'
] as const

/** Personality ids (`ai.personality.<id>`) and levels (`ai.level.<id>`) are in personality.ts and policy.ts. */
