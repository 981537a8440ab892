import { z } from 'zod'
import type { EncounterState } from '../../core/types'

// Every [REC]/[GAP]/[PLACEHOLDER]/GM point of minecraft.md, as data. An encounter stores only its
// overrides in `state.settings`; `readSettings` merges them over the defaults and validates.

const int = z.number().int()

/** One row of the distance-modifier table: applies to d ≤ upTo (null = any larger d). */
const distanceBandSchema = z.strictObject({ upTo: int.min(0).nullable(), md: int })

/** The Minecraft settings, all keys required once merged over the defaults. */
export const settingsSchema = z.strictObject({
  /** minecraft.md §3 [REC] / A13: sides take whole turns, or alternate single activations. */
  turnMode: z.enum(['sideTurns', 'alternateActivations']),
  /** minecraft.md §3 [PLACEHOLDER] G-7: AP per figure per turn (a figure's stats may override). */
  apPerTurn: int.min(0).max(50),
  /** minecraft.md §3 [PLACEHOLDER] G-7: AP per square moved. */
  moveCostPerSquare: int.min(1).max(50),
  /**
   * [GAP] minecraft.md is silent on walls drawn on square edges: a diagonal step or knockback past a corner
   * that a wall or closed door touches is refused (`strict`, the default) or only when both ways round the
   * corner are shut (`loose`).
   */
  wallCorner: z.enum(['strict', 'loose']),
  /** minecraft.md §2 / A13 [GAP] (movement post): most blocks a figure climbs in one step. */
  maxStepUp: int.min(0).max(20),
  /** minecraft.md §2 / G-7 [GAP]: extra AP per block climbed (on top of moveCostPerSquare). */
  climbCostPerBlock: int.min(0).max(50),
  /** minecraft.md §4.2 step 5 / G-4 [GAP]: the largest drop that is a plain step, not a fall. */
  maxDropWithoutFall: int.min(0).max(100),
  /** minecraft.md G-4 [GAP]: a move may step off a higher drop (a fall); off = such steps are refused. */
  voluntaryFalls: z.boolean(),
  /** minecraft.md G-4: the proposed fall damage, in life per block beyond maxDropWithoutFall (default 0). */
  fallDamagePerBlock: int.min(0).max(20),
  /** minecraft.md G-4: the GM enters each fall's damage (a decision request); off = the proposal applies. */
  askFallDamage: z.boolean(),
  /** minecraft.md §3 [TEXT L15]: melee attack cost. */
  meleeAp: int.min(0).max(50),
  /** minecraft.md §3 [TEXT L15]: ranged attack cost. */
  rangedAp: int.min(0).max(50),
  /** minecraft.md §2 [TEXT L66]: maximum ranged distance d. */
  maxRange: int.min(1).max(400),
  /** minecraft.md §8 A5 / G-2: shots at a lower target may exceed maxRange. */
  downhillBeyondMax: z.boolean(),
  /** minecraft.md G-2: a cap for those downhill shots (null = no cap). */
  downhillMaxRange: int.min(1).max(400).nullable(),
  /** minecraft.md §4.3 [PLACEHOLDER] G-1 / A6: Md by distance, first band with d ≤ upTo wins. */
  distanceModifiers: z.array(distanceBandSchema).min(1).max(20),
  /** minecraft.md §4.1 A7 / G-6: which d10 rolls use the natural 1-succeeds / 0-fails rule. */
  autoRuleScope: z.enum(['all', 'meleeHitOnly']),
  /** minecraft.md §4.2 A9 / G-3: a figure in the knockback square is an obstacle (else no push). */
  figuresBlockKnockback: z.boolean(),
  /** minecraft.md G-3: a push into a square higher than this many blocks collides (a block column). */
  knockbackMaxRise: int.min(0).max(20),
  /** minecraft.md §8 A10: knockback (and its impact or fall) before the attack's wound roll. */
  knockbackFirst: z.boolean(),
  /** minecraft.md §4.2 [TEXT L39]: strength of a knockback collision. */
  impactStrength: int.min(0).max(20),
  /** minecraft.md §4.2 A4 [TEXT L54]: bonus to T_hit from the flank. */
  flankBonus: int.min(-10).max(10),
  /** minecraft.md §4.2 A14 [TEXT L58]: a back attack hits without a roll. */
  backAutoHit: z.boolean(),
  /** GM option: bonus to T_hit from the back when backAutoHit is off. */
  backBonus: int.min(-10).max(10),
  /** minecraft.md §8 A12: flank/back also apply to ranged attacks (default: melee only). */
  rangedUsesFacing: z.boolean(),
  /** minecraft.md §2 G-5: a move leaves the figure facing its last step. */
  faceLastStep: z.boolean(),
  /** minecraft.md §2 G-5: an attacker turns to face its target. */
  faceTargetOnAttack: z.boolean(),
  /** minecraft.md §2 G-5: the active figure may set its facing for free. */
  freeFacing: z.boolean(),
  /** minecraft.md §6 [REC]: engaged = an enemy in melee reach (3D) or merely in a neighbouring square. */
  engagedWhen: z.enum(['meleeReach', 'adjacentSquare']),
  /** minecraft.md §2 [REC]: melee needs |Δz| ≤ this. */
  meleeMaxDz: int.min(0).max(20),
  /** minecraft.md §3 [REC]: ranged attacks need a line of sight (blocks block it, figures do not). */
  requireLineOfSight: z.boolean(),
  /** minecraft.md A13 [GAP]: sight runs between points this many blocks above each figure's z. */
  eyeHeight: z.number().min(0).max(10),
  /** Not in the source: attacks on figures of the attacker's own side are refused. */
  friendlyFire: z.boolean()
})

