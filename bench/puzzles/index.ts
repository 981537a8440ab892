import type { Ruleset } from '../../rules/core/ruleset'
import type { EncounterState } from '../../rules/core/types'
import { getRuleset } from '../../rules/systems'
import type { AiStep } from '../../ai/types'
import { athkriPuzzles } from './athkri'
import { carnevalePuzzles } from './carnevale'
import { describeStep, stepOf } from './helpers'
import { hq2Puzzles } from './hq2'
import { minecraftPuzzles } from './minecraft'
import { pathfinderPuzzles } from './pathfinder1e'
import type { Puzzle, SolvePuzzle } from './types'

/** The tactical puzzle suite (ai.md §7.2 G8), every ruleset's puzzles in one list. */
export const puzzles: Puzzle[] = [
  ...pathfinderPuzzles,
  ...hq2Puzzles,
  ...minecraftPuzzles,
  ...athkriPuzzles,
  ...carnevalePuzzles
]

/** Runs `policy` once on the puzzle's position, timed, and judges its step with the puzzle's `accept`. */
export const solvePuzzle: SolvePuzzle = (puzzle, policy) => {
  const state = puzzle.build()
  const ruleset = getRuleset(state.system)
  // The global clock (Node and browsers alike), so the suite can run wherever the AI does.
  const t0 = performance.now()
  const step = policy.choose(state, ruleset, puzzle.actorId)
  const ms = performance.now() - t0
  return {
    id: puzzle.id,
    policy: policy.id,
    pass: puzzle.accept(step, state),
    chosen: describeStep(state, step),
    ms
  }
}

/**
 * Every step the rules allow the puzzle's figure now, as bare steps: each answer of a pending decision,
 * or each legal action. The suite's own tests use it to prove each puzzle is a real choice with an answer.
 */
export function candidateSteps(state: EncounterState, ruleset: Ruleset, actorId: string): AiStep[] {
  const pending = state.pending
  if (pending) {
    const { request } = pending
    const answers: Array<string | number> = request.choices
      ? request.choices
      : request.range
        ? Array.from({ length: request.range.max - request.range.min + 1 }, (_, i) => request.range!.min + i)
        : [request.default]
    return answers.map((choice) => stepOf({ type: 'decision.answer', decisionId: request.id, choice }))
  }
  return ruleset.legalActions(state, actorId).map((action) => stepOf({ type: 'action.declare', action }))
}
