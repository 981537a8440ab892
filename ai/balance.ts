import type { Ruleset } from '../rules/core/ruleset'
import type { Combatant, EncounterState } from '../rules/core/types'
import { children, signatureOf, templatesOf, type Node } from './balance-changes'
import { aggregate, proportion, type Proportion, type SimReport } from './sim-report'
import { playOut } from './simulation'

// Auto-balance (issue 16 §7): "make this fight 60 % for the heroes". A search over small changes of the
// foes the rules themselves allow — remove one, add one of a template (the campaign's bestiary, the
// ruleset's content, or a copy of a foe already there: "one more of them"), swap one for another
// template — each one measured by AI-vs-AI games, never guessed:
//
// 1. Baseline: the encounter as it is, on the two screen blocks of seeds and on `refineGames` games of its
//    own (the anchor of every estimate below).
// 2. Screen: every change one step from the best encounters so far (at most `perLevel` each, the most
//    promising kinds first: adds and tougher swaps when the heroes win too often, removals and weaker
//    swaps when they lose too often; big steps first, small ones for a second change) plays `screenGames`
//    games (block A); the `2 × keep` closest to the target play block B too (sequential screening: a few
//    games weed out the far ones, more sort the near ones). Every candidate plays the same seeds as the
//    baseline (common random numbers), and its estimate is the anchor's rate plus its difference from the
//    baseline on those seeds (a control variate): the luck of the seeds cancels out. If the `keep`
//    closest are not all within the tolerance yet, the `beam` closest that have not crossed the target
//    are changed once more (up to `depth` changes in all).
// 3. Refine: the `keep + 1` closest, and the closest on each side of the target, play `refineGames`
//    fresh games (seeds no screen used). Those games alone give the reported win % and Wilson 95 %
//    interval: the best of noisy screens is overrated (the winner's curse), games played after the pick
//    are an honest measure. (The final order among the few finalists uses the same games, a small bias:
//    see the coverage measured in balance.test.ts.)
//
// Pure and deterministic given the seed: the games are played by the `simulate` given (Node in tests, a
// Web Worker in the app), and everything else is ordered by the encounter's own figures and templates.

/** A figure the search may add: `model`'s stats and profile (its side, place and life are set on adding). */
export interface BalanceTemplate {
  /** Where it comes from (a bestiary id, `minecraft:zombie`...): proposals name it. */
  key: string
  name: string
  model: Combatant
}

/** One change a proposal makes to the encounter. */
export type BalanceChange =
  | { kind: 'add'; id: string; name: string; template: string }
  | { kind: 'remove'; id: string; name: string }
  | { kind: 'swap'; id: string; name: string; template: string; newId: string; newName: string }

/** A balanced version of the encounter, with its measured odds. */
export interface BalanceProposal {
  state: EncounterState
  /** From the original encounter, in order. */
  changes: BalanceChange[]
  /** The heroes' wins over the refine games (rate and Wilson 95 % interval), and those games. */
  win: Proportion
  games: number
  /** |win − target|. */
  distance: number
  /** The screening estimate that selected it (biased by the pick: for diagnosis only). */
  screen: number
}

export interface BalanceResult {
  target: number
  tolerance: number
  heroSide: string
  /** The encounter as it is, over all the games it played (screen blocks and anchor). */
  baseline: Proportion
  baselineGames: number
  /** The encounter as it is is already within `tolerance` of the target. */
  baselineReached: boolean
  /** The closest first (at most `keep`); empty when nothing could be changed (or cancelled early). */
  proposals: BalanceProposal[]
  /** The best proposal is within `tolerance` of the target (else it is the closest the search found). */
  reached: boolean
  cancelled: boolean
  /** Games played in all. */
  games: number
}

/** Plays `games` games of `state` with seeds `seed` .. `seed + games − 1`. */
export type Simulate = (state: EncounterState, games: number, seed: number) => Promise<SimReport> | SimReport

export interface BalanceProgress {
  phase: 'baseline' | 'screen' | 'refine'
  /** Games played so far, and an upper bound on the games of the whole search. */
  done: number
  total: number
}

