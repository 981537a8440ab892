import type { Ruleset } from '../../rules/core/ruleset'
import type { Action, EncounterState } from '../../rules/core/types'
import type { AiOption, AiStep, Policy } from '../types'
import { decisionKey } from '../../rules/core/decision-key'
import { distanceTo } from '../distance'
import { approachReason, endOption, nearestTo, stateNoise, stepFor } from './common'

/** The readable reason of a randomly picked action, the way the AI words the same kind of action. */
function optionFor(state: EncounterState, action: Action, u: number): AiOption {
  const actor = state.combatants.find((c) => c.id === action.actorId)!
  const target = state.combatants.find((c) => c.id === action.targetId)
  const terms = [{ key: 'noise', value: u }]
  const end = action.path?.[action.path.length - 1]
  if (target)
    return {
      action,
      score: u,
      terms,
      probabilities: [],
      reason: {
        key: 'attack',
        params: {
          actor: actor.name,
          target: target.name,
          mode: action.kind,
          pHit: 0,
          pWound: 0,
          why: 'random'
        }
      }
    }
  if (end) {
    const enemies = state.combatants.filter((c) => !c.out && c.side !== actor.side)
    const near = nearestTo(
      { enemies, distances: new Map(enemies.map((e) => [e.id, distanceTo(state, actor, e)])) },
      end
    )
    if (near)
      return {
        action,
        score: u,
        terms,
        probabilities: [],
        reason: approachReason(state, actor, near.enemy, near.distance)
      }
  }
  return {
    action,
    score: u,
    terms,
    probabilities: [],
    reason: { key: 'random', params: { actor: actor.name, kind: action.kind } }
  }
}

/**
 * B0 (ai.md §7.2): boardgame.io RandomBot semantics, uniform over every legal action and ending the
 * activation; a pending decision gets a uniform choice among its answers. The "dice" are a hash of the
 * position, so the same state always gives the same step and the game's own dice are never touched.
 */
export const randomPolicy: Policy = {
  id: 'random',
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep {
    const u = stateNoise(state, actorId, 'random')
    if (state.pending) {
      const { request } = state.pending
      const choices: Array<string | number> = request.choices
        ? request.choices
        : request.range
          ? Array.from(
              { length: request.range.max - request.range.min + 1 },
              (_, i) => request.range!.min + i
            )
          : [request.default]
      const pick = choices[Math.floor(u * choices.length)] ?? request.default
      const decider = state.combatants.find((c) => c.id === request.deciderId)
      const option: AiOption = {
        action: null,
        score: u,
        terms: [{ key: 'noise', value: u }],
        probabilities: [],
        reason: {
          key: 'answer',
          params: {
            actor: decider?.name ?? request.deciderId,
            decision: decisionKey(request.id),
            choice: String(pick)
          }
        }
      }
      return {
        ...stepFor(option, [option], 'random'),
        command: { type: 'decision.answer', decisionId: request.id, choice: pick }
      }
    }
    const legal = ruleset.legalActions(state, actorId)
    const index = Math.floor(u * (legal.length + 1))
    const actor = state.combatants.find((c) => c.id === actorId)
    if (!actor) throw new Error(`random: unknown combatant ${actorId}`)
    const chosen =
      index < legal.length
        ? optionFor(state, legal[index]!, u)
        : endOption(actor, u, [{ key: 'noise', value: u }])
    return { ...stepFor(chosen, [chosen], 'random'), considered: legal.length + 1 }
  }
}
