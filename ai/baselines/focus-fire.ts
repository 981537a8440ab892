import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import type { AiOption, AiStep, Policy } from '../types'
import {
  answerStep,
  approachOption,
  attackReason,
  bestOf,
  endOption,
  lifeLeft,
  nearestTo,
  situation,
  stepFor
} from './common'

const ATTACK = 1000

/**
 * B2 (ai.md §7.2): SparCraft's NOK-DPS. Among the attacks possible now, the one that takes the largest
 * share of its target's remaining life (expected damage capped at that life: damage past a kill is not
 * counted, so no overkill, and the weakest reachable enemy is finished first); on equal shares the
 * smaller uncapped hit, wasting less. Without an attack, close on the nearest enemy; else end.
 */
export const focusFirePolicy: Policy = {
  id: 'focusFire',
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep {
    if (state.pending) return answerStep(state, ruleset, 'focusFire')
    const s = situation(state, ruleset, actorId)
    const options: AiOption[] = [endOption(s.actor)]
    for (const a of s.attacks) {
      const share = a.capped / lifeLeft(a.target)
      const overkill = Math.max(0, a.mean - a.capped)
      const terms = [
        { key: 'priority', value: ATTACK },
        { key: 'damage', value: share },
        { key: 'overkill', value: -overkill / ATTACK }
      ]
      options.push({
        action: a.action,
        score: terms.reduce((t, x) => t + x.value, 0),
        terms,
        probabilities: [{ key: 'kill', p: a.pKill }],
        reason: attackReason(s.actor, a, a.pKill >= 0.5 ? 'finish' : 'bestOdds')
      })
    }
    const nearest = nearestTo(s, s.actor.pos)
    const approach = nearest ? approachOption(state, s, nearest.enemy) : null
    if (approach) options.push(approach)
    return stepFor(bestOf(options), options, 'focusFire')
  }
}
