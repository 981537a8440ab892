import { ONE } from '../../core/fraction'
import { constant } from '../../core/distribution'
import type { GameEvent } from '../../core/events'
import type { ActionOdds } from '../../core/ruleset'
import type { DiceRoller } from '../../core/rng'
import type { Action, Combatant, EncounterState, Violation } from '../../core/types'
import { areEnemies, inTouch, squaresBetween } from './board'
import { parseDamage, rollDamage } from './damage'
import { checkEvent, passes, rollCheck, type Check } from './dice'
import { healthOf } from './health'
import { checkChance } from './odds'
import { readSettings } from './settings'
import { ownLevel, usesSplitMajor } from './situation'
import { attribute, readStats, skill } from './stats'

// athkri.md §6 [TEXT L45–48] and §7 G-11: first aid (primeros auxilios) by a figure touching an ally.
// Outside help re-stabilizes a bleeding figure; any healing of an unconscious figure first sets its HP to
// 0 and then adds the healing [TEXT L48]. The digest names no first-aid action, roll or amount: its cost,
// test and healing are settings with placeholder defaults. A figure healed above 0 HP is conscious again
// by the §6 thresholds (`combatant.back`); one left at 0 stays down, stabilized.

/** The roll purpose, the `healed` source and the odds key of first aid (i18n). */
export const FIRST_AID = 'firstAid'

/** The first-aid test of the helper (attribute and skill per settings): Malherido and a split Major reduce it. */
export function firstAidCheck(state: EncounterState, helper: Combatant, action: Action): Check {
  const settings = readSettings(state)
  const stats = readStats(helper)
  const split = usesSplitMajor(state, action)
  const reduce = split && settings.splitMode === 'reduceOneLevel' ? 1 : 0
  const level = ownLevel(state, helper, reduce, split && settings.splitMode === 'forceLow')
  return {
    level: level.level,
    flat: attribute(stats, settings.firstAidAttribute) + skill(stats, settings.firstAidSkill) - level.penalty
  }
}

/** Whether first aid can do anything for the figure: stop its bleeding or give it back some life. */
function needsAid(state: EncounterState, target: Combatant): boolean {
  const health = healthOf(state, target)
  if (health.state === 'inconsciente' && !health.stabilized) return true
  const healing = parseDamage(readSettings(state).firstAidHealing)
  if (healing.count === 0 && healing.bonus <= 0) return false
  return health.state === 'inconsciente' || (!target.out && target.life < target.lifeMax)
}

/** Null when `actor` may give first aid to the action's target now; else the rule it breaks. */
export function firstAidViolation(state: EncounterState, actor: Combatant, action: Action): Violation | null {
  if (!readSettings(state).firstAidEnabled) return { code: 'firstAidDisabled' }
  if (!action.targetId) return { code: 'noTarget' }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return { code: 'unknownTarget', params: { targetId: action.targetId } }
  if (target.id === actor.id) return { code: 'selfAid' }
  if (areEnemies(actor, target)) return { code: 'notAnAlly', params: { targetId: target.id } }
  const health = healthOf(state, target)
  if (health.state === 'muerto') return { code: 'targetDead', params: { targetId: target.id } }
  if (health.fled) return { code: 'targetOut', params: { targetId: target.id } }
  if (squaresBetween(actor, target) > 1) return { code: 'notAdjacent', params: { targetId: target.id } }
  if (!inTouch(state, actor, target)) return { code: 'wallBetween', params: { targetId: target.id } }
  return needsAid(state, target) ? null : { code: 'notWounded', params: { targetId: target.id } }
}

/**
 * Resolves first aid: the test (when the table uses one), then on success the healing. A downed target's
 * life is 0 in the state, so `healed` adds to 0 exactly as [TEXT L48] asks, and the log ledger reads any
 * healing, even 0, as outside help that stops the bleeding (G-11).
 */
export function resolveFirstAid(
  state: EncounterState,
  actor: Combatant,
  action: Action,
  dice: DiceRoller
): GameEvent[] {
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return []
  const settings = readSettings(state)
  const events: GameEvent[] = []
  const difficulty = settings.firstAidDifficulty
  if (difficulty !== null) {
    const made = rollCheck(dice, settings, firstAidCheck(state, actor, action), {
      purpose: FIRST_AID,
      actorId: actor.id
    })
    const ok = passes(made, difficulty)
    events.push(checkEvent(actor.id, FIRST_AID, made, difficulty, ok))
    if (!ok) return events
  }
  const rolled = Math.max(
    0,
    rollDamage(dice, parseDamage(settings.firstAidHealing), { purpose: FIRST_AID, actorId: actor.id }).total
  )
  const down = target.out
  const amount = Math.min(rolled, target.lifeMax - (down ? 0 : target.life))
  events.push({ type: 'healed', id: target.id, amount, source: FIRST_AID })
  if (down && amount > 0) events.push({ type: 'combatant.back', id: target.id })
  return events
}

/** The chance that first aid works (the test; certain without one); it takes no life from anyone. */
export function firstAidOdds(state: EncounterState, action: Action): ActionOdds | null {
  const actor = state.combatants.find((c) => c.id === action.actorId)
  if (!actor) return null
  const difficulty = readSettings(state).firstAidDifficulty
  const p =
    difficulty === null
      ? ONE
      : checkChance(readSettings(state), firstAidCheck(state, actor, action), difficulty)
  return { headline: [{ key: FIRST_AID, p }], damage: constant(0) }
}
