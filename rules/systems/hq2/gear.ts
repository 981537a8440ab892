import { customDie, faceChance } from '../../core/dice-pool'
import type { Fraction } from '../../core/fraction'
import type { Combatant } from '../../core/types'
import { readStats, type FaceName, type Hq2Armor, type Hq2Weapon } from './stats'

// The combat die and what gear does to it (hq2.md §4.1): which faces count, undefendable damage,
// damage multipliers, absorption.

/** hq2.md §4.1 [TEXT L81]: skull ×3 (faces 1–3), white shield ×2 (4–5), black shield ×1 (6). */
export const COMBAT_DIE = customDie<FaceName>([
  ['skull', 3],
  ['white', 2],
  ['black', 1]
])

/** The chance one combat die shows one of the counted faces. */
export function countedChance(faces: readonly FaceName[]): Fraction {
  return faceChance(COMBAT_DIE, faces)
}

/** The weapon an attack of this mode uses (undefined = bare hands, no bonus). */
export function weaponFor(actor: Combatant, mode: 'melee' | 'ranged'): Hq2Weapon | undefined {
  const stats = readStats(actor)
  return mode === 'melee' ? stats.meleeWeapon : stats.rangedWeapon
}

/** hq2.md §3.2 / A9: throws per turn of the ranged weapon ("1/5" → 5), 0 when it is not thrown. */
export function throwAllowance(actor: Combatant): number {
  return readStats(actor).rangedWeapon?.throwsPerHand ?? 0
}

/** What a weapon's hooks do to the attack (hq2.md §4.1, §4.7 step 5). */
export interface WeaponEffects {
  /** Faces counted as hits: skulls plus any the weapon adds. */
  faces: FaceName[]
  /** Undefendable damage added to every attack. */
  fixedDamage: number
  /** Final damage multiplier. */
  damageMultiplier: number
}

/** The effects of a weapon (none for bare hands). */
export function weaponEffects(weapon: Hq2Weapon | undefined): WeaponEffects {
  const faces: FaceName[] = ['skull']
  let fixedDamage = 0
  let damageMultiplier = 1
  for (const hook of weapon?.hooks ?? []) {
    if (hook.key === 'countFace' && !faces.includes(hook.face)) faces.push(hook.face)
    else if (hook.key === 'fixedDamage') fixedDamage += hook.amount
    else if (hook.key === 'damageMultiplier') damageMultiplier *= hook.factor
  }
  return { faces, fixedDamage, damageMultiplier }
}

/** What worn armor does to a basic defense (hq2.md §4.1). */
export interface ArmorEffects {
  /** Faces counted as shields: the being's own plus any the armor adds. */
  faces: FaceName[]
  /** Damage absorbed after the shields. */
  absorb: number
}

/** The effects of the armor a being wears on its basic defense. */
export function armorEffects(defender: Combatant): ArmorEffects {
  const stats = readStats(defender)
  const faces: FaceName[] = [stats.defenseFace]
  let absorb = 0
  for (const hook of stats.armor.flatMap((a) => a.hooks)) {
    if (hook.key === 'countFace' && !faces.includes(hook.face)) faces.push(hook.face)
    else if (hook.key === 'absorb') absorb += hook.amount
  }
  return { faces, absorb }
}

/** ArmorBonus: the permanent bonuses of everything worn (hq2.md §4.3). */
export function armorBonus(defender: Combatant): number {
  return readStats(defender).armor.reduce((sum, a) => sum + a.defenseBonus, 0)
}

/** True when any worn armor has one of the tags. */
export function armorTagged(defender: Combatant, ...tags: string[]): boolean {
  return readStats(defender).armor.some((a: Hq2Armor) => a.tags.some((t) => tags.includes(t)))
}

/**
 * The final damage from the skulls left after the defense (hq2.md §4.7 step 5): the weapon multiplies the
 * damage obtained, then adds its fixed, undefendable damage.
 */
export function applyWeaponHooks(net: number, effects: WeaponEffects): number {
  return net * effects.damageMultiplier + effects.fixedDamage
}
