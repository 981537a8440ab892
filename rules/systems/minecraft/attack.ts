import type { GameEvent } from '../../core/events'
import { chebyshev, FRONT_FLANK_BACK, relativeSector, snapDirection, type Sector } from '../../core/geometry'
import { taggedDice, type DiceRoller } from '../../core/rng'
import { rollUnder, type RollUnderRule } from '../../core/roll-under'
import type { Action, Answers, Combatant, EncounterState, Violation } from '../../core/types'
import {
  areEnemies,
  hasLineOfSight,
  inMeleeReach,
  inRange,
  isEngaged,
  knockbackOutcome,
  knockbackStep,
  rangedDistance,
  wallBetween,
  type Knockback
} from './board'
import { fallDamage, fallEvents } from './falls'
import { distanceModifier, type McSettings } from './settings'
import { armorModifier, meleeSkillKey, readStats, weaponModifier, weaponSkill } from './stats'

/** The attack modes of minecraft.md §4.2 and §4.3. */
export type AttackMode = 'melee' | 'ranged'

/** Everything an attack will roll against, fixed at declaration (the board decides the knockback). */
export interface AttackPlan {
  mode: AttackMode
  attacker: Combatant
  target: Combatant
  /** Where the attacker stands relative to the target's facing (melee, or ranged with rangedUsesFacing). */
  sector?: Sector
  /** minecraft.md §4.2 [TEXT L58]: back attacks hit with no roll. */
  autoHit: boolean
  hitTarget: number
  hitRule: RollUnderRule
  /** Where the hit pushes the target, and what it collides with. */
  knockback: Knockback
  /** Life the target loses if the knockback drops it off a ledge (G-4: the GM's answer or the proposal). */
  fallDamage: number
  impactTarget: number
  woundTarget: number
  /** Impact and wound rolls share a rule (both are wound rolls, A11). */
  woundRule: RollUnderRule
  /** The direction the attacker turns to (minecraft.md §2 G-5). */
  facing: number
  /** Ranged only: distance d and its modifier Md. */
  distance?: number
  md?: number
}

const D10 = 10

/** minecraft.md §4.1 / A7: the d10 with the natural 1 (success) and 0 (= 10, failure) rule, or plain. */
export function d10Rule(natural: boolean): RollUnderRule {
  return natural ? { sides: D10, autoSuccess: 1, autoFailure: 10 } : { sides: D10 }
}

/** T_hit in melee (minecraft.md §4.2 step 3): 5 + (HCa + HAa) − (HCd + HAd), + bonus by sector. */
export function meleeHitTarget(attacker: Combatant, target: Combatant, sectorBonus: number): number {
  const a = readStats(attacker)
  const d = readStats(target)
  return (
    5 + (a.hc + weaponSkill(a, meleeSkillKey(a))) - (d.hc + weaponSkill(d, meleeSkillKey(d))) + sectorBonus
  )
}

/** T_w in melee (minecraft.md §4.2 step 6): 5 + (F + Ma) − (R + Ar). */
export function meleeWoundTarget(attacker: Combatant, target: Combatant): number {
  const a = readStats(attacker)
  const d = readStats(target)
  return 5 + (a.f + weaponModifier(a)) - (d.r + armorModifier(d))
}

/** T_hit at range (minecraft.md §4.3 step 2): HCr + HAr + Md, no "5 +". */
export function rangedHitTarget(attacker: Combatant, md: number, sectorBonus: number): number {
  const a = readStats(attacker)
  return a.hcRanged + weaponSkill(a, a.rangedWeapon?.skillKey ?? 'thrown') + md + sectorBonus
}

/** T_w at range (minecraft.md §4.3 step 5): 5 + (Fa + Md) − (R + Ar), Fa the weapon's strength. */
export function rangedWoundTarget(attacker: Combatant, target: Combatant, md: number): number {
  const fa = readStats(attacker).rangedWeapon?.fa ?? 0
  const d = readStats(target)
  return 5 + (fa + md) - (d.r + armorModifier(d))
}

/** Collision impact T (minecraft.md §4.2 step 5, A11): 5 + strength − (R + Ar), Ma = 0. */
export function impactTarget(settings: McSettings, target: Combatant): number {
  const d = readStats(target)
  return 5 + settings.impactStrength - (d.r + armorModifier(d))
}

