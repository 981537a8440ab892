import { difficultyOf, type Hq2Settings } from './settings'

// The arithmetic of the alternative defenses (hq2.md §4.8): a skill check overcomes s points of
// difficulty; difficulty comes from the skulls S the attack rolled.

/** Dodge (and Juggling, G-5): difficulty ⌈S/per⌉; each point overcome stops `per` skulls. hq2.md §4.8 */
export function dodgeDamage(settings: Hq2Settings, skulls: number, points: number, per: number): number {
  const difficulty = difficultyOf(settings, skulls, per)
  return Math.max(0, skulls - per * Math.min(points, difficulty))
}

/** What an acrobatic defense or counter-attack check did. */
export interface AcrobaticsOutcome {
  /** D_att = ⌈S/5⌉ (A6). */
  attackPoints: number
  /** D_att + stunt points: the check's whole difficulty. */
  difficulty: number
  /** The stunt (and the counter's movement and attack points) was paid: s ≥ stunt points. */
  stuntPaid: boolean
  /** Every point was overcome (a counter-attack happens). */
  success: boolean
  /** Damage taken from the attack. */
  damage: number
  /** Fall damage after a large failure (G-8). */
  fall: number
}

/**
 * hq2.md §4.8 Acrobacias / Contraataque. Capped mode [REC]: stunt points are paid first; if they are not,
 * the full S goes through; otherwise 5 per attack point left unmet, never more than S. Literal mode:
 * 5 × (D_att + D_stunt − min(s, D_att + D_stunt)). A counter-attack (or any acrobatics, by setting) that
 * fails by `largeFailureMargin` or more adds fall damage, `fallDamagePerPoint` per point missed (G-8).
 */
export function acrobaticsOutcome(
  settings: Hq2Settings,
  skulls: number,
  points: number,
  stunt: number,
  counter = false
): AcrobaticsOutcome {
  const per = settings.acrobaticsSkullsPerPoint
  const attackPoints = difficultyOf(settings, skulls, per)
  const difficulty = attackPoints + stunt
  const stuntPaid = points >= stunt
  let damage: number
  if (settings.acrobaticsDamage === 'literal') {
    damage = per * (difficulty - Math.min(points, difficulty))
  } else if (!stuntPaid) {
    damage = skulls
  } else {
    const met = Math.min(points - stunt, attackPoints)
    damage = Math.min(skulls, per * (attackPoints - met))
  }
  const missedBy = difficulty - points
  const canFall = counter || settings.fallDamageScope === 'acrobatics'
  const fall = canFall && missedBy >= settings.largeFailureMargin ? settings.fallDamagePerPoint * missedBy : 0
  return { attackPoints, difficulty, stuntPaid, success: points >= difficulty, damage, fall }
}

/** A maneuver check (hq2.md §4.8 Acrobacias as maneuver, G-6, G-8): success, and fall damage if large. */
export function maneuverOutcome(
  settings: Hq2Settings,
  points: number,
  difficulty: number,
  acrobatic: boolean
): { success: boolean; fall: number } {
  const missedBy = difficulty - points
  const canFall = acrobatic && settings.fallDamageScope === 'acrobatics'
  const fall = canFall && missedBy >= settings.largeFailureMargin ? settings.fallDamagePerPoint * missedBy : 0
  return { success: points >= difficulty, fall }
}
