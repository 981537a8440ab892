import { mul, ONE, complement, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, Combatant, EncounterState, Violation } from '../../core/types'
import { planAttack, planTwoWeapons, type AttackMode, type AttackPlan } from './attack'
import { areEnemies, hasLineOfSight, inMeleeReach, distanceMetres, reachViolation } from './board'
import type { Check } from './dice'
import { healthOf } from './health'
import {
  attackDamage,
  hitChance,
  onlyIf,
  opposedChance,
  sumDamage,
  summarize,
  type DefenceChoice
} from './odds'
import { readSettings, type AthkriSettings } from './settings'
import { isHidden, isUnaware, ownLevel } from './situation'
import { attribute, lightPair, readStats, skill, weaponOf } from './stats'

// Attack-like actions (athkri.md §4 catalogue): melee, ranged, two weapons, ambush. Planning, legality,
// the answers they read (decisions.ts asks them) and their exact odds.

/** The attack-like action kinds. */
export const attackKinds = ['melee', 'ranged', 'twoWeapons', 'ambush'] as const

/** Decision id: the defender's passive Defensa or opposed dodge (athkri.md §5.2 step 3). */
export const DODGE = 'athkri.dodge'
/** Decision id: the GM's Cobertura change (athkri.md §8 G-3). */
export const COVER_ADJUST = 'athkri.coverAdjust'
/** Decision id: the GM's ambush bonus (athkri.md §8 G-4). */
export const AMBUSH_BONUS = 'athkri.ambushBonus'

/** True for the attack-like kinds. */
export function isAttackKind(kind: string): boolean {
  return (attackKinds as readonly string[]).includes(kind)
}

/** The plans of an attack action, and the stealth contest of an ambush. */
export interface ActionPlan {
  attacks: AttackPlan[]
  ambush?: { stealth: Check; awareness: Check }
}

function num(answers: Answers, id: string): number {
  const v = answers[id]
  return typeof v === 'number' ? v : 0
}

/** The defence an answer set describes (the default when unanswered). */
export function defenceOf(settings: AthkriSettings, answers: Answers): DefenceChoice {
  const dodge = answers[DODGE] ?? settings.dodgeDefault
  return { dodge: dodge === 'dodge', coverAdjust: num(answers, COVER_ADJUST) }
}

/** athkri.md §4 Emboscada: the free basic attack is melee when the target is in reach, else ranged. */
export function ambushMode(state: EncounterState, attacker: Combatant, target: Combatant): AttackMode | null {
  const settings = readSettings(state)
  const stats = readStats(attacker)
  if (weaponOf(stats, 'melee') && inMeleeReach(state, settings, attacker, target)) return 'melee'
  return weaponOf(stats, 'ranged') && rangedViolation(state, attacker, target) === null ? 'ranged' : null
}

/** The plans of an attack-like action under the given answers; null when it is not one or cannot be planned. */
export function planAction(state: EncounterState, action: Action, answers: Answers = {}): ActionPlan | null {
  switch (action.kind) {
    case 'melee':
    case 'ranged': {
      const plan = planAttack(state, action.kind, action)
      return plan ? { attacks: [plan] } : null
    }
    case 'twoWeapons': {
      const plans = planTwoWeapons(state, action)
      return plans ? { attacks: plans } : null
    }
    case 'ambush':
      return planAmbush(state, action, answers)
    default:
      return null
  }
}

function planAmbush(state: EncounterState, action: Action, answers: Answers): ActionPlan | null {
  const settings = readSettings(state)
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target) return null
  const mode = ambushMode(state, attacker, target)
  if (!mode) return null
  const bonus = num(answers, AMBUSH_BONUS)
  const plan = planAttack(state, mode, action, {
    free: true,
    extraMods: bonus !== 0 ? [{ key: 'mod.ambush', value: bonus }] : []
  })
  if (!plan) return null
  const a = readStats(attacker)
  const own = ownLevel(state, attacker)
  const their = ownLevel(state, target)
  return {
    attacks: [plan],
    ambush: {
      stealth: {
        level: own.level,
        flat: attribute(a, settings.ambushAttribute) + skill(a, 'sigilo') - own.penalty
      },
      awareness: { level: their.level, flat: readStats(target).atencion - their.penalty }
    }
  }
}

