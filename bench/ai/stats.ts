// Statistics of the AI bench (ai.md §7.3 stats.ts): Wilson intervals, paired differences with a seeded
// bootstrap and a sign test, a Bradley–Terry Elo ladder and percentiles. Pure functions of their inputs.
import { seededUniform } from '../seeded-uniform'

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054

/** Wilson score interval for `successes` out of `n` (successes may be fractional: draws count ½). */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1]
  const p = successes / n
  const z2 = z * z
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

/** Two-sided exact binomial sign test: the p-value of `wins` against `losses` under p = ½. */
export function signTest(wins: number, losses: number): number {
  const n = wins + losses
  if (n === 0) return 1
  const k = Math.min(wins, losses)
  // P(X ≤ k) for X ~ Bin(n, ½), summed in log space so large n does not underflow term by term.
  let logC = 0
  let tail = 0
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i)
    tail += Math.exp(logC - n * Math.LN2)
  }
  return Math.min(1, 2 * tail)
}

/** The paired comparison of A and B over units where both played (same encounter, same seed). */
export interface PairedDiff {
  n: number
  /** Mean of scoreA − scoreB. */
  mean: number
  /** 95% percentile bootstrap interval of the mean. */
  ci: [number, number]
  /** Pairs where A scored more / B scored more. */
  aBetter: number
  bBetter: number
  /** Sign test over the discordant pairs. */
  pValue: number
}

/** Paired difference of score lists `a[i]` vs `b[i]` with a seeded percentile bootstrap (`resamples`). */
export function pairedDiff(
  a: readonly number[],
  b: readonly number[],
  seed = 1,
  resamples = 2000
): PairedDiff {
  if (a.length !== b.length) throw new Error('pairedDiff: unpaired lists')
  const n = a.length
  const d = a.map((x, i) => x - b[i]!)
  const mean = n ? d.reduce((s, x) => s + x, 0) / n : 0
  const aBetter = d.filter((x) => x > 0).length
  const bBetter = d.filter((x) => x < 0).length
  if (n === 0) return { n, mean, ci: [0, 0], aBetter, bBetter, pValue: 1 }
  const next = seededUniform(seed)
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let s = 0
    for (let i = 0; i < n; i++) s += d[Math.floor(next() * n)]!
    means[r] = s / n
  }
  means.sort()
  return {
    n,
    mean,
    ci: [percentile(means, 2.5), percentile(means, 97.5)],
    aBetter,
    bBetter,
    pValue: signTest(aBetter, bBetter)
  }
}

/** The q-th percentile (0..100) by linear interpolation between closest ranks (R type 7); NaN if empty. */
export function percentile(values: ArrayLike<number>, q: number): number {
  const sorted = Array.from(values).sort((x, y) => x - y)
  if (sorted.length === 0) return NaN
  const h = (sorted.length - 1) * (q / 100)
  const lo = Math.floor(h)
  const hi = Math.ceil(h)
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!)
}

/** p50, p95, p99 and max of a list, rounded to µs when given in ms. */
export function latencySummary(values: readonly number[]): {
  n: number
  p50: number
  p95: number
  p99: number
  max: number
} {
  const r = (x: number) => (Number.isFinite(x) ? Math.round(x * 1000) / 1000 : 0)
  return {
    n: values.length,
    p50: r(percentile(values, 50)),
    p95: r(percentile(values, 95)),
    p99: r(percentile(values, 99)),
    max: r(values.reduce((m, x) => Math.max(m, x), values.length ? -Infinity : 0))
  }
}

/** One head-to-head result: `a` scored `score` (1 win, ½ tie, 0 loss) against `b`. */
export interface Duel {
  a: string
  b: string
  score: number
}

/**
 * Bradley–Terry strengths fitted by the MM algorithm (Hunter 2004) from duels with ties as half wins,
 * as Elo (400·log10 of strength), shifted so `anchor` (or the mean) sits at 0. `prior` adds that many
 * virtual drawn games to every pair that met, so a player who never lost still gets a finite rating.
 */
export function bradleyTerryElo(
  duels: readonly Duel[],
  opts: { anchor?: string; prior?: number; iterations?: number } = {}
): Record<string, number> {
  const prior = opts.prior ?? 0
  const players = [...new Set(duels.flatMap((d) => [d.a, d.b]))].sort()
  const index = new Map(players.map((p, i) => [p, i]))
  const k = players.length
  const wins = new Float64Array(k)
  const games = Array.from({ length: k }, () => new Float64Array(k))
  for (const d of duels) {
    const i = index.get(d.a)!
    const j = index.get(d.b)!
    wins[i]! += d.score
    wins[j]! += 1 - d.score
    games[i]![j]! += 1
    games[j]![i]! += 1
  }
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++)
      if (i !== j && games[i]![j]! > 0) {
        games[i]![j]! += prior
        wins[i]! += prior / 2
      }
  let strength = new Float64Array(k).fill(1)
  for (let it = 0; it < (opts.iterations ?? 2000); it++) {
    const next = new Float64Array(k)
    for (let i = 0; i < k; i++) {
      let denom = 0
      for (let j = 0; j < k; j++)
        if (i !== j && games[i]![j]! > 0) denom += games[i]![j]! / (strength[i]! + strength[j]!)
      next[i] = denom > 0 ? Math.max(wins[i]!, 1e-12) / denom : 1
    }
    // Strengths are defined up to a factor: keep their geometric mean at 1 so they do not drift.
    const g = Math.exp(next.reduce((s, x) => s + Math.log(x), 0) / k)
    for (let i = 0; i < k; i++) next[i]! /= g
    strength = next
  }
  const elo = players.map((_, i) => 400 * Math.log10(strength[i]!))
  const shift =
    opts.anchor !== undefined && index.has(opts.anchor)
      ? elo[index.get(opts.anchor)!]!
      : elo.reduce((s, x) => s + x, 0) / (k || 1)
  return Object.fromEntries(players.map((p, i) => [p, Math.round((elo[i]! - shift) * 10) / 10]))
}
