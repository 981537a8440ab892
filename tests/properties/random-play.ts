import { isDeepStrictEqual } from 'node:util'
import { applyEvents, type GameEvent } from '../../rules/core/events'
import { isFractional, footprintCells } from '../../rules/core/footprint'
import { stateHash } from '../../rules/core/hash'
import { planGap } from '../../rules/core/inches/measure'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Action, Combatant, Command, EncounterState } from '../../rules/core/types'
import { applyCommand, whoDecides } from '../../rules/flow/engine'
import { isHelpless } from '../../rules/systems/pathfinder1e/defense'

// The random player behind the property tests (issue 8, determinism and invariants). fast-check hands it a
// list of choices; it turns each into a command for the state at hand, applies it and checks the invariants
// every ruleset keeps; checkReplay then replays the game. Kept apart from the test files (suite.ts runs it)
// so a failing seed can be replayed from a script.

/** One generated step: `roll` (0–99) picks the kind of command, `a` and `b` pick within it. */
export type Choice = readonly [roll: number, a: number, b: number]

/** How a system's random player spends its time. */
export interface PlayTuning {
  /**
   * Percent of legal-action steps that enumerate the full legal list (moves to every reachable square);
   * the rest use the cheap 'targeted' scope or a random short walk. Pathfinder's full list costs 5–30 ms.
   */
  fullListPercent: number
}

/** What a random game did: the accepted commands (encounter.start first), every state after each, tallies. */
export interface RandomGame {
  commands: Command[]
  /** `states[i]` is the state after `commands.slice(0, i)`: `states[0]` is the initial (setup) state. */
  states: EncounterState[]
  /** Commands tried (accepted + refused), encounter.start excluded. */
  tried: number
  refused: number
  answered: number
}

/** A readable failure with the commands that led to it, so a shrunk counterexample is a reproduction. */
export class InvariantError extends Error {
  constructor(message: string, commands: readonly Command[], extra?: unknown) {
    const tail = commands.slice(-3).map((c) => JSON.stringify(c))
    super(
      `${message}\n  after ${commands.length} commands; last: ${tail.join('\n    ')}` +
        (extra === undefined ? '' : `\n  ${JSON.stringify(extra)}`)
    )
  }
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length]

/**
 * Freezes what is new in a state (shared parts are frozen already, so this costs only the new nodes):
 * ESM code runs in strict mode, so any rules code that mutates a state it was given throws at once.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const v of Object.values(value)) deepFreeze(v)
  return value
}

/** Eight neighbour offsets, for random walks. */
const STEPS = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1]
] as const

