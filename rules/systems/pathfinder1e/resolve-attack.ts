import { statsSet } from '../../core/stats'
import { spendEconomy } from '../../core/economy'
import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { attackRoutine, type AttackSlot } from './attack-routine'
import { attacksMade, fightsWithTwoWeapons, sequenceRoutine, weaponOption } from './attack-sequence'
import type { Chain } from '../../core/chain'
import { applyDamage } from './damage'
import { economy } from './economy'
import { chargeManeuverOf, resolveChargeManeuver } from './maneuver-charge'
import { acceptedReactions, fireReactions, type Provoking } from './reactions'
import { addEffect, movementProvoking, resolveMovement } from './resolve-move'
import { rollSwing, type SwingResult } from './roll-attack'
import { attackSetup, type SwingOptions } from './situation'
import { hasFeat, readStats } from './stats'
import { threatens } from './threat'

// Attacks (pathfinder1e.md §3.2 full attack and charge, §4.1–4.5, §4.8 coup de grace): the reactions they
// provoke fire first (a ranged or unarmed attack provokes, §3.4 (b)), then each swing is rolled against the
// target as it stands, damage applied through the health rules.

/** The swing an `attack` action makes: the best single attack, or the next one of the turn's sequence. */
export function slotFor(state: EncounterState, actor: Combatant, action: Action): AttackSlot | undefined {
  const index = action.kind === 'attack' ? attacksMade(state) : 0
  if (index === 0 && !fightsWithTwoWeapons(state, action))
    return attackRoutine(actor, 'single', weaponOption(action))[0]
  return sequenceRoutine(state, actor, action)[index]
}

/** §3.4 (b): a ranged attack, or an unarmed one without Improved Unarmed Strike, provokes. */
export function attackProvoking(state: EncounterState, action: Action): Provoking {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  const slot = actor ? slotFor(state, actor, action) : undefined
  const unarmed = slot?.source === 'unarmed' && actor && !hasFeat(readStats(actor), 'ImprovedUnarmedStrike')
  const inPlace = slot?.ranged
    ? { kind: 'ranged' as const }
    : unarmed
      ? { kind: 'unarmed' as const }
      : undefined
  return { path: [], mode: null, trigger: 'attacks', ...(inPlace ? { inPlace } : {}) }
}

/** The swing options an action asks for. */
export function swingOptions(action: Action, answers: Answers): SwingOptions {
  return {
    defensive: action.options?.defensive === 1,
    nonlethal: action.options?.nonlethal === 1,
    charging: action.kind === 'charge',
    answers
  }
}

/** §4.11 feint: the target loses its Dex against the feinter's next melee attack only. */
function spendFeint(chain: Chain, attackerId: string, targetId: string, slot: AttackSlot): void {
  if (slot.ranged) return
  const stats = readStats(chain.figure(targetId))
  const effects = stats.effects.filter((e) => !(e.id === 'feinted' && e.until === attackerId))
  if (effects.length !== stats.effects.length)
    chain.emit([statsSet(chain.figure(targetId), { ...stats, effects })])
}

/** One swing at the target as it stands now, damage applied; null when it cannot be made. */
export function swing(
  chain: Chain,
  attackerId: string,
  targetId: string,
  slot: AttackSlot,
  dice: DiceRoller,
  opts: SwingOptions,
  mode?: string
): SwingResult | null {
  const attacker = chain.figure(attackerId)
  const target = chain.figure(targetId)
  if (attacker.out || target.out) return null
  const setup = attackSetup(chain.state, attacker, target, slot, opts)
  if (setup.violation) return null
  // §4.1: a lethal weapon dealing nonlethal damage (the −4 is in the setup, read from the weapon as is).
  const dealt = opts.nonlethal === true ? { ...slot, nonlethal: true } : slot
  const result = rollSwing(dice, attackerId, targetId, dealt, setup.mods, setup.ac, {
    immuneCrit: readStats(target).immuneCrit,
    ...(opts.autoCrit ? { autoCrit: true } : {}),
    ...(mode ? { mode } : {})
  })
  chain.emit(result.events)
  spendFeint(chain, attackerId, targetId, slot)
  if (result.lethal + result.nonlethal > 0) {
    const amount = { lethal: result.lethal, nonlethal: result.nonlethal }
    applyDamage(chain, targetId, amount, mode ?? 'attack', dice, { singleAttack: true })
  }
  return result
}

/** Fires the reactions due before an action in place; true when the actor can still go on. */
export function reactFirst(chain: Chain, action: Action, how: Provoking, dice: DiceRoller, answers: Answers) {
  const reactions = acceptedReactions(chain.state, action, how, answers)
  const interruption = fireReactions(chain, reactions, 0, action.actorId, [], dice)
  return { ...interruption, goOn: !interruption.stopped && !chain.figure(action.actorId).out }
}

/** §3.2 fighting defensively [SRD]: +2 dodge AC until the figure's next turn, +3 with 3 ranks of Acrobatics. */
export function fightingDefensivelyAc(actor: Combatant): number {
  return (readStats(actor).skillRanks?.acrobatics ?? 0) >= 3 ? 3 : 2
}

