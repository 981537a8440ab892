import { mean } from '../rules/core/distribution'
import { snapDirection } from '../rules/core/geometry'
import type { Ruleset } from '../rules/core/ruleset'
import type { Action, EncounterState } from '../rules/core/types'
import { provokedTerm, scoreAttacks } from './attack-score'
import { pruneMoves } from './candidates'
import { afterAction, budgetSpent } from './simulate'
import { makeOption, positionTerms, type Candidate, type ScoreContext } from './terms'
import type { AiReason, AiTerm } from './types'

const round1 = (x: number): number => Math.round(x * 10) / 10

/**
 * The pruned moves (candidates.ts), each run through the real rules: a move is worth the best attack it
 * sets up (discounted: it may not happen as planned), else the distance it closes to the nearest enemy;
 * either way it pays for its cost, the reactions it provokes, any fall it risks, and where it ends
 * (risk, ward, distance, retreat). A move that only improves the end square is a reposition.
 */
export function scoreMoves(
  ctx: ScoreContext,
  state: EncounterState,
  ruleset: Ruleset,
  actions: Action[],
  all = false
) {
  const { p, w } = ctx
  const out: Candidate[] = []
  const before = p.nearest(p.actor.pos)
  for (const move of pruneMoves(p, ruleset, state, actions, all)) {
    const pathEnd = move.path![move.path!.length - 1]!
    // Only a move that ends within (a step more than) the actor's reach of an enemy can set up an attack;
    // the others need no run through the rules (the costliest part of planning): the economy says what
    // they spend, and they end where their path ends.
    const mayAttack = p.enemies.some((e) => p.distances.get(e.id)!(pathEnd) <= p.reach + 1)
    const after = mayAttack ? afterAction(state, move, ruleset) : null
    const moved = after?.combatants.find((c) => c.id === p.actor.id)
    if (mayAttack && (!after || !moved)) continue
    // A halted move (reactions to answer) stands where its path ends once they are past.
    const end = !after || after.pending || !moved ? pathEnd : moved.pos
    // What the economy charges for it: the state after a move that spends the last of the budget belongs
    // to the next figure, whose fresh budget would read as a gain.
    const spent = budgetSpent(state, ruleset, move)
    const costs: AiTerm[] = [{ key: 'moveCost', value: -w.moveCost * spent }]
    if (ctx.level !== 'easy') costs.push(provokedTerm(ctx, state, ruleset, move))
    const odds = ctx.level !== 'easy' && w.selfDamage !== 0 ? ruleset.odds(state, move) : null
    if (odds?.selfDamage) {
      costs.push({
        key: 'selfDamage',
        value: -w.selfDamage * (mean(odds.selfDamage) / Math.max(1, p.actor.life))
      })
    }
    costs.push(...positionTerms(ctx, end))
    // A move that provokes halts for the reactions: it sets nothing up yet.
    const stillActive = !!after && !after.pending && after.turn?.activeId === p.actor.id
    const followUps = stillActive
      ? scoreAttacks(
          { ...ctx, p: { ...p, state: after } },
          after,
          ruleset,
          ruleset.legalActions(after, p.actor.id, 'targeted'),
          { from: end }
        )
      : []
    const best = followUps.reduce<Candidate | null>(
      (b, o) => (!b || o.option.score > b.option.score ? o : b),
      null
    )
    if (best && best.option.score > 0) {
      // The attack's own terms, discounted (it may not happen as planned): the trace shows what it is for.
      const setup: AiTerm[] = [
        ...best.option.terms,
        { key: 'setup', value: -(1 - w.setupDiscount) * best.option.score }
      ]
      out.push({
        option: makeOption(move, [...setup, ...costs], best.option.probabilities, {
          key: 'advance',
          params: { ...best.option.reason.params, cost: spent }
        }),
        targetId: best.targetId,
        pKill: best.pKill,
        end
      })
      continue
    }
    const closer = p.nearest(end)
    // Only the distance beyond the actor's reach is worth closing: an archer with a shot gains nothing by
    // walking up to its target.
    const beyond = (steps: number) => Math.max(0, steps - p.reach)
    const gained = before && closer ? beyond(before.steps) - beyond(closer.steps) : 0
    const approach = gained > 0 ? Math.min(w.approachCap, w.approach * gained) : 0
    const terms: AiTerm[] = [{ key: 'approach', value: approach }, ...costs]
    const reason: AiReason =
      approach > 0 && closer
        ? state.board.inches
          ? {
              key: 'approachInches',
              params: { actor: p.actor.name, target: closer.enemy.name, inches: round1(closer.steps) }
            }
          : {
              key: 'approach',
              params: { actor: p.actor.name, target: closer.enemy.name, steps: closer.steps }
            }
        : { key: p.fleeing ? 'flee' : 'reposition', params: { actor: p.actor.name } }
    out.push({ option: makeOption(move, terms, [], reason), pKill: 0, end })
  }
  return out
}

/**
 * Before ending, turn to face the nearest enemy where the ruleset has facing (a free action there):
 * in systems with flank and back attacks, that is the cheapest defence there is.
 */
export function scoreFacing(ctx: ScoreContext, actions: Action[]): Candidate[] {
  const { p, w } = ctx
  const nearest = p.nearest(p.actor.pos)
  if (!nearest) return []
  const { pos } = p.actor
  const dx = nearest.enemy.pos.x - pos.x
  const dy = nearest.enemy.pos.y - pos.y
  // Sharing a square (a tiny figure in a bigger one's) leaves no direction to face.
  if (dx === 0 && dy === 0) return []
  const toward = snapDirection(dx, dy)
  const face = actions.find((a) => a.kind === 'face' && a.facing === toward)
  if (!face) return []
  const terms = [{ key: 'face', value: w.faceEnemy }, ...positionTerms(ctx, pos)]
  return [
    {
      option: makeOption(face, terms, [], {
        key: 'face',
        params: { actor: p.actor.name, target: nearest.enemy.name }
      }),
      pKill: 0,
      end: pos
    }
  ]
}
