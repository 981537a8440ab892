import { describe, expect, it } from 'vitest'
import { levelPolicy } from '../ai/policy'
import { candidateSteps, puzzles, solvePuzzle } from '../bench/puzzles'
import type { SystemId } from '../rules/core/types'
import { getRuleset } from '../rules/systems'

// The tactical puzzle suite (ai.md §7.2 G8, §7.3): every puzzle must be a real, legal choice with at least
// one accepted and one rejected answer; the fast `ci` subset is put to the Normal AI, one test per puzzle.

const systems: SystemId[] = ['pathfinder1e', 'hq2', 'minecraft', 'athkri', 'carnevale']

describe('the puzzle suite', () => {
  it('has at least 24 puzzles, 3 or more per ruleset, unique ids, and a CI subset of 12 or more', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(24)
    for (const system of systems)
      expect(puzzles.filter((p) => p.system === system).length, system).toBeGreaterThanOrEqual(3)
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length)
    expect(puzzles.filter((p) => p.ci).length).toBeGreaterThanOrEqual(12)
  })

  it('covers the families the issue names', () => {
    const tags = new Set(puzzles.flatMap((p) => p.tags))
    for (const family of ['finish', 'aoo', 'flank', 'aoe', 'flee', 'focus', 'kite', 'protect', 'decision'])
      expect(tags.has(family), family).toBe(true)
  })
})

describe.each(puzzles.map((p) => [p.id, p] as const))('puzzle %s is well formed', (_id, puzzle) => {
  const state = puzzle.build()
  const ruleset = getRuleset(state.system)

  it('builds the same running position every time, with its figure to act or to answer', () => {
    expect(state.system).toBe(puzzle.system)
    expect(state.phase).toBe('running')
    expect(puzzle.build()).toEqual(state)
    const decider = state.pending ? state.pending.request.deciderId : state.turn?.activeId
    expect(decider).toBe(puzzle.actorId)
  })

  it('is a real choice: some legal step is accepted and some legal step is rejected', () => {
    const steps = candidateSteps(state, ruleset, puzzle.actorId)
    const accepted = steps.filter((s) => puzzle.accept(s, state))
    expect(accepted.length, 'no legal step is accepted').toBeGreaterThan(0)
    expect(steps.length - accepted.length, 'every legal step is accepted').toBeGreaterThan(0)
    for (const s of accepted)
      if (s.command.type === 'action.declare') expect(ruleset.validate(state, s.command.action)).toBeNull()
  })
})

describe('the CI puzzles, solved by the Normal AI', () => {
  const normal = levelPolicy('normal')
  it.each(puzzles.filter((p) => p.ci).map((p) => [p.id, p] as const))('%s', (_id, puzzle) => {
    const result = solvePuzzle(puzzle, normal)
    expect(result.pass, `${puzzle.title}\n  chose: ${result.chosen}`).toBe(true)
  })
})
