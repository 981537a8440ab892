import { z } from 'zod'
import type { EncounterState } from '../../core/types'

// Every [REC]/[GAP-PUB]/[PLACEHOLDER]/GM point of hq2.md, as data. An encounter stores only its overrides
// in `state.settings`; `readSettings` merges them over the defaults and validates. GM points that arise
// while an attack is declared are decision requests (decisions.ts); their defaults live here or there.

const int = z.number().int()
const square = z.strictObject({ x: int, y: int })

/** The HQ2 settings, all keys required once merged over the defaults. */
export const settingsSchema = z.strictObject({
  /** hq2.md §2 [GAP-PUB] G6: diagonal steps (Chebyshev, cost 1) instead of orthogonal only. */
  allowDiagonalMove: z.boolean(),
  /**
   * [GAP] hq2.md is silent on walls drawn on square edges: a diagonal step past a corner that a wall or
   * closed door touches is refused (`strict`, like Pathfinder) or refused only when both ways round the
   * corner are shut (`loose`).
   */
  wallCorner: z.enum(['strict', 'loose']),
  /**
   * hq2.md §3.1 [REC]: a controller may interleave its beings (move A, attack with B, act with A again);
   * this GM option makes them act one after another instead.
   */
  strictSequentialBeings: z.boolean(),
  /** hq2.md §3.2 / A8 [REC]: a sub-group moves at the minimum MP of its members, or each at its own. */
  subgroupMovement: z.enum(['slowest', 'individual']),
  /** hq2.md §2 G5 [REC]: an attacker turns to face its target (facing = last attack direction). */
  faceTargetOnAttack: z.boolean(),
  /** hq2.md §2 G5 GM override: the active being may turn for free (off: facing follows moves and attacks). */
  freeFacing: z.boolean(),
  /** hq2.md §2 G4 [REC]: ranged attacks need a line of sight (walls block it, figures do not). */
  requireLineOfSight: z.boolean(),
  /** Not in the source: attacks on beings of the attacker's own side are refused. */
  friendlyFire: z.boolean(),
  /** hq2.md §4.4 [TEXT L63–65]: size of the positional penalty/bonus (higher/lower ground, cover). */
  positionalModifier: int.min(0).max(20),
  /** hq2.md §4.2 G-3 lighting: the whole board is dark. */
  darkness: z.boolean(),
  /** hq2.md §4.2 G-3 lighting map: dark squares (a fight touching one is fought in darkness). */
  darkSquares: z.array(square).max(40000),
  /** hq2.md §4.4 / §6: glare or low visibility (fog, dusk) on this board; the BM sets the penalty (G-1). */
  lowVisibility: z.boolean(),
  /** hq2.md §4.5 / §6: the medium; in water, heavy armor takes the armor penalty and aquatic armor the bonus. */
  medium: z.enum(['air', 'water']),
  /** hq2.md §4.4 G-12: a tunnel or narrow place (long weapons take the weapon penalty). */
  cramped: z.boolean(),
  /** hq2.md §2 / G-9: missile penalty beyond half the weapon's range (null = off, the default). */
  longRangePenalty: int.min(0).max(10).nullable(),
  /** hq2.md G-1 / G-2: ask the BM for extra attack and defense modifiers on every attack. */
  askExtraModifiers: z.boolean(),
  /** hq2.md §4.6 / G-4: ask for a dice multiplier when a pool has more dice than this. */
  multiplierPromptAbove: int.min(1).max(100000),
  /** hq2.md §4.6: convenience: above this many dice the default multiplier is `autoMultiplier` (null = off). */
  autoMultiplierAbove: int.min(1).max(100000).nullable(),
  /** hq2.md §4.6: the multiplier chosen by `autoMultiplierAbove`. */
  autoMultiplier: int.min(1).max(1000),
  /** hq2.md §4.6 [TEXT L79]: multipliers above this distort the roll (a warning, not a limit). */
  multiplierWarnAbove: int.min(1).max(1000),
  /**
   * hq2.md §4.6 / A3 [REC]: when N is not divisible by k, the N mod k dice left over roll at ×1
   * (`plainDice`, mean exact), or N/k is rounded down or up to whole scaled dice.
   */
  multiplierRemainder: z.enum(['plainDice', 'roundDown', 'roundUp']),
  /** hq2.md §4.2 step 2 / A1 [REC]: floor once after every factor, or after each factor in turn. */
  totalRounding: z.enum(['floorOnce', 'floorEachFactor']),
  /** hq2.md §4.8 G3 [PLACEHOLDER]: a check rolls this many combat dice plus the skill score; skulls = points. */
  skillCheckBaseDice: int.min(0).max(50),
  /** hq2.md §4.8 [TEXT L114]: each point of a Dodge check stops this many skulls. */
  dodgeSkullsPerPoint: int.min(1).max(100),
  /** hq2.md §4.8 G-5 [REC]: Juggling as Dodge, this many skulls per point. */
  jugglingSkullsPerPoint: int.min(1).max(100),
  /** hq2.md §4.8 [TEXT L118]: Acrobatics difficulty is skulls / this. */
  acrobaticsSkullsPerPoint: int.min(1).max(100),
  /** hq2.md §4.8 / A6 [REC]: rounding of skulls / points into difficulty. */
  difficultyRounding: z.enum(['ceil', 'floor']),
  /** hq2.md §4.8 / A6: Acrobatics damage, capped mode [REC] or the literal reading. */
  acrobaticsDamage: z.enum(['capped', 'literal']),
  /** hq2.md §4.8 / G-6 [REC]: stunt points the BM adds by default when a displacement is declared. */
  displacementStuntPoints: int.min(0).max(20),
  /** hq2.md §4.8: the longest acrobatic displacement a defender may declare, in squares. */
  maxAcrobaticDisplacement: int.min(0).max(10),
  /** hq2.md §3.2 / G-7 [REC]: extra difficulty per previous counter-attack attempt this round. */
  counterRepeatPenalty: int.min(0).max(20),
  /** hq2.md G-8 [REC]: fall damage per point a large acrobatics failure missed by (0 = none). */
  fallDamagePerPoint: int.min(0).max(100),
  /**
   * hq2.md §4.8 / G-8: which failed checks can end in a fall: the counter-attack's (where the text puts it,
   * L123) or every acrobatics check (defense and maneuver too).
   */
  fallDamageScope: z.enum(['counter', 'acrobatics']),
  /** hq2.md G-8 [REC]: a failure is "large" when it misses by at least this many points. */
  largeFailureMargin: int.min(1).max(20),
  /** hq2.md §4.8 / G-6: surprise attack bonus after an acrobatic maneuver that does not land behind. */
  surpriseAttackBonus: int.min(0).max(50),
  /** hq2.md §4.2 [TEXT L70, L100]: Total Attack factor of Apuñalar from behind. */
  stabMultiplier: int.min(1).max(10),
  /** hq2.md §3.2 [PLACEHOLDER]: Cargar "boosts damage"; the size is in the missing Skills chapter. */
  chargeAttackBonus: int.min(0).max(50),
  /** hq2.md §3.2 [PLACEHOLDER]: a charge runs at least this many squares in a straight line. */
  chargeMinSquares: int.min(1).max(20),
  /** hq2.md §3.2 [REC]: the longest extraordinary displacement of Acrobacias / Moverse en silencio. */
  maneuverMaxSquares: int.min(1).max(20),
  /** hq2.md G-6 [REC]: default difficulty per square of an acrobatic or silent maneuver (BM decides). */
  maneuverDifficultyPerSquare: int.min(0).max(10),
  /** hq2.md §3.2 / A10 [REC]: the attack after a maneuver may be a multi-attack (its bonus on the first only). */
  maneuverMultiAttack: z.boolean(),
  /** hq2.md A7 [REC]: Lucha a ciegas used in the defender's last turn also spares its Defense the darkness. */
  blindFightingProtectsDefense: z.boolean(),
  /** hq2.md §4.3 [REC]: an unlocated attacker denies defense from behind or at range, or always. */
  unlocatedNoDefense: z.enum(['behindOrRanged', 'always']),
  /**
   * hq2.md §4.3 / G-3 [PLACEHOLDER]: default difficulty (BM decides) of an Esconderse en las sombras check;
   * the Skills chapter with the real procedure is not in the source (G3).
   */
  hideDifficulty: int.min(0).max(30),
  /** hq2.md §4.3 / G-3 [PLACEHOLDER]: default difficulty (BM decides) of a Percepción check. */
  perceptionDifficulty: int.min(0).max(30),
  /** Not in the source: a being without Percepción may still try it on the base dice alone. */
  perceptionUntrained: z.boolean(),
  /** hq2.md G-10: BM beings are offered only the basic defense. */
  bmBasicDefenseOnly: z.boolean(),
  /**
   * hq2.md §5 [GAP-PUB]: a hero brought to 0 Body is dying, and the base game lets an immediate healing
   * potion save it: a carried potion (stats.healingPotions) is drunk at once.
   */
  dyingHeroDrinksPotion: z.boolean(),
  /** hq2.md §5 [PLACEHOLDER]: Body a healing potion restores (the base game's potion cards are not in the source). */
  potionBody: int.min(1).max(1000)
})

