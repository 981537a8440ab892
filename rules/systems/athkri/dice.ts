import type { GameEvent } from '../../core/events'
import { KEEP_LEVELS, rollKept, type KeepLevel, type KeptDieRule, type KeptRoll } from '../../core/keep-die'
import { taggedDice, type DiceRoller, type RollTag } from '../../core/rng'
import type { AthkriSettings } from './settings'

// The Athkri Tirada (athkri.md §2, §5.1): 1o3d10 at a die level, plus a flat part (attribute + skill +
// modifiers − the −2 per reduction beyond the low die).

/** A roll ready to make: the kept-die level and the flat number added to the die total. */
export interface Check {
  level: KeepLevel
  flat: number
}

/** A level after reductions: athkri.md §5.1 (high → mid → low, then −penalty per further step). */
export interface Reduced {
  level: KeepLevel
  /** The total penalty from reductions beyond the low die (a positive number, subtracted). */
  penalty: number
}

/**
 * athkri.md §5.1: apply `steps` reductions to `base`; `forceLow` is the split action read as "keep the
 * lowest die" (§4 table), after which every other reduction costs the penalty.
 */
export function reduceLevel(base: KeepLevel, steps: number, perStep: number, forceLow = false): Reduced {
  if (forceLow) return { level: 'low', penalty: steps * perStep }
  const index = KEEP_LEVELS.indexOf(base) + steps
  const last = KEEP_LEVELS.length - 1
  return {
    level: KEEP_LEVELS[Math.min(index, last)] ?? 'low',
    penalty: Math.max(0, index - last) * perStep
  }
}

/** athkri.md §2: the 1o3d10 rule at a level under the table's explosion and fumble settings. */
export function dieRule(settings: AthkriSettings, level: KeepLevel): KeptDieRule {
  return {
    count: 3,
    sides: 10,
    level,
    explode: settings.explodeOnTen,
    cap: settings.explosionCap,
    fumble: settings.fumbleOnOne
  }
}

/** A made check: the kept-die roll and its total. */
export interface CheckRoll {
  roll: KeptRoll
  total: number
}

/** Rolls a check through `dice`, every die tagged with what it is for and whose it is. */
export function rollCheck(dice: DiceRoller, settings: AthkriSettings, check: Check, tag: RollTag): CheckRoll {
  const roll = rollKept(taggedDice(dice, tag), dieRule(settings, check.level))
  return { roll, total: roll.total + check.flat }
}

/** The `dice.rolled` event of a check against a number (success decided by the caller). */
export function checkEvent(
  actorId: string,
  purpose: string,
  made: CheckRoll,
  target: number | undefined,
  success: boolean
): GameEvent {
  return {
    type: 'dice.rolled',
    actorId,
    purpose,
    sides: 10,
    result: made.total,
    ...(target === undefined ? {} : { target }),
    success,
    ...(made.roll.fumble ? { natural: 'failure' as const } : {})
  }
}

/** A check against a Difficulty (athkri.md §2): success iff total ≥ Difficulty and no fumble. */
export function passes(made: CheckRoll, difficulty: number): boolean {
  return !made.roll.fumble && made.total >= difficulty
}
