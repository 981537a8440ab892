import { DIRECTIONS } from '../../rules/core/geometry'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Action, Combatant, Command, EncounterState } from '../../rules/core/types'
import { whoDecides } from '../../rules/flow/engine'
import { afterTheEnd, gmLifeEdit } from './fight-end'
import { hostileCommand } from './hostile-commands'

// What the random player (random-play.ts) tries at each step: fast-check hands it a choice, and the plan
// turns it into a command for the state at hand, with what the rules must do with it.

/** One generated step: `roll` (0–99) picks the kind of command, `a` and `b` pick within it. */
export type Choice = readonly [roll: number, a: number, b: number]

/** How a system's random player spends its time. */
export interface PlayTuning {
  /**
   * Percent of legal-action steps that enumerate the full legal list (moves to every reachable square);
   * the rest use the cheap 'targeted' scope or a random short walk. Pathfinder's full list costs 5–30 ms.
   */
  fullListPercent: number
  /**
   * Percent of steps (outside decisions) that are the GM's life edits, mostly finishing blows
   * (fight-end.ts): enough for a fair share of games to reach the end, few enough for games to last.
   */
  lifeEditPercent: number
}

/** What a step asks of the rules: the command, and whether the rules must take it, refuse it, or either. */
export interface Planned {
  command: Command
  expect: 'accept' | 'refuse' | 'either'
  /** The violation a refusal must carry, where the plan knows it. */
  code?: string
  /** A command the save schema refuses: its refusal must leave the state's hash as it was (issue 18). */
  hostile?: boolean
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length]

/** A random 1–3 square walk of kind `move`, which every ruleset names so; often legal, often not. */
function randomWalk(actor: Combatant, a: number, b: number): Action {
  const path: Array<{ x: number; y: number; z: number }> = []
  let { x, y } = actor.pos
  for (let i = 0; i <= a % 3; i++) {
    const step = DIRECTIONS[(b >> (3 * i)) & 7]!
    x += step.x
    y += step.y
    path.push({ x, y, z: actor.pos.z })
  }
  return { kind: 'move', actorId: actor.id, path }
}

/** A command the rules must refuse, built for the state at hand. */
function mustRefuse(state: EncounterState, active: Combatant, a: number, b: number): Command {
  const other = pick(
    state.combatants.filter((c) => c.id !== active.id),
    b
  )
  const variants: Command[] = [
    { type: 'encounter.start' },
    { type: 'decision.answer', decisionId: 'no.such.decision', choice: 0 },
    { type: 'action.declare', action: { kind: 'no-such-action', actorId: active.id } },
    { type: 'action.declare', action: { kind: 'move', actorId: 'no-such-figure', path: [active.pos] } },
    // Another figure cannot act in the active one's activation, whatever it tries.
    ...(other
      ? [{ type: 'action.declare' as const, action: { kind: 'move', actorId: other.id, path: [] } }]
      : [])
  ]
  return variants[a % variants.length]!
}

/** An answer to the pending decision: valid (a listed choice, a number in range) or deliberately not. */
function answerFor(state: EncounterState, valid: boolean, a: number): Command {
  const { request } = state.pending!
  if (!valid) {
    const wrong: Command[] = [
      { type: 'decision.answer', decisionId: `${request.id}.wrong`, choice: request.default },
      request.choices
        ? { type: 'decision.answer', decisionId: request.id, choice: 'no-such-choice' }
        : {
            type: 'decision.answer',
            decisionId: request.id,
            // Past the range, for the rules to refuse; with no range any whole number fits, so a fraction,
            // for the save contract to refuse.
            choice: request.range ? request.range.max + 1 : 0.5
          },
      { type: 'turn.end' },
      { type: 'encounter.start' }
    ]
    return wrong[a % wrong.length]!
  }
  if (request.choices)
    return { type: 'decision.answer', decisionId: request.id, choice: pick(request.choices, a)! }
  const { range } = request
  const choice = range ? range.min + (a % (range.max - range.min + 1)) : request.default
  return { type: 'decision.answer', decisionId: request.id, choice }
}

/**
 * legalActions by state, actor and scope. A refused command leaves the very same (frozen) state behind and
 * the next step often asks for the same list again; Pathfinder's full list costs milliseconds, and the
 * rules are pure, so the cached list is the list and nothing is checked less.
 */
const legalCache = new WeakMap<EncounterState, Map<string, Action[]>>()

function legalActionsOf(
  ruleset: Ruleset,
  state: EncounterState,
  actorId: string,
  scope: 'all' | 'targeted'
): Action[] {
  let byKey = legalCache.get(state)
  if (!byKey) legalCache.set(state, (byKey = new Map()))
  const key = `${scope} ${actorId}`
  let legal = byKey.get(key)
  if (!legal) byKey.set(key, (legal = ruleset.legalActions(state, actorId, scope)))
  return legal
}

/** A command the save schema refuses, for a figure of the state (the active one when there is one). */
function hostile(state: EncounterState, active: Combatant | undefined, a: number, b: number): Planned {
  const figure = active ?? state.combatants[a % state.combatants.length]!
  return { ...hostileCommand(state, figure, b), expect: 'refuse', hostile: true }
}

/**
 * The step for `choice` in `state`. While a decision is pending: mostly a valid answer. Otherwise the GM's
 * life edits now and then (fight-end.ts), and else mostly a legal action, then random walks, turn ends,
 * selections, commands the rules must refuse and commands the save schema must refuse; once the fight has
 * ended, commands that must all be refused.
 */
export function planStep(
  state: EncounterState,
  ruleset: Ruleset,
  tuning: PlayTuning,
  choice: Choice
): Planned {
  const [roll, a, b] = choice
  if (state.phase === 'ended') return afterTheEnd(state, choice)
  const decider = whoDecides(state)
  const active = state.combatants.find((c) => c.id === decider)
  if (state.pending) {
    if (roll < 80) return { command: answerFor(state, true, a), expect: 'accept' }
    if (roll < 94) return { command: answerFor(state, false, a), expect: 'refuse' }
    return hostile(state, active, a, b)
  }
  if (!active) return { command: { type: 'turn.end' }, expect: 'accept' }
  if (roll >= 100 - tuning.lifeEditPercent) return gmLifeEdit(state, choice)
  if (roll < 60) {
    const full = roll < 40 && b % 100 < tuning.fullListPercent
    const legal = legalActionsOf(ruleset, state, active.id, full ? 'all' : 'targeted')
    const action = pick(legal, a)
    if (action) return { command: { type: 'action.declare', action }, expect: 'accept' }
    return { command: { type: 'action.declare', action: randomWalk(active, a, b) }, expect: 'either' }
  }
  if (roll < 68)
    return { command: { type: 'action.declare', action: randomWalk(active, a, b) }, expect: 'either' }
  if (roll < 79) return { command: { type: 'turn.end' }, expect: 'accept' }
  if (roll < 84) {
    const figure = pick(state.combatants, a)!
    return { command: { type: 'activation.select', actorId: figure.id }, expect: 'either' }
  }
  if (roll < 90) return { command: mustRefuse(state, active, a, b), expect: 'refuse' }
  return hostile(state, active, a, b)
}
