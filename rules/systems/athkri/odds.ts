import { constant, convolve, mapDist, mix, probability, type Dist } from '../../core/distribution'
import { add, complement, mul, ZERO, type Fraction } from '../../core/fraction'
import { atLeastByFace, opposedByFace } from '../../core/keep-die'
import type { ActionOdds } from '../../core/ruleset'
import type { AttackPlan } from './attack'
import { elementResponse, finalDamageDist, parseDamage } from './damage'
import { dieRule } from './dice'
import type { Check } from './dice'
import { readSettings, type AthkriSettings, type locations } from './settings'
import { readStats } from './stats'
import type { EncounterState } from '../../core/types'

// Exact odds (athkri.md §2, §5): hit chances by the attacker's first kept face (the hit location reads
// it), the damage law of each location, and their mixture. Explosions are summed in closed form.

/** athkri.md §5.5 [TEXT L67–75]: the location of a kept face (1 is a fumble, A15). */
export function hitLocation(face: number): (typeof locations)[number] | null {
  switch (face) {
    case 2:
    case 4:
      return 'legs'
    case 5:
      return 'lowerBody'
    case 6:
    case 8:
      return 'chest'
    case 3:
    case 7:
      return 'arms'
    case 9:
      return 'genitals'
    case 10:
      return 'head'
    default:
      return null
  }
}

/** athkri.md §5.5 G-6: the GM's extra damage for the location of a face (0 when locations are off). */
export function locationBonus(settings: AthkriSettings, face: number): number {
  if (!settings.hitLocationEnabled) return 0
  const where = hitLocation(face)
  return where ? settings.locationDamageBonus[where] : 0
}

/** What a defender does against one attack. */
export interface DefenceChoice {
  dodge: boolean
  /** The GM's Cobertura change (G-3), ranged only. */
  coverAdjust: number
}

/** P(hit ∧ first kept face = v) of an attack: vs Defensa/Cobertura, or the opposed roll (§5.2 step 3). */
export function hitByFace(
  settings: AthkriSettings,
  plan: AttackPlan,
  defence: DefenceChoice
): Map<number, Fraction> {
  const att = dieRule(settings, plan.check.level)
  if (defence.dodge && plan.dodge) {
    const def = dieRule(settings, plan.dodge.level)
    // The attack fails only if the defender rolls higher [TEXT L59]: attacker wins iff T ≥ D.
    return opposedByFace(att, def, plan.check.flat - plan.dodge.flat, {
      defenderFumbleFails: settings.defenderFumbleFails
    })
  }
  const difficulty = plan.difficulty + (plan.mode === 'ranged' ? defence.coverAdjust : 0)
  return atLeastByFace(att, difficulty - plan.check.flat)
}

/** P(hit). */
export function hitChance(settings: AthkriSettings, plan: AttackPlan, defence: DefenceChoice): Fraction {
  let acc = ZERO
  for (const p of hitByFace(settings, plan, defence).values()) acc = add(acc, p)
  return acc
}

/** P(a check of `check` reaches `difficulty`), e.g. a bleed save or a Cabalgar test. */
export function checkChance(settings: AthkriSettings, check: Check, difficulty: number): Fraction {
  let acc = ZERO
  for (const p of atLeastByFace(dieRule(settings, check.level), difficulty - check.flat).values())
    acc = add(acc, p)
  return acc
}

/** P(attacker wins) of an opposed roll won on ties (Emboscada: Sigilo vs Atención). */
export function opposedChance(settings: AthkriSettings, att: Check, def: Check): Fraction {
  const m = opposedByFace(dieRule(settings, att.level), dieRule(settings, def.level), att.flat - def.flat, {
    defenderFumbleFails: settings.defenderFumbleFails
  })
  let acc = ZERO
  for (const p of m.values()) acc = add(acc, p)
  return acc
}

/**
 * The exact law of the damage one attack deals (before the target's life caps it): each first face with
 * its hit chance and its location's damage law, a miss dealing 0.
 */
export function attackDamage(state: EncounterState, plan: AttackPlan, defence: DefenceChoice): Dist {
  const settings = readSettings(state)
  const target = readStats(plan.target)
  const expr = parseDamage(plan.weapon.damage)
  const reduction = target.armor?.reduction ?? 0
  const response = elementResponse(settings, plan.weapon.element, target)
  let hit = ZERO
  // Faces with the same location bonus share a damage law: weigh each law once.
  const byBonus = new Map<number, Fraction>()
  for (const [face, p] of hitByFace(settings, plan, defence)) {
    const bonus = locationBonus(settings, face)
    byBonus.set(bonus, add(byBonus.get(bonus) ?? ZERO, p))
    hit = add(hit, p)
  }
  const parts: Array<[Fraction, Dist]> = [[complement(hit), constant(0)]]
  for (const [bonus, p] of byBonus) parts.push([p, finalDamageDist(expr, bonus, reduction, response)])
  return weighted(parts)
}

function weighted(parts: ReadonlyArray<readonly [Fraction, Dist]>): Dist {
  const m = new Map<number, Fraction>()
  for (const [w, d] of parts) {
    if (w.n === 0n) continue
    for (const [v, p] of d) m.set(v, add(m.get(v) ?? ZERO, mul(w, p)))
  }
  return m
}

/** The life the target loses: its life stops at 0 (the engine's `life`). */
export function lifeLost(dist: Dist, life: number): Dist {
  return mapDist(dist, (v) => Math.min(v, Math.max(0, life)))
}

/** The sum of independent damage laws (two weapons). */
export function sumDamage(dists: readonly Dist[]): Dist {
  return dists.reduce((acc, d) => convolve(acc, d), constant(0))
}

/** With probability p the attacks happen (the ambush succeeded), else nothing. */
export function onlyIf(p: Fraction, dist: Dist): Dist {
  return mix(p, dist, constant(0))
}

/** Headline odds and the life-loss law, from the raw damage law and the chance of any hit. */
export function summarize(
  raw: Dist,
  life: number,
  pHit: Fraction,
  extra: ActionOdds['headline'] = []
): ActionOdds {
  const damage = new Map([...lifeLost(raw, life)].filter(([, p]) => p.n !== 0n))
  return {
    headline: [
      ...extra,
      { key: 'hit', p: pHit },
      { key: 'wound', p: probability(damage, (v) => v >= 1) },
      { key: 'down', p: life > 0 ? probability(damage, (v) => v >= life) : ZERO }
    ],
    damage
  }
}
