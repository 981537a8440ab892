// The AI bench's report (ai.md §7.3 summary): win rates with Wilson intervals per policy and family,
// paired differences against the baselines, a Bradley–Terry Elo ladder, latency, legality, traces,
// puzzle pass rate and the environment, as JSON and Markdown.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import { baselinePolicies } from '../../ai/baselines'
import type { Puzzle, SolvePuzzle } from '../puzzles/types'
import type { GameRecord } from './game'
import { policyFor } from './policies'
import { markdown } from './report-markdown'
import type { BenchOptions, BenchRun } from './run'
import { bradleyTerryElo, latencySummary, pairedDiff, wilson, type Duel, type PairedDiff } from './stats'

type Latency = ReturnType<typeof latencySummary>

/** One policy slot's totals. */
export interface PolicySummary {
  games: number
  wins: number
  losses: number
  draws: number
  /** Mean monster score (draws ½) with its Wilson interval. */
  rate: number
  ci: [number, number]
  decisions: number
  illegal: number
  noTrace: number
  errors: number
  /** Share of decisions the engine accepted / that carried a trace. */
  legalPct: number
  tracePct: number
  latency: { decision: Latency; monsterTurn: Latency; sideTurn: Latency }
}

/** A goal of the issue, measured. */
export interface TargetCheck {
  goal: string
  value: number | null
  ci?: [number, number]
  met: boolean | null
}

/** The whole report. */
export interface AiBenchReport {
  when: string
  env: { cpu: string; cores: number; node: string; git: string; note: string }
  options: Omit<BenchOptions, 'out'>
  cancelled: boolean
  seconds: number
  games: number
  gamesPerSecond: number
  failures: { count: number; first: Array<{ encounter: string; slot: string; game: number; error: string }> }
  policies: Record<string, PolicySummary>
  /** Win rate per suite and slot (goals are reported on core and held-out alike). */
  suites: Record<string, Record<string, { games: number; rate: number; ci: [number, number] }>>
  families: Record<
    string,
    { system: string; bySlot: Record<string, { games: number; rate: number; ci: [number, number] }> }
  >
  paired: Array<{ a: string; b: string } & PairedDiff>
  elo: Record<string, number>
  /** Slots that are copies of one policy: identical records in every pair (the pairing check). */
  selfPairs: Array<{ a: string; b: string; pairs: number; identical: number }>
  targets: TargetCheck[]
  puzzles: {
    available: boolean
    note: string
    bySlot: Record<string, { passed: number; total: number; rate: number }>
  }
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4

function summarize(records: GameRecord[]): PolicySummary {
  const games = records.length
  const wins = records.filter((r) => r.score === 1).length
  const losses = records.filter((r) => r.score === 0).length
  const total = records.reduce((s, r) => s + r.score, 0)
  const decisions = records.reduce((s, r) => s + r.decisionMs.length, 0)
  const illegal = records.reduce((s, r) => s + r.illegal, 0)
  const noTrace = records.reduce((s, r) => s + r.noTrace, 0)
  const all = (pick: (r: GameRecord) => number[]) => records.flatMap(pick)
  return {
    games,
    wins,
    losses,
    draws: games - wins - losses,
    rate: games ? r4(total / games) : 0,
    ci: wilson(total, games).map(r4) as [number, number],
    decisions,
    illegal,
    noTrace,
    errors: records.reduce((s, r) => s + r.errors, 0),
    legalPct: decisions ? r4((100 * (decisions - illegal)) / decisions) : 100,
    tracePct: decisions ? r4((100 * (decisions - noTrace)) / decisions) : 100,
    latency: {
      decision: latencySummary(all((r) => r.decisionMs)),
      monsterTurn: latencySummary(all((r) => r.monsterTurnMs)),
      sideTurn: latencySummary(all((r) => r.sideTurnMs))
    }
  }
}

/** Records keyed by pair unit (encounter, game) then slot. */
function units(records: GameRecord[]): Map<string, Map<string, GameRecord>> {
  const out = new Map<string, Map<string, GameRecord>>()
  for (const r of records) {
    const key = `${r.encounter}#${r.game}`
    if (!out.has(key)) out.set(key, new Map())
    out.get(key)!.set(r.slot, r)
  }
  return out
}

function paired(byUnit: Map<string, Map<string, GameRecord>>, a: string, b: string, seed: number) {
  const xs: number[] = []
  const ys: number[] = []
  for (const slots of byUnit.values()) {
    const ra = slots.get(a)
    const rb = slots.get(b)
    if (!ra || !rb) continue
    xs.push(ra.score)
    ys.push(rb.score)
  }
  const d = pairedDiff(xs, ys, seed)
  return { a, b, ...d, mean: r4(d.mean), ci: d.ci.map(r4) as [number, number], pValue: r4(d.pValue) }
}

function environment(): AiBenchReport['env'] {
  let git = 'unknown'
  try {
    git = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    // The AI under test is often uncommitted work: say so, or the SHA names code that was not measured.
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'ai', 'rules', 'bench'], {
      encoding: 'utf8'
    })
    if (dirty.trim()) git += '+dirty'
  } catch {
    // Not a checkout (a copied folder): the stamp says so rather than failing the bench.
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    git,
    note: 'shared machine: other processes may have used the cores during the run, inflating latency'
  }
}

