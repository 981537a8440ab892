import { mean } from '../rules/core/distribution'
import { decisionKey } from '../rules/core/decision-key'
import type { Ruleset } from '../rules/core/ruleset'
import type { EncounterState } from '../rules/core/types'
import type { AiStep } from './types'

/**
 * Answers the pending decision for its decider with exact odds: a defender picks the answer that
 * leaves it the least expected damage, an attacker the most; anything else takes the rules' default.
 */
export function chooseAnswer(state: EncounterState, ruleset: Ruleset): AiStep {
  const pending = state.pending
  if (!pending) throw new Error('chooseAnswer: no decision pending')
  const { action, answers, request } = pending
  const decider = state.combatants.find((c) => c.id === request.deciderId)
  const role = request.deciderId === action.targetId ? -1 : request.deciderId === action.actorId ? 1 : 0
  const scored = (request.choices ?? []).map((choice) => {
    const odds = role === 0 ? null : ruleset.odds(state, action, { ...answers, [request.id]: choice })
    return { choice, score: odds ? role * mean(odds.damage) : 0 }
  })
  const best = scored.reduce<{ choice: string | number; score: number } | null>(
    (b, o) => (!b || o.score > b.score ? o : b),
    null
  )
  const pick = role !== 0 && best ? best.choice : request.default
  // The question's own parameters ride along under `asked.` ("{reactor}: attack of opportunity against
  // {actor}?"), so the reason reads as the question was asked wherever it is shown, the trace panel included.
  const asked = Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [`asked.${k}`, v]))
  const reason = {
    key: 'answer',
    params: {
      ...asked,
      actor: decider?.name ?? request.deciderId,
      decision: decisionKey(request.id),
      choice: String(pick)
    }
  }
  const options = scored.map((o) => ({
    action: null,
    score: o.score,
    terms: [{ key: 'damage', value: o.score }],
    probabilities: [],
    reason: { ...reason, params: { ...reason.params, choice: String(o.choice) } }
  }))
  // The chosen answer leads the trace; a numeric decision (a die read at the table) has no choices to
  // score, so its trace is the one answer given: every decision carries one.
  const chosen = options.find((o) => o.reason.params.choice === String(pick)) ?? {
    action: null,
    score: 0,
    terms: [],
    probabilities: [],
    reason
  }
  const others = options.filter((o) => o !== chosen).sort((a, b) => b.score - a.score)
  return {
    command: { type: 'decision.answer', decisionId: request.id, choice: pick },
    reason,
    trace: [chosen, ...others].slice(0, 5),
    considered: Math.max(1, scored.length),
    policy: 'answer',
    personality: 'answer'
  }
}
