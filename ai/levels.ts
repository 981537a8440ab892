import { hashString } from '../rules/core/hash'
import type { Ruleset } from '../rules/core/ruleset'
import type { AiLevel, Combatant, EncounterState } from '../rules/core/types'
import type { Personality } from './personality'
import { positionTerms, withTerms, type Candidate, type ScoreContext } from './terms'

// ai.md §7.1 decision procedure by level. They differ in how hard they search, never in what they know:
// Easy scores without risk or reactions and picks among its top 3 with ±20% noise (a hash of the state,
// never the game's dice); Normal scores exactly and checks the reply on its top 8 (an enemy it is likely
// to take out will not hit back); Hard adds the team terms (focus through the ledger, no overkill, flank
// pairs, spread against area attacks: spread.ts), the reply check on every candidate, the whole AP
// sequence re-planned from the best moves' ends (sequence.ts) and the Portfolio Greedy improvement by
// common-random-number rollouts (portfolio.ts); choose.ts runs those two after `weighByLevel`.

/** How many top candidates Easy picks among, and how many Normal reply-checks. */
export const LEVEL = { easyTop: 3, easyNoise: 0.2, replyTop: 8 }

/** Team terms in force: Hard, a personality that plays as a team, and INT above 2 where there is one. */
export function teamAllowed(ruleset: Ruleset, actor: Combatant, w: Personality, level: AiLevel): boolean {
  if (level !== 'hard' || w.teamwork <= 0) return false
  const int = ruleset.aiHints?.intelligence?.(actor) ?? null
  return int === null || int > 2
}

/** A number in [0, 1) from the state and the option: the same position always gives the same noise. */
function unitHash(state: EncounterState, actorId: string, salt: string): number {
  const text = `${state.id}|${state.round}|${state.log.length}|${actorId}|${salt}`
  return parseInt(hashString(text).slice(-8), 16) / 0x100000000
}

/** The reply check: the risk term again, each enemy's threat scaled by the chance it is still standing. */
function replyChecked(ctx: ScoreContext, c: Candidate): Candidate {
  if (!c.targetId || c.pKill <= 0) return c
  const risk = c.option.terms.find((t) => t.key === 'risk')
  if (!risk) return c
  const checked = positionTerms(ctx, c.end, (id) => (id === c.targetId ? 1 - c.pKill : 1)).find(
    (t) => t.key === 'risk'
  )
  if (!checked) return c
  return { ...c, option: withTerms(c.option, [{ key: 'reply', value: checked.value - risk.value }]) }
}

/**
 * The candidates as the level weighs them (noise or reply check added as terms) and the indices it may
 * pick from (Easy: its top 3 by exact score; the others: all).
 */
export function weighByLevel(
  ctx: ScoreContext,
  state: EncounterState,
  cands: Candidate[]
): { cands: Candidate[]; eligible: (i: number) => boolean } {
  const ranked = cands
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.option.score - a.c.option.score || a.i - b.i)
  if (ctx.level === 'easy') {
    const top = new Set(ranked.slice(0, LEVEL.easyTop).map((r) => r.i))
    const noisy = cands.map((c, i) => {
      if (!top.has(i)) return c
      const h = unitHash(state, ctx.p.actor.id, `${i}:${c.option.reason.key}`)
      const noise = Math.abs(c.option.score) * LEVEL.easyNoise * (2 * h - 1)
      return { ...c, option: withTerms(c.option, [{ key: 'noise', value: noise }]) }
    })
    return { cands: noisy, eligible: (i) => top.has(i) }
  }
  const checkTop = ctx.level === 'hard' ? ranked.length : LEVEL.replyTop
  const checked = new Set(ranked.slice(0, checkTop).map((r) => r.i))
  return { cands: cands.map((c, i) => (checked.has(i) ? replyChecked(ctx, c) : c)), eligible: () => true }
}
