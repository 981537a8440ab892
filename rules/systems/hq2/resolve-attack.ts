import { labelOf, rollPool } from '../../core/dice-pool'
import type { GameEvent } from '../../core/events'
import { directionVector, snapDirection } from '../../core/geometry'
import { taggedDice, type DiceRoller } from '../../core/rng'
import type { Combatant, EncounterState, Vec3 } from '../../core/types'
import { isFree } from './board'
import { acrobaticsOutcome } from './defense'
import { COMBAT_DIE } from './gear'
import { outcomeOf } from './odds'
import type { AttackPlan, CheckPlan, Pool } from './plan'
import { potionsDrunk } from './potions'
import type { Hq2Settings } from './settings'
import { readStats } from './stats'

// Rolls a planned attack (hq2.md §3.4 ATTACK_RESOLUTION, §4.7): declare, turn, roll the attack pool,
// the defense pool or the check, displacement, damage, fall damage, then the acrobatic counter-attack.

/** What rolling a pool gave: counted faces with the multiplier applied, and every die for the log. */
export function rollCounted(
  dice: DiceRoller,
  pool: Pool,
  actorId: string,
  purpose: string,
  events: GameEvent[]
): number {
  if (pool.dice <= 0) return 0
  let total = 0
  for (const [count, weight] of [
    [pool.scaled, pool.multiplier],
    [pool.plain, 1]
  ] as const) {
    for (const face of rollPool(taggedDice(dice, { purpose, actorId }), COMBAT_DIE, count)) {
      const label = labelOf(COMBAT_DIE, face)
      const counted = pool.faces.includes(label)
      if (counted) total += weight
      events.push({
        type: 'dice.rolled',
        actorId,
        purpose,
        sides: 6,
        result: face,
        success: counted,
        face: label
      })
    }
  }
  return total
}

/** Points a check overcomes: rolled (skulls of its dice, placeholder G3) or entered. hq2.md §4.8 */
export function rollCheck(
  dice: DiceRoller,
  check: CheckPlan,
  actorId: string,
  difficulty: number | undefined,
  events: GameEvent[]
): number {
  if (check.mode === 'enter') return check.points
  let points = 0
  for (const face of rollPool(taggedDice(dice, { purpose: 'check', actorId }), COMBAT_DIE, check.dice)) {
    const label = labelOf(COMBAT_DIE, face)
    const skull = label === 'skull'
    if (skull) points++
    events.push({
      type: 'dice.rolled',
      actorId,
      purpose: 'check',
      sides: 6,
      result: face,
      success: skull,
      face: label,
      ...(difficulty !== undefined ? { target: difficulty } : {})
    })
  }
  return points
}

/** hq2.md §4.8: the squares of an acrobatic displacement straight away from the attacker, up to a wall or figure. */
export function displacementPath(
  state: EncounterState,
  defender: Combatant,
  attacker: Combatant,
  squares: number
): Vec3[] {
  const away = directionVector(
    snapDirection(defender.pos.x - attacker.pos.x, defender.pos.y - attacker.pos.y)
  )
  const path: Vec3[] = []
  let at: Vec3 = defender.pos
  for (let i = 0; i < squares; i++) {
    const next = { x: at.x + away.x, y: at.y + away.y, z: at.z }
    if (!isFree(state, next, defender.id)) break
    path.push(next)
    at = next
  }
  return path
}

/** Tracks life as damage lands, so one resolution can hurt the same being twice. */
class Wounds {
  private readonly life = new Map<string, number>()
  constructor(
    private readonly events: GameEvent[],
    private readonly rescue: (being: Combatant, events: readonly GameEvent[]) => number = () => 0
  ) {}
  deal(being: Combatant, amount: number, source: string): void {
    const left = this.life.get(being.id) ?? being.life
    if (amount <= 0 || left <= 0) return
    const lost = Math.min(amount, left)
    this.life.set(being.id, left - lost)
    this.events.push({ type: 'damaged', id: being.id, amount: lost, source })
    if (left - lost > 0) return
    const saved = this.rescue(being, this.events)
    if (saved > 0) {
      this.events.push({ type: 'healed', id: being.id, amount: saved, source: 'potion' })
      this.life.set(being.id, saved)
    } else this.events.push({ type: 'combatant.out', id: being.id })
  }
  alive(being: Combatant): boolean {
    return (this.life.get(being.id) ?? being.life) > 0
  }
}

