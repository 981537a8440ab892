import { describe, expect, it } from 'vitest'
import { puzzles, solvePuzzle } from '../bench/puzzles'
import { levelPolicy } from './policy'

// The Hard level adds search (sequences, portfolio rollouts) on top of Normal's scoring: it must still
// solve every CI puzzle Normal solves (tests/ai-puzzles.test.ts), or its search is undoing good steps.
describe('the CI puzzles, solved by the Hard AI', () => {
  const hard = levelPolicy('hard')
  it.each(puzzles.filter((p) => p.ci).map((p) => [p.id, p] as const))('%s', (_id, puzzle) => {
    const result = solvePuzzle(puzzle, hard)
    expect(result.pass, `${puzzle.title}\n  chose: ${result.chosen}`).toBe(true)
  })
})
