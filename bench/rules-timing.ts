// The per-call part of `npm run bench`: AI-vs-AI games in one thread, timing every AI decision (CPU time),
// every command played and a `legalActions` on every state, plus the heap of the thread that plays them.
import { performance } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'
import { chooseStep } from '../ai'
import type { SimLevel } from '../ai/simulation'
import { seedRng } from '../rules/core/rng'
import type { Ruleset } from '../rules/core/ruleset'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { liveHeapBytes, mb } from './heap'

/** Percentiles of a set of timings (nearest rank), in the unit of the field's name. */
export interface Percentiles {
  n: number
  p50: number
  p95: number
  p99: number
  max: number
  mean: number
}

/** What `timeRules` measured on one encounter. */
export interface RulesTiming {
  games: number
  /** Stopped early (Ctrl+C): the figures cover the games and decisions played until then. */
  cancelled: boolean
  decisions: number
  truncated: number
  meanRounds: number
  wins: Record<string, number>
  /** CPU time (user + system, process.cpuUsage) of each `chooseStep`, ms. */
  aiDecisionCpuMs: Percentiles
  /** Wall time (performance.now) of the same decisions, ms. */
  aiDecisionWallMs: Percentiles
  /** CPU time of each `applyCommand` of a command the AI chose (the step the game actually takes), µs. */
  applyCommandUs: Percentiles
  applyCommandWallUs: Percentiles
  /** The same (CPU) by command: the action's kind for `action.declare` (move, attack...), else its type. */
  applyCommandUsByKind: Record<string, Percentiles>
  /** CPU time of `legalActions(state, whoever decides)` on every state with no pending decision, µs. */
  legalActionsUs: Percentiles
  legalActionsWallUs: Percentiles
  /** What reading process.cpuUsage twice costs (median, µs), taken off every CPU time above. */
  cpuClockOverheadUs: number
  /** Mean number of actions `legalActions` listed. */
  meanLegalActions: number
  heap: {
    /** process.memoryUsage().heapUsed of the playing thread at the end, MB. */
    afterMb: number
    /** Highest heap in use seen after any step, MB. */
    peakMb: number
    /** Heap in use at the end after a full GC (what the thread still holds), MB. */
    liveAfterMb: number
  }
  wallSeconds: number
  cpuSeconds: number
}

/** How `timeRules` reads its clocks (stated in the JSON). */
export const timingNotes = {
  clocks:
    'CPU time: process.cpuUsage delta (user + system) around each single call, less the median cost of reading it (cpuClockOverheadUs); the process is this thread plus idle ones (GC helper and compiler threads count). It is steady on a shared machine where wall time is not: a call preempted for a few ms would fill the p95 of a wall clock. Wall (performance.now) figures are in the *Wall* fields.',
  order:
    'per step, as in a simulated game: the AI decides (timed), its command is applied (timed), then legalActions is timed on a shallow copy of the state before the step (cold per-state caches)',
  heap: 'the isolate of the thread playing the games (a fresh worker per encounter)'
}

/** Nearest-rank percentiles, rounded to `digits`. */
export function percentiles(values: number[], digits = 3): Percentiles {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  const round = (x: number) => +x.toFixed(digits)
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0
  return {
    n: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(mean)
  }
}

/** The process's CPU time so far (user + system), µs. */
export const cpuMicros = (): number => {
  const u = process.cpuUsage()
  return u.user + u.system
}

/** The median CPU time between two back-to-back process.cpuUsage readings, µs. */
export function cpuClockOverhead(): number {
  const gaps: number[] = []
  for (let i = 0; i < 2000; i++) {
    const c = cpuMicros()
    gaps.push(cpuMicros() - c)
  }
  return percentiles(gaps).p50
}

/** A command's kind for per-kind timings: the declared action's kind, else the command's type. */
export const kindOf = (c: Command): string => (c.type === 'action.declare' ? c.action.kind : c.type)

/**
 * Plays `games` AI-vs-AI games of `initial` (seeds seed .. seed + games − 1, every figure at `level`, as
 * `npm run sim` does) in this thread and times each step. `shouldStop` is asked between steps; `onStep`
 * hears after each step (progress).
 */
