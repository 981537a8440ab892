import { mean, probability } from '../rules/core/distribution'
import { spendEconomy } from '../rules/core/economy'
import { toNumber } from '../rules/core/fraction'
import type { ActionOdds, Ruleset } from '../rules/core/ruleset'
import type { Action, Combatant, EncounterState, Vec3 } from '../rules/core/types'
import { gapFrom } from './perception'
import { budgetSpent, repeatsAffordable } from './simulate'
import { controlHeadlines, makeOption, positionTerms, type Candidate, type ScoreContext } from './terms'
import type { AiTerm } from './types'
import { chargeOf, moveInfoOf } from './rules-memo'

const round2 = (x: number): number => Math.round(x * 100) / 100

function headline(odds: ActionOdds, key: string): number {
  const line = odds.headline.find((h) => h.key === key)
  return line ? round2(toNumber(line.p)) : round2(toNumber(probability(odds.damage, (d) => d >= 1)))
}

/**
 * Expected damage beyond what the target has left (wasted), as a fraction of its whole life: of two
 * sure kills the leaner one wins, but a surer kill is never traded for less waste on a nearly dead target.
 */
function overkillOf(odds: ActionOdds, left: number, whole: number): number {
  let wasted = 0
  for (const [d, p] of odds.damage) if (d > left) wasted += (d - left) * toNumber(p)
  return wasted / Math.max(1, whole, left)
}

/**
 * A full-round action begun now and completed next turn (PF's restricted turns: `options.start`, or odds
 * marked `deferred`) lands later if at all: worth a discounted share, so completing one always beats
 * starting it again.
 */
const deferred = (action: Action, odds: ActionOdds): boolean =>
  odds.deferred === true || action.options?.start === 1

/**
 * The other figures an area action catches (`ActionOdds.also`): damage and take-out chance of each,
 * enemies for, allies (friendly fire) against, the actor itself included.
 */
function areaValue(ctx: ScoreContext, odds: ActionOdds): { enemies: number; allies: number } {
  let enemies = 0
  let allies = 0
  for (const hit of odds.also ?? []) {
    const c = ctx.p.state.combatants.find((f) => f.id === hit.targetId)
    if (!c || c.out) continue
    const left = Math.max(1, ctx.p.lifeSeen(c))
    const v =
      ctx.w.damage * (Math.min(mean(hit.damage), left) / left) +
      ctx.w.kill * toNumber(probability(hit.damage, (d) => d >= left))
    if (c.side === ctx.p.actor.side) allies -= v
    else enemies += v
  }
  return { enemies, allies }
}

/** Allies who attacked `targetId` earlier this round (the reservation ledger, read from the log). */
export function committedOn(state: EncounterState, allies: readonly Combatant[], targetId: string): number {
  const ids = new Set(allies.map((a) => a.id))
  const seen = new Set<string>()
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]!
    if (e.type === 'round.started') break
    if (e.type === 'attack.declared' && e.targetId === targetId && ids.has(e.attackerId))
      seen.add(e.attackerId)
  }
  return seen.size
}

/**
 * ai.md §7.1 scoring of one attack-like action (any action with a target and odds), as terms: damage as
 * a fraction of the target's life, the chance to take it out, control effects the headlines report, the
 * target's own threat, further attacks the budget allows, the fall it costs the attacker, and at Hard the
 * team terms (focus through the ledger, overkill). `from` is where the attacker stands when it strikes.
 */
export function attackTerms(
  ctx: ScoreContext,
  odds: ActionOdds,
  action: Action,
  target: Combatant,
  from: Vec3
) {
  const { p, w } = ctx
  const friend = target.side === p.actor.side
  const life = p.lifeSeen(target)
  const left = Math.max(1, life)
  const pKill = toNumber(probability(odds.damage, (d) => d >= left))
  const sign = friend ? -1 : 1
  const damage = sign * w.damage * (Math.min(mean(odds.damage), left) / left)
  const kill = sign * w.kill * pKill
  let controlled = 0
  for (const h of odds.headline) controlled += (controlHeadlines[h.key] ?? 0) * toNumber(h.p)
  const control = friend ? 0 : w.control * controlled
  const area = areaValue(ctx, odds)
  const once = damage + kill + control
  const threatShare = friend ? 0 : Math.min(1, p.punch(target.id) / Math.max(1, p.actor.life))
  const terms: AiTerm[] = [
    { key: 'damage', value: damage },
    { key: 'kill', value: kill },
    { key: 'control', value: control },
    { key: 'targetValue', value: once * w.targetThreat * threatShare },
    { key: 'area', value: area.enemies },
    { key: 'friendlyFire', value: area.allies }
  ]
  const value = once * (1 + w.targetThreat * threatShare) + area.enemies + area.allies
  // ai.md §7.1 (AP systems): budget left after this attack buys more of them, worth less each since the
  // target may be pushed away or fall first.
  const repeats = repeatsAffordable(p.state, p.ruleset, action)
  terms.push({ key: 'followUp', value: value * w.followUp * repeats })
  terms.push({ key: 'moveCost', value: -w.moveCost * budgetSpent(p.state, p.ruleset, action) })
  if (w.ranged !== 0 && gapFrom(p, from, target) > 1) terms.push({ key: 'ranged', value: w.ranged * value })
  if (odds.selfDamage && w.selfDamage !== 0 && ctx.level !== 'easy') {
    terms.push({
      key: 'selfDamage',
      value: -w.selfDamage * (mean(odds.selfDamage) / Math.max(1, p.actor.life))
    })
  }
  if (ctx.team && !friend) {
    const hurt = 1 - life / Math.max(1, target.lifeMax)
    const ledger = Math.min(2, committedOn(p.state, p.allies, target.id))
    terms.push({ key: 'focus', value: w.focus * (hurt + 0.25 * ledger) })
    terms.push({ key: 'overkill', value: -w.overkill * overkillOf(odds, left, target.lifeMax) })
  }
  if (deferred(action, odds)) {
    const sum = terms.reduce((s, t) => s + t.value, 0)
    terms.push({ key: 'deferred', value: -sum * 0.5 })
  }
  if (p.fleeing) {
    // A figure whose morale broke strikes for nothing: what the attack is worth goes, what it costs stays.
    const gains = terms.reduce((sum, t) => sum + Math.max(0, t.value), 0)
    terms.push({ key: 'flee', value: -gains })
  }
  return { terms, pKill, friend }
}

