// npm run bench:ai: paired games of monster policies over the encounter suites on worker threads, then
// the JSON + Markdown report (ai.md §7.3). Every policy plays encounter e, game g with the same seed, so
// the same RNG state starts each pair (common random numbers); the heroes are always the Normal AI.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Worker } from 'node:worker_threads'
import { abortOnSigint, CliInputError, parseFlags, ProgressLine, runCli, type CommandSpec } from '../cli'
import { runAsScript, typeScriptWorker } from '../node-tools'
import { gameSeed, playGame, type GameLimits, type GameRecord, type SuiteEncounter } from './game'
import { knownPolicies, policyFor } from './policies'
import { buildReport, writeReport } from './report'
import { loadSuite } from './suites'
import type { BenchTask, BenchWorkerData } from './worker'
import { getRuleset } from '../../rules/systems'

/** What to run. */
export interface BenchOptions {
  suite: string
  /** Monster policy slots (`normal`, `focusFire`, `focusFire:2`...). */
  policies: string[]
  /** The policy paired differences are also shown against first. */
  baseline: string
  /** Games per encounter and policy. */
  games: number
  seed: number
  /** Worker threads; 0 plays in this thread (tests). */
  workers: number
  out: string
  limits: GameLimits
  /** Only the first N encounters of the suite (smoke runs). */
  limitEncounters?: number
  /** Stop handing out games after this many minutes (the games in play finish); absent = no limit. */
  minutes?: number
  /** Only encounters whose id contains this (smoke runs, one family). */
  only?: string
  /** Skip the puzzle suite in the report. */
  noPuzzles?: boolean
  /** Report the records of an earlier run's JSONL instead of playing (no games are run). */
  from?: string
  /** Also write every game record to this JSONL file. */
  records?: string
}

/** A game that broke (not a policy's refused command, which is counted in its record). */
export interface BenchFailure {
  task: BenchTask
  error: string
}

/** What a run produced. */
export interface BenchRun {
  records: GameRecord[]
  failures: BenchFailure[]
  encounters: SuiteEncounter[]
  cancelled: boolean
  seconds: number
}

/** A command-line error: printed with the synopsis, exit code 2 (bench/cli.ts). */
export const BenchInputError = CliInputError
export type BenchInputError = CliInputError

/** Every game, ordered game-major so a cancelled run still holds whole pairs of the first games. */
export function tasksFor(encounters: readonly SuiteEncounter[], opts: BenchOptions): BenchTask[] {
  // Within a game index, the first encounter of every family (and suite) comes before the second of any,
  // so a run stopped by --minutes or Ctrl+C still covers every family and system.
  const rank = new Map<string, number>()
  const seen = new Map<string, number>()
  for (const e of encounters) {
    const key = `${e.suite}/${e.family}`
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    rank.set(e.id, n)
  }
  const order = encounters
    .map((_, i) => i)
    .sort((a, b) => rank.get(encounters[a]!.id)! - rank.get(encounters[b]!.id)! || a - b)
  const tasks: BenchTask[] = []
  for (let game = 0; game < opts.games; game++)
    for (const encounter of order) {
      const seed = gameSeed(opts.seed, encounters[encounter]!.id, game)
      for (const slot of opts.policies) tasks.push({ encounter, game, seed, slot })
    }
  return tasks
}

