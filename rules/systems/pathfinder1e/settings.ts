import { z } from 'zod'
import type { EncounterState } from '../../core/types'

// Every [SRD]/[REC] interpretation and §8 ambiguity of pathfinder1e.md, as data. An encounter stores only
// its overrides in `state.settings`; `readSettings` merges them over the defaults and validates.

const int = z.number().int()

/** A map square whose terrain the rules read (§2, §4.5, §4.6); walls are `board.blocks`. */
export const terrainSchema = z.strictObject({
  x: int.min(0).max(199),
  y: int.min(0).max(199),
  /**
   * difficult: ×2 to enter (§2). hampering: an obstacle costing 2 extra (§2). pit: impassable but not a
   * corner (diagonals may pass it). lowWall: cover within 30 ft (§4.6). arrowSlit: improved cover (G-3).
   * fog / dark: concealment 20% / total concealment 50% (§4.5). climb: needs a Climb check (G-6).
   */
  kind: z.enum(['difficult', 'hampering', 'pit', 'lowWall', 'arrowSlit', 'fog', 'dark', 'climb']),
  /** G-6: the DC of the skill check an obstacle needs. */
  dc: int.min(0).max(60).optional()
})

/** The Pathfinder settings, all keys required once merged over the defaults. */
export const settingsSchema = z.strictObject({
  /** §2 A5 / G-12 [REC]: a 10-ft reach also threatens the second diagonal (3.5 behaviour). */
  reachDiagonalException: z.boolean(),
  /** §2 A2 [REC]: the 1-2-1 diagonal parity persists across the turn ('turn') or resets each move ('move'). */
  diagonalParity: z.enum(['turn', 'move']),
  /** §2 A3 [REC]: a diagonal into difficult terrain advances the 1-2 alternation. */
  difficultDiagonalCountsForParity: z.boolean(),
  /** §2 G-7: a helpless Large or larger creature costs 2 squares per square crossed. */
  largeHelplessCostsDouble: z.boolean(),
  /** §3.1 [SRD]: initiative ties go to the higher modifier, then a seeded roll-off (G-5) or roster order. */
  initiativeTieBreak: z.enum(['rollOff', 'roster']),
  /** §3.2 G-1: free actions per turn. */
  freeActionsPerTurn: int.min(0).max(20),
  /** §3.4 [SRD]: leaving several squares threatened by one foe gives it one opportunity per move. */
  oneAooPerOpportunity: z.boolean(),
  /** A8 [REC]: readied actions resolve before attacks of opportunity on the same trigger. */
  readiedBeforeAoo: z.boolean(),
  /** §4.1 [SRD]: the penalty for shooting into melee (Precise Shot removes it). */
  shootingIntoMeleePenalty: int.min(0).max(10),
  /** §4.5 G-4: concealment miss chances in percent. */
  concealmentPercent: int.min(0).max(100),
  totalConcealmentPercent: int.min(0).max(100),
  /** §4.6 G-2: cover bonuses (normal, partial, improved). */
  coverAc: z.strictObject({ partial: int, normal: int, improved: int }),
  coverReflex: z.strictObject({ partial: int, normal: int, improved: int }),
  /** §4.7 [SRD]: flanking bonus. */
  flankingBonus: int.min(0).max(10),
  /** §3.2 [TEXT]: charge attack bonus and AC penalty. */
  chargeBonus: int.min(0).max(10),
  chargeAcPenalty: int.min(0).max(10),
  /** §4.7 [SRD]: higher-ground melee bonus. */
  higherGroundBonus: int.min(0).max(5),
  /** §4.10 A4 / tripStrict: trip succeeds only if the check exceeds the CMD (the text) instead of ≥. */
  tripStrict: z.boolean(),
  /** A10 [REC]: +2 to the CMD per leg beyond two against trip and overrun. */
  extraLegCmdBonus: int.min(0).max(10),
  /** §5 G-9 [TEXT L257]: the massive damage rule. */
  massiveDamage: z.boolean(),
  /** §5 [TEXT L257]: massive damage threshold floor (50) and its Fort DC (15). */
  massiveDamageMinimum: int.min(1).max(1000),
  massiveDamageDc: int.min(0).max(60),
  /** §5 G-11 [SRD]: every standard action is strenuous while disabled (1 damage after it). */
  disabledStandardIsStrenuous: z.boolean(),
  /** §5 [SRD]: the dying check DC (Con check, minus the negative HP). */
  stabilizeDc: int.min(0).max(60),
  /** §4.8 [TEXT]: coup de grace kills on a failed Fort save at 10 + damage. */
  coupDeGraceBaseDc: int.min(0).max(60),
  /** §3.4 / §4.11 [SRD]: a maneuver without its Improved feat provokes an AoO from the target. */
  maneuversProvoke: z.boolean(),
  /** §4.12 G-10: an untrained mount needs a DC 20 Ride check each round. */
  untrainedMountDc: int.min(0).max(60),
  /** §4.12: fall damage when a mount falls or the rider is knocked out. */
  mountFallDamage: z.string().regex(/^\d{1,2}d\d{1,3}$/),
  /** §4.12: chance in percent to stay in the saddle when knocked unconscious (75 with a military saddle). */
  staySaddledPercent: int.min(0).max(100),
  /** §7 G-2..G-6: ask the GM at the table for adjudication points (else take the defaults silently). */
  gmPrompts: z.enum(['ask', 'auto']),
  /** §2 / §4.5 / §4.6: the map's terrain the rules read. */
  terrain: z.array(terrainSchema).max(40000),
  /** §3.1: a surprise round when some (not all) figures are unaware; off = never. */
  surpriseRound: z.boolean(),
  /** Not in the source: attacks on figures of the attacker's own side are refused. */
  friendlyFire: z.boolean()
})

/** Fully merged Pathfinder settings. */
export type PfSettings = z.infer<typeof settingsSchema>

/** The defaults: the digest's recommendations. */
export const defaultSettings: PfSettings = {
  reachDiagonalException: false,
  diagonalParity: 'turn',
  difficultDiagonalCountsForParity: true,
  largeHelplessCostsDouble: true,
  initiativeTieBreak: 'rollOff',
  freeActionsPerTurn: 3,
  oneAooPerOpportunity: true,
  readiedBeforeAoo: true,
  shootingIntoMeleePenalty: 4,
  concealmentPercent: 20,
  totalConcealmentPercent: 50,
  coverAc: { partial: 2, normal: 4, improved: 8 },
  coverReflex: { partial: 1, normal: 2, improved: 4 },
  flankingBonus: 2,
  chargeBonus: 2,
  chargeAcPenalty: 2,
  higherGroundBonus: 1,
  tripStrict: false,
  extraLegCmdBonus: 2,
  massiveDamage: true,
  massiveDamageMinimum: 50,
  massiveDamageDc: 15,
  disabledStandardIsStrenuous: true,
  stabilizeDc: 10,
  coupDeGraceBaseDc: 10,
  maneuversProvoke: true,
  untrainedMountDc: 20,
  mountFallDamage: '1d6',
  staySaddledPercent: 50,
  gmPrompts: 'ask',
  terrain: [],
  surpriseRound: true,
  friendlyFire: false
}

const cache = new WeakMap<object, PfSettings>()

/** The encounter's settings merged over the defaults; invalid overrides throw a zod error. */
export function readSettings(state: Pick<EncounterState, 'settings'>): PfSettings {
  const hit = cache.get(state.settings)
  if (hit) return hit
  const merged = settingsSchema.parse({ ...defaultSettings, ...state.settings })
  cache.set(state.settings, merged)
  return merged
}