/** Fully merged HQ2 settings. */
export type Hq2Settings = z.infer<typeof settingsSchema>

/** The defaults: the digest's recommendations, gap fills and placeholders. */
export const defaultSettings: Hq2Settings = {
  allowDiagonalMove: false,
  wallCorner: 'strict',
  strictSequentialBeings: false,
  subgroupMovement: 'slowest',
  faceTargetOnAttack: true,
  freeFacing: false,
  requireLineOfSight: true,
  friendlyFire: false,
  positionalModifier: 5,
  darkness: false,
  darkSquares: [],
  lowVisibility: false,
  medium: 'air',
  cramped: false,
  longRangePenalty: null,
  askExtraModifiers: false,
  multiplierPromptAbove: 30,
  autoMultiplierAbove: null,
  autoMultiplier: 10,
  multiplierWarnAbove: 10,
  multiplierRemainder: 'plainDice',
  totalRounding: 'floorOnce',
  skillCheckBaseDice: 2,
  dodgeSkullsPerPoint: 10,
  jugglingSkullsPerPoint: 10,
  acrobaticsSkullsPerPoint: 5,
  difficultyRounding: 'ceil',
  acrobaticsDamage: 'capped',
  displacementStuntPoints: 1,
  maxAcrobaticDisplacement: 3,
  counterRepeatPenalty: 1,
  fallDamagePerPoint: 5,
  fallDamageScope: 'counter',
  largeFailureMargin: 2,
  surpriseAttackBonus: 5,
  stabMultiplier: 2,
  chargeAttackBonus: 5,
  chargeMinSquares: 2,
  maneuverMaxSquares: 4,
  maneuverDifficultyPerSquare: 1,
  maneuverMultiAttack: true,
  blindFightingProtectsDefense: true,
  unlocatedNoDefense: 'behindOrRanged',
  hideDifficulty: 1,
  perceptionDifficulty: 1,
  perceptionUntrained: true,
  bmBasicDefenseOnly: true,
  dyingHeroDrinksPotion: true,
  potionBody: 10
}