function sectorBonus(settings: McSettings, sector: Sector | undefined): number {
  if (sector === 'flank') return settings.flankBonus
  if (sector === 'back' && !settings.backAutoHit) return settings.backBonus
  return 0
}

/** Builds the plan of a melee or ranged action; null when the actor, target or ranged weapon is missing. */
export function planAttack(
  state: EncounterState,
  settings: McSettings,
  action: Action,
  answers: Answers = {}
): AttackPlan | null {
  if (action.kind !== 'melee' && action.kind !== 'ranged') return null
  const mode: AttackMode = action.kind
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!attacker || !target || attacker.id === target.id) return null
  const dx = target.pos.x - attacker.pos.x
  const dy = target.pos.y - attacker.pos.y
  if (dx === 0 && dy === 0) return null
  const usesFacing = mode === 'melee' || settings.rangedUsesFacing
  const sector = usesFacing
    ? relativeSector(attacker.pos, target.pos, target.facing, FRONT_FLANK_BACK)
    : undefined
  const autoHit = sector === 'back' && settings.backAutoHit
  const bonus = sectorBonus(settings, sector)
  const allNatural = settings.autoRuleScope === 'all'
  const knockback = knockbackOutcome(state, settings, target, knockbackStep(mode, attacker.pos, target.pos))
  const drops = knockback.kind === 'push' && knockback.fall !== undefined ? [knockback.fall] : []
  const base = {
    mode,
    attacker,
    target,
    autoHit,
    knockback,
    fallDamage: fallDamage(settings, drops, answers),
    impactTarget: impactTarget(settings, target),
    woundRule: d10Rule(allNatural),
    facing: snapDirection(dx, dy),
    ...(sector ? { sector } : {})
  }
  if (mode === 'melee') {
    return {
      ...base,
      hitTarget: meleeHitTarget(attacker, target, bonus),
      hitRule: d10Rule(true),
      woundTarget: meleeWoundTarget(attacker, target)
    }
  }
  if (!readStats(attacker).rangedWeapon) return null
  const distance = rangedDistance(attacker.pos, target.pos)
  const md = distanceModifier(settings, distance)
  return {
    ...base,
    hitTarget: rangedHitTarget(attacker, md, bonus),
    hitRule: d10Rule(allNatural),
    woundTarget: rangedWoundTarget(attacker, target, md),
    distance,
    md
  }
}

/** Why an attack cannot be declared (target and geometry rules; turn and AP are checked by the caller). */
export function attackViolation(
  state: EncounterState,
  settings: McSettings,
  action: Action
): Violation | null {
  const attacker = state.combatants.find((c) => c.id === action.actorId)
  if (!attacker) return { code: 'unknownActor' }
  if (action.targetId === undefined) return { code: 'noTarget' }
  const target = state.combatants.find((c) => c.id === action.targetId)
  if (!target) return { code: 'unknownTarget', params: { targetId: action.targetId } }
  if (target.id === attacker.id) return { code: 'selfTarget' }
  if (target.out) return { code: 'targetOut', params: { targetId: target.id } }
  if (!settings.friendlyFire && !areEnemies(attacker, target)) {
    return { code: 'friendlyTarget', params: { targetId: target.id } }
  }
  return action.kind === 'melee'
    ? meleeViolation(state, settings, attacker, target)
    : rangedViolation(state, settings, attacker, target)
}

// minecraft.md §4.2 step 1: adjacent (8-neighbourhood, [TEXT L19]) and |Δz| ≤ meleeMaxDz ([REC]), with no
// wall or closed door between (issue 6: walls on square edges).
function meleeViolation(
  state: EncounterState,
  settings: McSettings,
  attacker: Combatant,
  target: Combatant
): Violation | null {
  if (inMeleeReach(state, settings, attacker.pos, target.pos)) return null
  if (wallBetween(state, settings, attacker.pos, target.pos))
    return { code: 'wallBetween', params: { targetId: target.id } }
  if (chebyshev(attacker.pos, target.pos) === 1) {
    const dz = Math.abs(attacker.pos.z - target.pos.z)
    return { code: 'heightDifference', params: { dz, max: settings.meleeMaxDz } }
  }
  return { code: 'notAdjacent', params: { targetId: target.id } }
}

