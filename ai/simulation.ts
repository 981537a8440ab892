import { seedRng } from '../rules/core/rng'
import type { Ruleset } from '../rules/core/ruleset'
import type { EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import type { AiLevel } from '../rules/core/types'
import { chooseStep } from './choose'
import { aiLevels } from './policy'
import { fateOf, ResourceWatch, type Fate } from './sim-fate'

/** The AI levels a simulation can play at (ai.md §7: Easy, Normal, Hard), weakest first. */
export const simLevels: readonly AiLevel[] = aiLevels

/** One of `simLevels`. */
export type SimLevel = AiLevel

/** How one figure fared in one simulated game. */
export interface FigureOutcome {
  id: string
  side: string
  /** Out of the fight or at 0 life or less at any moment of the game (it may have been brought back). */
  downed: boolean
  /** Out of the fight when the game stopped. */
  out: boolean
  /** Life at the start less life at the end (negative when healed above where it started). */
  lifeLost: number
  /** How it ended: standing, out (unconscious, dying, fled) or dead (see `fateOf` for the rule). */
  fate: Fate
  /** Limited uses spent (start less end of numbers that only went down), by name. */
  spent: Record<string, number>
  /** Numbers that rose during the game: budgets or counters, which `aggregate` keeps out of `spent`. */
  rose: string[]
}

/** What one AI-vs-AI game came to. */
export interface GameSummary {
  /** The winning side's id; null on a draw or when the game was cut short. */
  winner: string | null
  rounds: number
  /** Commands applied, the start included. */
  steps: number
  perFigure: FigureOutcome[]
  /**
   * True when `maxSteps` ran out, nobody held the turn, or the fight stalled (`stallRounds`) before the
   * game ended.
   */
  truncated: boolean
  /** True when it was cut short because nobody lost Life or went out for `stallRounds` rounds. */
  stalled?: boolean
}

/** Options of `playOut`. */
export interface PlayOutOptions {
  /** Commands after which an unfinished game counts as truncated (a guard against AIs that stall). */
  maxSteps: number
  /** Every figure plays at this level, each with its own personality; absent = each figure's profile. */
  level?: SimLevel
  /**
   * Rounds in a row with nobody losing Life or going out after which a fight to the last side standing is
   * cut short as stalled (a draw for the report): two AIs can dance beside each other forever (a skeleton
   * with 0.1 % to hit kiting a knight who cannot both close and strike; Athkri sample, seed 3). Only when
   * every objective is `defeatAll`: waiting out the rounds or walking to an exit is progress without
   * blood. Default 20; 0 = never.
   */
  stallRounds?: number
}

/** Default of `PlayOutOptions.stallRounds`. */
export const STALL_ROUNDS = 20

/** A print of who has how much Life and who is out: what a fight's progress changes. */
const bloodPrint = (state: EncounterState): string =>
  state.combatants.map((c) => `${c.life}${c.out ? 'x' : ''}`).join(',')

// A figure that left through an exit (an escape objective) is out of the fight but was never downed.
const isDown = (c: { out: boolean; life: number; escaped?: boolean }): boolean =>
  (c.out && c.escaped !== true) || c.life <= 0

/**
 * Plays an encounter from `initial` to its end, every figure and every decision by the AI whatever its
 * controller. `seed` replaces the encounter's RNG, so run i of a batch seeded S plays with S + i and
 * the same seed always gives the same summary.
 */
export function playOut(
  initial: EncounterState,
  ruleset: Ruleset,
  seed: number,
  opts: PlayOutOptions
): GameSummary {
  if (opts.level !== undefined && !simLevels.includes(opts.level)) {
    throw new Error(`playOut: unknown AI level ${String(opts.level)}`)
  }
  let state: EncounterState = { ...initial, rng: seedRng(seed) }
  let steps = 0
  // A saved encounter may already be running; only one still in setup needs starting.
  if (state.phase === 'setup') {
    const started = applyCommand(state, { type: 'encounter.start' }, ruleset)
    if (!started.ok) throw new Error(`playOut: start refused: ${started.violation.code}`)
    state = started.state
    steps++
  }
  const downed = new Set(state.combatants.filter(isDown).map((c) => c.id))
  const watch = new ResourceWatch(state, ruleset)
  const override = opts.level ? { level: opts.level } : {}
  const stallRounds = (state.objectives ?? []).every((o) => o.kind === 'defeatAll')
    ? (opts.stallRounds ?? STALL_ROUNDS)
    : 0
  let blood = bloodPrint(state)
  let lastBloodRound = state.round
  let stalled = false
  while (state.phase === 'running' && steps < opts.maxSteps) {
    const decider = whoDecides(state)
    if (!decider) break
    const { command } = chooseStep(state, ruleset, decider, override)
    const result = applyCommand(state, command, ruleset)
    // The AI only sends what the rules offered it: a refusal is a bug to surface, not a result.
    if (!result.ok)
      throw new Error(`playOut: ${command.type} refused: ${result.violation.code} (seed ${seed})`)
    state = result.state
    steps++
    for (const c of state.combatants) if (isDown(c)) downed.add(c.id)
    watch.observe(state)
    const now = bloodPrint(state)
    if (now !== blood) [blood, lastBloodRound] = [now, state.round]
    else if (stallRounds > 0 && state.round - lastBloodRound >= stallRounds) {
      stalled = true
      break
    }
  }
  const ended = state.phase === 'ended'
  const lifeAtStart = new Map(initial.combatants.map((c) => [c.id, c.life]))
  return {
    winner: ended ? state.winner : null,
    rounds: state.round,
    steps,
    perFigure: state.combatants.map((c) => ({
      id: c.id,
      side: c.side,
      downed: downed.has(c.id),
      out: c.out,
      lifeLost: (lifeAtStart.get(c.id) ?? c.life) - c.life,
      fate: fateOf(state, c, ruleset),
      ...watch.spentBy(c.id)
    })),
    truncated: !ended,
    ...(stalled ? { stalled: true } : {})
  }
}
