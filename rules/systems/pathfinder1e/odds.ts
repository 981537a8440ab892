import { constant } from '../../core/distribution'
import { complement, mul, ONE, sub, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, EncounterState } from '../../core/types'
import { deathChance, outChance, sequenceOdds, swingOdds, type SwingOdds } from './attack-math'
import { attackRoutine } from './attack-routine'
import { phaseOf } from './full-round'
import { chargeManeuverOdds, maneuverActionOdds } from './maneuver-actions'
import { mountedChargeSlot, ridingMount } from './mount'
import { slotFor, swingOptions } from './resolve-attack'
import { attackSetup } from './situation'
import { castOdds } from './spell-actions'
import { readStats } from './stats'

// Exact odds before committing (issue 9 "Odds and the UI"): P(hit), P(crit), the damage distribution,
// P(the target goes down) and P(it dies), for one swing, a charge, a full attack or a coup de grace.

function headline(
  swings: SwingOdds[],
  lethal: ActionOdds['damage'],
  target: Parameters<typeof outChance>[1]
) {
  const missAll = swings.reduce<Fraction>((p, s) => mul(p, complement(s.hit)), ONE)
  const noCrit = swings.reduce<Fraction>((p, s) => mul(p, complement(s.crit)), ONE)
  return [
    { key: 'hit', p: sub(ONE, missAll) },
    { key: 'crit', p: sub(ONE, noCrit) },
    { key: 'down', p: outChance(lethal, target) },
    { key: 'kill', p: deathChance(lethal, target) }
  ]
}

/**
 * Exact odds of an attack-like action under given answers (`Ruleset.odds`); null without chance. The start
 * of a full-round action on a restricted turn (§3.2, `options.start`) is marked `deferred`: these are the
 * odds of its completion next turn, which may never come.
 */
export function actionOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  const odds = immediateOdds(state, action, answers)
  return odds && phaseOf(action) === 'start' ? { ...odds, deferred: true } : odds
}

function immediateOdds(state: EncounterState, action: Action, answers: Answers): ActionOdds | null {
  if (action.kind === 'cast') return castOdds(state, action, answers)
  const actor = state.combatants.find((c) => c.id === action.actorId)
  // §4.12: the mount's attack, directed by its rider, is the mount's swing.
  const attacker = actor && action.kind === 'mountAttack' ? ridingMount(state, actor) : actor
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target) return null
  const opts = swingOptions(action, answers)
  const immuneCrit = readStats(target).immuneCrit
  let slots
  // §4.11: a bull rush or overrun replacing a charge's attack has maneuver odds.
  if (action.kind === 'charge' && action.options?.maneuver !== undefined)
    return chargeManeuverOdds(state, action, answers)
  if (action.kind === 'attack') slots = [slotFor(state, attacker, action)]
  // §4.12: a lance deals double damage on a mounted charge.
  else if (action.kind === 'charge')
    slots = attackRoutine(attacker, 'single')
      .slice(0, 1)
      .map((s) => mountedChargeSlot(state, attacker, s))
  else if (action.kind === 'coupDeGrace' || action.kind === 'mountAttack')
    slots = attackRoutine(attacker, 'single').slice(0, 1)
  else if (action.kind === 'fullAttack') slots = attackRoutine(attacker, 'full')
  else return maneuverActionOdds(state, action, answers)
  const swings: SwingOdds[] = []
  for (const slot of slots) {
    if (!slot) continue
    const setup = attackSetup(state, attacker, target, slot, {
      ...opts,
      ...(action.kind === 'coupDeGrace' ? { autoCrit: true } : {})
    })
    const dealt = opts.nonlethal === true ? { ...slot, nonlethal: true } : slot
    swings.push(
      swingOdds(dealt, setup.mods, setup.ac, {
        immuneCrit,
        ...(action.kind === 'coupDeGrace' ? { autoCrit: true } : {})
      })
    )
  }
  if (swings.length === 0) return { headline: [], damage: constant(0) }
  const { lethal } = sequenceOdds(swings)
  return { headline: headline(swings, lethal, target), damage: lethal }
}
