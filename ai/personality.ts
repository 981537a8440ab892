import { z } from 'zod'

/**
 * Weights of the scoring terms (ai.md §7.1) plus the few numbers of a personality's rules (morale):
 * a personality is data, so a GM can edit it (`personalitySchema`) and the bench can tune it.
 */
export interface Personality {
  id: string
  /** Value of expected damage, as a fraction of the target's life. */
  damage: number
  /** Value of the chance to take the target out with this action. */
  kill: number
  /** Value of a control effect (stun, push, guard...) as the odds' headlines report its chance. */
  control: number
  /** How much a target's own threat (its expected damage against this figure) raises its value. */
  targetThreat: number
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
  /** Cost of the reactions a move provokes: per reaction, plus their expected damage as a life fraction. */
  provoked: number
  /** Cost of the expected damage enemies can bring to the end square next turn, as a life fraction. */
  risk: number
  /** Cost of the actor's own expected damage from its action (a fall after a jump), as a life fraction. */
  selfDamage: number
  /** Hard level: value of ending on the square opposite an ally across an enemy (a flank pair). */
  flank: number
  /** Hard level: value of hitting a target allies can also reach this round (focus fire). */
  focus: number
  /** Hard level: cost of expected damage beyond the target's life (wasted), as a fraction of it. */
  overkill: number
  /** Value of standing next to the ward (the weakest ally) and between it and the enemy. */
  protect: number
  /** Cost of ending within an enemy's reach plus one (casters keep their distance). */
  keepAway: number
  /** Extra value of an attack made from out of the target's melee reach (ranged), per unit of value. */
  ranged: number
  /** Value of a retreat square (Wesnoth-style: few enemies can reach it, far from them) while fleeing. */
  flee: number
  /** Morale: flees below this fraction of its life (0 = never). */
  fleeBelow: number
  /** Morale: flees once this fraction of its allies are out (above 1 = never). */
  fleeAlliesOut: number
  /** 1 = plays as a team at Hard (focus, overkill, flank); 0 = never (mindless). */
  teamwork: number
  /** Hard level, against enemies with area actions: cost per ally within 2 squares of the end (spread.ts). */
  spread: number
}

const base: Omit<Personality, 'id'> = {
  damage: 1,
  kill: 1,
  control: 0.4,
  targetThreat: 0.3,
  setupDiscount: 0.95,
  moveCost: 0.01,
  approach: 0.02,
  approachCap: 0.2,
  followUp: 0.5,
  faceEnemy: 0.001,
  provoked: 0.35,
  risk: 0.05,
  selfDamage: 1,
  flank: 0.1,
  focus: 0.2,
  overkill: 0.3,
  protect: 0,
  keepAway: 0,
  ranged: 0,
  flee: 0,
  fleeBelow: 0,
  fleeAlliesOut: 2,
  teamwork: 1,
  spread: 0.1
}

/** Brute: goes for damage and kills, barely minds its own risk, never flees (ai.md §7.1 Personalities). */
export const brute: Personality = { id: 'brute', ...base, spread: 0 }

/** Skirmisher: minds the end square (hit and fade), values flanks, avoids reactions. */
export const skirmisher: Personality = {
  id: 'skirmisher',
  ...base,
  risk: 0.5,
  provoked: 0.6,
  flank: 0.3,
  setupDiscount: 0.85
}

/** Coward: fights while healthy, flees to the safest square below a third of its life or when allies fall. */
export const coward: Personality = {
  id: 'coward',
  ...base,
  risk: 0.3,
  provoked: 0.5,
  flee: 1,
  fleeBelow: 0.35,
  fleeAlliesOut: 0.5
}

/** Caster: keeps beyond enemies' reach, values ranged attacks and control. */
export const caster: Personality = {
  id: 'caster',
  ...base,
  risk: 0.4,
  provoked: 0.6,
  control: 0.6,
  keepAway: 0.3,
  ranged: 0.3
}

/** Protector: stays by its weakest ally and between it and the enemy. */
export const protector: Personality = { id: 'protector', ...base, risk: 0.1, protect: 0.3 }

/** Mindless: Into-the-Breach-style nearest/most damage; no risk, no reactions, no teamwork. */
export const mindless: Personality = {
  id: 'mindless',
  ...base,
  control: 0,
  targetThreat: 0,
  provoked: 0,
  risk: 0,
  selfDamage: 0,
  flank: 0,
  focus: 0,
  overkill: 0,
  teamwork: 0
}

/** Every built-in personality by id (`ai.personality.<id>` in the catalogues). */
export const personalities: Record<string, Personality> = {
  brute,
  skirmisher,
  coward,
  caster,
  protector,
  mindless
}

/** The built-in personality ids, in menu order. */
export const personalityIds = ['brute', 'skirmisher', 'coward', 'caster', 'protector', 'mindless'] as const

const weight = z.number().min(-10).max(10)
const fraction = z.number().min(0).max(2)

/** A whole personality as a GM edits it (zod; weights bounded so a typo cannot make the AI absurd). */
export const personalitySchema = z.strictObject({
  id: z.string().min(1).max(40),
  damage: weight,
  kill: weight,
  control: weight,
  targetThreat: weight,
  setupDiscount: fraction,
  moveCost: weight,
  approach: weight,
  approachCap: weight,
  followUp: weight,
  faceEnemy: weight,
  provoked: weight,
  risk: weight,
  selfDamage: weight,
  flank: weight,
  focus: weight,
  overkill: weight,
  protect: weight,
  keepAway: weight,
  ranged: weight,
  flee: weight,
  fleeBelow: fraction,
  fleeAlliesOut: fraction,
  teamwork: z.number().min(0).max(1),
  // Optional: personalities saved before the spread term existed still load.
  spread: weight.optional()
})

/** A figure's weight edits (`AiProfile.weights`): any subset of a personality's numbers. */
export const personalityWeightsSchema = personalitySchema.omit({ id: true }).partial()
