import type { Ruleset } from '../rules/core/ruleset'
import type { Action, Command, EncounterState } from '../rules/core/types'
import type { AiSettings, AiStep } from './types'
import { chooseAnswer } from './answer'
import { scoreAttacks } from './attack-score'
import { safestMove } from './candidates'
import { teamAllowed, weighByLevel } from './levels'
import { scoreFacing, scoreMoves } from './move-score'
import { perceive, type Perception } from './perception'
import { improve } from './portfolio'
import { planSequence } from './sequence'
import { settingsFor } from './settings'
import { withSpread } from './spread'
import { scoreStances } from './stance-score'
import { makeOption, positionTerms, type Candidate, type ScoreContext } from './terms'
import { gap } from './threat'
import { traceOf } from './trace'

// The planner (ai.md §7.1), one step at a time: perceive (perception.ts), generate and score candidates —
// attacks now (attack-score.ts), pruned moves through the real rules (candidates.ts, move-score.ts),
// stances and facing — then let the level weigh them (levels.ts) and keep the trace (trace.ts). The
// caller re-plans after every resolved step (Wesnoth's closed loop).

/** The actor's reach: the farthest enemy its current attacks can target (1 at least). */
function reachOf(state: EncounterState, actorId: string, legal: readonly Action[]): number {
  const actor = state.combatants.find((c) => c.id === actorId)!
  let reach = 1
  for (const a of legal) {
    if (a.targetId === undefined || a.path) continue
    const t = state.combatants.find((c) => c.id === a.targetId)
    if (t && t.side !== actor.side && !t.out) reach = Math.max(reach, gap(state, actor, actor.pos, t))
  }
  return reach
}

/** Every candidate of the step, scored (ending first: nothing worth less than ending is ever done). */
export function candidatesOf(
  state: EncounterState,
  ruleset: Ruleset,
  ctx: ScoreContext,
  legal: Action[],
  allMoves = false
): Candidate[] {
  const { p } = ctx
  const end: Candidate = {
    option: makeOption(null, positionTerms(ctx, p.actor.pos), [], {
      key: 'endTurn',
      params: { actor: p.actor.name }
    }),
    pKill: 0,
    end: p.actor.pos
  }
  return [
    end,
    ...scoreAttacks(ctx, state, ruleset, legal, undefined, safestMove(p, ruleset, state, legal)),
    ...scoreMoves(ctx, state, ruleset, legal, allMoves),
    ...scoreStances(ctx, state, ruleset, legal),
    ...scoreFacing(ctx, legal)
  ]
}

/** The scoring context of `actorId` under its settings (and any override: a simulation's level). */
export function contextOf(
  state: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  legal: readonly Action[],
  override: Partial<AiSettings> = {}
): { ctx: ScoreContext; settings: AiSettings; p: Perception } {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`chooseStep: unknown combatant ${actorId}`)
  const settings = settingsFor(actor, override)
  const w = settings.personality
  const p = perceive(state, ruleset, actor, settings, reachOf(state, actorId, legal))
  return {
    ctx: { p, w, level: settings.level, team: teamAllowed(ruleset, actor, w, settings.level) },
    settings,
    p
  }
}

/**
 * The AI's next step for `actorId` (ai.md §7.1): the best candidate at the figure's level, with exact
 * odds from the ruleset, or the answer to a pending decision. Deterministic: the same state and
 * settings give the same step and trace.
 */
export function chooseStep(
  state: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  override: Partial<AiSettings> = {}
): AiStep {
  if (state.pending) return chooseAnswer(state, ruleset)
  const legal = ruleset.legalActions(state, actorId)
  const { ctx, settings } = contextOf(state, ruleset, actorId, legal, override)
  const weighed = weighByLevel(ctx, state, withSpread(ctx, candidatesOf(state, ruleset, ctx, legal)))
  const { eligible } = weighed
  let cands = weighed.cands
  // Stable: the first of equal scores wins, so the same state always gives the same step.
  let chosen = -1
  cands.forEach((c, i) => {
    if (eligible(i) && (chosen < 0 || c.option.score > cands[chosen]!.option.score)) chosen = i
  })
  if (settings.level === 'hard') {
    // AP sequences (sequence.ts): the best moves re-planned from where they end, at the same level.
    const planned = planSequence(state, ruleset, actorId, cands, chosen, (after) => {
      const next = ruleset.legalActions(after, actorId)
      return candidatesOf(after, ruleset, contextOf(after, ruleset, actorId, next, override).ctx, next)
    })
    cands = planned.cands
    chosen = planned.chosen
    // Portfolio improvement (portfolio.ts): the scripts' first steps weighed by rollouts at Normal.
    const rolloutLevel: Partial<AiSettings> = { level: 'normal', knowledge: override.knowledge }
    const improved = improve(state, ruleset, ctx, cands, chosen, (s, r, id) =>
      chooseStep(s, r, id, rolloutLevel)
    )
    cands = improved.cands
    chosen = improved.chosen
  }
  const best = cands[chosen]!.option
  const command: Command = best.action
    ? { type: 'action.declare', action: best.action }
    : { type: 'turn.end' }
  return {
    command,
    reason: best.reason,
    trace: traceOf(
      best,
      cands.map((c) => c.option)
    ),
    considered: cands.length,
    policy: settings.level,
    personality: settings.personality.id
  }
}
