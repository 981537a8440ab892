import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import type { AiOption, AiStep, Policy } from '../types'
import {
  answerStep,
  approachOption,
  attackReason,
  bestOf,
  endOption,
  nearestTo,
  situation,
  stepFor
} from './common'

/** Attacks outrank any move: the constant that keeps the lexicographic rule in one score. */
const ATTACK = 1000

/**
 * B1 (ai.md §7.2): SparCraft's AttackClosest. Attack the closest enemy that can be attacked now (with
 * the attack of highest expected damage on it); otherwise move to the reachable square nearest the
 * closest enemy; otherwise end the activation.
 */
export const nearestAttackPolicy: Policy = {
  id: 'nearestAttack',
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep {
    if (state.pending) return answerStep(state, ruleset, 'nearestAttack')
    const s = situation(state, ruleset, actorId)
    const options: AiOption[] = [endOption(s.actor)]
    for (const a of s.attacks) {
      const distance = s.distances.get(a.target.id)!(s.actor.pos)
      const terms = [
        { key: 'priority', value: ATTACK },
        { key: 'distance', value: -distance },
        { key: 'damage', value: a.mean / ATTACK }
      ]
      options.push({
        action: a.action,
        score: terms.reduce((t, x) => t + x.value, 0),
        terms,
        probabilities: [{ key: 'kill', p: a.pKill }],
        reason: attackReason(s.actor, a, 'nearest')
      })
    }
    const nearest = nearestTo(s, s.actor.pos)
    const approach = nearest ? approachOption(state, s, nearest.enemy) : null
    if (approach) options.push(approach)
    return stepFor(bestOf(options), options, 'nearestAttack')
  }
}