export interface BalanceOptions {
  /** The side whose win % is balanced; every other side's figures are the foes it may change. */
  heroSide: string
  /** The heroes' win rate wanted, 0.05..0.95. */
  target: number
  templates: readonly BalanceTemplate[]
  simulate: Simulate
  seed: number
  /** Games per candidate in the first screen (default 12). */
  screenGames?: number
  /** Games per finalist, fresh seeds (default 40). */
  refineGames?: number
  /** Proposals returned (default 3). */
  keep?: number
  /** Candidates screened per encounter expanded (default 10). */
  perLevel?: number
  /** Changes at most per proposal (default 2). */
  depth?: number
  /** Encounters expanded again when the first changes fall short (default 2). */
  beam?: number
  /** What counts as on target (default 0.05: ±5 points). */
  tolerance?: number
  /** Stacks (PF rider and mount): a removed figure takes its companions along; added stats are detached. */
  ruleset?: Pick<Ruleset, 'stacks'>
  onProgress?: (progress: BalanceProgress) => void
  /** Asked between simulations: true stops the search (the result so far is returned, `cancelled`). */
  cancelled?: () => boolean
}

/** The heroes' wins in a report. */
function heroWins(report: SimReport, heroSide: string): number {
  return report.wins.find((w) => w.side === heroSide)?.count ?? 0
}

/**
 * Proposes up to `keep` versions of the encounter whose heroes win about `target` of the time, each
 * measured by games played after it was picked (see the top of this file).
 */
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4

