import { combineIndependent, splitSuccessDist, successDist } from '../../core/dice-pool'
import { constant, mapDist, probability, type Dist } from '../../core/distribution'
import { frac, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import { acrobaticsOutcome, dodgeDamage } from './defense'
import { applyWeaponHooks, countedChance } from './gear'
import type { AttackPlan, CheckPlan, Pool } from './plan'
import type { Hq2Settings } from './settings'

// Exact odds of an attack (hq2.md §4.6–4.8): the law of the counted faces of each pool (with its
// multiplier and remainder), then the damage as a function of the independent attack and defense rolls.

/** The law of the counted faces of a pool, multiplier applied (hq2.md §4.6, A3, A11). */
export function poolDist(pool: Pool): Dist {
  if (pool.dice <= 0) return constant(0)
  return splitSuccessDist(pool.scaled, pool.multiplier, pool.plain, countedChance(pool.faces))
}

/** The law of the points a check overcomes: skulls of its dice (placeholder, G3), or the entered result. */
export function checkDist(check: CheckPlan): Dist {
  return check.mode === 'enter' ? constant(check.points) : successDist(check.dice, frac(1, 2))
}

/** Damage (before weapon hooks) and fall damage for given skulls S and defense roll / check points. */
export function outcomeOf(
  settings: Hq2Settings,
  plan: AttackPlan,
  skulls: number,
  roll: number
): { damage: number; fall: number; counter: boolean } {
  const d = plan.defense
  switch (d.kind) {
    case 'none':
      return { damage: applyWeaponHooks(skulls, plan.weapon), fall: 0, counter: false }
    case 'basic':
      return {
        damage: applyWeaponHooks(Math.max(0, skulls - roll - d.absorb), plan.weapon),
        fall: 0,
        counter: false
      }
    case 'dodge':
    case 'juggling':
      return {
        damage: applyWeaponHooks(dodgeDamage(settings, skulls, roll, d.perPoint), plan.weapon),
        fall: 0,
        counter: false
      }
    default: {
      const o = acrobaticsOutcome(settings, skulls, roll, d.stunt, d.kind === 'counter')
      return {
        damage: applyWeaponHooks(o.damage, plan.weapon),
        fall: o.fall,
        counter: d.kind === 'counter' && o.success
      }
    }
  }
}

/** The law of what the defender rolls: shields of a basic defense, points of a check, or nothing. */
export function defenseRollDist(plan: AttackPlan): Dist {
  const d = plan.defense
  if (d.kind === 'none') return constant(0)
  return d.kind === 'basic' ? poolDist(d.pool) : checkDist(d.check)
}

/** The exact law of the damage dealt (uncapped, fall damage included: life the defender loses). */
export function damageDist(settings: Hq2Settings, plan: AttackPlan): Dist {
  return combineIndependent(poolDist(plan.pool), defenseRollDist(plan), (s, r) => {
    const o = outcomeOf(settings, plan, s, r)
    return o.damage + o.fall
  })
}

/** P(the acrobatic counter-attack triggers), 0 for other defenses. */
export function counterChance(settings: Hq2Settings, plan: AttackPlan): Fraction {
  if (plan.defense.kind !== 'counter') return frac(0)
  const hits = combineIndependent(poolDist(plan.pool), defenseRollDist(plan), (s, r) =>
    outcomeOf(settings, plan, s, r).counter ? 1 : 0
  )
  return probability(hits, (v) => v === 1)
}

/** Life lost, capped at what the target has left. */
export function lifeLost(dist: Dist, life: number): Dist {
  return mapDist(dist, (v) => Math.min(v, life))
}

/** Headline odds and the law of the life the target loses (hq2.md §10 notation). */
export function attackOdds(settings: Hq2Settings, plan: AttackPlan): ActionOdds {
  const damage = lifeLost(damageDist(settings, plan), plan.target.life)
  const headline = [
    { key: 'wound', p: probability(damage, (v) => v >= 1) },
    { key: 'kill', p: probability(damage, (v) => v >= plan.target.life) }
  ]
  if (plan.defense.kind === 'counter') headline.push({ key: 'counter', p: counterChance(settings, plan) })
  return { headline, damage }
}
