import { constant, mapDist, mix, repeatSum, type Dist } from '../../core/distribution'
import { complement, eq, mul, ONE, ZERO, type Fraction } from '../../core/fraction'
import type { ActionOdds } from '../../core/ruleset'
import type { Action, Answers, Combatant, EncounterState } from '../../core/types'
import { deathChance, outChance, swingOdds } from './attack-math'
import { damageDist, parseDamage } from './dice-expr'
import { checkChance, saveBonus, saveChance } from './saves'
import { areaTargets, casterLevelOf } from './spell-area'
import { castsDefensively, concentrationBonus, defensiveDc } from './spell-concentration'
import { coverReflexBonus } from './spell-resolve'
import { spellOf, validateCast } from './spell-validate'
import { effectDice, missilesFor, spellDc, spellLevelFor, type PfSpell } from './spells'
import { attackSetup } from './situation'
import { harmsTarget, touchSlot } from './spell-touch'
import { readStats } from './stats'

// Exact odds of a cast (issue 9 "Odds and the UI"), on the action's `targetId`: magic missile's damage
// distribution, burning hands' mix of full and halved damage by the exact save chance, P(affected) for
// sleep and hold person, a touch attack then Will half for a cure on the undead, and a constant 0 for
// healing and armor. A defensive cast succeeds only with its
// concentration check, so its odds are weighted by that chance (headline `concentration`); attacks of
// opportunity a plain cast provokes are not folded in (whether foes take them is their controllers' call).

function figure(state: EncounterState, id: string | undefined): Combatant | undefined {
  return id === undefined ? undefined : state.combatants.find((c) => c.id === id)
}

/** With probability p take X, otherwise Y; no zero-weight outcomes when p is 0 or 1. */
function blend(p: Fraction, x: Dist, y: Dist): Dist {
  if (eq(p, ONE)) return x
  return eq(p, ZERO) ? y : mix(p, x, y)
}

/** The damage of one application: `NdS+K` as an exact distribution. */
function exprDist(expr: string): Dist {
  const { count, sides, bonus } = parseDamage(expr)
  return damageDist(count, sides, bonus)
}

/** [SRD] P(the target fails its save against the spell); 1 when the spell allows none. */
function failChance(state: EncounterState, caster: Combatant, target: Combatant, spell: PfSpell): Fraction {
  if (!spell.save) return ONE
  const cover = spell.save.type === 'ref' ? coverReflexBonus(state, caster, target) : 0
  return complement(saveChance(saveBonus(target, spell.save.type, cover), spellDc(caster, spell)))
}

/** [SRD] one figure an area damage spell catches: the full roll, halved on its own save when it allows. */
function caughtDamage(state: EncounterState, caster: Combatant, c: Combatant, spell: PfSpell, full: Dist) {
  if (spell.save?.onSuccess !== 'half') return { damage: full, save: ZERO }
  const saves = complement(failChance(state, caster, c, spell))
  return {
    damage: blend(
      saves,
      mapDist(full, (v) => Math.floor(v / 2)),
      full
    ),
    save: saves
  }
}

function damageOdds(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell,
  action: Action
) {
  const cl = casterLevelOf(readStats(caster))
  const expr = effectDice(spell, cl)
  if (!expr) return null
  if (!spell.area) return { damage: repeatSum(exprDist(expr), missilesFor(cl, spell)), save: undefined }
  if (!areaTargets(state, caster, spell, action).some((c) => c.id === target.id))
    return { damage: constant(0), save: ZERO }
  return caughtDamage(state, caster, target, spell, exprDist(expr))
}

/**
 * `ActionOdds.also` of an area spell: every figure it catches besides the `targetId` one (allies and the
 * caster included, for friendly fire), each with the exact HP it loses; each rolls its own save against
 * the one damage roll's distribution ([SRD] one roll for the area; the AI sums expectations, so the
 * correlation between figures does not matter to it). Conditions (sleep) deal none: constant 0.
 */
