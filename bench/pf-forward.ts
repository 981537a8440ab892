// npx tsx bench/pf-forward.ts: how fast Pathfinder's forward model is — what search and simulation call on
// every node (legalActions, reachableSquares, applyCommand of a move) and whole AI-vs-AI games per CPU-second,
// on the first encounter of the Pathfinder sample campaign, in this one thread.
import { performance } from 'node:perf_hooks'
import { chooseStep } from '../ai'
import { seedRng } from '../rules/core/rng'
import type { Command, EncounterState } from '../rules/core/types'
import { applyCommand, whoDecides } from '../rules/flow/engine'
import { getRuleset } from '../rules/systems'
import { startParity, speedSquares } from '../rules/systems/pathfinder1e/costs'
import { reachableSquares } from '../rules/systems/pathfinder1e/reachable'
import { abortOnSigint, parseFlags, ProgressLine, runCli, type CommandSpec } from './cli'
import { runAsScript } from './node-tools'
import { cpuClockOverhead, cpuMicros, kindOf, percentiles, type Percentiles } from './rules-timing'
import { loadEncounter } from './sim'

const sampleFile = new URL('../resources/campaigns/pathfinder1e-sample.json', import.meta.url).pathname

/** The command line of `npx tsx bench/pf-forward.ts`. */
export const pfForwardSpec = {
  name: 'pf-forward',
  command: 'npx tsx bench/pf-forward.ts',
  summary:
    "Pathfinder's forward model on the first encounter of resources/campaigns/pathfinder1e-sample.json, AI vs\n" +
    'AI at Normal in one thread: games per CPU-second (plain games, nothing else timed), then, from other\n' +
    'games, the CPU time of each applyCommand (by kind), legalActions and reachableSquares (a move action\n' +
    'search of the figure whose turn it is), each called on a shallow copy of the state (cold per-state caches).',
  flags: {
    games: { type: 'int', value: 'N', min: 1, help: 'games for games per CPU-second (default 6)' },
    'timed-games': { type: 'int', value: 'N', min: 0, help: 'games for the per-call timings (default 4)' },
    seed: { type: 'int', value: 'S', min: -(2 ** 31), help: 'seed of the first game (default 1)' },
    json: { type: 'boolean', help: 'print the results as JSON instead of lines of text' }
  },
  notes: [
    'Every figure is CPU time (process.cpuUsage, user + system), less the median cost of reading that clock;',
    'it is steady on a shared machine where wall time is not. Progress goes to stderr.'
  ]
} satisfies CommandSpec

/** What to run. */
export interface PfForwardOptions {
  games: number
  timedGames: number
  seed: number
  json: boolean
}

/** Parses the command line; throws CliInputError (exit 2) or HelpRequested. */
export function parseArgs(argv: readonly string[]): PfForwardOptions {
  const { values: v } = parseFlags(pfForwardSpec, argv)
  return { games: v.games ?? 6, timedGames: v['timed-games'] ?? 4, seed: v.seed ?? 1, json: v.json ?? false }
}

/** What one run measured. */
export interface PfForwardResult {
  games: number
  cpuSeconds: number
  gamesPerCpuSecond: number
  steps: number
  cancelled: boolean
  /** CPU µs per call. */
  legalActionsUs: Percentiles
  reachableUs: Percentiles
  applyCommandUs: Percentiles
  applyCommandUsByKind: Record<string, Percentiles>
}

/** Plays one AI-vs-AI game from `seed`; `onStep` hears each state before its command and the command. */
function playGame(
  initial: EncounterState,
  seed: number,
  onStep: (before: EncounterState, command: Command, apply: () => EncounterState) => EncounterState,
  shouldStop: () => boolean
): number {
  const ruleset = getRuleset(initial.system)
  const apply = (state: EncounterState, command: Command) => () => {
    const result = applyCommand(state, command, ruleset)
    if (!result.ok) throw new Error(`pf-forward: ${command.type} refused: ${result.violation.code}`)
    return result.state
  }
  let state: EncounterState = { ...initial, rng: seedRng(seed) }
  const start: Command = { type: 'encounter.start' }
  state = onStep(state, start, apply(state, start))
  let steps = 0
  for (; state.phase === 'running' && steps < 3000 && !shouldStop(); steps++) {
    const decider = whoDecides(state)
    if (!decider) break
    const { command } = chooseStep(state, ruleset, decider, { level: 'normal' })
    state = onStep(state, command, apply(state, command))
  }
  return steps
}

