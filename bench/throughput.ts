// The simulation-throughput part of `npm run bench`: what the rules cost per call (the AI calls them
// thousands of times per decision) and how many whole AI-vs-AI encounters the worker pool plays a second.
import { performance } from 'node:perf_hooks'
import type { Ruleset } from '../rules/core/ruleset'
import type { EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { runSimulation } from './sim'

/** Per-call cost of the two rules entry points the AI leans on, over states real games went through. */
export interface RulesCost {
  states: number
  /** Mean ms per `legalActions(state, whoever decides)`, everything listed (moves included). */
  legalActionsMs: number
  /** Mean µs per `applyCommand` declaring one of those legal actions: the AI's hypothetical step. */
  applyCommandUs: number
  commands: number
}

/**
 * Times `legalActions` on up to `limit` of `states` (spread evenly over them) and `applyCommand` on every
 * action it lists, as the AI's look-ahead does. States waiting on a decision are skipped (nothing to list).
 */
export function rulesCost(states: readonly EncounterState[], ruleset: Ruleset, limit = 60): RulesCost {
  const open = states.filter((s) => s.phase === 'running' && s.turn && !s.pending)
  const stride = Math.max(1, Math.floor(open.length / limit))
  const picked = open.filter((_, i) => i % stride === 0).slice(0, limit)
  let legalMs = 0
  let applyMs = 0
  let commands = 0
  for (const state of picked) {
    const actorId = whoDecides(state)
    if (!actorId) continue
    const t0 = performance.now()
    const legal = ruleset.legalActions(state, actorId)
    legalMs += performance.now() - t0
    for (const action of legal) {
      const t1 = performance.now()
      applyCommand(state, { type: 'action.declare', action }, ruleset)
      applyMs += performance.now() - t1
      commands++
    }
  }
  return {
    states: picked.length,
    legalActionsMs: +(legalMs / Math.max(1, picked.length)).toFixed(3),
    applyCommandUs: +((applyMs / Math.max(1, commands)) * 1000).toFixed(1),
    commands
  }
}

/** Encounters a second over `workers` worker threads, Normal level, within a wall-clock budget. */
export interface SimThroughput {
  workers: number
  games: number
  seconds: number
  encountersPerSecond: number
}

/**
 * Plays the campaign file's first encounter AI vs AI on `workers` threads (bench/sim.ts's runner) for
 * `seconds` of wall time, or until `maxRuns` games, and reports the games finished per second. Games
 * still being played when the budget runs out are not counted; the budget stretches until every worker
 * has finished one game, so a slow system reads as a small rate rather than as none.
 */
export async function simThroughput(
  file: string,
  workers: number,
  seconds: number,
  maxRuns = 100_000
): Promise<SimThroughput> {
  const controller = new AbortController()
  let expired = false
  let finished = 0
  const stop = () => {
    if (expired && finished >= workers) controller.abort()
  }
  const timer = setTimeout(() => ((expired = true), stop()), seconds * 1000)
  try {
    const out = await runSimulation(
      { file, runs: maxRuns, seed: 1, workers, level: 'normal', maxSteps: 3000 },
      { signal: controller.signal, onProgress: (done) => ((finished = done), stop()) }
    )
    return {
      workers,
      games: out.report.runs,
      seconds: out.timing.seconds,
      encountersPerSecond: out.timing.encountersPerSecond
    }
  } finally {
    clearTimeout(timer)
  }
}
