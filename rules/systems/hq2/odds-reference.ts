import { combineIndependent, splitSuccessDist, successDist } from '../../core/dice-pool'
import { constant, mapDist, mix, probability, type Dist } from '../../core/distribution'
import { frac, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, EncounterState } from '../../core/types'
import { planOf } from './actions'
import { Asker } from './decisions'
import type { Maneuver } from './economy.machine'
import { isManeuver, planManeuver, type ManeuverPlan } from './maneuvers'
import { countedChance } from './gear'
import { outcomeOf } from './odds'
import type { AttackPlan, CheckPlan, Pool } from './plan'
import { readSettings, type Hq2Settings } from './settings'

// The odds of an attack and of a maneuver as they were computed before the fast path of odds.ts: every law
// a Map of reduced fractions, the joint law of the two rolls summed pair by pair, each sum reduced. Exact
// but quadratic in the dice and slow on big pools (seconds at 1,000 dice); kept as the reference the
// tests and `npm run bench:hq2` hold the fast path to, fraction for fraction. Not used by the app.

function poolDist(pool: Pool): Dist {
  if (pool.dice <= 0) return constant(0)
  return splitSuccessDist(pool.scaled, pool.multiplier, pool.plain, countedChance(pool.faces))
}

function checkDist(check: CheckPlan): Dist {
  return check.mode === 'enter' ? constant(check.points) : successDist(check.dice, frac(1, 2))
}

function defenseRollDist(plan: AttackPlan): Dist {
  const d = plan.defense
  if (d.kind === 'none') return constant(0)
  return d.kind === 'basic' ? poolDist(d.pool) : checkDist(d.check)
}

function lifeLost(dist: Dist, life: number): Dist {
  return mapDist(dist, (v) => Math.min(v, life))
}

/** The exact law of the damage dealt (uncapped, fall damage included), pair by pair. */
export function referenceDamageDist(settings: Hq2Settings, plan: AttackPlan): Dist {
  return combineIndependent(poolDist(plan.pool), defenseRollDist(plan), (s, r) => {
    const o = outcomeOf(settings, plan, s, r)
    return o.damage + o.fall
  })
}

/** P(the acrobatic counter-attack triggers), 0 for other defenses, pair by pair. */
export function referenceCounterChance(settings: Hq2Settings, plan: AttackPlan): Fraction {
  if (plan.defense.kind !== 'counter') return frac(0)
  const hits = combineIndependent(poolDist(plan.pool), defenseRollDist(plan), (s, r) =>
    outcomeOf(settings, plan, s, r).counter ? 1 : 0
  )
  return probability(hits, (v) => v === 1)
}

/** The odds of an attack, as attackOdds computed them before the fast path. */
export function referenceAttackOdds(settings: Hq2Settings, plan: AttackPlan): ActionOdds {
  const damage = lifeLost(referenceDamageDist(settings, plan), plan.target.life)
  const headline = [
    { key: 'wound', p: probability(damage, (v) => v >= 1) },
    { key: 'kill', p: probability(damage, (v) => v >= plan.target.life) }
  ]
  if (plan.defense.kind === 'counter')
    headline.push({ key: 'counter', p: referenceCounterChance(settings, plan) })
  return { headline, damage }
}

/** The odds of a maneuver, as maneuverOdds computed them before the fast path. */
export function referenceManeuverOdds(state: EncounterState, plan: ManeuverPlan): ActionOdds | null {
  const settings = readSettings(state)
  const main = plan.success ?? plan.failure
  if (!main) return null
  const life = main.target.life
  const p = plan.check ? probability(checkDist(plan.check), (s) => s >= plan.difficulty) : frac(1)
  const onSuccess = plan.success ? lifeLost(referenceDamageDist(settings, plan.success), life) : constant(0)
  const onFailure = plan.failure ? lifeLost(referenceDamageDist(settings, plan.failure), life) : constant(0)
  const damage = new Map([...mix(p, onSuccess, onFailure)].filter(([, q]) => q.n !== 0n))
  const headline = [
    ...(plan.check ? [{ key: 'check', p }] : []),
    { key: 'wound', p: probability(damage, (v) => v >= 1) },
    { key: 'kill', p: probability(damage, (v) => v >= life) }
  ]
  return { headline, damage }
}

/** The odds of an action, as the ruleset's `odds` computed them before the fast path. */
export function referenceActionOdds(
  state: EncounterState,
  action: Action,
  answers: Answers = {}
): ActionOdds | null {
  if (isManeuver(action.kind)) {
    const plan = planManeuver(state, action as Action & { kind: Maneuver }, new Asker(answers))
    return plan ? referenceManeuverOdds(state, plan) : null
  }
  const plan = planOf(state, action, answers)
  return plan ? referenceAttackOdds(readSettings(state), plan) : null
}
