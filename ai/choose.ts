import { mean, probability } from '../rules/core/distribution'
import { toNumber } from '../rules/core/fraction'
import type { ActionOdds, Ruleset } from '../rules/core/ruleset'
import { snapDirection } from '../rules/core/geometry'
import type { Action, Combatant, Command, EncounterState } from '../rules/core/types'
import type { AiOption, AiSettings, AiStep } from './types'
import { chooseAnswer } from './answer'
import { distanceTo, type DistanceTo } from './distance'
import type { Personality } from './personality'
import { settingsFor } from './settings'
import { afterAction, budgetLeft, repeatsAffordable } from './simulate'

const isAttack = (a: Action): boolean => a.targetId !== undefined
const round2 = (x: number): number => Math.round(x * 100) / 100
const round1 = (x: number): number => Math.round(x * 10) / 10

interface Perception {
  actor: Combatant
  enemies: Combatant[]
  /** How far each enemy is from a position: steps around walls, or inches on an inches board. */
  distances: Map<string, DistanceTo>
}

function perceive(state: EncounterState, actor: Combatant): Perception {
  const enemies = state.combatants.filter((c) => !c.out && c.side !== actor.side)
  const distances = new Map(enemies.map((e) => [e.id, distanceTo(state, actor, e)]))
  return { actor, enemies, distances }
}

function nearestEnemy(p: Perception, at = p.actor.pos): { enemy: Combatant; steps: number } | null {
  let best: { enemy: Combatant; steps: number } | null = null
  for (const enemy of p.enemies) {
    const steps = p.distances.get(enemy.id)!(at)
    if (!best || steps < best.steps) best = { enemy, steps }
  }
  return best
}

/** ai.md §7.1: damage as a fraction of the target's life, plus the chance to take it out. */
function attackValue(odds: ActionOdds, target: Combatant, w: Personality): { value: number; pKill: number } {
  const pKill = toNumber(probability(odds.damage, (d) => d >= target.life))
  // A figure standing at 0 life or below (PF's disabled, Athkri's wounded) still has its whole remaining
  // life at stake: dividing by that life gave NaN, and a NaN score lost to ending the turn, so monsters
  // stood beside a helpless hero forever.
  const left = Math.max(1, target.life)
  const value = w.damage * (Math.min(mean(odds.damage), left) / left) + w.kill * pKill
  return { value, pKill }
}

function headline(odds: ActionOdds, key: string): number {
  const line = odds.headline.find((h) => h.key === key)
  return line ? round2(toNumber(line.p)) : round2(toNumber(probability(odds.damage, (d) => d >= 1)))
}

function scoreAttacks(
  state: EncounterState,
  ruleset: Ruleset,
  actions: Action[],
  p: Perception,
  w: Personality
) {
  const nearest = nearestEnemy(p)
  const options: AiOption[] = []
  for (const action of actions.filter(isAttack)) {
    const odds = ruleset.odds(state, action)
    const target = state.combatants.find((c) => c.id === action.targetId)
    if (!odds || !target) continue
    const { value: once, pKill } = attackValue(odds, target, w)
    // ai.md §7.1 (AP systems): budget left after this attack buys more of them, worth less each since
    // the target may be pushed away or fall first.
    const value = once * (1 + w.followUp * repeatsAffordable(state, ruleset, action))
    const why = pKill >= 0.5 ? 'finish' : nearest?.enemy.id === target.id ? 'nearest' : 'bestOdds'
    options.push({
      action,
      score: value,
      terms: [{ key: 'damage', value }],
      probabilities: [{ key: 'kill', p: pKill }],
      reason: {
        key: 'attack',
        params: {
          actor: p.actor.name,
          target: target.name,
          mode: action.kind,
          pHit: headline(odds, 'hit'),
          pWound: headline(odds, 'wound'),
          why
        }
      }
    })
  }
  return options
}

/**
 * The movement actions worth weighing, one per destination: any action with a path and no target (a move,
 * PF's 5-ft step, withdraw or run), the one that provokes the fewest reactions where the ruleset says,
 * else the first the rules list.
 */
function movesByDestination(state: EncounterState, ruleset: Ruleset, actions: Action[]): Action[] {
  const best = new Map<string, { action: Action; provokes: number }>()
  for (const action of actions) {
    const end = action.path?.[action.path.length - 1]
    if (!end || action.targetId !== undefined) continue
    const provokes = ruleset.moveInfo?.(state, action).provokes.length ?? 0
    const key = `${end.x},${end.y},${end.z}`
    const known = best.get(key)
    if (!known || provokes < known.provokes) best.set(key, { action, provokes })
  }
  return [...best.values()].map((b) => b.action)
}