/** Runs the two passes: plain games per CPU-second, then per-call timings. */
export async function measure(
  opts: PfForwardOptions,
  hooks: { signal?: AbortSignal; progress?: ProgressLine } = {}
): Promise<PfForwardResult> {
  // Between games the event loop gets a turn, so Ctrl+C stops the run after the current game.
  const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))
  const { initial } = loadEncounter(sampleFile)
  const ruleset = getRuleset(initial.system)
  const stop = () => hooks.signal?.aborted ?? false
  let steps = 0
  let games = 0
  const cpu0 = cpuMicros()
  for (let g = 0; g < opts.games && !stop(); g++) {
    hooks.progress?.show(`plain game ${g + 1}/${opts.games}`)
    await breathe()
    steps += playGame(initial, opts.seed + g, (_s, _c, apply) => apply(), stop)
    if (!stop()) games++
  }
  const cpuSeconds = (cpuMicros() - cpu0) / 1e6
  const overhead = cpuClockOverhead()
  const timed = (call: () => unknown, into: number[]) => {
    const c = cpuMicros()
    call()
    into.push(Math.max(0, cpuMicros() - c - overhead))
  }
  const legal: number[] = []
  const reach: number[] = []
  const apply: number[] = []
  const byKind = new Map<string, number[]>()
  for (let g = 0; g < opts.timedGames && !stop(); g++) {
    hooks.progress?.show(`timed game ${g + 1}/${opts.timedGames}`)
    await breathe()
    playGame(
      initial,
      opts.seed + g,
      (before, command, step) => {
        let after = before
        timed(() => (after = step()), apply)
        const kind = kindOf(command)
        byKind.set(kind, [...(byKind.get(kind) ?? []), apply.at(-1)!])
        const activeId = before.turn?.activeId
        const active = before.combatants.find((c) => c.id === activeId)
        if (!before.pending && active && before.phase === 'running') {
          timed(() => ruleset.legalActions({ ...before }, active.id), legal)
          // A fresh roster array misses every roster-keyed memo: this times the search itself.
          const copy = { ...before, combatants: [...before.combatants] }
          const budget = speedSquares(copy, active.id) * 2
          timed(
            () => reachableSquares(copy, active, { budget, parity: startParity(copy), mode: 'move' }),
            reach
          )
        }
        return after
      },
      stop
    )
  }
  return {
    games,
    cpuSeconds: +cpuSeconds.toFixed(3),
    gamesPerCpuSecond: +(games / Math.max(1e-9, cpuSeconds)).toFixed(3),
    steps,
    cancelled: stop(),
    legalActionsUs: percentiles(legal, 1),
    reachableUs: percentiles(reach, 1),
    applyCommandUs: percentiles(apply, 1),
    applyCommandUsByKind: Object.fromEntries(
      [...byKind].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => [k, percentiles(v, 1)])
    )
  }
}

/** The result as lines of text. */
export function report(r: PfForwardResult): string {
  const p = (x: Percentiles) => `p50 ${x.p50} / p95 ${x.p95} / mean ${x.mean} µs (n ${x.n})`
  const kinds = Object.entries(r.applyCommandUsByKind).map(([k, x]) => `  applyCommand ${k}: ${p(x)}`)
  return [
    `games per CPU-second: ${r.gamesPerCpuSecond} (${r.games} games, ${r.steps} steps, ${r.cpuSeconds} CPU s)`,
    `legalActions: ${p(r.legalActionsUs)}`,
    `reachableSquares (move, double budget, fresh roster): ${p(r.reachableUs)}`,
    `applyCommand: ${p(r.applyCommandUs)}`,
    ...kinds,
    ...(r.cancelled ? ['(cancelled: the figures cover what ran until Ctrl+C)'] : [])
  ].join('\n')
}

async function main(opts: PfForwardOptions): Promise<number> {
  const interrupt = abortOnSigint('pf-forward')
  const progress = new ProgressLine('pf-forward')
  const started = performance.now()
  const result = await measure(opts, { signal: interrupt.signal, progress })
  progress.end()
  console.log(opts.json ? JSON.stringify(result, null, 2) : report(result))
  console.error(`pf-forward: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result.cancelled ? 130 : 0
}

runAsScript(import.meta.url, () => runCli(pfForwardSpec, process.argv.slice(2), parseArgs, main))