/** Why an attack: finishing, control, the nearest, or simply the best odds. */
function whyOf(pKill: number, terms: AiTerm[], nearest: boolean): string {
  if (pKill >= 0.5) return 'finish'
  const control = terms.find((t) => t.key === 'control')?.value ?? 0
  const damage = terms.find((t) => t.key === 'damage')?.value ?? 0
  if (control > damage) return 'control'
  return nearest ? 'nearest' : 'bestOdds'
}

/**
 * Every attack-like action of `actions` scored where the actor ends (its path's end for a charge), with
 * the reactions a path provokes costed by their expected damage.
 */
export function scoreAttacks(
  ctx: ScoreContext,
  state: EncounterState,
  ruleset: Ruleset,
  actions: Action[],
  followUp?: { from: Vec3 },
  fade?: { action: Action; end: Vec3 } | null
) {
  const { p, w } = ctx
  const nearest = p.nearest(p.actor.pos)
  const out: Candidate[] = []
  for (const action of actions) {
    if (action.targetId === undefined) continue
    const odds = ruleset.odds(state, action)
    const target = state.combatants.find((c) => c.id === action.targetId)
    if (!odds || !target) continue
    const end = action.path?.[action.path.length - 1] ?? followUp?.from ?? p.actor.pos
    const { terms, pKill, friend } = attackTerms(ctx, odds, action, target, end)
    // Healing or buffing a friend has no value the AI can weigh yet; never attack one for nothing.
    if (friend && mean(odds.damage) === 0) continue
    if (action.path && ctx.level !== 'easy') terms.push(provokedTerm(ctx, state, ruleset, action))
    // A follow-up after a move being weighed: the move scores where it ends, once. Hit and fade: where
    // the budget still pays for the move to the safest square after the attack and that ends better than
    // staying (its cost included), the attack is scored where the fade ends (the next step re-plans it).
    if (!followUp) {
      const stay = positionTerms(ctx, end)
      const fades = !action.path && fade && affordsBoth(state, ruleset, action, fade.action)
      const away = fades
        ? [
            ...positionTerms(ctx, fade.end),
            { key: 'moveCost', value: -w.moveCost * budgetSpent(state, ruleset, fade.action) }
          ]
        : null
      const sum = (ts: AiTerm[]) => ts.reduce((a, t) => a + t.value, 0)
      terms.push(...(away && sum(away) > sum(stay) ? away : stay))
    }
    out.push({
      option: makeOption(action, terms, [{ key: 'kill', p: pKill }], {
        key: 'attack',
        params: {
          actor: p.actor.name,
          target: target.name,
          mode: action.kind,
          pHit: headline(odds, 'hit'),
          pWound: headline(odds, 'wound'),
          why: whyOf(pKill, terms, nearest?.enemy.id === target.id)
        }
      }),
      targetId: target.id,
      pKill,
      end
    })
  }
  return out
}

const bothCache = new WeakMap<Ruleset, Map<string, boolean>>()

/** Whether the active figure's economy pays for `first` and then `second` (cached on economy and charges). */
export function affordsBoth(state: EncounterState, ruleset: Ruleset, first: Action, second: Action): boolean {
  if (!state.turn) return false
  const a = chargeOf(state, ruleset, first)
  const b = chargeOf(state, ruleset, second)
  const key = `${JSON.stringify(state.turn.economy)}|${JSON.stringify(a)}|${JSON.stringify(b)}`
  let known = bothCache.get(ruleset)
  if (!known) bothCache.set(ruleset, (known = new Map()))
  const hit = known.get(key)
  if (hit !== undefined) return hit
  if (known.size >= 4096) known.clear()
  const after = spendEconomy(ruleset.economy, state.turn.economy, a)
  const ok = !!after && !!spendEconomy(ruleset.economy, after, b)
  known.set(key, ok)
  return ok
}

/** The reactions a move provokes (ruleset's move info): each costs, plus its expected damage. */
export function provokedTerm(
  ctx: ScoreContext,
  state: EncounterState,
  ruleset: Ruleset,
  action: Action
): AiTerm {
  const provokes = moveInfoOf(state, ruleset, action)?.provokes ?? []
  const life = Math.max(1, ctx.p.actor.life)
  const cost = provokes.reduce((s, id) => s + 0.5 + ctx.p.punch(id) / life, 0)
  return { key: 'provoked', value: -ctx.w.provoked * cost }
}
