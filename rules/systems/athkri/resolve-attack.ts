import { applyEvents, type GameEvent } from '../../core/events'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { planAction, defenceOf, type ActionPlan } from './attack-action'
import type { AttackPlan } from './attack'
import { ridersOf } from './board'
import { elementResponse, finalDamage, parseDamage, rollDamage } from './damage'
import { checkEvent, passes, rollCheck } from './dice'
import { damageEvents } from './health'
import { locationBonus, type DefenceChoice } from './odds'
import { readSettings } from './settings'
import { ownLevel } from './situation'
import { attribute, hasTrait, readStats, skill } from './stats'

// Rolling attack-like actions (athkri.md §4 state machine: MELEE_ATTACK → DEFENSE_CHOICE → RESOLVE).
// Dice order (what `forcedDice` scripts): for each attack, the attacker's 3d10 (and every explosion's),
// then the defender's when it dodges, then the weapon's damage dice; a mount's rider tests Cabalgar last.

/** The events of a legal attack-like action with its answers. */
export function resolveAttackAction(
  state: EncounterState,
  action: Action,
  dice: DiceRoller,
  answers: Answers = {}
): GameEvent[] {
  const plan = planAction(state, action, answers)
  const first = plan?.attacks[0]
  if (!plan || !first) return []
  const settings = readSettings(state)
  const defence = defenceOf(settings, answers)
  const events: GameEvent[] = []
  if (plan.ambush && !ambushSucceeds(state, plan, dice, events)) return events
  let now = state
  for (const attack of plan.attacks) {
    const target = now.combatants.find((c) => c.id === attack.target.id)
    // A target that fell to the first weapon is not struck again (unless the table allows hitting the fallen).
    if (!target || (target.out && !settings.canTargetUnconscious)) break
    const step = rollAttack(now, attack, target, dice, defence)
    events.push(...step)
    now = applyEvents(now, step)
  }
  events.push(...mountChecks(now, first.target.id, dice))
  return events
}

// athkri.md §4 Emboscada [TEXT L63]: Sigilo against the target's Atención; the ambusher wins ties [REC].
function ambushSucceeds(
  state: EncounterState,
  plan: ActionPlan,
  dice: DiceRoller,
  events: GameEvent[]
): boolean {
  const settings = readSettings(state)
  const attack = plan.attacks[0]
  if (!plan.ambush || !attack) return false
  events.push({
    type: 'attack.declared',
    attackerId: attack.attacker.id,
    targetId: attack.target.id,
    mode: 'ambush'
  })
  const stealth = rollCheck(dice, settings, plan.ambush.stealth, {
    purpose: 'stealth',
    actorId: attack.attacker.id
  })
  const awareness = rollCheck(dice, settings, plan.ambush.awareness, {
    purpose: 'awareness',
    actorId: attack.target.id
  })
  const defenderFails = awareness.roll.fumble && settings.defenderFumbleFails
  const success = !stealth.roll.fumble && (defenderFails || stealth.total >= awareness.total)
  events.push(checkEvent(attack.attacker.id, 'stealth', stealth, awareness.total, success))
  events.push(checkEvent(attack.target.id, 'awareness', awareness, stealth.total, !success))
  return success
}

