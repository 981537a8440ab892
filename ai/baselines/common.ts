import { mean, probability } from '../../rules/core/distribution'
import { toNumber } from '../../rules/core/fraction'
import { hashString } from '../../rules/core/hash'
import type { ActionOdds, Ruleset } from '../../rules/core/ruleset'
import type { Action, Combatant, Command, EncounterState, Vec3 } from '../../rules/core/types'
import { distanceTo, type DistanceTo } from '../distance'
import { chooseAnswer } from '../answer'
import type { AiOption, AiReason, AiStep, AiTerm } from '../types'

/**
 * Shared machinery of the baseline policies (ai.md §7.2 B0–B4): what the actor can do right now, split
 * into attacks on enemies (with exact odds) and one move per destination, plus the trace builder. The
 * baselines re-implement the anchors' behaviour on our engine, so they only ever send what
 * `legalActions` offered.
 */

const round2 = (x: number): number => Math.round(x * 100) / 100

/** An attack on an enemy the rules offer now, with its exact odds read once. */
export interface AttackChoice {
  action: Action
  target: Combatant
  odds: ActionOdds
  /** Expected life taken, capped at what the target has left (no overkill counted). */
  capped: number
  /** Expected life taken, uncapped. */
  mean: number
  pKill: number
  /** Chance of taking any life at all (the headline `hit` where there is one). */
  pHit: number
}

/** A move to one destination (the one of its kind that provokes least), with its distance data. */
export interface MoveChoice {
  action: Action
  end: Vec3
  band: number
  provokes: number
}

/** What a baseline sees of the position before choosing. */
export interface Situation {
  actor: Combatant
  enemies: Combatant[]
  allies: Combatant[]
  legal: Action[]
  attacks: AttackChoice[]
  moves: MoveChoice[]
  distances: Map<string, DistanceTo>
}

/** Life left, never below 1, so a figure at 0 or less (PF's disabled) still divides cleanly. */
export const lifeLeft = (c: Combatant): number => Math.max(1, c.life)

/** The exact odds of an action against `target`, or null where it has no chance (or none on life). */
export function attackOn(
  state: EncounterState,
  ruleset: Ruleset,
  action: Action,
  target: Combatant
): AttackChoice | null {
  const odds = ruleset.odds(state, action)
  if (!odds) return null
  const pKill = toNumber(probability(odds.damage, (d) => d >= target.life))
  const left = lifeLeft(target)
  let capped = 0
  for (const [d, p] of odds.damage) capped += Math.min(Math.max(d, 0), left) * toNumber(p)
  const hit = odds.headline.find((h) => h.key === 'hit')
  const pHit = hit ? toNumber(hit.p) : toNumber(probability(odds.damage, (d) => d >= 1))
  return { action, target, odds, capped, mean: mean(odds.damage), pKill, pHit }
}

/** The attacks on enemies among `legal` (actions at allies or items are left out). */
export function attacksIn(
  state: EncounterState,
  ruleset: Ruleset,
  legal: readonly Action[],
  actor: Combatant
): AttackChoice[] {
  const out: AttackChoice[] = []
  for (const action of legal) {
    if (action.targetId === undefined) continue
    const target = state.combatants.find((c) => c.id === action.targetId)
    if (!target || target.out || target.side === actor.side) continue
    const choice = attackOn(state, ruleset, action, target)
    if (choice) out.push(choice)
  }
  return out
}

/**
 * One move per destination among `legal`: any action with a path and no target, keeping the lowest
 * movement band, then the fewest provoked reactions, then the shortest path (the first listed on ties).
 */
export function movesIn(state: EncounterState, ruleset: Ruleset, legal: readonly Action[]): MoveChoice[] {
  const best = new Map<string, MoveChoice & { length: number }>()
  for (const action of legal) {
    const end = action.path?.[action.path.length - 1]
    if (!end || action.targetId !== undefined) continue
    const info = ruleset.moveInfo?.(state, action)
    const choice = {
      action,
      end,
      band: info?.band ?? 0,
      provokes: info?.provokes.length ?? 0,
      length: action.path!.length
    }
    const key = `${end.x},${end.y},${end.z}`
    const known = best.get(key)
    const better =
      !known ||
      choice.band < known.band ||
      (choice.band === known.band &&
        (choice.provokes < known.provokes ||
          (choice.provokes === known.provokes && choice.length < known.length)))
    if (better) best.set(key, choice)
  }
  return [...best.values()].map(({ action, end, band, provokes }) => ({ action, end, band, provokes }))
}

/** Reads the position for `actorId`: legal actions, attacks with odds, moves by destination, distances. */
export function situation(state: EncounterState, ruleset: Ruleset, actorId: string): Situation {
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`baseline: unknown combatant ${actorId}`)
  const enemies = state.combatants.filter((c) => !c.out && c.side !== actor.side)
  const allies = state.combatants.filter((c) => !c.out && c.side === actor.side && c.id !== actor.id)
  const legal = ruleset.legalActions(state, actorId)
  return {
    actor,
    enemies,
    allies,
    legal,
    attacks: attacksIn(state, ruleset, legal, actor),
    moves: movesIn(state, ruleset, legal),
    distances: new Map(enemies.map((e) => [e.id, distanceTo(state, actor, e)]))
  }
}

