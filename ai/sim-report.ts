import type { GameSummary } from './simulation'

/** A count out of the runs, its rate and the Wilson 95% interval of that rate. */
export interface Proportion {
  count: number
  rate: number
  /** [low, high], 4 decimals. */
  ci: [number, number]
}

/** How one figure fared over all runs. */
export interface FigureRisk {
  id: string
  side: string
  /** Out or at 0 life or less at some moment. */
  down: Proportion
  /** Out of the fight at the end. */
  out: Proportion
  /** Dead at the end (the ruleset's `fate` hook, else out at its life floor: see `fateOf`). */
  dead: Proportion
  /** Out at the end but not dead: unconscious, dying, fled or removed above its floor. */
  unconscious: Proportion
  meanLifeLost: number
  /**
   * Mean limited uses spent per game, by name; a number that rose in any game (a turn budget, a counter)
   * is not a resource and is left out. Games where one was not spent count as 0.
   */
  meanSpent: Record<string, number>
}

/** What a batch of AI-vs-AI games came to. */
export interface SimReport {
  runs: number
  /** One entry per side, in the order asked for. */
  wins: Array<{ side: string } & Proportion>
  /** Games that ended with no side standing. */
  draws: Proportion
  /** Games cut short by the step limit. */
  truncated: Proportion
  rounds: {
    mean: number
    /** How many games lasted each number of rounds, by rounds ascending. */
    histogram: Array<{ rounds: number; games: number }>
  }
  figures: FigureRisk[]
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054

/**
 * The Wilson score interval of `successes` out of `n` (95% by default): unlike the normal approximation it
 * stays inside [0, 1] and behaves at 0 and n successes, which is where encounter odds often sit.
 */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1]
  const p = successes / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  // At 0 and n successes the bound is exactly 0 or 1; floating point would leave 0.9999999999999999.
  return [successes === 0 ? 0 : centre - half, successes === n ? 1 : centre + half]
}

/** `count` out of `n` as a rate with its Wilson interval, rounded to 4 decimals. */
export function proportion(count: number, n: number): Proportion {
  const [lo, hi] = wilson(count, n)
  return { count, rate: n === 0 ? 0 : r4(count / n), ci: [r4(lo), r4(hi)] }
}

/**
 * Folds game summaries into a report. Summaries are taken in the order given (callers sort them by run
 * index), and every figure is listed in the order it first appears, so the same games give the same JSON.
 */
export function aggregate(summaries: readonly GameSummary[], sideIds: readonly string[]): SimReport {
  const n = summaries.length
  const wins = new Map(sideIds.map((s) => [s, 0]))
  const histogram = new Map<number, number>()
  type Acc = { side: string; down: number; out: number; dead: number; unconscious: number; lifeLost: number }
  const figures = new Map<string, Acc & { spent: Map<string, number>; rose: Set<string> }>()
  let draws = 0
  let truncated = 0
  let rounds = 0
  for (const game of summaries) {
    if (game.truncated) truncated++
    else if (game.winner === null) draws++
    else wins.set(game.winner, (wins.get(game.winner) ?? 0) + 1)
    rounds += game.rounds
    histogram.set(game.rounds, (histogram.get(game.rounds) ?? 0) + 1)
    for (const f of game.perFigure) {
      const acc = figures.get(f.id) ?? {
        side: f.side,
        down: 0,
        out: 0,
        dead: 0,
        unconscious: 0,
        lifeLost: 0,
        spent: new Map<string, number>(),
        rose: new Set<string>()
      }
      acc.down += f.downed ? 1 : 0
      acc.out += f.out ? 1 : 0
      acc.dead += f.fate === 'dead' ? 1 : 0
      acc.unconscious += f.fate === 'out' ? 1 : 0
      acc.lifeLost += f.lifeLost
      for (const [k, v] of Object.entries(f.spent)) acc.spent.set(k, (acc.spent.get(k) ?? 0) + v)
      for (const k of f.rose) acc.rose.add(k)
      figures.set(f.id, acc)
    }
  }
  return {
    runs: n,
    wins: [...wins].map(([side, count]) => ({ side, ...proportion(count, n) })),
    draws: proportion(draws, n),
    truncated: proportion(truncated, n),
    rounds: {
      mean: n === 0 ? 0 : r4(rounds / n),
      histogram: [...histogram].sort((a, b) => a[0] - b[0]).map(([rounds, games]) => ({ rounds, games }))
    },
    figures: [...figures].map(([id, f]) => ({
      id,
      side: f.side,
      down: proportion(f.down, n),
      out: proportion(f.out, n),
      dead: proportion(f.dead, n),
      unconscious: proportion(f.unconscious, n),
      meanLifeLost: n === 0 ? 0 : r4(f.lifeLost / n),
      meanSpent: Object.fromEntries(
        [...f.spent]
          .filter(([k]) => !f.rose.has(k))
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([k, v]) => [k, r4(v / n)])
      )
    }))
  }
}
