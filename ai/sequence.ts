import type { Ruleset } from '../rules/core/ruleset'
import type { EncounterState } from '../rules/core/types'
import { afterAction } from './simulate'
import { withTerms, type Candidate } from './terms'

// ai.md §7.1 AP systems: plan the whole action sequence, not one action. The planner already scores a move
// by the best attack it sets up (move-score.ts); a beam one level deeper re-plans, through the real rules,
// from where the most promising moves end — so two moves and a blow (Minecraft's 3 AP: step round, step
// behind, strike), or a move to a square whose follow-ups the one-step scorer cannot see, compete with the
// greedy step. A move's value becomes what it costs on the way (economy, provoked reactions, falls) plus
// the best plan from its end; the difference enters as a `sequence` term, so the trace still adds up.
// Deterministic (moves are chance-free; the rules' order breaks ties) and bounded by the beam width.

/** Moves re-planned per decision (the beam's width); depth 2 here, 3 with the scorer's move-then-attack. */
export const BEAM = { width: 4 }

/** The terms a step spends on the way to its end (the rest describe where it ends, re-scored there). */
const pathKeys = new Set(['moveCost', 'provoked', 'selfDamage'])

/** A chance-free step that leaves the actor somewhere else: a move (a path, no target). */
const isMove = (c: Candidate): boolean =>
  !!c.option.action?.path && c.option.action.path.length > 0 && c.option.action.targetId === undefined

/**
 * The candidates with a `sequence` term on the best `BEAM.width` moves (by score) after which the actor
 * still acts: each re-planned from its end state by `replan` (the planner's candidates there), and the
 * index to play (the highest score; the first of equal scores). Where no move leaves the actor acting
 * (one action a turn), the candidates come back unchanged.
 */
export function planSequence(
  state: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  cands: Candidate[],
  chosen: number,
  replan: (after: EncounterState) => Candidate[]
): { cands: Candidate[]; chosen: number; expanded: number } {
  const moves = cands
    .map((c, i) => ({ c, i }))
    .filter((x) => isMove(x.c))
    .sort((a, b) => b.c.option.score - a.c.option.score || a.i - b.i)
    .slice(0, BEAM.width)
  const out = [...cands]
  let expanded = 0
  for (const { c, i } of moves) {
    const after = afterAction(state, c.option.action!, ruleset)
    if (!after || after.pending || after.phase !== 'running' || after.turn?.activeId !== actorId) continue
    const next = replan(after)
    if (next.length === 0) continue
    expanded++
    // Only what the move sets up counts (an attack, a spell, a manoeuvre): ending or repositioning there
    // is what the one-step scorer already valued the square for.
    const bestNext = next.reduce(
      (m, n) => (n.targetId === undefined ? m : Math.max(m, n.option.score)),
      -Infinity
    )
    if (!Number.isFinite(bestNext)) continue
    const spent = c.option.terms.filter((t) => pathKeys.has(t.key)).reduce((a, t) => a + t.value, 0)
    const diff = spent + bestNext - c.option.score
    if (Math.abs(diff) > 1e-9)
      out[i] = { ...c, option: withTerms(c.option, [{ key: 'sequence', value: diff }]) }
  }
  let best = chosen
  out.forEach((c, i) => {
    if (c.option.score > out[best]!.option.score) best = i
  })
  return { cands: out, chosen: best, expanded }
}
