import { describe, expect, it } from 'vitest'
import { aggregate, proportion, wilson } from './sim-report'
import type { FigureOutcome, GameSummary } from './simulation'

const game = (winner: string | null, rounds: number, downed: boolean, truncated = false): GameSummary => ({
  winner,
  rounds,
  steps: 10,
  truncated,
  perFigure: [
    {
      ...{ id: 'hero', side: 'heroes', downed, out: downed, lifeLost: downed ? 10 : 2 },
      ...{ fate: downed ? 'dead' : 'standing', spent: {}, rose: [] }
    },
    {
      ...{ id: 'orc', side: 'monsters', downed: !downed, out: !downed, lifeLost: 5 },
      ...{ fate: downed ? 'standing' : 'out', spent: {}, rose: [] }
    }
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

  it('splits the fallen into dead and only out, and averages the uses spent over every game', () => {
    const figure = (fate: FigureOutcome['fate'], spent: Record<string, number>, rose: string[] = []) => ({
      ...{ id: 'mage', side: 'heroes', downed: fate !== 'standing', out: fate !== 'standing', lifeLost: 4 },
      ...{ fate, spent, rose }
    })
    const games: GameSummary[] = [
      {
        winner: 'heroes',
        rounds: 2,
        steps: 9,
        truncated: false,
        perFigure: [figure('dead', { 'spells.mm': 2 })]
      },
      {
        winner: 'heroes',
        rounds: 2,
        steps: 9,
        truncated: false,
        perFigure: [figure('out', { 'spells.mm': 1 })]
      },
      { winner: 'heroes', rounds: 2, steps: 9, truncated: false, perFigure: [figure('out', {}, ['ap'])] },
      // `ap` went down in this game only because it rose in another one: a budget, not a resource.
      { winner: 'heroes', rounds: 1, steps: 3, truncated: false, perFigure: [figure('standing', { ap: 2 })] }
    ]
    const mage = aggregate(games, ['heroes']).figures[0]!
    // 1 dead and 2 out of 4 games; the 3 uses of the spell over 4 games average 0.75.
    expect([mage.dead.count, mage.dead.rate, mage.unconscious.count, mage.unconscious.rate]).toEqual([
      1, 0.25, 2, 0.5
    ])
    expect(mage.dead.ci).toEqual(proportion(1, 4).ci)
    expect(mage.meanSpent).toEqual({ 'spells.mm': 0.75 })
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
