import { describe, expect, it } from 'vitest'
import { aggregate, proportion, wilson } from './sim-report'
import type { GameSummary } from './simulation'

const game = (winner: string | null, rounds: number, downed: boolean, truncated = false): GameSummary => ({
  winner,
  rounds,
  steps: 10,
  truncated,
  perFigure: [
    { id: 'hero', side: 'heroes', downed, out: downed, lifeLost: downed ? 10 : 2 },
    { id: 'orc', side: 'monsters', downed: !downed, out: !downed, lifeLost: 5 }
  ]
})

describe('wilson', () => {
  it('matches the textbook interval for 50/100', () => {
    const [lo, hi] = wilson(50, 100)
    expect(lo).toBeCloseTo(0.4038, 4)
    expect(hi).toBeCloseTo(0.5962, 4)
  })

  it('stays inside [0, 1] at the edges and is wide open with no data', () => {
    expect(wilson(0, 10)[0]).toBe(0)
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4)
    expect(wilson(10, 10)[1]).toBe(1)
    expect(wilson(0, 0)).toEqual([0, 1])
  })

  it('rounds a proportion to 4 decimals', () => {
    expect(proportion(1, 3)).toEqual({ count: 1, rate: 0.3333, ci: [0.0615, 0.7923] })
  })
})

describe('aggregate', () => {
  it('counts wins per side, draws apart from truncated games, rounds and per-figure risk', () => {
    const report = aggregate(
      [game('heroes', 3, false), game('monsters', 5, true), game(null, 3, true), game(null, 9, false, true)],
      ['heroes', 'monsters']
    )
    expect(report.runs).toBe(4)
    expect(report.wins.map((w) => [w.side, w.count, w.rate])).toEqual([
      ['heroes', 1, 0.25],
      ['monsters', 1, 0.25]
    ])
    expect(report.draws.count).toBe(1)
    expect(report.truncated.count).toBe(1)
    expect(report.rounds).toEqual({
      mean: 5,
      histogram: [
        { rounds: 3, games: 2 },
        { rounds: 5, games: 1 },
        { rounds: 9, games: 1 }
      ]
    })
    const hero = report.figures.find((f) => f.id === 'hero')!
    expect([hero.down.count, hero.out.rate, hero.meanLifeLost]).toEqual([2, 0.5, 6])
    expect(hero.down.ci).toEqual(proportion(2, 4).ci)
  })

  it('lists a side that never won, and gives an empty report for no games', () => {
    const report = aggregate([], ['heroes', 'monsters'])
    expect(report.wins).toEqual([
      { side: 'heroes', count: 0, rate: 0, ci: [0, 1] },
      { side: 'monsters', count: 0, rate: 0, ci: [0, 1] }
    ])
    expect(report.rounds.mean).toBe(0)
  })
})