/** A figure that may be attacked: in the fight, or unconscious when the table allows it (§6). */
function targetable(state: EncounterState, target: Combatant): boolean {
  if (!target.out) return true
  const h = healthOf(state, target)
  return readSettings(state).canTargetUnconscious && h.state === 'inconsciente'
}

/** Why an attack-like action cannot be declared (turn and budget aside), or null. */
export function attackViolation(state: EncounterState, action: Action): Violation | null {
  const settings = readSettings(state)
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  if (!attacker) return { code: 'unknownActor', params: { actorId: action.actorId } }
  if (action.targetId === undefined) return { code: 'noTarget' }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return { code: 'unknownTarget', params: { targetId: action.targetId } }
  if (target.id === attacker.id) return { code: 'selfTarget' }
  if (!targetable(state, target)) return { code: 'targetOut', params: { targetId: target.id } }
  if (!settings.friendlyFire && !areEnemies(attacker, target))
    return { code: 'friendlyTarget', params: { targetId: target.id } }
  const stats = readStats(attacker)
  switch (action.kind) {
    case 'melee':
      if (!weaponOf(stats, 'melee')) return { code: 'noMeleeWeapon' }
      return reachViolation(state, settings, attacker, target)
    case 'ranged':
      return rangedViolation(state, attacker, target)
    case 'twoWeapons': {
      // athkri.md §4 [TEXT L55] A14: a light weapon in each hand, armor Estorbo ≤ 1 or none.
      if (!lightPair(stats)) return { code: 'needsTwoLightWeapons' }
      const estorbo = stats.armor?.estorbo ?? 0
      if (estorbo > settings.twoWeaponMaxEstorbo)
        return { code: 'armorTooHeavy', params: { estorbo, max: settings.twoWeaponMaxEstorbo } }
      return reachViolation(state, settings, attacker, target)
    }
    case 'ambush':
      // athkri.md §4 [TEXT L63–64]: hidden or invisible, against a target unaware of the hostile intent.
      if (!isHidden(state, attacker)) return { code: 'notHidden' }
      if (!isUnaware(state, target)) return { code: 'targetAware', params: { targetId: target.id } }
      return ambushMode(state, attacker, target)
        ? null
        : { code: 'noBasicAttack', params: { targetId: target.id } }
    default:
      return { code: 'unknownAction', params: { kind: action.kind } }
  }
}

// athkri.md §5.3: a ranged weapon, within its maximum range (A9), with a line of sight (§3 [REC]).
function rangedViolation(state: EncounterState, attacker: Combatant, target: Combatant): Violation | null {
  const settings = readSettings(state)
  const weapon = weaponOf(readStats(attacker), 'ranged')
  if (!weapon) return { code: 'noRangedWeapon' }
  const metres = distanceMetres(settings, attacker, target)
  if (weapon.maxRangeM !== undefined && metres > weapon.maxRangeM)
    return { code: 'outOfRange', params: { distance: metres, max: weapon.maxRangeM } }
  if (settings.requireLineOfSight && !hasLineOfSight(state, attacker, target))
    return { code: 'noLineOfSight', params: { targetId: target.id } }
  return null
}

/** Exact odds of an attack-like action under the answers (defaults where unanswered); null otherwise. */
export function attackOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  const plan = planAction(state, action, answers)
  const first = plan?.attacks[0]
  if (!plan || !first) return null
  const settings = readSettings(state)
  const defence = defenceOf(settings, answers)
  const raw = sumDamage(plan.attacks.map((p) => attackDamage(state, p, defence)))
  let pMissAll: Fraction = ONE
  for (const p of plan.attacks) pMissAll = mul(pMissAll, complement(hitChance(settings, p, defence)))
  const pHit = complement(pMissAll)
  if (!plan.ambush) return summarize(raw, first.target.life, pHit)
  const pStealth = opposedChance(settings, plan.ambush.stealth, plan.ambush.awareness)
  return summarize(onlyIf(pStealth, raw), first.target.life, mul(pStealth, pHit), [
    { key: 'stealth', p: pStealth }
  ])
}