function areaAlso(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell,
  action: Action,
  concentration: Fraction
): ActionOdds['also'] {
  if (!spell.area) return undefined
  const others = areaTargets(state, caster, spell, action).filter((c) => c.id !== target.id)
  const expr = spell.effect.key === 'damage' ? effectDice(spell, casterLevelOf(readStats(caster))) : null
  const full = expr ? exprDist(expr) : null
  if (others.length === 0) return undefined
  return others.map((c) => ({
    targetId: c.id,
    damage: full
      ? blend(concentration, caughtDamage(state, caster, c, spell, full).damage, constant(0))
      : constant(0)
  }))
}

/** P(the target ends up under the spell's condition): caught by it at all, then failing its save. */
function affectedChance(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell,
  action: Action
) {
  const caught = spell.area ? areaTargets(state, caster, spell, action).some((c) => c.id === target.id) : true
  return caught ? failChance(state, caster, target, spell) : ZERO
}

/** [SRD] a cure spell on the undead: the touch attack's exact odds (crits included), then Will for half. */
function harmOdds(
  state: EncounterState,
  caster: Combatant,
  target: Combatant,
  spell: PfSpell,
  concentration: Fraction,
  extra: ActionOdds['headline'],
  answers: Answers
): ActionOdds | null {
  const expr = effectDice(spell, casterLevelOf(readStats(caster)))
  if (!expr) return null
  const slot = touchSlot(caster, expr)
  const setup = attackSetup(state, caster, target, slot, { answers })
  const swing = swingOdds(slot, setup.mods, setup.ac, { immuneCrit: readStats(target).immuneCrit })
  const saves = complement(failChance(state, caster, target, spell))
  const onHit = blend(
    saves,
    mapDist(swing.lethal, (v) => Math.floor(v / 2)),
    swing.lethal
  )
  const damage = blend(concentration, onHit, constant(0))
  const headline = [
    { key: 'hit', p: mul(concentration, swing.hit) },
    { key: 'save', p: saves },
    { key: 'down', p: outChance(damage, target) },
    { key: 'kill', p: deathChance(damage, target) },
    ...extra
  ]
  return { headline, damage }
}

/**
 * Exact odds of a legal `cast` on its `targetId` (`Ruleset.odds`): headline `hit`/`save`, `down` and `kill` for
 * damage, `affected` for conditions, `heal` for healing, `concentration` when cast defensively; damage is
 * the exact distribution of the HP the target loses (constant 0 for spells that deal none). Null for an
 * illegal cast, a cast without a target, or one with no chance in it (mage armor).
 */
export function castOdds(state: EncounterState, action: Action, answers: Answers = {}): ActionOdds | null {
  const spell = spellOf(action)
  const caster = figure(state, action.actorId)
  const target = figure(state, action.targetId)
  if (!spell || !caster || !target || validateCast(state, caster, action)) return null
  const concentration = castsDefensively(action)
    ? checkChance(
        concentrationBonus(readStats(caster), true),
        defensiveDc(spellLevelFor(readStats(caster), spell))
      )
    : ONE
  const extra = castsDefensively(action) ? [{ key: 'concentration', p: concentration }] : []
  const effect = spell.effect
  if (harmsTarget(spell, target)) return harmOdds(state, caster, target, spell, concentration, extra, answers)
  if (effect.key === 'heal')
    return { headline: [{ key: 'heal', p: concentration }, ...extra], damage: constant(0) }
  if (effect.key === 'condition') {
    const p = mul(concentration, affectedChance(state, caster, target, spell, action))
    const also = areaAlso(state, caster, target, spell, action, concentration)
    return { headline: [{ key: 'affected', p }, ...extra], damage: constant(0), ...(also ? { also } : {}) }
  }
  if (effect.key !== 'damage') return null
  const odds = damageOdds(state, caster, target, spell, action)
  if (!odds) return null
  const damage = blend(concentration, odds.damage, constant(0))
  const first = odds.save === undefined ? { key: 'hit', p: concentration } : { key: 'save', p: odds.save }
  const also = areaAlso(state, caster, target, spell, action, concentration)
  return {
    ...(also ? { also } : {}),
    headline: [
      first,
      { key: 'down', p: outChance(damage, target) },
      { key: 'kill', p: deathChance(damage, target) },
      ...extra
    ],
    damage
  }
}
