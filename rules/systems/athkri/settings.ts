import { z } from 'zod'
import type { EncounterState } from '../../core/types'
import { damageExpression } from './stats'

// Every [REC]/[GAP-PUB]/GM point of athkri.md, as data. An encounter stores only its overrides in
// `state.settings`; `readSettings` merges them over the defaults and validates.

const int = z.number().int()
const bonus = int.min(-20).max(20)
const level = z.enum(['high', 'mid', 'low'])

/** athkri.md §3 / §5.3: a map square that gives cover to figures behind it (a tree, a carriage, a trench). */
export const obstacleSchema = z.strictObject({
  x: int.min(0).max(199),
  y: int.min(0).max(199),
  cover: z.enum(['light', 'medium', 'large']),
  /** Whether figures may stand in it (a trench) or not (a tree trunk, a carriage). */
  passable: z.boolean()
})

/** athkri.md §5.5 hit locations. */
export const locations = ['legs', 'lowerBody', 'chest', 'arms', 'genitals', 'head'] as const

/** The Athkri settings, all keys required once merged over the defaults. */
export const settingsSchema = z.strictObject({
  /** §2 [GAP-PUB]: the kept die of a roll before reductions. */
  baseDieLevel: level,
  /** §2 [GAP-PUB] A4: a kept 10 adds 10 and is rolled again. */
  explodeOnTen: z.boolean(),
  /** §2: most explosions per roll (null = unlimited; odds stay exact either way). */
  explosionCap: int.min(0).max(50).nullable(),
  /** §2 [GAP-PUB] A4 [REC]: a kept 1 on the first throw is an automatic failure. */
  fumbleOnOne: z.boolean(),
  /** §2 [REC]: a defender's fumble in an opposed roll makes its roll fail. */
  defenderFumbleFails: z.boolean(),
  /** §5.1 [TEXT L29]: penalty per reduction beyond the low die. */
  lowStepPenalty: int.min(0).max(10),
  /** §3 [REC]: distance metric: Chebyshev between footprints, or Euclidean centre to centre. */
  metric: z.enum(['chebyshev', 'euclidean']),
  /** §3 [TEXT L3]: metres per square. */
  metresPerSquare: int.min(1).max(10),
  /** §3 A1 [REC]: Alcance is extra melee reach; or a modifier to melee attack rolls with adjacency reach. */
  alcanceRule: z.enum(['reach', 'attackModifier']),
  /** §3 [REC]: Minúsculo figures per square. */
  tinyPerSquare: int.min(1).max(16),
  /**
   * [GAP] athkri.md is silent on walls drawn on square edges: a diagonal step past a corner that a wall or
   * closed door touches is refused (`strict`, the default) or only when both ways round the corner are shut
   * (`loose`).
   */
  wallCorner: z.enum(['strict', 'loose']),
  /** §3 [REC]: 8-way facing for attacks from behind. */
  facingEnabled: z.boolean(),
  /** §3 [REC]: facing follows the last step of a move. */
  faceLastStep: z.boolean(),
  /** §3 [REC]: an attacker turns toward its target. */
  faceTargetOnAttack: z.boolean(),
  /** §3 [REC] "the GM can set it": a free action to turn. */
  freeFacing: z.boolean(),
  /** §5.3 step 3: cover squares of the map (trees, carriages, trenches). */
  coverObstacles: z.array(obstacleSchema).max(2000),
  /** §5.3 [REC]: ranged attacks need a line of sight (walls block, figures and obstacles do not). */
  requireLineOfSight: z.boolean(),
  /** §4 A2: extra Majors = max(1, floor(I/10)) ('fromTwenty'), or 1 + floor((I − 20)/10) above 20. */
  majorsRule: z.enum(['fromTwenty', 'aboveTwenty']),
  /** §4 A3 [REC]: the extra Majors apply every turn of the combat (else only in round 1). */
  extraMajorsEveryTurn: z.boolean(),
  /** §4 G-2: free actions per turn. */
  freeActionsPerTurn: int.min(0).max(20),
  /** §4 G-5 [TEXT L61]: the GM allows splitting a Major into two. */
  splitActionEnabled: z.boolean(),
  /** §5.1 vs §4 table: a split Major reduces the die one level, or forces the low die. */
  splitMode: z.enum(['reduceOneLevel', 'forceLow']),
  /** §3 [GAP-PUB]: a Minor action walks this fraction of Movimiento. */
  minorMoveFraction: z.number().min(0).max(1),
  /** §4 A17 [GAP-PUB]: the kept die of the initiative roll. */
  initiativeDieLevel: level,
  /** §4 G-1: ties the Iniciativa characteristic leaves are settled by a seeded roll-off (or roster order). */
  initiativeTieBreak: z.enum(['rollOff', 'roster']),
  /** §5.2 [TEXT L65] A12: bonus when enough hostile figures reach the target in melee. */
  flankBonus: bonus,
  /** §5.2 A12: hostile figures (the attacker included) in melee reach of the target for the flank bonus. */
  flankMinAttackers: int.min(2).max(10),
  /** §5.2–5.3 [TEXT L66]: bonus from behind or against an unaware target. */
  backBonus: bonus,
  /** §5.2 [TEXT L59] A18: defenders may roll Agilidad + Esquivar against melee attacks. */
  opposedDodgeEnabled: z.boolean(),
  /** §4 [REC]: the defence taken when the defender does not answer. */
  dodgeDefault: z.enum(['passive', 'dodge']),
  /** §5.3 [TEXT L21–26]: Cobertura by band. */
  bandCover: z.strictObject({ pointBlank: int, short: int, medium: int, long: int }),
  /** §5.3 [TEXT L30–38] A10–A11: situational cover. */
  situationalCover: z.strictObject({
    amongAdjacent: int,
    moving: int,
    prone: int,
    light: int,
    medium: int,
    large: int
  }),
  /** §5.3 [TEXT L65] A13: bonus to the 2nd and later shooters at a target in the same round. */
  volleyBonus: bonus,
  /** §4 [TEXT L55]: penalty to each two-weapon attack. */
  twoWeaponPenalty: int.min(0).max(20),
  /** §4 [TEXT L55]: most armor Estorbo for two-weapon fighting. */
  twoWeaponMaxEstorbo: int.min(0).max(10),
  /** §5.6 [TEXT L56]: bonus after a passed Cabalgar test. */
  mountedBonus: bonus,
  /** §5.6 [TEXT L56–57]: Difficulty of the Cabalgar tests. */
  rideDifficulty: int.min(0).max(60),
  /** §5.6 [TEXT L57]: damage to a thrown rider. */
  throwDamage: damageExpression,
  /** §5.6 [GAP]: the attribute of Cabalgar tests (the skill is `cabalgar`). */
  rideAttribute: z.string().min(1).max(40),
  /** §5.6: the free Cabalgar test is rolled as the rider's activation opens. */
  autoRideCheck: z.boolean(),
  /** §5.6 G-7: an untrained mount flees when its rider loses control. */
  untrainedMountFlees: z.boolean(),
  /** §4 [GAP] Emboscada: the attribute of the Sigilo roll. */
  ambushAttribute: z.string().min(1).max(40),
  /** §6 A6: death at HP ≤ −k × Físico ('hpThreshold') or total damage ≥ k × Físico. */
  deathRule: z.enum(['hpThreshold', 'accumulatedDamage']),
  /** §6 [TEXT L49]: k of the death rule. */
  deathMultiplier: int.min(1).max(20),
  /** §6 [TEXT L45]: Difficulty of the bleed save. */
  bleedDifficulty: int.min(0).max(60),
  /** §6 A8 [REC]: the Malherido reduction applies to bleed saves. */
  malheridoAppliesToBleedSave: z.boolean(),
  /** §6 [TEXT L46]: HP after a successful bleed save. */
  stabilizedHp: int.min(0).max(20),
  /** §6 G-11 [GAP]: a figure may give first aid (primeros auxilios) to a touching ally in combat. */
  firstAidEnabled: z.boolean(),
  /** §4 [GAP]: what first aid costs (the catalogue does not list it; a Major like other actions). */
  firstAidCost: z.enum(['major', 'minor']),
  /** §6 [GAP]: Difficulty of the first-aid test (placeholder; null = it always works). */
  firstAidDifficulty: int.min(0).max(60).nullable(),
  /** §6 [GAP]: the attribute of the first-aid test. */
  firstAidAttribute: z.string().min(1).max(40),
  /** §6 [GAP]: the skill of the first-aid test (0 when untrained). */
  firstAidSkill: z.string().min(1).max(40),
  /** §6 [TEXT L48] [GAP]: the healing first aid gives (placeholder; '0' only stops the bleeding, G-11). */
  firstAidHealing: damageExpression,
  /** §6 [TEXT L44]: NPCs are Malherido below maxHP / this. */
  npcMalheridoDivisor: int.min(1).max(20),
  /** §6 [REC]: unconscious (Indefenso) figures can be attacked. */
  canTargetUnconscious: z.boolean(),
  /** §6 G-8 [TEXT L53–54]: catch breath after combat. */
  catchBreath: z.boolean(),
  /** §6 [TEXT L53]: the catch-breath roll. */
  catchBreathDie: damageExpression,
  /** §6 [TEXT L50]: natural healing multiplier in a sheltered, clean place. */
  shelteredHealingMultiplier: int.min(1).max(10),
  /** §5.5: read the hit location from the attack's target die. */
  hitLocationEnabled: z.boolean(),
  /** §5.5 G-6: extra damage by location (the GM's effects for chest and genitals; none by default). */
  locationDamageBonus: z.strictObject(
    Object.fromEntries(locations.map((l) => [l, bonus])) as Record<(typeof locations)[number], typeof bonus>
  ),
  /** §5.4 G-9: the element list. */
  elements: z.array(z.string().min(1).max(40)).min(1).max(40),
  /** §5.4 G-9: merged elements (e.g. veneno → corrosion and acido → corrosion). */
  elementAliases: z.record(z.string().min(1).max(40), z.string().min(1).max(40)),
  /** §5.4 [REC]: weak and resistant to the same element cancel out (else both apply). */
  weakResistCancel: z.boolean(),
  /** §8 G-3, G-4: ask the GM at the table (else apply the defaults silently). */
  gmPrompts: z.enum(['ask', 'auto']),
  /** §8 G-3: largest Cobertura change the GM may make. */
  coverAdjustMax: int.min(0).max(30),
  /** §8 G-4: largest ambush bonus the GM may give. */
  ambushBonusMax: int.min(0).max(30),
  /** Not in the source: attacks on figures of the attacker's own side are refused. */
  friendlyFire: z.boolean()
})

