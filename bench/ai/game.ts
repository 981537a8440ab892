// One bench game: a suite encounter played to its end, the monster side by the policy under test and
// every other side by the Normal AI, timing each decision (ai.md §7.3 game protocol).
import { performance } from 'node:perf_hooks'
import { levelPolicy } from '../../ai/policy'
import type { AiStep, Policy } from '../../ai/types'
import { canonicalJson, hashString } from '../../rules/core/hash'
import { seedRng } from '../../rules/core/rng'
import type { Ruleset } from '../../rules/core/ruleset'
import type { Command, EncounterState } from '../../rules/core/types'
import { applyCommand, whoDecides } from '../../rules/flow/engine'

/** One encounter file of a suite (bench/suites/<suite>/*.json). */
export interface SuiteEncounter {
  id: string
  /** Encounters of a family share a map and a composition; the report groups by it. */
  family: string
  system: string
  tags: string[]
  /** The suite it was read from (`core`, `heldout`), set by the loader. */
  suite?: string
  /** The side the policy under test plays; every other side is the Normal AI. */
  monsterSide: string
  /** A setup-phase encounter. */
  encounter: EncounterState
}

/** What one game came to, and how long the monster policy took over it. */
export interface GameRecord {
  encounter: string
  suite: string
  family: string
  system: string
  /** The policy slot (a policy id, or `id:n` for a second copy of the same policy). */
  slot: string
  /** Index of the game within the encounter: pairs share (encounter, game). */
  game: number
  seed: number
  winner: string | null
  /** The monster side's score: 1 win, 0 loss, 0.5 draw or cut at the round limit. */
  score: number
  rounds: number
  steps: number
  /** Commands of the monster policy the engine refused (a bug: must be 0). */
  illegal: number
  /** Decisions of the monster policy without a trace (must be 0). */
  noTrace: number
  /** Monster-policy decisions that threw (a bug: the game goes on with the rules' default). */
  errors: number
  truncated: boolean
  /** Milliseconds per monster-policy decision. */
  decisionMs: number[]
  /** Milliseconds per monster activation (the sum of its decisions). */
  monsterTurnMs: number[]
  /** Milliseconds per monster side turn (consecutive monster activations). */
  sideTurnMs: number[]
  /** Hash of the command list: equal seeds and equal play give equal hashes. */
  hash: string
}

/** Limits of one game: ai.md §7.3 scores a game still running after round 20 as 0.5. */
export interface GameLimits {
  maxRounds: number
  maxSteps: number
}

/** The game seed of game `game` of an encounter: every policy plays that encounter with these dice. */
export function gameSeed(suiteSeed: number, encounterId: string, game: number): number {
  return parseInt(hashString(`${suiteSeed}|${encounterId}|${game}`).slice(-8), 16) | 0
}

const heroes = levelPolicy('normal')

/** What to send when a policy failed: the rules' default answer, else ending the activation. */
function fallback(state: EncounterState): Command {
  const p = state.pending
  return p
    ? { type: 'decision.answer', decisionId: p.request.id, choice: p.request.default }
    : { type: 'turn.end' }
}

/** Plays one game; `slot` only labels the record. */
export function playGame(
  entry: SuiteEncounter,
  ruleset: Ruleset,
  policy: Policy,
  slot: string,
  game: number,
  seed: number,
  limits: GameLimits
): GameRecord {
  let state: EncounterState = { ...entry.encounter, rng: seedRng(seed) }
  const commands: Command[] = [{ type: 'encounter.start' }]
  const started = applyCommand(state, commands[0]!, ruleset)
  if (!started.ok) throw new Error(`${entry.id}: start refused: ${started.violation.code}`)
  state = started.state
  const rec = { illegal: 0, noTrace: 0, errors: 0 }
  const decisionMs: number[] = []
  const monsterTurnMs: number[] = []
  const sideTurnMs: number[] = []
  let turnKey = ''
  let sideOpen = false
  while (state.phase === 'running' && state.round <= limits.maxRounds && commands.length < limits.maxSteps) {
    const decider = whoDecides(state)
    if (!decider) break
    const side = state.combatants.find((c) => c.id === decider)?.side
    const mine = side === entry.monsterSide
    let command: Command
    if (mine) {
      const t0 = performance.now()
      let step: AiStep | null = null
      try {
        step = policy.choose(state, ruleset, decider)
      } catch {
        rec.errors++
      }
      const ms = performance.now() - t0
      decisionMs.push(ms)
      if (step && step.trace.length === 0) rec.noTrace++
      command = step?.command ?? fallback(state)
      // An activation's own decisions add to its turn; answers given in an enemy's turn (a reaction) do not.
      const own = state.turn?.activeId === decider && state.turn.sideId === side
      if (own) {
        const key = `${state.round}|${state.turn!.activeId}|${state.turn!.activated.length}`
        if (key !== turnKey) monsterTurnMs.push(0)
        turnKey = key
        monsterTurnMs[monsterTurnMs.length - 1]! += ms
        if (!sideOpen) sideTurnMs.push(0)
        sideOpen = true
        sideTurnMs[sideTurnMs.length - 1]! += ms
      }
    } else {
      command = heroes.choose(state, ruleset, decider).command
      if (state.turn?.sideId !== entry.monsterSide) sideOpen = false
    }
    let result = applyCommand(state, command, ruleset)
    if (!result.ok) {
      // A refused command is a bug of whoever sent it; the monster policy's are counted, and the game
      // goes on with the fallback so one bug does not hide the rest of the run.
      if (mine) rec.illegal++
      else throw new Error(`${entry.id} seed ${seed}: heroes sent a refused ${command.type}`)
      command = fallback(state)
      result = applyCommand(state, command, ruleset)
      if (!result.ok) break
    }
    commands.push(command)
    state = result.state
  }
  const ended = state.phase === 'ended'
  const winner = ended ? state.winner : null
  return {
    encounter: entry.id,
    suite: entry.suite ?? 'core',
    family: entry.family,
    system: entry.system,
    slot,
    game,
    seed,
    winner,
    score: winner === null ? 0.5 : winner === entry.monsterSide ? 1 : 0,
    rounds: state.round,
    steps: commands.length,
    ...rec,
    truncated: !ended,
    decisionMs,
    monsterTurnMs,
    sideTurnMs,
    hash: hashString(canonicalJson(commands))
  }
}
