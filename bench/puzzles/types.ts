import type { AiStep, Policy } from '../../ai/types'
import type { EncounterState, SystemId } from '../../rules/core/types'

/**
 * A single-decision tactical puzzle (ai.md §7.3 suites/puzzles): a built position, the figure to move,
 * and what a sharp GM would accept as its next step ("finish the dying cleric", "don't provoke the
 * avoidable attack of opportunity", "complete the flank", "let the coward flee").
 */
export interface Puzzle {
  id: string
  system: SystemId
  /** One line, English, for reports. */
  title: string
  /** Families for the report: finish, aoo, flank, aoe, flee, focus, protect, kite... */
  tags: string[]
  /** In the fast subset that CI runs. */
  ci: boolean
  /** The position, running, with `actorId` to act (or to answer the pending decision). */
  build(): EncounterState
  actorId: string
  /** Whether the step is an accepted answer; `state` is the position it was chosen in. */
  accept(step: AiStep, state: EncounterState): boolean
}

/** One puzzle put to one policy. */
export interface PuzzleResult {
  id: string
  policy: string
  pass: boolean
  /** The chosen step, readable: the command type, action kind, target and path end. */
  chosen: string
  ms: number
}

/** Runs `puzzle` once with `policy` (a function so the bench and the CI test share it). */
export type SolvePuzzle = (puzzle: Puzzle, policy: Policy) => PuzzleResult