export async function autoBalance(initial: EncounterState, opts: BalanceOptions): Promise<BalanceResult> {
  const target = Math.min(0.95, Math.max(0.05, opts.target))
  const tolerance = opts.tolerance ?? 0.05
  const screenGames = Math.max(1, opts.screenGames ?? 12)
  const refineGames = Math.max(1, opts.refineGames ?? 40)
  const keep = Math.max(1, opts.keep ?? 3)
  const depth = Math.max(1, opts.depth ?? 2)
  const beam = Math.max(1, opts.beam ?? 2)
  const perLevel = opts.perLevel ?? 10
  const { heroSide } = opts
  const templates = templatesOf(initial, opts)
  // Screen blocks A and B (seeds every candidate shares), the baseline's anchor, the finalists' refine.
  const seedA = opts.seed
  const seedB = opts.seed + screenGames
  const anchorSeed = opts.seed + 2_000_000
  const refineSeed = opts.seed + 1_000_000

  // An upper bound of the games, for the progress bar: every level at its widest, every refine.
  const level = (nodes: number) => nodes * perLevel * screenGames + 2 * keep * screenGames
  const total =
    2 * screenGames + refineGames + level(1) + (depth - 1) * level(beam) + (keep + 3) * refineGames
  let played = 0
  let stopped = false
  const isCancelled = () => (stopped ||= opts.cancelled?.() ?? false)
  const progress = (phase: BalanceProgress['phase']) =>
    opts.onProgress?.({ phase, done: played, total: Math.max(total, played) })

  /** Games of `state`; null when the rules refused it (a start they would not allow) or on a cancel. */
  const run = async (state: EncounterState, games: number, seed: number): Promise<SimReport | null> => {
    if (isCancelled()) return null
    try {
      const report = await opts.simulate(state, games, seed)
      played += report.runs
      return report
    } catch {
      played += games
      return null
    }
  }
  const count = (report: SimReport | null) => ({
    wins: report ? heroWins(report, heroSide) : 0,
    runs: report?.runs ?? 0
  })

  // The baseline on both screen blocks, and on games of its own (the anchor).
  progress('baseline')
  const baseA = count(await run(initial, screenGames, seedA))
  progress('baseline')
  const baseB = count(await run(initial, screenGames, seedB))
  progress('baseline')
  const anchor = count(await run(initial, refineGames, anchorSeed))
  progress('baseline')
  const baseWins = baseA.wins + baseB.wins + anchor.wins
  const baseRuns = baseA.runs + baseB.runs + anchor.runs
  const baseRate = baseRuns ? baseWins / baseRuns : 0.5

  // A candidate's estimate: the baseline's rate plus what the change did on the shared seeds (a control
  // variate: the luck of the screen seeds, common to all candidates and to the baseline, cancels out).
  const rate = (n: Node) => {
    if (!n.runs) return baseRate
    const same = n.blockB ? { wins: baseA.wins + baseB.wins, runs: baseA.runs + baseB.runs } : baseA
    const shift = same.runs ? n.wins / n.runs - same.wins / same.runs : 0
    return Math.min(1, Math.max(0, baseRate + shift))
  }
  const root: Node = {
    state: initial,
    changes: [],
    sig: signatureOf(initial, heroSide),
    wins: 0,
    runs: 0,
    blockB: false
  }
  const distance = (n: Node) => Math.abs(rate(n) - target)
  const byDistance = (a: Node, b: Node) => distance(a) - distance(b) || a.changes.length - b.changes.length
  const seen = new Set([root.sig])
  const pool: Node[] = []
  let frontier = [root]

  for (let d = 0; d < depth && !isCancelled(); d++) {
    const fresh: Node[] = []
    for (const parent of frontier) {
      const harder = rate(parent) > target
      for (const child of children(parent, templates, harder, { ...opts, perLevel })) {
        const sig = signatureOf(child.state, heroSide)
        if (seen.has(sig)) continue
        seen.add(sig)
        const report = await run(child.state, screenGames, seedA)
        progress('screen')
        if (!report) continue
        fresh.push({
          state: child.state,
          changes: [...parent.changes, child.change],
          sig,
          ...count(report),
          blockB: false
        })
      }
    }
    // Sequential screening: the closest play the second block before they are ranked.
    fresh.sort(byDistance)
    for (const node of fresh.slice(0, 2 * keep)) {
      const more = await run(node.state, screenGames, seedB)
      progress('screen')
      if (!more) continue
      node.wins += heroWins(more, heroSide)
      node.runs += more.runs
      node.blockB = true
    }
    pool.push(...fresh)
    pool.sort(byDistance)
    if (pool.length >= keep && pool.slice(0, keep).every((n) => distance(n) <= tolerance)) break
    // Still short: the closest that have not crossed the target go one change further.
    const wasAbove = baseRate > target
    frontier = fresh
      .filter((n) => (wasAbove ? rate(n) > target : rate(n) < target))
      .sort(byDistance)
      .slice(0, beam)
    if (!frontier.length) frontier = fresh.slice(0, beam)
    if (!frontier.length) break
  }

  // Refine: fresh seeds for the finalists; their reported odds come from these games only.
  // The closest `keep + 1`, and the closest on either side of the target if they are not among them: the
  // screens share their seeds, so their error is alike at alike odds and the closest-looking ones may all
  // sit on one side; the refine then measures the encounters that bracket the target.
  const finalists = pool.slice(0, keep + 1)
  for (const above of [true, false]) {
    const side = pool.find((n) => (above ? rate(n) >= target : rate(n) < target))
    if (side && !finalists.includes(side)) finalists.push(side)
  }
  const proposals: BalanceProposal[] = []
  for (const node of finalists) {
    const report = await run(node.state, refineGames, refineSeed)
    progress('refine')
    if (!report) continue
    const win = proportion(heroWins(report, heroSide), report.runs)
    proposals.push({
      state: node.state,
      changes: node.changes,
      win,
      games: report.runs,
      distance: r4(Math.abs(win.rate - target)),
      screen: r4(rate(node))
    })
  }
  proposals.sort((a, b) => a.distance - b.distance || a.changes.length - b.changes.length)
  const best = proposals.slice(0, keep)
  opts.onProgress?.({ phase: 'refine', done: played, total: stopped ? Math.max(total, played) : played })
  return {
    target,
    tolerance,
    heroSide,
    baseline: proportion(baseWins, baseRuns),
    baselineGames: baseRuns,
    baselineReached: baseRuns > 0 && Math.abs(baseWins / baseRuns - target) <= tolerance + 1e-9,
    proposals: best,
    reached: best.length > 0 && best[0]!.distance <= tolerance + 1e-9,
    cancelled: stopped,
    games: played
  }
}

/** A `Simulate` that plays the games here and now with `playOut` (Node tests, benches, a worker). */
export function playingSimulate(ruleset: Ruleset, maxSteps = 3000): Simulate {
  return (state, games, seed) => {
    const summaries = Array.from({ length: games }, (_, i) => playOut(state, ruleset, seed + i, { maxSteps }))
    return aggregate(
      summaries,
      state.sides.map((s) => s.id)
    )
  }
}

export { fits, spotFor } from './balance-changes'
