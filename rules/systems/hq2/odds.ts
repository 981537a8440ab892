import type { Dist } from '../../core/distribution'
import {
  binomialSumLaw,
  constantLaw,
  jointLaw,
  lawToDist,
  mapLaw,
  mapMasses,
  massesToDist,
  massWhere,
  type Law,
  type Masses,
  type ScaledBinomial
} from '../../core/exact-law'
import { frac, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import { acrobaticsOutcome, dodgeDamage } from './defense'
import { applyWeaponHooks, countedChance, type WeaponEffects } from './gear'
import type { AttackPlan, CheckPlan, Pool } from './plan'
import type { Hq2Settings } from './settings'

// Exact odds of an attack (hq2.md §4.6–4.8): the law of the counted faces of each pool (with its
// multiplier and remainder), then the damage as a function of the independent attack and defense rolls.
// Laws are integer masses over one shared denominator (core/exact-law.ts), reduced once per probability
// read: a 1,000-dice attack against 1,000 defense dice takes milliseconds, not seconds, and gives the same
// fractions as the pair-by-pair algebra it replaced (odds-reference.ts, held to it by odds-fast.test.ts).

/** A pool as binomial terms: `scaled` dice counting ×multiplier, `plain` dice ×1 (hq2.md §4.6, A3, A11). */
function poolTerms(pool: Pool, sign: 1 | -1): ScaledBinomial[] {
  if (pool.dice <= 0) return []
  const p = countedChance(pool.faces)
  return [
    { dice: pool.scaled, p, scale: sign * pool.multiplier },
    { dice: pool.plain, p, scale: sign }
  ]
}

function poolLaw(pool: Pool): Law {
  return binomialSumLaw(poolTerms(pool, 1))
}

function checkLaw(check: CheckPlan): Law {
  return check.mode === 'enter'
    ? constantLaw(check.points)
    : binomialSumLaw([{ dice: check.dice, p: frac(1, 2), scale: 1 }])
}

/** The law of the counted faces of a pool, multiplier applied (hq2.md §4.6, A3, A11). */
export function poolDist(pool: Pool): Dist {
  return lawToDist(poolLaw(pool))
}

/** The law of the points a check overcomes: skulls of its dice (placeholder, G3), or the entered result. */
export function checkDist(check: CheckPlan): Dist {
  return lawToDist(checkLaw(check))
}

/** Damage of a basic defense from the skulls left after shields (hq2.md §4.7 steps 4–5). */
function basicDamage(net: number, absorb: number, weapon: WeaponEffects): number {
  return applyWeaponHooks(Math.max(0, net - absorb), weapon)
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
      return { damage: basicDamage(skulls - roll, d.absorb, plan.weapon), fall: 0, counter: false }
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
  if (d.kind === 'none') return lawToDist(constantLaw(0))
  return d.kind === 'basic' ? poolDist(d.pool) : checkDist(d.check)
}

/** The law of f(skulls, defense roll) over the independent attack and defense rolls. */
function attackMasses(
  settings: Hq2Settings,
  plan: AttackPlan,
  f: (o: ReturnType<typeof outcomeOf>) => number
): Masses {
  const d = plan.defense
  if (d.kind === 'basic') {
    // The outcome depends on skulls − shields only: one law of that difference, no pairs.
    const net = binomialSumLaw([...poolTerms(plan.pool, 1), ...poolTerms(d.pool, -1)])
    return mapLaw(net, (v) => f(outcomeOf(settings, plan, v, 0)))
  }
  const roll = d.kind === 'none' ? constantLaw(0) : checkLaw(d.check)
  return jointLaw(poolLaw(plan.pool), roll, (s, r) => f(outcomeOf(settings, plan, s, r)))
}

/** The exact law of the damage as masses (uncapped, fall damage included: life the defender loses). */
export function damageMasses(settings: Hq2Settings, plan: AttackPlan): Masses {
  return attackMasses(settings, plan, (o) => o.damage + o.fall)
}

/** The exact law of the damage dealt (uncapped, fall damage included: life the defender loses). */
export function damageDist(settings: Hq2Settings, plan: AttackPlan): Dist {
  return massesToDist(damageMasses(settings, plan))
}

/** P(the acrobatic counter-attack triggers), 0 for other defenses. */
export function counterChance(settings: Hq2Settings, plan: AttackPlan): Fraction {
  if (plan.defense.kind !== 'counter') return frac(0)
  return massWhere(
    attackMasses(settings, plan, (o) => (o.counter ? 1 : 0)),
    (v) => v === 1
  )
}

/** The law of the life an attack takes from a target with `life` left: masses and reduced fractions. */
export interface LifeLostLaw {
  masses: Masses
  dist: Dist
  counter: Fraction | null
}

// Laws cached on their true inputs: the target panel and the AI ask again and again for the odds of the
// same exchange (a hover, a re-render, each candidate move). A few entries: a 1,000-dice law is ~1 MB.
const LAWS_KEPT = 8
const laws = new Map<string, LifeLostLaw>()
const settingsKeys = new WeakMap<Hq2Settings, string>()

// Everything attackMasses and outcomeOf read: the settings, the attack pool and weapon, the defense (not
// its totals' breakdown, nor a counter-attack's own plan), and the life that caps the law.
function lawKey(settings: Hq2Settings, plan: AttackPlan, life: number): string {
  let s = settingsKeys.get(settings)
  if (s === undefined) {
    s = JSON.stringify(settings)
    settingsKeys.set(settings, s)
  }
  return JSON.stringify([s, plan.pool, plan.weapon, defenseKey(plan.defense), life])
}

function defenseKey(d: AttackPlan['defense']): unknown[] {
  switch (d.kind) {
    case 'none':
      return [d.kind]
    case 'basic':
      return [d.kind, d.pool, d.absorb]
    case 'dodge':
    case 'juggling':
      return [d.kind, d.perPoint, d.check]
    default:
      return [d.kind, d.stunt, d.check]
  }
}

/** The law of the life lost (damage capped at `life`), cached; `counter` only for a counter defense. */
export function lifeLostLaw(settings: Hq2Settings, plan: AttackPlan, life: number): LifeLostLaw {
  const key = lawKey(settings, plan, life)
  const hit = laws.get(key)
  if (hit) {
    laws.delete(key)
    laws.set(key, hit)
    return hit
  }
  let masses: Masses
  let counter: Fraction | null = null
  if (plan.defense.kind === 'counter') {
    // One pass for both: 2 × damage + (1 if the counter-attack triggers).
    const both = attackMasses(settings, plan, (o) => 2 * (o.damage + o.fall) + (o.counter ? 1 : 0))
    masses = mapMasses(both, (k) => Math.min(Math.floor(k / 2), life))
    counter = massWhere(both, (k) => k % 2 !== 0)
  } else {
    masses = mapMasses(damageMasses(settings, plan), (v) => Math.min(v, life))
  }
  const law = { masses, dist: massesToDist(masses), counter }
  laws.set(key, law)
  if (laws.size > LAWS_KEPT) laws.delete(laws.keys().next().value!)
  return law
}

/** Headline odds and the law of the life the target loses (hq2.md §10 notation). */
export function attackOdds(settings: Hq2Settings, plan: AttackPlan): ActionOdds {
  const life = plan.target.life
  const law = lifeLostLaw(settings, plan, life)
  const headline = [
    { key: 'wound', p: massWhere(law.masses, (v) => v >= 1) },
    { key: 'kill', p: massWhere(law.masses, (v) => v >= life) }
  ]
  if (law.counter) headline.push({ key: 'counter', p: law.counter })
  return { headline, damage: law.dist }
}