/** One attack roll against a target as it stands now: hit or miss, location, damage. */
function rollAttack(
  state: EncounterState,
  plan: AttackPlan,
  target: Combatant,
  dice: DiceRoller,
  defence: DefenceChoice
): GameEvent[] {
  const settings = readSettings(state)
  const attackerId = plan.attacker.id
  const targetId = target.id
  const events: GameEvent[] = [
    {
      type: 'attack.declared',
      attackerId,
      targetId,
      mode: plan.mode,
      ...(settings.facingEnabled ? { sector: plan.sector } : {})
    }
  ]
  if (settings.faceTargetOnAttack && plan.facing !== plan.attacker.facing)
    events.push({ type: 'faced', id: attackerId, facing: plan.facing })
  const made = rollCheck(dice, settings, plan.check, { purpose: 'attack', actorId: attackerId })
  let hit: boolean
  if (defence.dodge && plan.dodge) {
    // athkri.md §5.2 step 3 [TEXT L59]: the attack fails only if the defender's total is higher.
    const dodge = rollCheck(dice, settings, plan.dodge, { purpose: 'dodge', actorId: targetId })
    const defenderFails = dodge.roll.fumble && settings.defenderFumbleFails
    hit = !made.roll.fumble && (defenderFails || made.total >= dodge.total)
    events.push(checkEvent(attackerId, 'attack', made, dodge.total, hit))
    events.push(checkEvent(targetId, 'dodge', dodge, made.total, !hit))
  } else {
    const difficulty = plan.difficulty + (plan.mode === 'ranged' ? defence.coverAdjust : 0)
    hit = passes(made, difficulty)
    events.push(checkEvent(attackerId, 'attack', made, difficulty, hit))
  }
  if (!hit) {
    events.push({ type: 'attack.missed', attackerId, targetId })
    return events
  }
  events.push({ type: 'attack.hit', attackerId, targetId, automatic: false })
  const face = made.roll.first
  if (settings.hitLocationEnabled)
    events.push({
      type: 'dice.rolled',
      actorId: attackerId,
      purpose: 'location',
      sides: 10,
      result: face,
      success: true
    })
  const expr = parseDamage(plan.weapon.damage)
  const rolled = rollDamage(dice, expr, { purpose: 'damage', actorId: attackerId })
  if (expr.count > 0)
    events.push({
      type: 'dice.rolled',
      actorId: attackerId,
      purpose: 'damage',
      sides: expr.sides,
      result: rolled.total,
      success: true
    })
  const stats = readStats(target)
  const amount = finalDamage(
    rolled.total,
    locationBonus(settings, face),
    stats.armor?.reduction ?? 0,
    elementResponse(settings, plan.weapon.element, stats)
  )
  events.push(...damageEvents(state, target, amount, plan.weapon.element ?? 'weapon'))
  return events
}

/**
 * athkri.md §5.6 [TEXT L57–58]: when a mount is attacked its riders test Cabalgar (DC 15); a rider who
 * fails takes 1d6+2, loses control, and an untrained mount flees (G-7). A mount that fell throws nobody.
 */
function mountChecks(state: EncounterState, mountId: string, dice: DiceRoller): GameEvent[] {
  const settings = readSettings(state)
  const mount = state.combatants.find((c) => c.id === mountId)
  if (!mount || mount.out) return []
  const events: GameEvent[] = []
  let fled = false
  for (const rider of ridersOf(state, mount)) {
    const stats = readStats(rider)
    const level = ownLevel(state, rider)
    const made = rollCheck(
      dice,
      settings,
      {
        level: level.level,
        flat: attribute(stats, settings.rideAttribute) + skill(stats, 'cabalgar') - level.penalty
      },
      { purpose: 'rideControl', actorId: rider.id }
    )
    const kept = passes(made, settings.rideDifficulty)
    events.push(checkEvent(rider.id, 'rideControl', made, settings.rideDifficulty, kept))
    if (kept) continue
    const expr = parseDamage(settings.throwDamage)
    const rolled = rollDamage(dice, expr, { purpose: 'throwDamage', actorId: rider.id })
    events.push({
      type: 'dice.rolled',
      actorId: rider.id,
      purpose: 'throwDamage',
      sides: expr.sides || 2,
      result: rolled.total,
      success: true
    })
    events.push(...damageEvents(state, rider, rolled.total, 'fall'))
    fled ||= settings.untrainedMountFlees && !hasTrait(readStats(mount), 'trainedMount')
  }
  if (fled) events.push({ type: 'combatant.out', id: mount.id })
  return events
}