/** The puzzle suite, when `bench/puzzles/index.ts` exists yet (it is written in parallel): null if not. */
async function loadPuzzles(): Promise<{ puzzles: Puzzle[]; solvePuzzle: SolvePuzzle } | null> {
  const url = new URL('../puzzles/index.ts', import.meta.url).href
  try {
    const mod = (await import(url)) as { puzzles?: Puzzle[]; solvePuzzle?: SolvePuzzle }
    return mod.puzzles && mod.solvePuzzle ? { puzzles: mod.puzzles, solvePuzzle: mod.solvePuzzle } : null
  } catch {
    return null
  }
}

async function puzzleRates(slots: string[]): Promise<AiBenchReport['puzzles']> {
  const suite = await loadPuzzles()
  if (!suite) return { available: false, note: 'bench/puzzles/index.ts not found or incomplete', bySlot: {} }
  const bySlot: AiBenchReport['puzzles']['bySlot'] = {}
  for (const slot of slots) {
    const policy = policyFor(slot)
    let passed = 0
    for (const p of suite.puzzles) {
      try {
        if (suite.solvePuzzle(p, policy).pass) passed++
      } catch {
        // A puzzle that throws for a policy is failed by it.
      }
    }
    bySlot[slot] = {
      passed,
      total: suite.puzzles.length,
      rate: suite.puzzles.length ? r4(passed / suite.puzzles.length) : 0
    }
  }
  return { available: true, note: `${suite.puzzles.length} puzzles`, bySlot }
}

