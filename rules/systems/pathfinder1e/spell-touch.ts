import type { Combatant } from '../../core/types'
import type { AttackSlot } from './attack-routine'
import { effectiveDex } from './defense'
import { parseDamage } from './dice-expr'
import type { PfSpell } from './spells'
import { abilityMod, hasFeat, readStats, SIZE_TABLE } from './stats'

// Touch spells used as attacks (pathfinder1e.md §4.1–4.3; the Core Rulebook's touch spells in combat [SRD]):
// a cure spell's positive energy harms the undead, delivered with a melee touch attack — BAB + Str (Dex with
// Weapon Finesse) + size against touch AC, threatening a critical on a 20 (×2) — then a Will save for half.

/** [SRD] whether the spell turns into an attack on this target: a cure spell on an undead creature. */
export function harmsTarget(spell: PfSpell, target: Combatant): boolean {
  return (
    spell.effect.key === 'heal' && spell.effect.harmsUndead && readStats(target).creatureType === 'undead'
  )
}

/** The caster's melee touch attack with the spell's dice (`1d8+3`), as a swing of the attack rules. */
export function touchSlot(caster: Combatant, dice: string): AttackSlot {
  const s = readStats(caster)
  const str = abilityMod(s.abilities.str)
  const ability = hasFeat(s, 'WeaponFinesse') ? Math.max(str, abilityMod(effectiveDex(caster))) : str
  return {
    id: 'spell',
    source: 'unarmed',
    bonus: s.bab + ability + SIZE_TABLE[s.size].mod,
    damage: parseDamage(dice),
    critRange: 20,
    critMult: 2,
    ranged: false,
    thrown: false,
    touch: true,
    hand: 'main',
    nonlethal: false,
    reach: false
  }
}
