import { hashString } from '../rules/core/hash'
import { seedRng } from '../rules/core/rng'
import type { Ruleset } from '../rules/core/ruleset'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { perceive, type Perception } from './perception'
import type { Candidate, ScoreContext } from './terms'
import { withTerms } from './terms'
import type { AiStep } from './types'

// ai.md §7.1 Hard: Portfolio Greedy improvement. Besides the planner's best, a monster weighs the first
// step of a few scripts its personality would play (focus the best target, finish the weakest, flank,
// kite, protect, retreat), each by short rollouts: the rest of its activation played by the Normal policy
// on a copy of the state whose dice are a seed hashed from the position (common random numbers: every
// script meets the same dice, and the game's own RNG is never touched), valued by material and the
// actor's exposure at the end. The rollout's difference from the planner's best enters as a `rollout`
// term, so the planner's exact expectation still counts and the trace still adds up. Anytime within a
// budget of work units (steps played in rollouts), never wall-clock time, so it stays deterministic.

/**
 * Scripts weighed, rollouts per script, work units (rollout steps) per decision, steps per rollout, and
 * how a rollout difference becomes a term: only the part beyond `margin` (two rollouts are noisy; a
 * script must beat the planner's step clearly, not by one lucky die), times `weight`.
 */
export const PORTFOLIO = { scripts: 3, rollouts: 2, budget: 24, stepCap: 4, weight: 0.5, margin: 0.25 }

/** A step chooser for the rollouts (the Normal policy; injected to keep choose.ts out of an import cycle). */
export type RolloutPolicy = (state: EncounterState, ruleset: Ruleset, actorId: string) => AiStep

/** The scripts of ai.md §7.1's portfolio. */
export type Script = 'best' | 'focusBest' | 'finishWeakest' | 'flank' | 'kite' | 'protect' | 'retreat'

const term = (c: Candidate, key: string): number => c.option.terms.find((t) => t.key === key)?.value ?? 0

/** The best-scoring index among those `ok` accepts, or -1 (first of equal scores wins). */
function bestWhere(cands: readonly Candidate[], ok: (c: Candidate) => boolean, by: (c: Candidate) => number) {
  let best = -1
  cands.forEach((c, i) => {
    if (ok(c) && (best < 0 || by(c) > by(cands[best]!))) best = i
  })
  return best
}

/**
 * The first step of each script the personality plays, as candidate indices (the planner's best first,
 * no index twice, at most `PORTFOLIO.scripts` besides it). A brute never kites or retreats; a mindless
 * figure has no scripts at all.
 */
export function scriptPicks(ctx: ScoreContext, cands: readonly Candidate[], bestIndex: number) {
  const { w, p } = ctx
  const picks: Array<{ script: Script; index: number }> = [{ script: 'best', index: bestIndex }]
  if (w.teamwork <= 0) return picks
  const attack = (c: Candidate) => c.targetId !== undefined && c.option.action !== null
  const life = (c: Candidate) => {
    const t = p.enemies.find((e) => e.id === c.targetId)
    return t ? p.lifeSeen(t) : Infinity
  }
  const wanted: Array<[Script, number]> = [
    ['focusBest', bestWhere(cands, attack, (c) => term(c, 'damage') + term(c, 'kill'))],
    ['finishWeakest', bestWhere(cands, attack, (c) => -life(c) * 100 + c.pKill)],
    [
      'flank',
      bestWhere(
        cands,
        (c) => term(c, 'flank') > 0,
        (c) => c.option.score
      )
    ]
  ]
  if (w.risk >= 0.2 || w.keepAway > 0)
    wanted.push(['kite', bestWhere(cands, attack, (c) => term(c, 'risk') + term(c, 'keepAway') + c.pKill)])
  if (w.protect > 0)
    wanted.push([
      'protect',
      bestWhere(
        cands,
        (c) => term(c, 'protect') > 0,
        (c) => c.option.score
      )
    ])
  if (w.risk >= 0.2 || w.flee > 0)
    wanted.push([
      'retreat',
      bestWhere(
        cands,
        (c) => !attack(c),
        (c) => term(c, 'risk') * 10 + c.option.score
      )
    ])
  for (const [script, index] of wanted) {
    if (picks.length > PORTFOLIO.scripts) break
    if (index >= 0 && !picks.some((x) => x.index === index)) picks.push({ script, index })
  }
  return picks
}

/** A figure's worth in the material evaluation: standing counts, and so does life left. */
function worth(c: { out: boolean; life: number; lifeMax: number }): number {
  if (c.out || c.life <= 0) return 0
  return 0.5 + 0.5 * Math.min(1, c.life / Math.max(1, c.lifeMax))
}

/**
 * The position for `actorId`'s side after a rollout: its standing figures' worth less the enemies', less
 * what the actor stands to lose where it ends (its worth less its worth after the expected damage the
 * threat map brings to its square next turn: the enemies' reply the short rollout does not play).
 */
