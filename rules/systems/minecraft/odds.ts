import { constant, convolve, mapDist, mix, probability, type Dist } from '../../core/distribution'
import { ONE, type Fraction } from '../../core/fraction'
import { rollUnderDist } from '../../core/roll-under'
import type { ActionOdds } from '../../core/ruleset'
import type { AttackPlan } from './attack'

/** P(hit) of a planned attack: 1 from the back, else the d10 roll-under (minecraft.md §4.1–4.3). */
export function hitChance(plan: AttackPlan): Fraction {
  return plan.autoHit ? ONE : probability(rollUnderDist(plan.hitTarget, plan.hitRule), (v) => v === 1)
}

/**
 * Life lost given a hit (minecraft.md §4.2 steps 5–6, §5, G-4): the collision impact (when the board makes
 * the knockback collide) or the fall (when it drops the target off a ledge), plus the attack's own wound,
 * never more than the target has left (so the order of A10 does not change the law).
 */
export function damageOnHit(plan: AttackPlan): Dist {
  const kb = plan.knockback
  const impact =
    kb.kind === 'collision'
      ? rollUnderDist(plan.impactTarget, plan.woundRule)
      : constant(kb.kind === 'push' && kb.fall !== undefined ? plan.fallDamage : 0)
  const wound = rollUnderDist(plan.woundTarget, plan.woundRule)
  const life = plan.target.life
  return mapDist(convolve(impact, wound), (v) => Math.min(v, life))
}

/** The exact life-loss distribution of one attack: a miss loses nothing. */
export function damageDist(plan: AttackPlan): Dist {
  const mixed = mix(hitChance(plan), damageOnHit(plan), constant(0))
  return new Map([...mixed].filter(([, p]) => p.n !== 0n))
}

/** Headline odds (`odds.hit`, `odds.wound` = P(≥ 1 life lost), impact included) and the damage law. */
export function attackOdds(plan: AttackPlan): ActionOdds {
  const damage = damageDist(plan)
  return {
    headline: [
      { key: 'hit', p: hitChance(plan) },
      { key: 'wound', p: probability(damage, (v) => v >= 1) }
    ],
    damage
  }
}