/** Plays the run; aborting `signal` stops the workers and returns what finished, marked cancelled. */
export async function runBench(
  opts: BenchOptions,
  hooks: { onProgress?: (done: number, total: number, seconds: number) => void; signal?: AbortSignal } = {}
): Promise<BenchRun> {
  for (const slot of opts.policies) policyFor(slot)
  const encounters = loadSuite(opts.suite)
    .filter((e) => !opts.only || e.id.includes(opts.only))
    .slice(0, opts.limitEncounters)
  const tasks = tasksFor(encounters, opts)
  const records: GameRecord[] = []
  const failures: BenchFailure[] = []
  const t0 = performance.now()
  const seconds = () => (performance.now() - t0) / 1000
  const collect = (m: { task: BenchTask; record?: GameRecord; error?: string }) => {
    if (m.record) records.push(m.record)
    else failures.push({ task: m.task, error: m.error ?? 'unknown' })
    hooks.onProgress?.(records.length + failures.length, tasks.length, seconds())
  }
  let cancelled = false
  if (opts.workers === 0) {
    for (const task of tasks) {
      if (hooks.signal?.aborted) {
        cancelled = true
        break
      }
      const entry = encounters[task.encounter]!
      const ruleset = getRuleset(entry.encounter.system)
      collect({
        task,
        record: playGame(entry, ruleset, policyFor(task.slot), task.slot, task.game, task.seed, opts.limits)
      })
    }
  } else {
    cancelled = await new Promise<boolean>((resolve, reject) => {
      const workerData: BenchWorkerData = { encounters, limits: opts.limits }
      const workers: Worker[] = []
      let next = 0
      let busy = 0
      let stopping = false
      const stopAll = () => ((stopping = true), Promise.all(workers.map((w) => w.terminate())))
      const onAbort = () => void stopAll().then(() => resolve(true))
      if (hooks.signal?.aborted) return resolve(true)
      hooks.signal?.addEventListener('abort', onAbort, { once: true })
      const feed = (w: Worker) => {
        const late = opts.minutes !== undefined && seconds() > opts.minutes * 60
        if (next < tasks.length && !late) {
          busy++
          w.postMessage(tasks[next++])
        } else if (busy === 0) {
          hooks.signal?.removeEventListener('abort', onAbort)
          void stopAll().then(() => resolve(late))
        }
      }
      if (tasks.length === 0) return resolve(false)
      for (let i = 0; i < Math.min(opts.workers, tasks.length); i++) {
        const w = typeScriptWorker(new URL('./worker.ts', import.meta.url), workerData)
        workers.push(w)
        w.on('message', (m: { task: BenchTask; record?: GameRecord; error?: string }) => {
          busy--
          collect(m)
          feed(w)
        })
        w.on('error', (e) => void stopAll().then(() => reject(e)))
        w.on('exit', (code) => {
          if (!stopping) void stopAll().then(() => reject(new Error(`bench worker exited with ${code}`)))
        })
        feed(w)
      }
    })
  }
  return { records, failures, encounters, cancelled, seconds: seconds() }
}

const defaultPolicies = [
  'easy',
  'normal',
  'hard',
  'random',
  'nearestAttack',
  'focusFire',
  'itbSimple',
  'rcaAttack'
]

/** `npm run bench:ai`'s flags and help. */
export const benchAiSpec = {
  name: 'bench:ai',
  command: 'npm run bench:ai --',
  summary:
    'Paired games of monster policies over the encounter suites on worker threads (the heroes are always\n' +
    'the Normal AI), then the JSON + Markdown report (ai.md §7.3). A progress line goes to stderr.',
  flags: {
    suite: {
      type: 'string',
      value: 'NAME',
      choices: ['core', 'heldout', 'all'],
      help: 'core, heldout or all (default core)'
    },
    policies: {
      type: 'string',
      value: 'LIST',
      help: `monster policy slots, comma-separated; name:2 is a second copy (default ${defaultPolicies.join(',')})`
    },
    baseline: {
      type: 'string',
      value: 'POLICY',
      help: 'the policy paired differences are shown against (default focusFire)'
    },
    games: { type: 'int', value: 'N', min: 1, help: 'games per encounter and policy (default 2)' },
    seed: { type: 'int', value: 'S', min: -(2 ** 31), help: 'base seed (default 1)' },
    workers: { type: 'int', value: 'N', min: 0, help: 'worker threads; 0 plays in this thread (default 2)' },
    out: {
      type: 'string',
      value: 'DIR',
      help: 'where ai-latest.json and ai-latest.md go (default bench/results)'
    },
    'max-rounds': {
      type: 'int',
      value: 'N',
      min: 1,
      help: 'rounds after which a game is cut short (default 20)'
    },
    encounters: { type: 'int', value: 'N', min: 1, help: 'only the first N encounters of the suite' },
    only: { type: 'string', value: 'TEXT', help: 'only encounters whose id contains TEXT' },
    minutes: {
      type: 'number',
      value: 'M',
      min: 0,
      help: 'stop handing out games after M minutes (games in play finish)'
    },
    records: { type: 'string', value: 'FILE', help: 'also write every game record to this JSONL file' },
    'no-puzzles': { type: 'boolean', help: 'leave the puzzle suite out of the report' },
    from: {
      type: 'string',
      value: 'FILE',
      help: "report an earlier run's --records JSONL instead of playing"
    }
  },
  notes: [`Known policies: ${knownPolicies.join(', ')}.`]
} satisfies CommandSpec