/** Fully merged Athkri settings. */
export type AthkriSettings = z.infer<typeof settingsSchema>

/** athkri.md §5.4 [TEXT L77–93]: the ten elements. */
export const ELEMENTS = [
  'fuego',
  'frio',
  'relampago',
  'veneno',
  'acido',
  'fuerza',
  'impio',
  'radiante',
  'sonico',
  'psiquico'
] as const

/** The defaults: the digest's recommendations. */
export const defaultSettings: AthkriSettings = {
  baseDieLevel: 'mid',
  explodeOnTen: true,
  explosionCap: null,
  fumbleOnOne: true,
  defenderFumbleFails: true,
  lowStepPenalty: 2,
  metric: 'chebyshev',
  metresPerSquare: 2,
  alcanceRule: 'reach',
  tinyPerSquare: 4,
  wallCorner: 'strict',
  facingEnabled: true,
  faceLastStep: true,
  faceTargetOnAttack: true,
  freeFacing: false,
  coverObstacles: [],
  requireLineOfSight: true,
  majorsRule: 'fromTwenty',
  extraMajorsEveryTurn: true,
  freeActionsPerTurn: 3,
  splitActionEnabled: false,
  splitMode: 'reduceOneLevel',
  minorMoveFraction: 0.5,
  initiativeDieLevel: 'mid',
  initiativeTieBreak: 'rollOff',
  flankBonus: 2,
  flankMinAttackers: 2,
  backBonus: 4,
  opposedDodgeEnabled: true,
  dodgeDefault: 'passive',
  bandCover: { pointBlank: 10, short: 15, medium: 20, long: 25 },
  situationalCover: { amongAdjacent: 2, moving: 3, prone: 5, light: 2, medium: 4, large: 6 },
  volleyBonus: 2,
  twoWeaponPenalty: 4,
  twoWeaponMaxEstorbo: 1,
  mountedBonus: 2,
  rideDifficulty: 15,
  throwDamage: '1d6+2',
  rideAttribute: 'agilidad',
  autoRideCheck: true,
  untrainedMountFlees: true,
  ambushAttribute: 'agilidad',
  deathRule: 'hpThreshold',
  deathMultiplier: 6,
  bleedDifficulty: 12,
  malheridoAppliesToBleedSave: true,
  stabilizedHp: 1,
  firstAidEnabled: true,
  firstAidCost: 'major',
  firstAidDifficulty: 12,
  firstAidAttribute: 'mente',
  firstAidSkill: 'medicina',
  firstAidHealing: '1d6',
  npcMalheridoDivisor: 4,
  canTargetUnconscious: false,
  catchBreath: true,
  catchBreathDie: '1d6',
  shelteredHealingMultiplier: 2,
  hitLocationEnabled: true,
  locationDamageBonus: { legs: 0, lowerBody: 0, chest: 0, arms: 0, genitals: 0, head: 0 },
  elements: [...ELEMENTS],
  elementAliases: {},
  weakResistCancel: true,
  gmPrompts: 'ask',
  coverAdjustMax: 10,
  ambushBonusMax: 10,
  friendlyFire: false
}

const cache = new WeakMap<object, AthkriSettings>()

/** The encounter's settings merged over the defaults; invalid overrides throw a zod error. */
export function readSettings(state: Pick<EncounterState, 'settings'>): AthkriSettings {
  const hit = cache.get(state.settings)
  if (hit) return hit
  const merged = settingsSchema.parse({ ...defaultSettings, ...state.settings })
  cache.set(state.settings, merged)
  return merged
}
