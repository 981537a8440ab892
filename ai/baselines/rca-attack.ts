import { mean, probability } from '../../rules/core/distribution'
import { toNumber } from '../../rules/core/fraction'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Combatant, EncounterState, Vec3 } from '../../rules/core/types'
import type { AiOption, AiStep, AiTerm, Policy } from '../types'
import {
  answerStep,
  approachOption,
  attackReason,
  bestOf,
  endOption,
  nearestTo,
  situation,
  stepFor,
  type AttackChoice,
  type Situation
} from './common'
import { attacksAfterMoves } from './lookahead'

/** Wesnoth's stock RCA constants (ai.md §7.1 Tuning: aggression 0.4, caution 0.25). */
const AGGRESSION = 0.4
const CAUTION = 0.25
/** Steps within which an enemy counts as able to strike a square (vulnerability) or an ally to help (support). */
const REACH = 2
/** Retreat once life falls to this share of the maximum while out-numbered (Wesnoth's retreat phase). */
const RETREAT_LIFE = 0.5
/** Ratings are lexicographic by candidate-action band: attacks rated above zero come first. */
const COMBAT_BAND = 100

/**
 * The target's answer, estimated as the same kind of action aimed back at the attacker (Wesnoth's
 * retaliation). Rules whose odds cannot read that swap give nothing, as for a target that cannot strike.
 */
function retaliation(state: EncounterState, ruleset: Ruleset, a: AttackChoice, actor: Combatant) {
  try {
    const odds = ruleset.odds(state, { kind: a.action.kind, actorId: a.target.id, targetId: actor.id })
    if (!odds) return { taken: 0, pDie: 0 }
    return { taken: mean(odds.damage), pDie: toNumber(probability(odds.damage, (d) => d >= actor.life)) }
  } catch {
    return { taken: 0, pDie: 0 }
  }
}

/** Enemies that could strike `at` (vulnerability) and allies near enough to help (support, self included). */
function exposure(s: Situation, state: EncounterState, at: Vec3) {
  const vulnerability = s.enemies.filter((e) => s.distances.get(e.id)!(at) <= REACH).length
  const support =
    1 +
    s.allies.filter(
      (a) =>
        Math.max(Math.abs(a.pos.x - at.x), Math.abs(a.pos.y - at.y)) <=
        (state.board.inches ? REACH * state.board.inches.unitsPerInch : REACH)
    ).length
  return { vulnerability, support }
}

/**
 * Wesnoth's `attack_analysis::rating`, with life standing in for unit cost: chance to kill × target
 * value, less expected own losses × (1 − aggression), plus a tenth of (damage inflicted + a third of
 * the target's old wounds − (1 − aggression) × damage taken), scaled by support / vulnerability at the
 * attacking square and divided by the resources committed.
 */
function rating(state: EncounterState, ruleset: Ruleset, s: Situation, a: AttackChoice, at: Vec3): AiTerm[] {
  const back = retaliation(state, ruleset, a, s.actor)
  const survive = 1 - a.pKill
  const losses = s.actor.lifeMax * back.pDie * survive
  const kill = a.pKill * a.target.lifeMax
  const inflicted = (a.target.lifeMax - a.target.life) / 3 + a.capped
  const taken = back.taken * survive
  const { vulnerability, support } = exposure(s, state, at)
  const scale = (vulnerability > 0 ? support / vulnerability : 1) / s.actor.lifeMax
  return [
    { key: 'kill', value: kill * scale },
    { key: 'selfDamage', value: -losses * (1 - AGGRESSION) * scale },
    { key: 'damage', value: (inflicted / 10) * scale },
    { key: 'risk', value: (-(1 - AGGRESSION) * taken * scale) / 10 }
  ]
}

const sum = (terms: AiTerm[]): number => terms.reduce((t, x) => t + x.value, 0)

/**
 * Wesnoth's retreat candidate: hurt and out-numbered, go to the reachable square farthest from enemies;
 * 'hold' when no square is farther (it then stays rather than walking back in); null when not retreating.
 */
function retreatOption(state: EncounterState, s: Situation): AiOption | 'hold' | null {
  if (s.actor.life > s.actor.lifeMax * RETREAT_LIFE) return null
  const here = exposure(s, state, s.actor.pos)
  if (here.vulnerability <= here.support * (1 - CAUTION)) return null
  const away = (at: Vec3) => nearestTo(s, at)?.distance ?? Infinity
  const now = away(s.actor.pos)
  let best: { end: Vec3; d: number; option: AiOption } | null = null
  for (const m of s.moves) {
    const d = away(m.end)
    if (d <= now || (best && d <= best.d)) continue
    const value = COMBAT_BAND / 2 + d - now - m.provokes
    best = {
      end: m.end,
      d,
      option: {
        action: m.action,
        score: value,
        terms: [
          { key: 'flee', value: COMBAT_BAND / 2 + d - now },
          { key: 'provoked', value: -m.provokes }
        ],
        probabilities: [],
        reason: { key: 'flee', params: { actor: s.actor.name } }
      }
    }
  }
  return best?.option ?? 'hold'
}

/**
 * B4 (ai.md §7.2): a Wesnoth RCA port. Combat: every attack from here or from the squares nearest the
 * enemies is rated as Wesnoth rates attacks and the best is taken when its rating is positive. Retreat:
 * a hurt, out-numbered figure withdraws (and then holds rather than walking back). Otherwise move
 * toward the nearest enemy; otherwise end.
 */
export const rcaAttackPolicy: Policy = {
  id: 'rcaAttack',
  choose(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep {
    if (state.pending) return answerStep(state, ruleset, 'rcaAttack')
    const s = situation(state, ruleset, actorId)
    const options: AiOption[] = [endOption(s.actor)]
    const combat = (terms: AiTerm[]) => {
      const value = sum(terms)
      return { value, score: value > 0 ? COMBAT_BAND + value : value }
    }
    for (const a of s.attacks) {
      const terms = rating(state, ruleset, s, a, s.actor.pos)
      const { score } = combat(terms)
      options.push({
        action: a.action,
        score,
        terms: [...terms, { key: 'priority', value: score - sum(terms) }],
        probabilities: [{ key: 'kill', p: a.pKill }],
        reason: attackReason(s.actor, a, a.pKill >= 0.5 ? 'finish' : 'bestOdds')
      })
    }
    for (const { move, after, attacks } of attacksAfterMoves(state, ruleset, s)) {
      for (const a of attacks) {
        const terms = [
          ...rating(after, ruleset, s, a, move.end),
          { key: 'provoked', value: -0.01 * move.provokes }
        ]
        const { score } = combat(terms)
        options.push({
          action: move.action,
          score,
          terms: [...terms, { key: 'priority', value: score - sum(terms) }],
          probabilities: [{ key: 'kill', p: a.pKill }],
          reason: {
            key: 'advance',
            params: { ...attackReason(s.actor, a, 'bestOdds').params, cost: move.band + 1 }
          }
        })
      }
    }
    const retreat = retreatOption(state, s)
    if (retreat && retreat !== 'hold') options.push(retreat)
    else if (!retreat) {
      const nearest = nearestTo(s, s.actor.pos)
      const approach = nearest ? approachOption(state, s, nearest.enemy) : null
      // Moving toward targets is Wesnoth's lowest band: below any positive attack, above ending.
      const value = approach ? Math.min(1, 0.01 * approach.score) + 0.001 : 0
      if (approach) options.push({ ...approach, score: value, terms: [{ key: 'approach', value }] })
    }
    return stepFor(bestOf(options), options, 'rcaAttack')
  }
}