export function evaluate(state: EncounterState, ruleset: Ruleset, ctx: ScoreContext): number {
  const side = ctx.p.actor.side
  let value = 0
  for (const c of state.combatants) value += (c.side === side ? 1 : -1) * worth(c)
  const actor = state.combatants.find((c) => c.id === ctx.p.actor.id)
  if (actor && worth(actor) > 0 && state.phase === 'running') {
    const settings = { level: 'normal' as const, personality: ctx.w, knowledge: 'fair' as const }
    const after: Perception = perceive(state, ruleset, actor, settings, ctx.p.reach)
    value -= worth(actor) - worth({ ...actor, life: actor.life - after.threatAt(actor.pos) })
  }
  return value
}

/**
 * The state as the actor believes it (fair knowledge: enemies' life as the bands it perceives), so a
 * rollout never learns what the figure could not know.
 */
function beliefOf(state: EncounterState, p: Perception): EncounterState {
  const enemyIds = new Set(p.enemies.map((e) => e.id))
  return {
    ...state,
    combatants: state.combatants.map((c) => (enemyIds.has(c.id) ? { ...c, life: p.lifeSeen(c) } : c))
  }
}

/** Seed of rollout `r` from the position: every script meets the same dice (common random numbers). */
export function rolloutSeed(state: EncounterState, actorId: string, r: number): number {
  return (
    parseInt(
      hashString(`${state.id}|${state.round}|${state.log.length}|${actorId}|rollout${r}`).slice(-8),
      16
    ) | 0
  )
}

/**
 * One rollout: `first`, then the rest of the actor's activation (and any decision it raises) by `policy`,
 * on a copy with its own dice. Spends one work unit per step from `budget`; null when `first` is refused.
 */
function rollout(
  belief: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  first: Command,
  seed: number,
  policy: RolloutPolicy,
  cap: number
): EncounterState | null {
  const start = applyCommand({ ...belief, rng: seedRng(seed) }, first, ruleset)
  if (!start.ok) return null
  let state = start.state
  for (let steps = 1; steps < cap; steps++) {
    if (state.phase !== 'running' || (!state.pending && state.turn?.activeId !== actorId)) break
    const decider = whoDecides(state)
    if (!decider) break
    const next = applyCommand(state, policy(state, ruleset, decider).command, ruleset)
    if (!next.ok) break
    state = next.state
  }
  return state
}

const commandOf = (c: Candidate): Command =>
  c.option.action ? { type: 'action.declare', action: c.option.action } : { type: 'turn.end' }

/**
 * The candidates with a `rollout` term on each script's first step (its mean rollout value less the
 * planner's best's, times `PORTFOLIO.weight`), and the index to play: the highest score. The budget of
 * work units is shared out evenly before any rollout runs (steps per rollout = budget / (scripts ×
 * rollouts), at least the first step), so no script is cut shorter than another.
 */
export function improve(
  state: EncounterState,
  ruleset: Ruleset,
  ctx: ScoreContext,
  cands: Candidate[],
  bestIndex: number,
  policy: RolloutPolicy
): { cands: Candidate[]; chosen: number; scripts: number; rollouts: number } {
  const picks = scriptPicks(ctx, cands, bestIndex)
  if (picks.length < 2) return { cands, chosen: bestIndex, scripts: picks.length, rollouts: 0 }
  const belief = beliefOf(state, ctx.p)
  const cap = Math.max(
    1,
    Math.min(PORTFOLIO.stepCap, Math.floor(PORTFOLIO.budget / (picks.length * PORTFOLIO.rollouts)))
  )
  const sums = picks.map(() => 0)
  const rounds = PORTFOLIO.rollouts
  for (let r = 0; r < rounds; r++) {
    const seed = rolloutSeed(state, ctx.p.actor.id, r)
    picks.forEach((pk, i) => {
      const end = rollout(belief, ruleset, ctx.p.actor.id, commandOf(cands[pk.index]!), seed, policy, cap)
      sums[i]! += end ? evaluate(end, ruleset, ctx) : -Infinity
    })
  }
  const base = sums[0]! / rounds
  const out = [...cands]
  for (let i = 1; i < picks.length; i++) {
    const raw = sums[i]! / rounds - base
    if (!Number.isFinite(raw) || Math.abs(raw) <= PORTFOLIO.margin) continue
    const diff = raw - Math.sign(raw) * PORTFOLIO.margin
    const k = picks[i]!.index
    out[k] = {
      ...out[k]!,
      option: withTerms(out[k]!.option, [{ key: 'rollout', value: PORTFOLIO.weight * diff }])
    }
  }
  let chosen = bestIndex
  for (const pk of picks) if (out[pk.index]!.option.score > out[chosen]!.option.score) chosen = pk.index
  return { cands: out, chosen, scripts: picks.length, rollouts: rounds }
}