/** Parses the command line (without node and the script). */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const { values: v } = parseFlags(benchAiSpec, argv)
  const opts: BenchOptions = {
    suite: v.suite ?? 'core',
    policies: v.policies?.split(',').filter(Boolean) ?? [...defaultPolicies],
    baseline: v.baseline ?? 'focusFire',
    games: v.games ?? 2,
    seed: v.seed ?? 1,
    workers: v.workers ?? 2,
    out: v.out ?? new URL('../results/', import.meta.url).pathname,
    limits: { maxRounds: v['max-rounds'] ?? 20, maxSteps: 4000 },
    ...(v.encounters !== undefined ? { limitEncounters: v.encounters } : {}),
    ...(v.only !== undefined ? { only: v.only } : {}),
    ...(v.minutes !== undefined ? { minutes: v.minutes } : {}),
    ...(v['no-puzzles'] ? { noPuzzles: true } : {}),
    ...(v.records !== undefined ? { records: v.records } : {}),
    ...(v.from !== undefined ? { from: v.from } : {})
  }
  for (const slot of [...opts.policies, opts.baseline])
    if (!knownPolicies.includes(slot.split(':')[0]!))
      throw new BenchInputError(`unknown policy ${slot} (known: ${knownPolicies.join(', ')})`)
  if (!opts.policies.includes(opts.baseline)) opts.policies.push(opts.baseline)
  return opts
}

/** An earlier run read back from its `--records` file (its first line holds the run's time and whether it was cut). */
function fromRecords(file: string): BenchRun {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
  const rows = lines.map(
    (l) => JSON.parse(l) as GameRecord | { meta: { seconds: number; cancelled: boolean } }
  )
  const meta = rows.find((r): r is { meta: { seconds: number; cancelled: boolean } } => 'meta' in r)?.meta
  const records = rows.filter((r): r is GameRecord => !('meta' in r))
  return {
    records,
    failures: [],
    encounters: [],
    cancelled: meta?.cancelled ?? false,
    seconds: meta?.seconds ?? 0
  }
}

async function main(opts: BenchOptions): Promise<number> {
  if (opts.from && !existsSync(opts.from)) throw new BenchInputError(`--from: no file ${opts.from}`)
  const interrupt = abortOnSigint('bench:ai')
  const progress = new ProgressLine('bench:ai')
  const run = opts.from
    ? fromRecords(opts.from)
    : await runBench(opts, {
        signal: interrupt.signal,
        onProgress: (done, total, s) => progress.update(done, total, s)
      })
  progress.end()
  // Ctrl+C, not --minutes: the report is written at once, without the puzzle suite (seconds of solving).
  const interrupted = interrupt.signal.aborted
  const report = await buildReport(run, interrupted ? { ...opts, noPuzzles: true } : opts)
  mkdirSync(opts.out, { recursive: true })
  const files = writeReport(report, opts.out)
  if (opts.records) {
    const meta = JSON.stringify({ meta: { seconds: run.seconds, cancelled: run.cancelled } })
    writeFileSync(opts.records, [meta, ...run.records.map((r) => JSON.stringify(r))].join('\n') + '\n')
  }
  for (const f of run.failures.slice(0, 5))
    console.error(`bench:ai: game failed: ${JSON.stringify(f.task)}: ${f.error}`)
  console.log(
    `bench:ai: ${run.records.length} games${run.cancelled ? ' (cancelled: partial report)' : ''} in ${run.seconds.toFixed(1)} s`
  )
  console.log(`  ${files.json}\n  ${files.md}`)
  return interrupted ? 130 : 0
}

runAsScript(import.meta.url, () => runCli(benchAiSpec, process.argv.slice(2), parseArgs, main))