/** Fully merged Minecraft settings. */
export type McSettings = z.infer<typeof settingsSchema>

/** The defaults: the digest's recommendations and placeholders. */
export const defaultSettings: McSettings = {
  turnMode: 'sideTurns',
  apPerTurn: 3,
  moveCostPerSquare: 1,
  wallCorner: 'strict',
  maxStepUp: 1,
  climbCostPerBlock: 1,
  maxDropWithoutFall: 3,
  voluntaryFalls: false,
  fallDamagePerBlock: 0,
  askFallDamage: true,
  meleeAp: 1,
  rangedAp: 2,
  maxRange: 20,
  downhillBeyondMax: true,
  downhillMaxRange: null,
  distanceModifiers: [
    { upTo: 5, md: 1 },
    { upTo: 10, md: 0 },
    { upTo: 15, md: -1 },
    { upTo: 20, md: -2 },
    { upTo: null, md: -3 }
  ],
  autoRuleScope: 'all',
  figuresBlockKnockback: true,
  knockbackMaxRise: 0,
  knockbackFirst: true,
  impactStrength: 4,
  flankBonus: 3,
  backAutoHit: true,
  backBonus: 3,
  rangedUsesFacing: false,
  faceLastStep: true,
  faceTargetOnAttack: true,
  freeFacing: true,
  engagedWhen: 'meleeReach',
  meleeMaxDz: 1,
  requireLineOfSight: true,
  eyeHeight: 1.5,
  friendlyFire: false
}

const cache = new WeakMap<object, McSettings>()

/** The encounter's settings merged over the defaults; invalid overrides throw a zod error. */
export function readSettings(state: Pick<EncounterState, 'settings'>): McSettings {
  const hit = cache.get(state.settings)
  if (hit) return hit
  const merged = settingsSchema.parse({ ...defaultSettings, ...state.settings })
  cache.set(state.settings, merged)
  return merged
}

/** Md for a ranged distance d (minecraft.md §4.3); the last band catches everything beyond. */
export function distanceModifier(settings: McSettings, d: number): number {
  const band = settings.distanceModifiers.find((b) => b.upTo === null || d <= b.upTo)
  return band?.md ?? settings.distanceModifiers[settings.distanceModifiers.length - 1]?.md ?? 0
}