function defend(chain: Chain, action: Action): void {
  if (action.options?.defensive !== 1) return
  const value = fightingDefensivelyAc(chain.figure(action.actorId))
  addEffect(chain, action.actorId, { id: 'fightingDefensively', until: action.actorId, value })
}

/** `attack`: one swing (a standard attack, or the next attack of a full attack). */
export function resolveAttack(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  const slot = slotFor(chain.state, chain.figure(action.actorId), action)
  if (!slot || !action.targetId) return
  const before = attacksMade(chain.state)
  if (!reactFirst(chain, action, attackProvoking(chain.state, action), dice, answers).goOn) return
  if (before === 0) defend(chain, action)
  swing(chain, action.actorId, action.targetId, slot, dice, swingOptions(action, answers))
}

/** The economy after this action with `left` attacks still to make and `made` made (a full attack). */
function attacksLeft(
  chain: Chain,
  state: EncounterState,
  action: Action,
  made: number,
  left: number,
  twoWeapon: boolean
): void {
  const turn = state.turn
  if (!turn) return
  const spent = spendEconomy(economy, turn.economy, economy.charge(state, action))
  if (!spent) return
  const context = { ...spent.context, attacks: left, _attacked: made, _twoWeapon: twoWeapon ? 1 : 0 }
  chain.emit([{ type: 'economy.changed', actorId: action.actorId, economy: { ...spent, context } }])
}

/**
 * `fullAttack` (§3.2): every attack of the routine at the target, best first, until it falls; the attacks
 * left when it falls stay in the economy for other targets (targets are chosen one attack at a time).
 */
export function resolveFullAttack(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  const state = chain.state
  const actor = chain.figure(action.actorId)
  const slots = attackRoutine(actor, 'full', weaponOption(action))
  if (!action.targetId || slots.length === 0) return
  const how = {
    ...attackProvoking(state, action),
    ...(slots[0]?.ranged ? { inPlace: { kind: 'ranged' as const } } : {})
  }
  const twoWeapon = slots.some((s) => s.hand === 'off')
  if (!reactFirst(chain, action, how, dice, answers).goOn)
    return attacksLeft(chain, state, action, 0, 0, twoWeapon)
  defend(chain, action)
  let made = 0
  for (const slot of slots) {
    if (chain.figure(action.targetId).out || chain.figure(action.actorId).out) break
    swing(chain, action.actorId, action.targetId, slot, dice, swingOptions(action, answers))
    made++
  }
  const left = chain.figure(action.actorId).out ? 0 : slots.length - made
  attacksLeft(chain, state, action, made, left, twoWeapon)
}

/**
 * `charge` (§3.2): −2 AC until its next turn, the move (which provokes), then one attack at +2 — or, with
 * `options.maneuver`, a bull rush or an overrun instead (§4.11, maneuver-charge.ts).
 */
export function resolveCharge(chain: Chain, action: Action, dice: DiceRoller, answers: Answers): void {
  const { actorId, targetId } = action
  if (!targetId) return
  // §4.11: a bull rush or an overrun in place of the charge's attack (maneuver-charge.ts walks the charge too).
  if (chargeManeuverOf(action)) return resolveChargeManeuver(chain, action, dice, answers)
  addEffect(chain, actorId, { id: 'charged', until: actorId, value: 2 })
  const { stopped } = resolveMovement(chain, action, movementProvoking(action), dice, answers)
  if (stopped || chain.figure(actorId).out) return
  const attacker = chain.figure(actorId)
  const slot = attackRoutine(attacker, 'single')[0]
  const target = chain.figure(targetId)
  if (!slot || slot.ranged || !threatens(chain.state, attacker, target.pos)) return
  swing(chain, actorId, targetId, slot, dice, swingOptions(action, answers), 'charge')
}

/**
 * `coupDeGrace` (§4.8): provokes from everyone threatening the attacker; an automatic critical hit; a
 * survivor saves (Fort DC 10 + damage) or dies.
 */
export function resolveCoupDeGrace(
  chain: Chain,
  action: Action,
  dice: DiceRoller,
  answers: Answers,
  how: Provoking,
  deathSave: (chain: Chain, targetId: string, damage: number, dice: DiceRoller) => void
): void {
  const { actorId, targetId } = action
  if (!targetId) return
  if (!reactFirst(chain, action, how, dice, answers).goOn) return
  const slot = attackRoutine(chain.figure(actorId), 'single')[0]
  const target = chain.figure(targetId)
  if (!slot) return
  // The target is out of the fight (helpless), so `swing` would refuse it: roll the blow directly.
  const setup = attackSetup(chain.state, chain.figure(actorId), target, slot, { autoCrit: true })
  const result = rollSwing(
    dice,
    actorId,
    targetId,
    slot,
    { ...setup.mods, concealmentPercent: 0 },
    setup.ac,
    {
      immuneCrit: readStats(target).immuneCrit,
      autoCrit: true,
      mode: 'coupDeGrace'
    }
  )
  chain.emit(result.events)
  const damage = result.lethal + result.nonlethal
  const dealt = { lethal: result.lethal, nonlethal: result.nonlethal }
  applyDamage(chain, targetId, dealt, 'coupDeGrace', dice, { singleAttack: true })
  if (readStats(chain.figure(targetId)).conditions.includes('dead')) return
  deathSave(chain, targetId, damage, dice)
}
