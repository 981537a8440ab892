import type { GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import { faceHits, splitDamage, type AttackMods, type SwingOptions } from './attack-math'
import type { AttackSlot } from './attack-routine'

// Rolling one swing (pathfinder1e.md §4.1, §4.3–4.5). The dice are drawn in this fixed order, which the
// scenario tests rely on when they force faces:
//   1. the attack d20 (skipped for a coup de grace, `autoCrit`: it hits and crits automatically, §4.8);
//   2. the confirmation d20, only on a threat against a target that can be critted (§4.3);
//   3. the miss-chance d100, only when the target has concealment and the attack hit (§4.5);
//   4. the damage dice, only on a hit: the weapon's dice once (critMult times on a crit, each time with
//      its modifiers), then the precision dice (sneak attack) once.
// Damage is returned, never applied: the health module turns it into `damaged` events.

/** What a swing did: its events (declaration, dice, hit or miss) and the damage to apply. */
export interface SwingResult {
  events: GameEvent[]
  hit: boolean
  crit: boolean
  lethal: number
  nonlethal: number
  /** The natural face of the attack d20 (20 for a coup de grace, which is treated as one). */
  natural: number
}

/** Options of `rollSwing`. */
export interface RollSwingOptions extends SwingOptions {
  /** `attack.declared` mode (default 'melee' or 'ranged' from the slot): 'aoo', 'charge', 'coupDeGrace'... */
  mode?: string
  /**
   * A damage multiplier besides the critical (a brace weapon set against a charge, ×2). Multipliers add as
   * [SRD] says, each extra multiple adding one less than its value: ×2 on a ×3 critical deals ×4.
   */
  damageMultiplier?: number
}

/** The natural marker of a d20 face: a 20 or a 1 decides an attack or confirmation on its own. */
function naturalOf(face: number): { natural?: 'success' | 'failure' } {
  if (face === 20) return { natural: 'success' }
  if (face === 1) return { natural: 'failure' }
  return {}
}

/** Rolls `count` dice of `sides` as `pf1.damage` events; returns their sum. */
function rollDamageDice(
  dice: DiceRoller,
  actorId: string,
  count: number,
  sides: number,
  out: GameEvent[]
): number {
  let sum = 0
  for (let i = 0; i < count; i++) {
    const face = dice.roll(sides, { purpose: 'pf1.damage', actorId })
    out.push({ type: 'dice.rolled', actorId, purpose: 'pf1.damage', sides, result: face, success: true })
    sum += face
  }
  return sum
}

/**
 * One swing of `slot` at AC `ac`: attack d20 (natural 1 misses, 20 hits), a confirmation on a threat that
 * hits, the miss chance, then damage (§4.4: a total below 1 is 1 nonlethal). Emits `attack.declared`,
 * `dice.rolled` and `attack.hit` / `attack.missed`; the damage is returned, not applied.
 */
export function rollSwing(
  dice: DiceRoller,
  attackerId: string,
  targetId: string,
  slot: AttackSlot,
  mods: AttackMods,
  ac: number,
  opts: RollSwingOptions = {}
): SwingResult {
  const events: GameEvent[] = [
    { type: 'attack.declared', attackerId, targetId, mode: opts.mode ?? (slot.ranged ? 'ranged' : 'melee') }
  ]
  const total = slot.bonus + mods.attack
  const canCrit = opts.immuneCrit !== true
  const auto = opts.autoCrit === true
  let natural = 20
  let hit = true
  let crit = auto && canCrit
  if (!auto) {
    natural = dice.roll(20, { purpose: 'pf1.attack', actorId: attackerId })
    hit = faceHits(natural, total, ac)
    events.push({
      type: 'dice.rolled',
      actorId: attackerId,
      purpose: 'pf1.attack',
      sides: 20,
      result: natural + total,
      target: ac,
      success: hit,
      ...naturalOf(natural)
    })
    if (hit && canCrit && natural >= slot.critRange) {
      const confirm = dice.roll(20, { purpose: 'pf1.confirm', actorId: attackerId })
      crit = faceHits(confirm, total, ac)
      events.push({
        type: 'dice.rolled',
        actorId: attackerId,
        purpose: 'pf1.confirm',
        sides: 20,
        result: confirm + total,
        target: ac,
        success: crit,
        ...naturalOf(confirm)
      })
    }
    if (hit && mods.concealmentPercent > 0) {
      const d100 = dice.roll(100, { purpose: 'pf1.miss-chance', actorId: attackerId })
      const through = d100 > mods.concealmentPercent
      events.push({
        type: 'dice.rolled',
        actorId: attackerId,
        purpose: 'pf1.miss-chance',
        sides: 100,
        result: d100,
        target: mods.concealmentPercent + 1,
        success: through
      })
      hit = through
      crit = crit && through
    }
  }
  if (!hit) {
    events.push({ type: 'attack.missed', attackerId, targetId })
    return { events, hit: false, crit: false, lethal: 0, nonlethal: 0, natural }
  }
  events.push({ type: 'attack.hit', attackerId, targetId, automatic: auto || natural === 20 })
  const { count, sides, bonus } = slot.damage
  let damage = 0
  const times = (crit ? slot.critMult : 1) + Math.max(0, (opts.damageMultiplier ?? 1) - 1)
  for (let i = 0; i < times; i++) damage += rollDamageDice(dice, attackerId, count, sides, events) + bonus
  const precision = mods.precisionDice
  if (precision) damage += rollDamageDice(dice, attackerId, precision.count, precision.sides, events)
  return { events, hit: true, crit, ...splitDamage(damage, slot), natural }
}