function scoreMoves(
  state: EncounterState,
  ruleset: Ruleset,
  actions: Action[],
  p: Perception,
  w: Personality
) {
  const options: AiOption[] = []
  const before = nearestEnemy(p)
  const budget = budgetLeft(state)
  for (const move of movesByDestination(state, ruleset, actions)) {
    const after = afterAction(state, move, ruleset)
    const moved = after?.combatants.find((c) => c.id === p.actor.id)
    if (!after || !moved) continue
    const spent = budget - budgetLeft(after)
    // A move that provokes reactions halts for their decisions (PF attacks of opportunity): it has not
    // happened yet, so it sets nothing up; each reaction it invites costs, so equal moves that provoke
    // nobody win.
    const provoked = ruleset.moveInfo?.(state, move).provokes.length ?? 0
    const risk = w.provoked * provoked
    const stillActive = !after.pending && after.turn?.activeId === p.actor.id
    const followUps = stillActive
      ? scoreAttacks(after, ruleset, ruleset.legalActions(after, p.actor.id, 'targeted'), p, w)
      : []
    const best = followUps.reduce<AiOption | null>((b, o) => (!b || o.score > b.score ? o : b), null)
    if (best && best.score > 0) {
      options.push({
        action: move,
        score: best.score * w.setupDiscount - w.moveCost * spent - risk,
        terms: [
          { key: 'setup', value: best.score * w.setupDiscount },
          { key: 'moveCost', value: -w.moveCost * spent },
          { key: 'provoked', value: -risk }
        ],
        probabilities: best.probabilities,
        reason: { key: 'advance', params: { ...best.reason.params, cost: spent } }
      })
      continue
    }
    // A halted move stands where its path ends once the reactions are past (if the mover survives them).
    const end = move.path?.[move.path.length - 1]
    const closer = nearestEnemy(p, after.pending && end ? end : moved.pos)
    if (!before || !closer || closer.steps >= before.steps) continue
    const approach = Math.min(w.approachCap, w.approach * (before.steps - closer.steps))
    options.push({
      action: move,
      score: approach - w.moveCost * spent - risk,
      terms: [
        { key: 'approach', value: approach },
        { key: 'moveCost', value: -w.moveCost * spent },
        { key: 'provoked', value: -risk }
      ],
      probabilities: [],
      // On an inches board the distance is measured, not counted: said in inches, to one decimal.
      reason: state.board.inches
        ? {
            key: 'approachInches',
            params: { actor: p.actor.name, target: closer.enemy.name, inches: round1(closer.steps) }
          }
        : { key: 'approach', params: { actor: p.actor.name, target: closer.enemy.name, steps: closer.steps } }
    })
  }
  return options
}

/**
 * Before ending, turn to face the nearest enemy where the ruleset has facing (a free action there):
 * in systems with flank and back attacks, that is the cheapest defence there is.
 */
function scoreFacing(state: EncounterState, actions: Action[], p: Perception, w: Personality): AiOption[] {
  const nearest = nearestEnemy(p)
  if (!nearest) return []
  const { pos } = p.actor
  const dx = nearest.enemy.pos.x - pos.x
  const dy = nearest.enemy.pos.y - pos.y
  // Sharing a square (a tiny figure in a bigger one's) leaves no direction to face.
  if (dx === 0 && dy === 0) return []
  const toward = snapDirection(dx, dy)
  const face = actions.find((a) => a.kind === 'face' && a.facing === toward)
  if (!face) return []
  return [
    {
      action: face,
      score: w.faceEnemy,
      terms: [{ key: 'face', value: w.faceEnemy }],
      probabilities: [],
      reason: { key: 'face', params: { actor: p.actor.name, target: nearest.enemy.name } }
    }
  ]
}

/**
 * Wesnoth-style greedy step (ai.md §7.1, Normal without the reply check yet): score every legal action
 * now and every move by the best attack it sets up, with exact odds from the ruleset; pick the best,
 * or end the activation. The caller re-plans after each resolved step.
 */
export function chooseStep(
  state: EncounterState,
  ruleset: Ruleset,
  actorId: string,
  override: Partial<AiSettings> = {}
): AiStep {
  if (state.pending) return chooseAnswer(state, ruleset)
  const actor = state.combatants.find((c) => c.id === actorId)
  if (!actor) throw new Error(`chooseStep: unknown combatant ${actorId}`)
  const settings = settingsFor(actor, override)
  const personality = settings.personality
  const p = perceive(state, actor)
  const legal = ruleset.legalActions(state, actorId)
  const end: AiOption = {
    action: null,
    score: 0,
    terms: [],
    probabilities: [],
    reason: { key: 'endTurn', params: { actor: actor.name } }
  }
  // Ending comes first: an action worth nothing (a heal the AI cannot value yet, a hopeless attack)
  // never beats simply ending the activation.
  const options = [
    end,
    ...scoreAttacks(state, ruleset, legal, p, personality),
    ...scoreMoves(state, ruleset, legal, p, personality),
    ...scoreFacing(state, legal, p, personality)
  ]
  // Stable: the first of equal scores wins, so the same state always gives the same step.
  const chosen = options.reduce((b, o) => (o.score > b.score ? o : b))
  const trace = [...options].sort((a, b) => b.score - a.score).slice(0, 5)
  const command: Command = chosen.action
    ? { type: 'action.declare', action: chosen.action }
    : { type: 'turn.end' }
  return {
    command,
    reason: chosen.reason,
    trace,
    considered: options.length,
    policy: settings.level,
    personality: personality.id
  }
}
