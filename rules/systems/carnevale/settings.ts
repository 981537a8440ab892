import { z } from 'zod'
import type { EncounterState } from '../../core/types'

// Every [GAP-PUB]/[GAP]/[REC]/[PLACEHOLDER] point of carnevale.md as data, plus the [TEXT] numbers a table
// may want to house-rule (so they are named once, not scattered as literals). An encounter stores only its
// overrides in `state.settings`; `readSettings` merges them over the defaults and validates.

const int = z.number().int()
const inches = z.number().min(0).max(48)

/** The Carnevale settings, all keys required once merged over the defaults. */
export const settingsSchema = z.strictObject({
  // §2 dice
  /** §2 [GAP-PUB]: most dice in a roll (attribute ± modifiers is clamped to 0..maxDice). */
  maxDice: int.min(1).max(20),
  /** §2 [GAP-PUB]: a 10 is always an Ace, whatever the target. */
  tenAlwaysAce: z.boolean(),
  /** §2 [GAP-PUB]: a 1 is never an Ace, whatever the target. */
  oneNeverAce: z.boolean(),
  /** §2 [GAP-PUB]: Destiny die 10 with another Ace is a Critical (off: it is a plain Success). */
  criticalsEnabled: z.boolean(),
  /** §2 [GAP-PUB] A2: Destiny die 1 with no Aces is a Fumble (off: it is a plain Fail). */
  fumblesEnabled: z.boolean(),
  /** §2 [GAP-PUB]: the Ace target of a basic roll. */
  basicAceTarget: int.min(2).max(10),
  /** §2 [GAP-PUB], §5.3 [TEXT L78]: the Ace target of both sides of an opposed roll. */
  opposedAceTarget: int.min(2).max(10),
  /** §2 [REC] A4: an opposed roll is Critical when the active Destiny die is 10 and net Aces ≥ this. */
  opposedCriticalNet: int.min(1).max(10),
  /**
   * §2 [REC] A4: when an opposed roll with the active Destiny die on 1 fumbles: 'netZero' (no net Aces, the
   * digest's reading) or 'noActiveAces' (the active side rolled no Aces at all).
   */
  opposedFumble: z.enum(['netZero', 'noActiveAces']),
  // §3 board
  /** §3 [GAP] A9: DEX bonus of a target in cover (the source never gives the number). */
  coverDexBonus: int.min(0).max(5),
  /** §3 [TEXT L17]: enemies in base contact from which a character is crowded. */
  crowdingThreshold: int.min(1).max(10),
  /** §3 [TEXT L17]: the DEX penalty of a crowded character. */
  crowdingDexPenalty: int.min(0).max(5),
  /** §3 [TEXT L13] (b): both bases within this distance and touching the same low obstacle. */
  obstacleContactDistance: inches,
  /** §3 [TEXT L13] (b): the tallest obstacle that still gives base contact across it. */
  obstacleContactMaxHeight: inches,
  /** §3 [TEXT L15] (c) A7: the largest vertical gap between bases that still counts as contact. */
  verticalContactTolerance: inches,
  /** §3 [REC] A7: vertical contact also needs the bases to overlap or touch in plan view. */
  verticalContactNeedsOverlap: z.boolean(),
  /** §3 [GAP-PUB]: distances run between the closest points of the bases (or centre to centre). */
  measureFrom: z.enum(['baseEdges', 'centres']),
  /** §3 [REC]: true line of sight from any point of the base (or from the centre only). */
  lineOfSightFrom: z.enum(['anyPointOfBase', 'centre']),
  // §4 activations
  /** §4 [GAP-PUB]: most AP a character may spend in one activation. */
  maxApPerActivation: int.min(1).max(10),
  /** §4 [GAP-PUB, unverified]: AP of a Move or Jump action. */
  moveApCost: int.min(0).max(5),
  /** §4 [GAP-PUB, unverified]: a Move action goes up to MOV × this many inches. */
  moveMovMultiplier: z.number().min(0).max(4),
  /** §3–4 [GAP-PUB] [PLACEHOLDER]: each inch climbed up or down a building or wall costs this many inches. */
  moveClimbFactor: z.number().min(0).max(4),
  /** §6 [GAP-PUB] [PLACEHOLDER]: each inch swum costs this many inches of movement. */
  moveSwimFactor: z.number().min(1).max(4),
  /**
   * §4 table "Move (and Jump)", [TEXT L34, L53] name a Jump action but the source gives no distance
   * ([GAP-PUB] [PLACEHOLDER]): the longest plan length of one leap, in inches (never more than the Move's).
   */
  jumpMaxInches: inches,
  /** §4 [REC]: how much higher than its take-off a jump may land, in inches (0: level or down only). */
  jumpMaxRise: inches,
  /** §3 [GAP] [REC]: the height a jump drops is a fall (falling.ts rules; landing in water per its setting). */
  jumpDropFalls: z.boolean(),
  /**
   * §4 [GAP-PUB]: who opens each round. 'rollOffAlternate': a d10 roll-off as the encounter starts, the
   * winner opens round 1 and the sides take turns opening the next ones; 'rollOffWinner': the winner opens
   * every round; 'sideOrder': no roll, the first listed side opens every round.
   */
  roundOpener: z.enum(['rollOffAlternate', 'rollOffWinner', 'sideOrder']),
  /** §4 [TEXT L23]: a charge is "from the sky" when the action started at least this high above the enemy. */
  chargeFromSkyHeight: inches,
  /** §4 [TEXT L23]: the Penetration a charge from the sky adds to its AoO. */
  chargeFromSkyPenetration: int.min(-10).max(0),
  /** §4 A3 [REC]: a granted AoO (the charge's included) may be declined. */
  aooOptional: z.boolean(),
  /** §4 [REC] A11: how deep AoOs triggered by fumbled AoOs may nest. */
  aooNestingLimit: int.min(0).max(5),
  /** §4 A8 [REC]: Guard AoOs go before the charge AoO whenever the action ended in contact with anyone. */
  guardFirstOnAnyContact: z.boolean(),
  /** §4 [TEXT L29]: extra inches of a Critical disengage. */
  disengageCriticalInches: int.min(0).max(6),
  // §5.1 combat
  /** §5.1 step 6 [GAP-PUB]: the Ace target of Protection rolls. */
  protectionAceTarget: int.min(2).max(10),
  /** §5.1 step 6 [GAP-PUB]: extra Aces of a Critical Protection roll. */
  protectionCriticalAces: int.min(0).max(5),
  /** §5.1 step 6 [GAP-PUB]: extra Damage of a fumbled Protection roll. */
  protectionFumbleDamage: int.min(0).max(5),
  /** §5.1 [TEXT L46] A12: Life a Critical attack takes beyond its Damage. */
  criticalLifeLoss: int.min(0).max(5),
  /** §5.1 A12 [REC]: that Life is direct, not reduced by Protection (off: it is 1 more Damage). */
  criticalLifeIgnoresProtection: z.boolean(),
  /** §5.1 [TEXT L47]: Life the attacker loses on a fumbled Combat action. */
  fumbleSelfLifeLoss: int.min(0).max(5),
  // §5.3 grapple
  /** §5.3–5.4 [TEXT L78, L95]: extra ATTACK dice for the larger base (grapple and drown). */
  largerBaseDice: int.min(0).max(3),
  /** §5.3 [TEXT L78]: Grapple is rolled "without modifiers": conditions such as Stunned do not change it. */
  grappleIgnoresModifiers: z.boolean(),
  /**
   * §5.3 [TEXT L80]: inches a Success or Critical grapple moves the target before the Aces. Whole inches,
   * like the per-Ace step, so the push law keeps integer values and its expectation stays exact.
   */
  grappleBaseInches: int.min(0).max(12),
  /** §5.3 [TEXT L80]: extra inches per net Ace. */
  grappleInchesPerAce: int.min(0).max(6),
  /** §5.3 A5 [REC]: the push is "up to" the distance (else exactly it). */
  grapplePushUpTo: z.boolean(),
  /**
   * §5.3 [TEXT L83]: a fumbled grapple is made by the target instead "with the same dice result": the two
   * pools swap roles ('sameDice', the target's Destiny die judging it), or nothing happens ('none').
   */
  grappleFumble: z.enum(['sameDice', 'none']),
  // §5.4 drown
  /** §5.4 A6 [REC]: the attribute both sides roll for Drown. */
  drownAttribute: z.enum(['att', 'dex']),
  /** §5.4 [TEXT L99]: Life lost on a Success before the net Aces. */
  drownSuccessLife: int.min(0).max(10),
  /** §5.4 [TEXT L101]: Life lost on a Critical before the net Aces. */
  drownCriticalLife: int.min(0).max(10),
  /** §5.4 [TEXT L102]: Life the attacker loses on a fumbled Drown. */
  drownFumbleSelfLife: int.min(0).max(10),
  // §6–7 health and counters
  /** §7 [GAP] A9 [REC]: dice a Stunned character loses from each of its rolls. */
  stunnedDicePenalty: int.min(0).max(5),
  /** §7 [REC]: Stunned lasts until the end of the character's next activation (else the end of the round). */
  stunnedUntil: z.enum(['endOfNextActivation', 'endOfRound']),
  /** §3, §5.3 [GAP] [PLACEHOLDER]: falls shorter than this (inches) do no harm; Caída [L85] is not given. */
  fallSafeHeight: inches,
  /** §3 [GAP] [PLACEHOLDER]: Damage per full inch fallen, from the first inch, once the fall is unsafe. */
  fallDamagePerInch: int.min(0).max(5),
  /** §3 [GAP] [PLACEHOLDER]: the faller rolls Protection against falling Damage. */
  fallProtectionRoll: z.boolean(),
  /** §3, §6 [GAP] [PLACEHOLDER]: falling into water does no harm. */
  fallIntoWaterSafe: z.boolean()
})

