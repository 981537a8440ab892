/** Weights of the scoring terms (ai.md §7.1); a personality is a weight vector. */
export interface Personality {
  id: string
  /** Value of expected damage, as a fraction of the target's life. */
  damage: number
  /** Value of the chance to take the target out with this action. */
  kill: number
  /** Discount applied to an attack that needs a move first (it may not happen as planned). */
  setupDiscount: number
  /** Cost of each economy point spent on moving (keeps paths short). */
  moveCost: number
  /** Value of closing distance to the nearest enemy when no attack is reachable (per square closed). */
  approach: number
  /** Most an approach is worth, so a long run never outweighs a real attack (PF's ×4 run). */
  approachCap: number
  /** Weight of each further attack the remaining budget allows after this one. */
  followUp: number
  /** Value of turning to face the nearest enemy before ending (denies flank and back attacks). */
  faceEnemy: number
  /** Cost of each enemy reaction a move provokes (PF attacks of opportunity), per the ruleset's move info. */
  provoked: number
}

/** Brute: goes for damage and kills, ignores its own risk (ai.md §7.1 Personalities). */
export const brute: Personality = {
  id: 'brute',
  damage: 1,
  kill: 1,
  setupDiscount: 0.9,
  moveCost: 0.01,
  approach: 0.02,
  approachCap: 0.2,
  followUp: 0.5,
  faceEnemy: 0.001,
  provoked: 0.15
}

export const personalities: Record<string, Personality> = { brute }
