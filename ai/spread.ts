import type { Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState } from '../rules/core/types'
import type { Candidate, ScoreContext } from './terms'
import { withTerms } from './terms'
import { asActive } from './threat'

// ai.md §7.1 teamwork, XCOM's spread: against a side that can catch several figures with one action (PF's
// burning hands cone, a burst), a figure should not end its move bunched with its allies. The ruleset's
// ruleset says which figures can (`aiHints.strikesArea`); without that hint a figure counts as able when one
// of its actions in a hypothetical activation (threat.ts `asActive`) would catch more than its target
// (`ActionOdds.also`). Asked once per state and figure: the answer may read the whole state (who stands
// where, the log), so a state, never mutated, is what it is cached on; the rules' candidate aims (every
// burst point, every cone direction) cost a little to list, and a decision asks it again for every option.

/** How near (squares, Chebyshev) an ally must stand to share an area attack with the actor. */
export const SPREAD_RADIUS = 2

const areaCaches = new WeakMap<Ruleset, WeakMap<EncounterState, Map<string, boolean>>>()

/** Whether any of the figure's actions, were it active now, would catch several figures. */
function catchesSeveral(state: EncounterState, ruleset: Ruleset, c: Combatant): boolean {
  const hypo = asActive(state, ruleset, c)
  for (const a of ruleset.legalActions(hypo, c.id, 'targeted')) {
    if (a.targetId === undefined) continue
    if ((ruleset.odds(hypo, a)?.also?.length ?? 0) > 0) return true
  }
  return false
}

/**
 * Whether a figure has an action that strikes an area: the ruleset's hint when it gives one, else whether
 * one of its actions would catch several figures now; cached per state and figure.
 */
export function strikesArea(state: EncounterState, ruleset: Ruleset, c: Combatant): boolean {
  let byState = areaCaches.get(ruleset)
  if (!byState) areaCaches.set(ruleset, (byState = new WeakMap()))
  let known = byState.get(state)
  if (!known) byState.set(state, (known = new Map()))
  const hit = known.get(c.id)
  if (hit !== undefined) return hit
  const hint = ruleset.aiHints?.strikesArea
  const found = hint ? hint(state, c) : catchesSeveral(state, ruleset, c)
  known.set(c.id, found)
  return found
}

/**
 * The candidates with a `spread` term: where a standing enemy can strike an area, minus the personality's
 * `spread` weight per standing ally within `SPREAD_RADIUS` of the square the candidate ends on. Only for a
 * team player at Hard on a grid (`ctx.team`); otherwise the candidates unchanged.
 */
export function withSpread(ctx: ScoreContext, cands: Candidate[]): Candidate[] {
  const { p, w } = ctx
  const weight = w.spread ?? 0
  if (!ctx.team || weight === 0 || p.state.board.inches) return cands
  if (!p.enemies.some((e) => !e.out && strikesArea(p.state, p.ruleset, e))) return cands
  const allies = p.allies.filter((a) => !a.out && a.id !== p.actor.id)
  if (allies.length === 0) return cands
  return cands.map((c) => {
    const near = allies.filter(
      (a) => Math.max(Math.abs(a.pos.x - c.end.x), Math.abs(a.pos.y - c.end.y)) <= SPREAD_RADIUS
    ).length
    return near === 0 ? c : { ...c, option: withTerms(c.option, [{ key: 'spread', value: -weight * near }]) }
  })
}