// minecraft.md §3 table + §2: a ranged weapon, not in melee reach, not engaged, in range, line of sight.
function rangedViolation(
  state: EncounterState,
  settings: McSettings,
  attacker: Combatant,
  target: Combatant
): Violation | null {
  if (!readStats(attacker).rangedWeapon) return { code: 'noRangedWeapon' }
  if (inMeleeReach(state, settings, attacker.pos, target.pos))
    return { code: 'tooClose', params: { targetId: target.id } }
  if (isEngaged(state, settings, attacker)) return { code: 'engaged' }
  if (!inRange(settings, attacker.pos, target.pos)) {
    return {
      code: 'outOfRange',
      params: { distance: rangedDistance(attacker.pos, target.pos), max: settings.maxRange }
    }
  }
  if (settings.requireLineOfSight && !hasLineOfSight(state, settings, attacker.pos, target.pos)) {
    return { code: 'noLineOfSight', params: { targetId: target.id } }
  }
  return null
}

/**
 * Rolls a planned attack (minecraft.md §3 state machine): declare, turn, hit roll or automatic hit, then
 * (A10, knockbackFirst) the knockback with a possible strength-4 impact or fall, and the wound roll; each
 * successful roll removes 1 life, a fall what the GM entered (G-4).
 */
export function resolveAttack(settings: McSettings, plan: AttackPlan, dice: DiceRoller): GameEvent[] {
  const { attacker, target } = plan
  const attackerId = attacker.id
  const targetId = target.id
  const events: GameEvent[] = [
    {
      type: 'attack.declared',
      attackerId,
      targetId,
      mode: plan.mode,
      ...(plan.sector ? { sector: plan.sector } : {})
    }
  ]
  if (settings.faceTargetOnAttack && plan.facing !== attacker.facing) {
    events.push({ type: 'faced', id: attackerId, facing: plan.facing })
  }
  if (!plan.autoHit) {
    const hit = roll(dice, attackerId, 'hit', plan.hitTarget, plan.hitRule, events)
    if (!hit) {
      events.push({ type: 'attack.missed', attackerId, targetId })
      return events
    }
  }
  events.push({ type: 'attack.hit', attackerId, targetId, automatic: plan.autoHit })

  let life = target.life
  const lose = (more: GameEvent[]): void => {
    events.push(...more)
    for (const e of more) if (e.type === 'damaged') life -= e.amount
  }
  const wound = (source: 'impact' | 'wound'): void =>
    lose([
      { type: 'damaged', id: targetId, amount: 1, source },
      ...(life <= 1 ? [{ type: 'combatant.out' as const, id: targetId }] : [])
    ])
  const knockback = (): void => {
    const kb = plan.knockback
    if (kb.kind === 'push') {
      events.push({ type: 'pushed', id: targetId, from: target.pos, to: kb.to })
      if (kb.fall !== undefined) lose(fallEvents(targetId, life, plan.fallDamage))
    } else if (kb.kind === 'collision') {
      events.push({ type: 'collided', id: targetId, at: kb.at, obstacle: kb.obstacle })
      if (roll(dice, attackerId, 'impact', plan.impactTarget, plan.woundRule, events)) wound('impact')
    }
  }
  const woundRoll = (): void => {
    if (roll(dice, attackerId, 'wound', plan.woundTarget, plan.woundRule, events)) wound('wound')
  }
  // A figure taken out is gone: nothing is left to push or wound.
  const [first, second] = settings.knockbackFirst ? [knockback, woundRoll] : [woundRoll, knockback]
  first()
  if (life > 0) second()
  return events
}

function roll(
  dice: DiceRoller,
  actorId: string,
  purpose: string,
  target: number,
  rule: RollUnderRule,
  events: GameEvent[]
): boolean {
  const out = rollUnder(taggedDice(dice, { purpose, actorId }), target, rule)
  events.push({
    type: 'dice.rolled',
    actorId,
    purpose,
    sides: rule.sides,
    result: out.result,
    target,
    success: out.success,
    ...(out.natural ? { natural: out.natural } : {})
  })
  return out.success
}