/** Fully merged Carnevale settings. */
export type CarnevaleSettings = z.infer<typeof settingsSchema>

/** The defaults: the digest's [TEXT] numbers and [REC]/[GAP-PUB] readings. */
export const defaultSettings: CarnevaleSettings = {
  maxDice: 10,
  tenAlwaysAce: true,
  oneNeverAce: true,
  criticalsEnabled: true,
  fumblesEnabled: true,
  basicAceTarget: 7,
  opposedAceTarget: 7,
  opposedCriticalNet: 2,
  opposedFumble: 'netZero',
  coverDexBonus: 1,
  crowdingThreshold: 3,
  crowdingDexPenalty: 1,
  obstacleContactDistance: 1,
  obstacleContactMaxHeight: 1,
  verticalContactTolerance: 1,
  verticalContactNeedsOverlap: true,
  measureFrom: 'baseEdges',
  lineOfSightFrom: 'anyPointOfBase',
  maxApPerActivation: 3,
  moveApCost: 1,
  moveMovMultiplier: 1,
  moveClimbFactor: 1,
  moveSwimFactor: 2,
  jumpMaxInches: 3,
  jumpMaxRise: 0,
  jumpDropFalls: true,
  roundOpener: 'rollOffAlternate',
  chargeFromSkyHeight: 3,
  chargeFromSkyPenetration: -5,
  aooOptional: true,
  aooNestingLimit: 2,
  guardFirstOnAnyContact: true,
  disengageCriticalInches: 1,
  protectionAceTarget: 7,
  protectionCriticalAces: 1,
  protectionFumbleDamage: 1,
  criticalLifeLoss: 1,
  criticalLifeIgnoresProtection: true,
  fumbleSelfLifeLoss: 1,
  largerBaseDice: 1,
  grappleIgnoresModifiers: true,
  grappleBaseInches: 2,
  grappleInchesPerAce: 1,
  grapplePushUpTo: true,
  grappleFumble: 'sameDice',
  drownAttribute: 'att',
  drownSuccessLife: 2,
  drownCriticalLife: 4,
  drownFumbleSelfLife: 2,
  stunnedDicePenalty: 1,
  stunnedUntil: 'endOfNextActivation',
  fallSafeHeight: 3,
  fallDamagePerInch: 1,
  fallProtectionRoll: true,
  fallIntoWaterSafe: true
}

/** Overrides merged over the defaults; invalid overrides throw a zod error. */
export function carnevaleSettings(overrides: Record<string, unknown> = {}): CarnevaleSettings {
  return settingsSchema.parse({ ...defaultSettings, ...overrides })
}

const cache = new WeakMap<object, CarnevaleSettings>()

/** The encounter's settings merged over the defaults (cached per settings object). */
export function readSettings(state: Pick<EncounterState, 'settings'>): CarnevaleSettings {
  const hit = cache.get(state.settings)
  if (hit) return hit
  const merged = carnevaleSettings(state.settings)
  cache.set(state.settings, merged)
  return merged
}
