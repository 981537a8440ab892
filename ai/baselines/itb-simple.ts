import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import type { AiOption, AiStep, Policy } from '../types'
import {
  answerStep,
  approachOption,
  attackReason,
  endOption,
  nearestTo,
  situation,
  stateNoise,
  stepFor,
  type AttackChoice
} from './common'
import { attacksAfterMoves } from './lookahead'

/** Into the Breach's enemy scoring: +5 for damaging a target, +5 for killing it, −2 for each self-harm. */
const HIT = 5
const KILL = 5
const HARM = 2
/** A move that opens no attack only closes distance, worth far less than any attack. */
const APPROACH = 0.01
const APPROACH_CAP = 0.2

function attackTerms(a: AttackChoice, provokes: number) {
  return [
    { key: 'damage', value: HIT * a.pHit },
    { key: 'kill', value: KILL * a.pKill },
    { key: 'provoked', value: -HARM * provokes }
  ]
}

const sum = (terms: Array<{ value: number }>): number => terms.reduce((t, x) => t + x.value, 0)

/**
 * B3 (ai.md §7.2): Into-the-Breach-style simple scoring. Every attack, now or after moving to one of the
 * squares nearest the enemies, scores +5·P(damage) +5·P(kill) −2 per reaction the move provokes; a move
 * that opens no attack only approaches. Random among the best (the pick is a hash of the position).
 */
export const itbSimplePolicy: Policy = {
  id: 'itbSimple',
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep {
    if (state.pending) return answerStep(state, ruleset, 'itbSimple')
    const s = situation(state, ruleset, actorId)
    const options: AiOption[] = [endOption(s.actor)]
    for (const a of s.attacks) {
      const terms = attackTerms(a, 0)
      options.push({
        action: a.action,
        score: sum(terms),
        terms,
        probabilities: [{ key: 'kill', p: a.pKill }],
        reason: attackReason(s.actor, a, a.pKill >= 0.5 ? 'finish' : 'bestOdds')
      })
    }
    for (const { move, attacks } of attacksAfterMoves(state, ruleset, s)) {
      let best: AiOption | null = null
      for (const a of attacks) {
        const terms = [...attackTerms(a, move.provokes), { key: 'moveCost', value: -0.01 * (move.band + 1) }]
        const score = sum(terms)
        if (!best || score > best.score)
          best = {
            action: move.action,
            score,
            terms,
            probabilities: [{ key: 'kill', p: a.pKill }],
            reason: {
              key: 'advance',
              params: { ...attackReason(s.actor, a, 'bestOdds').params, cost: move.band + 1 }
            }
          }
      }
      if (best) options.push(best)
    }
    const nearest = nearestTo(s, s.actor.pos)
    const approach = nearest ? approachOption(state, s, nearest.enemy) : null
    if (approach) {
      const value = Math.min(APPROACH_CAP, APPROACH * approach.score)
      options.push({ ...approach, score: value, terms: [{ key: 'approach', value }] })
    }
    const top = Math.max(...options.map((o) => o.score))
    const tied = options.filter((o) => o.score >= top - 1e-9)
    const chosen = tied[Math.floor(stateNoise(state, actorId, 'itb') * tied.length)]!
    return stepFor(chosen, options, 'itbSimple')
  }
}
