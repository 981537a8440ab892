import { isDeepStrictEqual } from 'node:util'
import { applyEvents, type GameEvent } from '../../rules/core/events'
import { stateHash } from '../../rules/core/hash'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Command, EncounterState } from '../../rules/core/types'
import { applyCommand } from '../../rules/flow/engine'
import { InvariantError } from './invariant-error'
import { checkInvariants, mayShareFor, type MayShare } from './invariants'
import { checkStateSaveable, checkWholeStateSaveable, savedCommand } from './save-contract'
import { planStep, type Choice, type PlayTuning, type Planned } from './step-plan'

// The random player behind the property tests (issue 8, determinism and invariants). fast-check hands it a
// list of choices; it turns each into a command for the state at hand (step-plan.ts), applies it and checks
// the invariants every ruleset keeps (invariants.ts) and the save contract (save-contract.ts); checkReplay
// then replays the game from its saved commands. Kept apart from the test files (suite.ts runs it) so a
// failing seed can be replayed from a script.

export type { Choice, PlayTuning } from './step-plan'

/** What a random game did: the accepted commands (encounter.start first), every state after each, tallies. */
export interface RandomGame {
  commands: Command[]
  /** Each command as a save wrote it and a load read it back (what checkReplay replays). */
  saved: Command[]
  /** `states[i]` is the state after `commands.slice(0, i)`: `states[0]` is the initial (setup) state. */
  states: EncounterState[]
  /** Commands tried (accepted + refused) while the fight ran, encounter.start excluded. */
  tried: number
  refused: number
  answered: number
  /** Commands the save schema refuses, tried and refused with the state untouched (issue 18). */
  hostile: number
  /** Commands tried after the fight ended, every one refused (not counted in `tried`). */
  afterEnd: number
}

/** Commands tried once a fight has ended before the game stops: a refusal or two shows the end holds. */
const AFTER_END = 2

/**
 * Commands the save schema refuses whose refusal is also checked by hash, per game: the first few (each
 * game draws them at random from the same list, so thousands of games hash every kind many times); the
 * rest rely on the frozen state, which no write gets past.
 */
const HASHED_HOSTILE = 3

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

/**
 * The state's hash, its log counted rather than hashed: the log is frozen and only ever appended to, and
 * hashing it whole at every command the save schema refuses would cost more than the rest of the game.
 */
function hashUntouched(state: EncounterState): string {
  return stateHash({ ...state, log: state.log.length })
}

/** Throws unless the refusal is what the plan owed: allowed, with the code it named, the state untouched. */
function checkRefusal(
  planned: Planned,
  code: string,
  hashBefore: string | null,
  state: EncounterState,
  game: RandomGame
): void {
  const tried = () => [...game.commands, planned.command]
  if (planned.expect === 'accept') throw new InvariantError(`a legal command was refused: ${code}`, tried())
  if (planned.code !== undefined && code !== planned.code)
    throw new InvariantError(`refused as ${code}, where ${planned.code} was owed`, tried())
  if (hashBefore !== null && hashUntouched(state) !== hashBefore)
    throw new InvariantError('a refused command changed the state', tried())
}

/**
 * Plays `choices` from `initial` (a setup state): starts the encounter, then one command per choice until
 * the choices run out or a couple of steps after the encounter ends, checking after every accepted command
 * the invariants, that the command and the state it made can be saved, and that every refused one left the
 * state as it was (states are frozen: a write throws; the first commands the save schema refuses are also
 * hashed).
 */
export function playRandom(
  initial: EncounterState,
  ruleset: Ruleset,
  choices: readonly Choice[],
  tuning: PlayTuning,
  mayShare: MayShare = mayShareFor(ruleset.id)
): RandomGame {
  const start: Command = { type: 'encounter.start' }
  checkWholeStateSaveable(deepFreeze(initial), [])
  const started = applyCommand(initial, start, ruleset)
  if (!started.ok) throw new InvariantError(`start refused: ${started.violation.code}`, [])
  const game: RandomGame = {
    commands: [start],
    saved: [savedCommand(start, [])],
    states: [initial, deepFreeze(started.state)],
    tried: 0,
    refused: 0,
    answered: 0,
    hostile: 0,
    afterEnd: 0
  }
  if (!logGrew(initial, started.state, started.events)) throw new InvariantError(LOG_CHANGED, game.commands)
  checkStateSaveable(initial, started.state, started.events, game.commands)
  checkInvariants(started.state, game.commands, mayShare)
  let state = started.state
  for (const choice of choices) {
    if (state.phase === 'ended' && game.afterEnd >= AFTER_END) break
    const planned = planStep(state, ruleset, tuning, choice)
    const { command } = planned
    if (state.phase === 'ended') game.afterEnd++
    else game.tried++
    const hashBefore = planned.hostile && game.hostile < HASHED_HOSTILE ? hashUntouched(state) : null
    const result = applyCommand(state, command, ruleset)
    if (!result.ok) {
      checkRefusal(planned, result.violation.code, hashBefore, state, game)
      if (state.phase !== 'ended') game.refused++
      if (planned.hostile) game.hostile++
      continue
    }
    if (planned.expect === 'refuse')
      throw new InvariantError('an invalid command was accepted', [...game.commands, command])
    if (command.type === 'decision.answer') game.answered++
    game.saved.push(savedCommand(command, game.commands))
    game.commands.push(command)
    if (!logGrew(state, result.state, result.events)) throw new InvariantError(LOG_CHANGED, game.commands)
    checkStateSaveable(state, result.state, result.events, game.commands)
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
 * Replays the game's commands, as saved, from its initial state and checks, after every command, that the replayed
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
  game.saved.forEach((command, index) => {
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