export function timeRules(
  initial: EncounterState,
  ruleset: Ruleset,
  opts: { games: number; seed: number; level: SimLevel; maxSteps: number },
  hooks: { shouldStop?: () => boolean; onStep?: (games: number, decisions: number) => void } = {}
): RulesTiming {
  const decisionCpu: number[] = []
  const decisionWall: number[] = []
  const apply: number[] = []
  const applyWall: number[] = []
  const byKind = new Map<string, number[]>()
  const legal: number[] = []
  const legalWall: number[] = []
  const overhead = cpuClockOverhead()
  // CPU outside, wall inside: the wall time leaves out the cpuUsage readings, the CPU time takes them off.
  const timed = <T>(call: () => T, cpu: number[], wall: number[], scale: number): T => {
    const c = cpuMicros()
    const w = performance.now()
    const result = call()
    const w1 = performance.now()
    cpu.push(Math.max(0, cpuMicros() - c - overhead) / scale)
    wall.push(((w1 - w) * 1000) / scale)
    return result
  }
  let legalCount = 0
  let peak = 0
  let games = 0
  let rounds = 0
  let truncated = 0
  let cancelled = false
  const wins: Record<string, number> = {}
  const override = { level: opts.level }
  const timeApply = (state: EncounterState, command: Command) => {
    const result = timed(() => applyCommand(state, command, ruleset), apply, applyWall, 1)
    const kind = kindOf(command)
    const list = byKind.get(kind) ?? []
    if (!list.length) byKind.set(kind, list)
    list.push(apply.at(-1)!)
    if (!result.ok) throw new Error(`bench: ${command.type} refused: ${result.violation.code}`)
    return result.state
  }
  const wall0 = performance.now()
  const cpu0 = cpuMicros()
  for (let g = 0; g < opts.games && !cancelled; g++) {
    let state: EncounterState = { ...initial, rng: seedRng(opts.seed + g) }
    if (state.phase === 'setup') state = timeApply(state, { type: 'encounter.start' })
    for (let step = 0; state.phase === 'running' && step < opts.maxSteps; step++) {
      if (hooks.shouldStop?.()) {
        cancelled = true
        break
      }
      const decider = whoDecides(state)
      if (!decider) break
      const { command } = timed(
        () => chooseStep(state, ruleset, decider, override),
        decisionCpu,
        decisionWall,
        1000
      )
      const before = state
      state = timeApply(state, command)
      if (!before.pending) {
        const copy = { ...before }
        legalCount += timed(() => ruleset.legalActions(copy, decider), legal, legalWall, 1).length
      }
      peak = Math.max(peak, getHeapStatistics().used_heap_size)
      hooks.onStep?.(games, decisionCpu.length)
    }
    if (cancelled) break
    games++
    rounds += state.round
    if (state.phase !== 'ended') truncated++
    const key = state.phase === 'ended' ? (state.winner ?? 'draw') : 'truncated'
    wins[key] = (wins[key] ?? 0) + 1
  }
  const wallSeconds = (performance.now() - wall0) / 1000
  const cpuSeconds = (cpuMicros() - cpu0) / 1e6
  const after = process.memoryUsage().heapUsed
  return {
    games,
    cancelled,
    decisions: decisionCpu.length,
    truncated,
    meanRounds: +(rounds / Math.max(1, games)).toFixed(2),
    wins,
    aiDecisionCpuMs: percentiles(decisionCpu),
    aiDecisionWallMs: percentiles(decisionWall),
    applyCommandUs: percentiles(apply, 1),
    applyCommandWallUs: percentiles(applyWall, 1),
    applyCommandUsByKind: Object.fromEntries(
      [...byKind].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => [k, percentiles(v, 1)])
    ),
    legalActionsUs: percentiles(legal, 1),
    legalActionsWallUs: percentiles(legalWall, 1),
    cpuClockOverheadUs: overhead,
    meanLegalActions: +(legalCount / Math.max(1, legal.length)).toFixed(1),
    heap: { afterMb: mb(after), peakMb: mb(Math.max(peak, after)), liveAfterMb: mb(liveHeapBytes()) },
    wallSeconds: +wallSeconds.toFixed(3),
    cpuSeconds: +cpuSeconds.toFixed(3)
  }
}