const cache = new WeakMap<object, Hq2Settings>()

/** The encounter's settings merged over the defaults; invalid overrides throw a zod error. */
export function readSettings(state: Pick<EncounterState, 'settings'>): Hq2Settings {
  const hit = cache.get(state.settings)
  if (hit) return hit
  const merged = settingsSchema.parse({ ...defaultSettings, ...state.settings })
  cache.set(state.settings, merged)
  return merged
}

/** Dice a pool is rolled with by default (hq2.md §4.6 / G-4): 1, or the auto multiplier above its threshold. */
export function defaultMultiplier(settings: Hq2Settings, dice: number): number {
  const above = settings.autoMultiplierAbove
  return above !== null && dice > above ? Math.min(settings.autoMultiplier, Math.max(1, dice)) : 1
}

/** Scaled dice (×k) and plain dice (×1) for N dice at multiplier k (hq2.md §4.6, A3). */
export function splitPool(settings: Hq2Settings, dice: number, k: number): { scaled: number; plain: number } {
  if (settings.multiplierRemainder === 'roundUp') return { scaled: Math.ceil(dice / k), plain: 0 }
  if (settings.multiplierRemainder === 'roundDown') return { scaled: Math.floor(dice / k), plain: 0 }
  return { scaled: Math.floor(dice / k), plain: dice % k }
}

/** Skulls / per rounded into difficulty points (hq2.md §4.8, A6). */
export function difficultyOf(settings: Hq2Settings, skulls: number, per: number): number {
  return settings.difficultyRounding === 'ceil' ? Math.ceil(skulls / per) : Math.floor(skulls / per)
}
