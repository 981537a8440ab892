import { die, mapDist, type Dist } from './distribution'
import type { DiceRoller } from './rng'

/** A roll-under check: one die, success iff face ≤ target, optionally with natural faces. */
export interface RollUnderRule {
  sides: number
  /** A face that always succeeds (Minecraft: 1), or undefined. */
  autoSuccess?: number
  /** A face that always fails (Minecraft: the d10's 0, i.e. 10), or undefined. */
  autoFailure?: number
}

/** What one roll-under die did. */
export interface RollUnderOutcome {
  result: number
  success: boolean
  /** Set when a natural face overrode the comparison with the target. */
  natural?: 'success' | 'failure'
}

/** Judges one face against a target under the rule. */
export function judgeRollUnder(face: number, target: number, rule: RollUnderRule): RollUnderOutcome {
  const plain = face <= target
  if (face === rule.autoSuccess) return plain ? { result: face, success: true } : natural(face, 'success')
  if (face === rule.autoFailure) return plain ? natural(face, 'failure') : { result: face, success: false }
  return { result: face, success: plain }
}

function natural(result: number, kind: 'success' | 'failure'): RollUnderOutcome {
  return { result, success: kind === 'success', natural: kind }
}

/** Rolls one roll-under check through the given dice. */
export function rollUnder(dice: DiceRoller, target: number, rule: RollUnderRule): RollUnderOutcome {
  return judgeRollUnder(dice.roll(rule.sides), target, rule)
}

/** The exact success indicator (1 = success, 0 = failure) of a check, built from the die's faces. */
export function rollUnderDist(target: number, rule: RollUnderRule): Dist {
  return mapDist(die(rule.sides), (face) => (judgeRollUnder(face, target, rule).success ? 1 : 0))
}