/** The enemy nearest to `at` (first listed on ties), with its distance; null when none is left. */
export function nearestTo(
  s: Pick<Situation, 'enemies' | 'distances'>,
  at: Vec3
): { enemy: Combatant; distance: number } | null {
  let best: { enemy: Combatant; distance: number } | null = null
  for (const enemy of s.enemies) {
    const distance = s.distances.get(enemy.id)!(at)
    if (!best || distance < best.distance) best = { enemy, distance }
  }
  return best
}

/**
 * A deterministic number in [0, 1) from the position (its dice state, how far the log has run, who
 * acts) and a salt: the baselines' "randomness", which never touches the game's dice.
 */
export function stateNoise(state: EncounterState, actorId: string, salt = ''): number {
  const h = hashString(`${state.rng.join(',')}|${state.log.length}|${actorId}|${salt}`)
  return parseInt(h.slice(-8), 16) / 2 ** 32
}

/** The end-of-activation option (score 0 unless given). */
export function endOption(actor: Combatant, score = 0, terms: AiTerm[] = []): AiOption {
  return {
    action: null,
    score,
    terms,
    probabilities: [],
    reason: { key: 'endTurn', params: { actor: actor.name } }
  }
}

/** The readable reason of an attack: the same `attack` key and parameters the AI uses. */
export function attackReason(actor: Combatant, a: AttackChoice, why: string): AiReason {
  const wound = a.odds.headline.find((h) => h.key === 'wound')
  return {
    key: 'attack',
    params: {
      actor: actor.name,
      target: a.target.name,
      mode: a.action.kind,
      pHit: round2(a.pHit),
      pWound: round2(wound ? toNumber(wound.p) : a.pHit),
      why
    }
  }
}

/** The readable reason of a move toward `target` that leaves it `distance` away. */
export function approachReason(
  state: EncounterState,
  actor: Combatant,
  target: Combatant,
  distance: number
): AiReason {
  return state.board.inches
    ? {
        key: 'approachInches',
        params: { actor: actor.name, target: target.name, inches: Math.round(distance * 10) / 10 }
      }
    : { key: 'approach', params: { actor: actor.name, target: target.name, steps: distance } }
}

/**
 * The move that brings the actor nearest to `target`, strictly nearer than it stands (so a baseline
 * never paces forever), or null. Ties go to the lower band, fewer provoked reactions, the first listed.
 */
export function approachOption(
  state: EncounterState,
  s: Situation,
  target: Combatant,
  moves: readonly MoveChoice[] = s.moves
): AiOption | null {
  const dist = s.distances.get(target.id)
  if (!dist) return null
  const now = dist(s.actor.pos)
  let best: { move: MoveChoice; d: number } | null = null
  for (const move of moves) {
    const d = dist(move.end)
    if (!(d < now)) continue
    const better =
      !best ||
      d < best.d ||
      (d === best.d &&
        (move.band < best.move.band || (move.band === best.move.band && move.provokes < best.move.provokes)))
    if (better) best = { move, d }
  }
  if (!best) return null
  const closed = Number.isFinite(now) ? now - best.d : 1
  return {
    action: best.move.action,
    score: closed,
    terms: [
      { key: 'approach', value: closed },
      { key: 'provoked', value: -best.move.provokes }
    ],
    probabilities: [],
    reason: approachReason(state, s.actor, target, best.d)
  }
}

function lostOn(chosen: AiOption, other: AiOption): AiOption['lostOn'] {
  const mine = new Map(chosen.terms.map((t) => [t.key, t.value]))
  const theirs = new Map(other.terms.map((t) => [t.key, t.value]))
  let worst: { key: string; by: number } | undefined
  for (const key of new Set([...mine.keys(), ...theirs.keys()])) {
    const by = (mine.get(key) ?? 0) - (theirs.get(key) ?? 0)
    if (by > 0 && (!worst || by > worst.by)) worst = { key, by: round2(by) }
  }
  return worst
}

/**
 * The step for `chosen` among `options`: the command, and a trace of the chosen option first and the
 * best four others, each with the term it lost on.
 */
export function stepFor(chosen: AiOption, options: readonly AiOption[], policy: string): AiStep {
  const others = options
    .filter((o) => o !== chosen)
    .sort((a, b) => b.score - a.score)
    .slice(0, 4)
    .map((o) => ({ ...o, lostOn: lostOn(chosen, o) }))
  const command: Command = chosen.action
    ? { type: 'action.declare', action: chosen.action }
    : { type: 'turn.end' }
  return {
    command,
    reason: chosen.reason,
    trace: [chosen, ...others],
    considered: options.length,
    policy,
    personality: policy
  }
}

/** The first option of highest score (stable: equal scores keep the order they were listed in). */
export function bestOf(options: readonly AiOption[]): AiOption {
  return options.reduce((b, o) => (o.score > b.score ? o : b))
}

/** The shared answer to a pending decision (`chooseAnswer`, always traced), labelled with the baseline's id. */
export function answerStep(state: EncounterState, ruleset: Ruleset, policy: string): AiStep {
  return { ...chooseAnswer(state, ruleset), policy }
}
