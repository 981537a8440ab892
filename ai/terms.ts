import type { AiLevel, Vec3 } from '../rules/core/types'
import type { Perception } from './perception'
import { posKey } from './perception'
import type { Personality } from './personality'
import type { AiOption, AiTerm } from './types'
import { objectiveTerms } from './objective-terms'

/** What every scorer needs: the perception, the weights in force and how hard the level plays. */
export interface ScoreContext {
  p: Perception
  w: Personality
  level: AiLevel
  /** Team terms in force: Hard, a personality with teamwork, and a figure smart enough (INT > 2). */
  team: boolean
}

/**
 * A scored option with what the planner needs beyond the trace: the target, the chance to take it out,
 * and where the actor ends (for the reply check).
 */
export interface Candidate {
  option: AiOption
  targetId?: string
  pKill: number
  end: Vec3
}

/** An option whose score is the sum of its terms (zero terms dropped, so traces stay short). */
export function makeOption(
  action: AiOption['action'],
  terms: AiTerm[],
  probabilities: AiOption['probabilities'],
  reason: AiOption['reason']
): AiOption {
  const kept = terms.filter((t) => t.value !== 0 && Number.isFinite(t.value))
  return { action, score: kept.reduce((s, t) => s + t.value, 0), terms: kept, probabilities, reason }
}

/** Adds terms to an option, keeping its score their sum. */
export function withTerms(option: AiOption, extra: AiTerm[]): AiOption {
  return makeOption(option.action, [...option.terms, ...extra], option.probabilities, option.reason)
}

/**
 * The terms of where an option leaves the actor (ai.md §7.1): the risk of the end square (the threat
 * map, as a fraction of the actor's life, each enemy scaled by `factor` — the reply check passes the
 * chance it is still standing), the protector's ward, the caster's distance, the coward's retreat rating
 * (Wesnoth: each enemy that can reach the square costs, distance from them helps) and, for a team, the
 * flank square. Easy ignores risk (ai.md decision-procedure table).
 */
export function positionTerms(ctx: ScoreContext, end: Vec3, factor?: (enemyId: string) => number): AiTerm[] {
  const { p, w } = ctx
  const life = Math.max(1, p.actor.life)
  const terms: AiTerm[] = []
  if (ctx.level !== 'easy' && w.risk !== 0) {
    terms.push({ key: 'risk', value: -w.risk * Math.min(1.5, p.threatAt(end, factor) / life) })
  }
  if (w.protect !== 0 && p.ward) {
    const d = Math.max(0, gapTo(p, end, p.ward.pos) - 1)
    const near = Math.max(0, 1 - d / 4)
    const foe = p.nearest(p.ward.pos)
    // Between the ward and its nearest enemy: the bodyguard's square.
    const between = foe && p.distances.get(foe.enemy.id)!(end) < foe.steps ? 0.5 : 0
    terms.push({ key: 'protect', value: w.protect * near * (1 + between) })
  }
  if (w.keepAway !== 0) {
    const close = p.enemies.filter((e) => p.distances.get(e.id)!(end) <= p.strikers.get(e.id)!.reach).length
    terms.push({ key: 'keepAway', value: -w.keepAway * close })
  }
  if (p.fleeing && w.flee !== 0) {
    const nearest = p.nearest(end)
    const far = nearest ? Math.min(10, nearest.steps) / 10 : 1
    terms.push({ key: 'flee', value: w.flee * (far * 0.5 - p.reachers(end)) })
  }
  // Flank pairs from Normal up (a GM's monsters flank as a matter of course); focus and overkill are Hard's.
  if (ctx.level !== 'easy' && w.flank !== 0 && p.flankSquares.has(posKey(end)))
    terms.push({ key: 'flank', value: w.flank })
  // The encounter's objectives (escape to an exit, keep by a ward); none without objectives.
  terms.push(...objectiveTerms(p.state, p.actor, end))
  return terms
}

function gapTo(p: Perception, a: Vec3, b: Vec3): number {
  if (!p.state.board.inches) return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))
  return Math.hypot(a.x - b.x, a.y - b.y) / p.state.board.inches.unitsPerInch
}

/** Headline keys that report control (denied or spent enemy actions) and what one success is worth. */
export const controlHeadlines: Readonly<Record<string, number>> = {
  stun: 1,
  affected: 0.6,
  moved: 0.25,
  guard: 0.3
}