/** Rolls a planned attack into events; `wounds` is shared with a counter-attack. */
export function resolveAttack(
  state: EncounterState,
  settings: Hq2Settings,
  plan: AttackPlan,
  dice: DiceRoller,
  events: GameEvent[] = [],
  wounds = new Wounds(events, (being, now) => potionRescue(state, settings, being, now))
): GameEvent[] {
  const { attacker, target } = plan
  const mode = plan.counter
    ? 'counter'
    : plan.maneuver && plan.maneuver !== 'failed'
      ? plan.maneuver
      : plan.mode
  // The counter-attack was declared with its attempt; its roll goes on from there.
  if (!plan.counter)
    events.push({
      type: 'attack.declared',
      attackerId: attacker.id,
      targetId: target.id,
      mode,
      sector: plan.sector
    })
  if (plan.facing !== attacker.facing) events.push({ type: 'faced', id: attacker.id, facing: plan.facing })
  const skulls = rollCounted(dice, plan.pool, attacker.id, 'attack', events)

  const d = plan.defense
  let roll = 0
  if (d.kind === 'basic') roll = rollCounted(dice, d.pool, target.id, 'defense', events)
  else if (d.kind !== 'none') {
    if (d.kind === 'counter')
      events.push({ type: 'attack.declared', attackerId: target.id, targetId: attacker.id, mode: 'counter' })
    const stunt = d.kind === 'acrobatics' || d.kind === 'counter' ? d.stunt : 0
    const difficulty =
      d.kind === 'dodge' || d.kind === 'juggling'
        ? undefined
        : acrobaticsOutcome(settings, skulls, 0, stunt).difficulty
    roll = rollCheck(dice, d.check, target.id, difficulty, events)
  }

  const outcome = outcomeOf(settings, plan, skulls, roll)
  if (d.kind === 'acrobatics' && d.displacement > 0 && roll >= d.stunt) {
    const path = displacementPath(state, target, attacker, d.displacement)
    if (path.length > 0) events.push({ type: 'moved', id: target.id, path, facing: target.facing })
  }
  events.push(
    outcome.damage > 0
      ? { type: 'attack.hit', attackerId: attacker.id, targetId: target.id, automatic: d.kind === 'none' }
      : { type: 'attack.missed', attackerId: attacker.id, targetId: target.id }
  )
  wounds.deal(target, outcome.damage, plan.counter ? 'counter' : 'attack')
  wounds.deal(target, outcome.fall, 'fall')
  if (
    d.kind === 'counter' &&
    outcome.counter &&
    d.counter &&
    wounds.alive(target) &&
    wounds.alive(attacker)
  ) {
    resolveAttack(state, settings, d.counter, dice, events, wounds)
  }
  return events
}

/**
 * hq2.md §5 [GAP-PUB]: a hero at 0 Body is dying and drinks a carried healing potion at once, if the
 * setting allows and one is left (potions drunk are the `healed … potion` events so far, log and this
 * resolution). Returns the Body restored, 0 when the hero falls.
 */
function potionRescue(
  state: EncounterState,
  settings: Hq2Settings,
  being: Combatant,
  now: readonly GameEvent[]
): number {
  const stats = readStats(being)
  if (!settings.dyingHeroDrinksPotion || stats.kind !== 'hero') return 0
  const drunk = potionsDrunk(state.log, being.id) + potionsDrunk(now, being.id)
  return drunk < (stats.healingPotions ?? 0) ? Math.min(settings.potionBody, being.lifeMax) : 0
}
