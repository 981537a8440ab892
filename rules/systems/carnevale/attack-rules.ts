import type { Combatant, EncounterState, Violation } from '../../core/types'
import { toNumber } from '../../core/fraction'
import { distanceInches, enemies, enemiesInContact, inContact, sight, swimming, targetInCover } from './board'
import { combatOdds, planCombat, type CombatOdds, type CombatPlan } from './combat'
import { isStunned } from './counters'
import { drownAllowed, drownAttributeOf, planDrown, type DrownPlan } from './drown'
import { planGrapple, type GrapplePlan } from './grapple'
import { readSettings, type CarnevaleSettings } from './settings'
import { isWaterCreature, readStats, weaponsOf, weaponUsable, type CarnevaleWeapon } from './stats'

// When a Combat, Grapple or Drown can be made and what it rolls (carnevale.md §4 table, §5.1–5.4), for the
// actions a character takes and for the AoOs rules grant it alike (an AoO "counts as a normal action of
// the chosen type" [TEXT L9]). The board decides range, contact, sight, cover, water and crowding here.

/** How an attack comes about, beyond who makes it against whom. */
export interface AttackContext {
  /** §4 [TEXT L53]: the action started out of the water (a charge from the bank into the canal). */
  startedOutOfWater?: boolean
  /** §4 [TEXT L23]: the AoO of a charge from the sky (Penetration −5). */
  fromSky?: boolean
}

// Slack for a range read in inches from whole board units.
const RANGE_EPS = 1e-9

/** The weapon at `index` of the character's list (its card's, then the unarmed profile), if any. */
export function weaponAt(figure: Combatant, index: number): CarnevaleWeapon | undefined {
  return Number.isInteger(index) && index >= 0 ? weaponsOf(readStats(figure))[index] : undefined
}

/** §4 table, §5.1 step 1 [TEXT L40, L53, L61]: why this Combat cannot be made, or null. */
export function combatProblem(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  weaponIndex: number,
  ctx: AttackContext = {}
): Violation | null {
  const weapon = weaponAt(attacker, weaponIndex)
  if (!weapon) return { code: 'unknownWeapon', params: { weapon: weaponIndex } }
  const inWater = swimming(state, attacker)
  if (!weaponUsable(weapon, inWater, ctx.startedOutOfWater ?? !inWater))
    return { code: 'weaponNotAquatic', params: { weapon: weapon.name } }
  const contact = inContact(state, attacker, target)
  if (weapon.rangeIn === 0 && !contact) return { code: 'notInContact', params: { targetId: target.id } }
  const distance = distanceInches(state, attacker, target)
  if (!contact && distance > weapon.rangeIn + RANGE_EPS)
    return { code: 'outOfRange', params: { distance: Math.round(distance * 10) / 10, max: weapon.rangeIn } }
  if (!sight(state, attacker, target).visible)
    return { code: 'noLineOfSight', params: { targetId: target.id } }
  return null
}

/** §5.3 step 1 [TEXT L76]: why this Grapple cannot be made (friends may be grappled too), or null. */
export function grappleProblem(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant
): Violation | null {
  return inContact(state, attacker, target) ? null : { code: 'notInContact', params: { targetId: target.id } }
}

/** §5.4 step 1 [TEXT L91–97]: why this Drown cannot be made, or null. */
export function drownProblem(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant
): Violation | null {
  const facts = {
    enemy: enemies(attacker, target),
    lineOfSight: sight(state, attacker, target).visible,
    baseContact: inContact(state, attacker, target),
    targetInWater: swimming(state, target),
    targetWaterCreature: isWaterCreature(readStats(target))
  }
  if (drownAllowed(facts)) return null
  if (!facts.enemy) return { code: 'friendlyTarget', params: { targetId: target.id } }
  if (!facts.baseContact) return { code: 'notInContact', params: { targetId: target.id } }
  if (!facts.lineOfSight) return { code: 'noLineOfSight', params: { targetId: target.id } }
  if (!facts.targetInWater) return { code: 'targetNotInWater', params: { targetId: target.id } }
  return { code: 'waterCreature', params: { targetId: target.id } }
}

/** §5.1–5.2: the plan of a Combat as the board stands (crowding, cover, Stunned, the charge from the sky). */
export function combatPlanOf(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  weapon: CarnevaleWeapon,
  ctx: AttackContext = {}
): CombatPlan {
  const a = readStats(attacker)
  const t = readStats(target)
  return planCombat(
    {
      attacker: { att: a.att, stunned: isStunned(state, attacker) },
      target: {
        dex: t.dex,
        pro: t.pro,
        stunned: isStunned(state, target),
        enemiesInContact: enemiesInContact(state, target).length,
        cover: targetInCover(state, attacker, target)
      },
      weapon,
      chargeFromSky: ctx.fromSky ?? false
    },
    readSettings(state)
  )
}

/** §5.3: the plan of a Grapple; a friendly target makes it a basic roll [TEXT L89]. */
export function grapplePlanOf(state: EncounterState, attacker: Combatant, target: Combatant): GrapplePlan {
  const side = (c: Combatant) => ({
    value: readStats(c).att,
    baseMm: c.baseMm ?? 30,
    stunned: isStunned(state, c)
  })
  return planGrapple(side(attacker), side(target), !enemies(attacker, target), readSettings(state))
}

/** §5.4: the plan of a Drown (A6: the attribute the settings name). */
export function drownPlanOf(state: EncounterState, attacker: Combatant, target: Combatant): DrownPlan {
  const s = readSettings(state)
  const side = (c: Combatant) => ({
    value: drownAttributeOf(readStats(c), s),
    baseMm: c.baseMm ?? 30,
    stunned: isStunned(state, c)
  })
  return planDrown(side(attacker), side(target), s)
}

const oddsCache = new WeakMap<CarnevaleSettings, Map<string, CombatOdds>>()

/** §5.1: the exact odds of a plan, computed once per plan and settings (the AI asks for the same ones often). */
export function cachedCombatOdds(plan: CombatPlan, s: CarnevaleSettings): CombatOdds {
  let byPlan = oddsCache.get(s)
  if (!byPlan) oddsCache.set(s, (byPlan = new Map()))
  const key = `${plan.attackDice}|${plan.aceTarget}|${plan.damageBonus}|${plan.protectionDice}`
  let odds = byPlan.get(key)
  if (!odds) byPlan.set(key, (odds = combatOdds(plan, s)))
  return odds
}

/** E[Life the target loses] of a Combat with this weapon, as a plain number (D-4, D-6 defaults). */
export function expectedCombatLoss(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  weapon: CarnevaleWeapon,
  ctx: AttackContext = {}
): number {
  const s = readSettings(state)
  return toNumber(
    cachedCombatOdds(combatPlanOf(state, attacker, target, weapon, ctx), s).expectedTargetLifeLost
  )
}

/**
 * D-6: the usable weapons against the target, best first (highest expected Life loss; the card's order
 * on ties), as indices into the character's weapon list.
 */
export function usableWeapons(
  state: EncounterState,
  attacker: Combatant,
  target: Combatant,
  ctx: AttackContext = {}
): number[] {
  const list = weaponsOf(readStats(attacker))
  return list
    .map((weapon, index) => ({ weapon, index }))
    .filter(({ index }) => combatProblem(state, attacker, target, index, ctx) === null)
    .map(({ weapon, index }) => ({ index, value: expectedCombatLoss(state, attacker, target, weapon, ctx) }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map(({ index }) => index)
}