/** A random 1–3 square walk of kind `move`, which every ruleset names so; often legal, often not. */
function randomWalk(actor: Combatant, a: number, b: number): Action {
  const path: Array<{ x: number; y: number; z: number }> = []
  let { x, y } = actor.pos
  for (let i = 0; i <= a % 3; i++) {
    const [dx, dy] = STEPS[(b >> (3 * i)) & 7]!
    x += dx
    y += dy
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
        : { type: 'decision.answer', decisionId: request.id, choice: (request.range?.max ?? 0) + 0.5 },
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

/** What a step asks of the rules: the command, and whether the rules must take it, refuse it, or either. */
type Planned = { command: Command; expect: 'accept' | 'refuse' | 'either' }

function plan(state: EncounterState, ruleset: Ruleset, tuning: PlayTuning, choice: Choice): Planned {
  const [roll, a, b] = choice
  if (state.pending) {
    return roll < 85
      ? { command: answerFor(state, true, a), expect: 'accept' }
      : { command: answerFor(state, false, a), expect: 'refuse' }
  }
  const decider = whoDecides(state)
  const active = state.combatants.find((c) => c.id === decider)
  if (!active) return { command: { type: 'turn.end' }, expect: 'accept' }
  if (roll < 60) {
    const full = roll < 40 && b % 100 < tuning.fullListPercent
    const legal = legalActionsOf(ruleset, state, active.id, full ? 'all' : 'targeted')
    const action = pick(legal, a)
    if (action) return { command: { type: 'action.declare', action }, expect: 'accept' }
    return { command: { type: 'action.declare', action: randomWalk(active, a, b) }, expect: 'either' }
  }
  if (roll < 70)
    return { command: { type: 'action.declare', action: randomWalk(active, a, b) }, expect: 'either' }
  if (roll < 82) return { command: { type: 'turn.end' }, expect: 'accept' }
  if (roll < 87) {
    const figure = pick(state.combatants, a)!
    return { command: { type: 'activation.select', actorId: figure.id }, expect: 'either' }
  }
  return { command: mustRefuse(state, active, a, b), expect: 'refuse' }
}

/** True when the rules let these two figures stand on a common square. */
export type MayShare = (state: EncounterState, a: Combatant, b: Combatant) => boolean

/**
 * What every ruleset allows: a tiny (fractional size) figure shares, and a rider sits on its mount (both
 * name each other in `stats.mountId` / `stats.riderId`). Pathfinder also lets a figure stop in a helpless
 * creature's square (canEndIn), so a paralyzed or held figure may be shared with. On a board measured in
 * inches (Carnevale) the "square" is one unit of position, and bases at other heights never block (one
 * figure on a bridge, one swimming under it: rules/core/inches/segments.ts), so only a common height counts.
 */
export function mayShareFor(system: string): MayShare {
  return (state, a, b) => {
    if (isFractional(a.size) || isFractional(b.size)) return true
    if (state.board.inches && a.pos.z !== b.pos.z) return true
    const sa = a.stats as { mountId?: string; riderId?: string }
    const sb = b.stats as { mountId?: string; riderId?: string }
    if (sa.mountId === b.id || sa.riderId === b.id || sb.mountId === a.id || sb.riderId === a.id) return true
    return system === 'pathfinder1e' && (isHelpless(a) || isHelpless(b))
  }
}

/** The invariants every state of every ruleset keeps; throws an InvariantError naming the broken one. */
export function checkInvariants(
  state: EncounterState,
  commands: readonly Command[],
  mayShare: MayShare
): void {
  const fail = (message: string, extra?: unknown) => {
    throw new InvariantError(message, commands, extra)
  }
  // Life within its bounds; a figure at its floor is out of the fight.
  for (const c of state.combatants) {
    const min = c.lifeMin ?? 0
    if (!Number.isFinite(c.life) || c.life < min || c.life > c.lifeMax)
      fail(`life of ${c.id} out of [${min}, ${c.lifeMax}]`, { life: c.life })
    if (c.life <= min && !c.out) fail(`${c.id} at its life floor ${min} but not out`)
  }
  // No two standing figures on one square unless the rules allow it.
  const seen = new Map<string, Combatant[]>()
  for (const c of state.combatants.filter((x) => !x.out)) {
    for (const p of footprintCells(c.pos, c.size)) {
      const key = `${p.x},${p.y}`
      for (const o of seen.get(key) ?? [])
        if (!mayShare(state, c, o)) fail(`${c.id} and ${o.id} share square ${key}`)
      seen.set(key, [...(seen.get(key) ?? []), c])
    }
  }
  // On a measured table, bases standing at one height never overlap (rules/core/inches/segments.ts lets a
  // base at another height pass over or under; 0.1" allows the rounding of positions to whole units).
  if (state.board.inches) {
    const standing = state.combatants.filter((x) => !x.out)
    for (let i = 0; i < standing.length; i++)
      for (let j = i + 1; j < standing.length; j++) {
        const a = standing[i]!
        const b = standing[j]!
        if (a.pos.z === b.pos.z && planGap(state.board, a, b) < -0.1)
          fail(`the bases of ${a.id} and ${b.id} overlap`, { gap: planGap(state.board, a, b) })
      }
  }
  // Budgets never negative, in the running activation and in any set aside.
  const { turn } = state
  const economies = turn ? [turn.economy, ...(turn.paused ?? []).map((p) => p.economy)] : []
  for (const economy of economies)
    for (const [k, v] of Object.entries(economy.context)) if (!(v >= 0)) fail(`economy ${k} = ${v}`, economy)
  // The phase and the turn agree.
  if (state.phase === 'running' && !turn && !state.pending) fail('running without a turn')
  if (state.phase === 'ended' && (turn || state.pending)) fail('ended with a turn or a pending decision')
  if (turn && !state.combatants.some((c) => c.id === turn.activeId)) fail(`active ${turn.activeId} unknown`)
}

/**
 * Plays `choices` from `initial` (a setup state): starts the encounter, then one command per choice until
 * the choices run out or the encounter ends, checking the invariants after every accepted command and that
 * every refused one left the state as it was (states are frozen: a write throws).
 */
export function playRandom(
  initial: EncounterState,
  ruleset: Ruleset,
  choices: readonly Choice[],
  tuning: PlayTuning,
  mayShare: MayShare = mayShareFor(ruleset.id)
): RandomGame {
  const start: Command = { type: 'encounter.start' }
  const started = applyCommand(deepFreeze(initial), start, ruleset)
  if (!started.ok) throw new InvariantError(`start refused: ${started.violation.code}`, [])
  const game: RandomGame = {
    commands: [start],
    states: [initial, deepFreeze(started.state)],
    tried: 0,
    refused: 0,
    answered: 0
  }
  if (!logGrew(initial, started.state, started.events)) throw new InvariantError(LOG_CHANGED, game.commands)
  checkInvariants(started.state, game.commands, mayShare)
  let state = started.state
  for (const choice of choices) {
    if (state.phase !== 'running') break
    const { command, expect } = plan(state, ruleset, tuning, choice)
    game.tried++
    const result = applyCommand(state, command, ruleset)
    if (!result.ok) {
      if (expect === 'accept')
        throw new InvariantError(`a legal command was refused: ${result.violation.code}`, [
          ...game.commands,
          command
        ])
      game.refused++
      continue
    }
    if (expect === 'refuse')
      throw new InvariantError('an invalid command was accepted', [...game.commands, command])
    if (command.type === 'decision.answer') game.answered++
    game.commands.push(command)
    if (!logGrew(state, result.state, result.events)) throw new InvariantError(LOG_CHANGED, game.commands)
    state = deepFreeze(result.state)
    game.states.push(state)
    checkInvariants(state, game.commands, mayShare)
  }
  return game
}

/**
 * The log only grows, by exactly the events the command returned: what was logged before is kept as it was
 * (the same event objects, so checking costs a pointer comparison each, not a deep one). checkReplay leans
 * on this to compare logs one command's events at a time.
 */
function logGrew(before: EncounterState, after: EncounterState, events: readonly GameEvent[]): boolean {
  const n = before.log.length
  return (
    after.log.length === n + events.length &&
    events.every((e, i) => after.log[n + i] === e) &&
    before.log.every((e, i) => after.log[i] === e)
  )
}

const LOG_CHANGED = 'the log changed by other than appending the returned events'

/** The first top-level field (less `skip`) where two states differ, deep-compared; null when none does. */
function firstDifference(a: EncounterState, b: EncounterState, skip: readonly string[]): string | null {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    if (skip.includes(key)) continue
    if (!isDeepStrictEqual(a[key as keyof EncounterState], b[key as keyof EncounterState])) return key
  }
  return null
}

/**
 * Replays the game's commands from its initial state and checks, after every command, that the replayed
 * state is the recorded one (dice included) and that the recorded log folded over the initial state
 * rebuilds it (all but the dice, which events do not carry); the app's own test, the state hash, is
 * compared at the end.
 *
 * Why every command, in one pass: replay is a left fold, so the state after command i of this replay is
 * exactly what replaying the first i commands gives, i.e. what undoing the last n − i does. Comparing at
 * every i checks undo for every k at once (the old check hashed one random k, replaying that prefix again
 * on top of the full replay). It stays linear: each state is deep-compared less its log (shared parts
 * stop at the first identical reference), and the log one command's events at a time, which with the
 * append-only check (logGrew, on both sides) proves the whole logs equal; hashing whole states at
 * every step would be quadratic in the log.
 */
export function checkReplay(initial: EncounterState, game: RandomGame, ruleset: Ruleset): void {
  let replayed = initial
  let folded = initial
  game.commands.forEach((command, index) => {
    // The commands so far, for a failure's message only (slicing every step would be quadratic).
    const prefix = () => game.commands.slice(0, index + 1)
    const before = game.states[index]!
    const expected = game.states[index + 1]!
    const events = expected.log.slice(before.log.length)
    // Every logged event replays: folding them over the state so far gives the recorded state, dice aside.
    const next = applyEvents(folded, events)
    const unfolded = firstDifference(next, expected, ['rng', 'log'])
    if (unfolded !== null)
      throw new InvariantError(`the log of ${index + 1} commands does not rebuild ${unfolded}`, prefix())
    folded = next
    const result = applyCommand(replayed, command, ruleset)
    if (!result.ok)
      throw new InvariantError(`replay refused command ${index}: ${result.violation.code}`, prefix())
    if (!logGrew(replayed, result.state, result.events)) throw new InvariantError(LOG_CHANGED, prefix())
    if (!isDeepStrictEqual(result.events, events))
      throw new InvariantError(`replay of ${index + 1} commands logs other events`, prefix(), result.events)
    const differs = firstDifference(result.state, expected, ['log'])
    if (differs !== null)
      throw new InvariantError(`replay of ${index + 1} commands differs in ${differs}`, prefix())
    replayed = result.state
  })
  if (stateHash(replayed) !== stateHash(game.states[game.commands.length]))
    throw new InvariantError('the replayed state hashes differently', game.commands)
}