/** Builds the report of a run (the puzzles are solved here, once per policy slot). */
export async function buildReport(run: BenchRun, opts: BenchOptions): Promise<AiBenchReport> {
  const slots = opts.policies
  const policies: Record<string, PolicySummary> = {}
  for (const slot of slots) policies[slot] = summarize(run.records.filter((r) => r.slot === slot))
  const suites: AiBenchReport['suites'] = {}
  for (const suite of [...new Set(run.records.map((r) => r.suite))].sort())
    suites[suite] = Object.fromEntries(
      slots.map((slot) => {
        const p = summarize(run.records.filter((r) => r.suite === suite && r.slot === slot))
        return [slot, { games: p.games, rate: p.rate, ci: p.ci }]
      })
    )
  const families: AiBenchReport['families'] = {}
  for (const r of run.records) {
    const f = (families[`${r.suite}/${r.family}`] ??= { system: r.system, bySlot: {} })
    const s = (f.bySlot[r.slot] ??= { games: 0, rate: 0, ci: [0, 1] })
    s.games++
    s.rate += r.score
  }
  for (const f of Object.values(families))
    for (const s of Object.values(f.bySlot)) {
      s.ci = wilson(s.rate, s.games).map(r4) as [number, number]
      s.rate = r4(s.rate / s.games)
    }
  const byUnit = units(run.records)
  // Every slot against the main baseline; the AI's levels against each other baseline too.
  const isBaseline = (s: string) => s.split(':')[0]! in baselinePolicies
  const others = slots.filter((s) => isBaseline(s) && !s.includes(':') && s !== opts.baseline)
  const pairs: AiBenchReport['paired'] = []
  for (const a of slots) if (a !== opts.baseline) pairs.push(paired(byUnit, a, opts.baseline, opts.seed))
  for (const b of others)
    for (const a of slots) if (!isBaseline(a)) pairs.push(paired(byUnit, a, b, opts.seed))
  for (const [a, b] of [
    ['normal', 'easy'],
    ['hard', 'normal'],
    ['hard', 'easy']
  ] as const)
    if (slots.includes(a) && slots.includes(b) && !pairs.some((p) => p.a === a && p.b === b))
      pairs.push(paired(byUnit, a, b, opts.seed))
  const duels: Duel[] = []
  const selfPairs: AiBenchReport['selfPairs'] = []
  for (let i = 0; i < slots.length; i++)
    for (let j = i + 1; j < slots.length; j++) {
      const [a, b] = [slots[i]!, slots[j]!]
      const same = a.split(':')[0] === b.split(':')[0]
      let n = 0
      let identical = 0
      for (const u of byUnit.values()) {
        const ra = u.get(a)
        const rb = u.get(b)
        if (!ra || !rb) continue
        duels.push({ a, b, score: ra.score > rb.score ? 1 : ra.score < rb.score ? 0 : 0.5 })
        n++
        if (ra.hash === rb.hash && ra.score === rb.score && ra.steps === rb.steps) identical++
      }
      if (same) selfPairs.push({ a, b, pairs: n, identical })
    }
  const elo = bradleyTerryElo(duels, { anchor: opts.baseline, prior: 1 })
  const find = (a: string, b: string) => pairs.find((p) => p.a === a && p.b === b)
  // ai.md §7.2: a goal on a paired difference holds when the mean reaches it and the 95% CI's lower
  // bound clears its floor (G1 Normal: +8 pp, floor +4 pp; G2: +5 pp, floor 0).
  const diffTarget = (goal: string, a: string, b: string, min: number, floor: number): TargetCheck => {
    const p = find(a, b)
    return p && p.n
      ? { goal, value: p.mean, ci: p.ci, met: p.mean >= min && p.ci[0] > floor }
      : { goal, value: null, met: null }
  }
  const latencyTarget = (goal: string, slot: string, max: number): TargetCheck => {
    const l = policies[slot]?.latency.monsterTurn
    return l && l.n ? { goal, value: l.p95, met: l.p95 <= max } : { goal, value: null, met: null }
  }
  const rate = (s: string) => policies[s]?.rate
  const ladder = ['easy', 'normal', 'hard'].map(rate)
  const decisions = Object.values(policies).reduce((s, p) => s + p.decisions, 0)
  const illegal = Object.values(policies).reduce((s, p) => s + p.illegal, 0)
  const noTrace = Object.values(policies).reduce((s, p) => s + p.noTrace, 0)
  const targets: TargetCheck[] = [
    diffTarget(
      'G1 Normal ≥ +8 pp over focusFire, CI low > +4 pp (paired)',
      'normal',
      'focusFire',
      0.08,
      0.04
    ),
    diffTarget('G1 Hard ≥ +12 pp over focusFire, CI low > +4 pp (paired)', 'hard', 'focusFire', 0.12, 0.04),
    diffTarget('G2 Hard ≥ +5 pp over rcaAttack, CI low > 0 (paired)', 'hard', 'rcaAttack', 0.05, 0),
    {
      goal: 'G4 Easy < Normal < Hard (win rate)',
      value: null,
      met: ladder.every((x) => x !== undefined) ? ladder[0]! < ladder[1]! && ladder[1]! < ladder[2]! : null
    },
    latencyTarget('G5 Normal p95 ≤ 100 ms per monster turn', 'normal', 100),
    latencyTarget('G5 Hard p95 ≤ 400 ms per monster turn', 'hard', 400),
    {
      goal: '100% legal commands',
      value: decisions ? r4(1 - illegal / decisions) : null,
      met: illegal === 0
    },
    {
      goal: 'a trace for every decision',
      value: decisions ? r4(1 - noTrace / decisions) : null,
      met: noTrace === 0
    }
  ]
  const t0 = performance.now()
  const puzzles = opts.noPuzzles
    ? { available: false, note: 'skipped (--no-puzzles)', bySlot: {} }
    : await puzzleRates(slots)
  if (puzzles.available) puzzles.note += ` (solved in ${((performance.now() - t0) / 1000).toFixed(1)} s)`
  const { out: _out, ...options } = opts
  void _out
  return {
    when: new Date().toISOString(),
    env: environment(),
    options,
    cancelled: run.cancelled,
    seconds: r4(run.seconds),
    games: run.records.length,
    gamesPerSecond: r4(run.records.length / Math.max(run.seconds, 1e-9)),
    failures: {
      count: run.failures.length,
      first: run.failures.slice(0, 10).map((f) => ({
        encounter: run.encounters[f.task.encounter]?.id ?? '?',
        slot: f.task.slot,
        game: f.task.game,
        error: f.error
      }))
    },
    policies,
    suites,
    families,
    paired: pairs,
    elo,
    selfPairs,
    targets,
    puzzles
  }
}

/** Writes `ai-latest.json` and `ai-latest.md` into `dir`. */
export function writeReport(report: AiBenchReport, dir: string): { json: string; md: string } {
  const base = dir.endsWith('/') ? dir : `${dir}/`
  const json = `${base}ai-latest.json`
  const md = `${base}ai-latest.md`
  writeFileSync(json, JSON.stringify(report, null, 2) + '\n')
  writeFileSync(md, markdown(report))
  return { json, md }
}
