import type { DiceRoller } from '../../core/rng'
import type { Action, Answers, EncounterState } from '../../core/types'
import type { Chain } from '../../core/chain'
import { acceptedReactions, fireReactions, type Provoking } from './reactions'
import { rollCheck } from './saves'
import { casterLevelOf } from './spell-area'
import { spellOf } from './spell-validate'
import { abilityMod, hasCondition, hasFeat, readStats, type PfStats } from './stats'

// Casting under threat (pathfinder1e.md §3.2 "Spells", §3.4; the concentration minimum of §0 [SRD]): casting
// provokes from every foe that threatens the caster unless cast defensively; a caster hurt while casting, or
// casting defensively or entangled, makes a concentration check or loses the spell (the cast is spent).

/** Purpose of concentration checks in the log. */
export const CONCENTRATION = 'pf1.concentration'

/** Whether the action asks to cast defensively (`options.defensive = 1`). */
export function castsDefensively(action: Action): boolean {
  return action.options?.defensive === 1
}

/**
 * §3.4 (b): a cast provokes from every foe threatening the caster (`inPlace: cast`) unless it is cast
 * defensively or the spell does not provoke; readied actions listen for 'casts' either way (§3.2 Ready).
 */
export function castProvoking(_state: EncounterState, action: Action): Provoking {
  const spell = spellOf(action)
  const provokes = spell?.provokes === true && !castsDefensively(action)
  return {
    path: [],
    mode: null,
    trigger: 'casts',
    ...(provokes ? { inPlace: { kind: 'cast' as const } } : {})
  }
}

/**
 * [SRD] concentration: d20 + caster level + casting ability modifier (or the `concentration` skill total when
 * the profile gives one); Combat Casting adds +4 when casting defensively.
 */
export function concentrationBonus(stats: PfStats, defensive: boolean): number {
  const ability = stats.castingAbility ? abilityMod(stats.abilities[stats.castingAbility]) : 0
  const base = stats.skills.concentration ?? casterLevelOf(stats) + ability
  return base + (defensive && hasFeat(stats, 'CombatCasting') ? 4 : 0)
}

/** [SRD] DC to cast defensively: 15 + twice the spell level. */
export function defensiveDc(spellLevel: number): number {
  return 15 + 2 * spellLevel
}

/** [SRD] DC after taking damage while casting: 10 + the damage + the spell level. */
export function damagedDc(damage: number, spellLevel: number): number {
  return 10 + damage + spellLevel
}

/** [SRD] DC to cast while entangled: 15 + the spell level. */
export function entangledDc(spellLevel: number): number {
  return 15 + spellLevel
}

function check(chain: Chain, casterId: string, dc: number, defensive: boolean, dice: DiceRoller): boolean {
  const bonus = concentrationBonus(readStats(chain.figure(casterId)), defensive)
  const result = rollCheck(dice, casterId, CONCENTRATION, bonus, dc)
  chain.emit(result.events)
  return result.success
}

/**
 * Fires the reactions the cast provoked (each answered before the action, §3.5), one at a time: every one
 * that hurts the caster calls for a concentration check against that damage. Then the defensive check and
 * the entangled check. Returns whether the spell still goes off; a caster knocked out loses it.
 */
export function keepConcentration(
  chain: Chain,
  action: Action,
  spellLevel: number,
  dice: DiceRoller,
  answers: Answers
): boolean {
  const casterId = action.actorId
  const defensive = castsDefensively(action)
  const how = castProvoking(chain.state, action)
  let kept = true
  for (const reaction of acceptedReactions(chain.state, action, how, answers)) {
    if (reaction.at !== 0) continue
    const { damage } = fireReactions(chain, [reaction], 0, casterId, [], dice)
    if (chain.figure(casterId).out) kept = false
    else if (kept && damage > 0) kept = check(chain, casterId, damagedDc(damage, spellLevel), false, dice)
  }
  if (!kept) return false
  if (defensive && !check(chain, casterId, defensiveDc(spellLevel), true, dice)) return false
  if (hasCondition(readStats(chain.figure(casterId)), 'entangled'))
    return check(chain, casterId, entangledDc(spellLevel), false, dice)
  return true
}
