import { statsSet } from '../../core/stats'
import { dropUndefined } from '../../core/content'
import type { GameEvent } from '../../core/events'
import type { Action, Combatant, Violation } from '../../core/types'
import { readStats, type Hq2Armor, type Hq2Stats, type Hq2Weapon } from './stats'

// Equipment change (hq2.md §3.2 [TEXT L48–50]): free, any time, even during battle. The active combat
// equipment (meleeWeapon, rangedWeapon, armor) is what combat uses; `carried` holds the rest. The `equip`
// action names one item by id in `targetId`: a carried item is readied (a weapon takes the place of the
// active one of its kind, which is carried instead; armor is put on), an active item is put away.

const MAX_ARMOR = 6
const MAX_CARRIED = 10

/** hq2.md §3.2 [TEXT L49–50]: hands the active equipment needs (the melee weapon and every shield). */
export function handsNeeded(stats: Pick<Hq2Stats, 'meleeWeapon' | 'armor'>): number {
  const shields = stats.armor.filter((a) => a.tags.includes('shield')).length
  return (stats.meleeWeapon?.hands ?? 0) + shields
}

/** The profile after equipping (or putting away) the item, or a violation. */
export function equipped(actor: Combatant, itemId: string | undefined): Hq2Stats | Violation {
  if (itemId === undefined) return { code: 'noItem' }
  const stats = readStats(actor)
  const carried = stats.carried ?? { weapons: [], armor: [] }
  let next: Hq2Stats
  const weaponIndex = carried.weapons.findIndex((w) => w.id === itemId)
  const armorIndex = carried.armor.findIndex((a) => a.id === itemId)
  if (weaponIndex >= 0) {
    const weapon = carried.weapons[weaponIndex] as Hq2Weapon
    const slot = weapon.ranged ? 'rangedWeapon' : 'meleeWeapon'
    const old = stats[slot]
    const rest = carried.weapons.filter((_, i) => i !== weaponIndex)
    next = {
      ...stats,
      [slot]: weapon,
      carried: { ...carried, weapons: old ? [...rest, old] : rest }
    }
  } else if (armorIndex >= 0) {
    const piece = carried.armor[armorIndex] as Hq2Armor
    if (stats.armor.length >= MAX_ARMOR) return { code: 'tooMuchArmor', params: { max: MAX_ARMOR } }
    next = {
      ...stats,
      armor: [...stats.armor, piece],
      carried: { ...carried, armor: carried.armor.filter((_, i) => i !== armorIndex) }
    }
  } else if (stats.meleeWeapon?.id === itemId || stats.rangedWeapon?.id === itemId) {
    const slot = stats.meleeWeapon?.id === itemId ? 'meleeWeapon' : 'rangedWeapon'
    const weapon = stats[slot] as Hq2Weapon
    if (carried.weapons.length >= MAX_CARRIED) return { code: 'carryLimit', params: { max: MAX_CARRIED } }
    next = { ...stats, [slot]: undefined, carried: { ...carried, weapons: [...carried.weapons, weapon] } }
  } else {
    const worn = stats.armor.findIndex((a) => a.id === itemId)
    const piece = stats.armor[worn]
    if (!piece) return { code: 'notCarried', params: { item: itemId } }
    if (carried.armor.length >= MAX_CARRIED) return { code: 'carryLimit', params: { max: MAX_CARRIED } }
    next = {
      ...stats,
      armor: stats.armor.filter((_, i) => i !== worn),
      carried: { ...carried, armor: [...carried.armor, piece] }
    }
  }
  const need = handsNeeded(next)
  if (need > 2) return { code: 'notEnoughHands', params: { need } }
  return dropUndefined(next)
}

function isViolation(x: Hq2Stats | Violation): x is Violation {
  return 'code' in x
}

/** Why the equipment change is refused, or null (the economy is checked by the caller). */
export function equipViolation(actor: Combatant, action: Action): Violation | null {
  const next = equipped(actor, action.targetId)
  return isViolation(next) ? next : null
}

/** The equipment change as its event (hq2.md §3.2: the active combat equipment is replaced). */
export function resolveEquip(actor: Combatant, action: Action): GameEvent[] {
  const next = equipped(actor, action.targetId)
  return isViolation(next) ? [] : [statsSet(actor, next)]
}

/** Every item the being could ready or put away (validated by the caller). */
export function equipCandidates(actor: Combatant): Action[] {
  const s = readStats(actor)
  const ids = [
    ...(s.carried?.weapons ?? []).map((w) => w.id),
    ...(s.carried?.armor ?? []).map((a) => a.id),
    ...(s.meleeWeapon ? [s.meleeWeapon.id] : []),
    ...(s.rangedWeapon ? [s.rangedWeapon.id] : []),
    ...s.armor.map((a) => a.id)
  ]
  return [...new Set(ids)].map((targetId) => ({ kind: 'equip', actorId: actor.id, targetId }))
}
