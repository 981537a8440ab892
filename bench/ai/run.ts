// npm run bench:ai: paired games of monster policies over the encounter suites on worker threads, then
// the JSON + Markdown report (ai.md §7.3). Every policy plays encounter e, game g with the same seed, so
// the same RNG state starts each pair (common random numbers); the heroes are always the Normal AI.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Worker } from 'node:worker_threads'
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

/** A command-line error: printed with the usage, exit code 2. */
export class BenchInputError extends Error {}

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

const USAGE =
  'usage: npm run bench:ai -- [--suite core|heldout|all] [--policies normal,hard,easy,focusFire,...] ' +
  '[--baseline focusFire] [--games 2] [--seed 1] [--workers 2] [--out bench/results] [--max-rounds 20] ' +
  '[--encounters N] [--only id-part] [--minutes M] [--records games.jsonl] [--no-puzzles] [--from games.jsonl]'

/** Parses the command line (without node and the script). */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const opts: BenchOptions = {
    suite: 'core',
    policies: ['easy', 'normal', 'hard', 'random', 'nearestAttack', 'focusFire', 'itbSimple', 'rcaAttack'],
    baseline: 'focusFire',
    games: 2,
    seed: 1,
    workers: 2,
    out: new URL('../results/', import.meta.url).pathname,
    limits: { maxRounds: 20, maxSteps: 4000 }
  }
  const int = (flag: string, v: string | undefined, min: number) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < min)
      throw new BenchInputError(`${flag} wants an integer ≥ ${min}\n${USAGE}`)
    return n
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const take = () => argv[++i]
    if (arg === '--suite') opts.suite = take() ?? ''
    else if (arg === '--policies') opts.policies = (take() ?? '').split(',').filter(Boolean)
    else if (arg === '--baseline') opts.baseline = take() ?? ''
    else if (arg === '--games') opts.games = int(arg, take(), 1)
    else if (arg === '--seed') opts.seed = int(arg, take(), -(2 ** 31))
    else if (arg === '--workers') opts.workers = int(arg, take(), 0)
    else if (arg === '--out') opts.out = take() ?? ''
    else if (arg === '--max-rounds') opts.limits.maxRounds = int(arg, take(), 1)
    else if (arg === '--encounters') opts.limitEncounters = int(arg, take(), 1)
    else if (arg === '--only') opts.only = take()
    else if (arg === '--no-puzzles') opts.noPuzzles = true
    else if (arg === '--minutes') opts.minutes = Number(take())
    else if (arg === '--records') opts.records = take()
    else if (arg === '--from') opts.from = take()
    else throw new BenchInputError(`unexpected ${arg}\n${USAGE}`)
  }
  if (!['core', 'heldout', 'all'].includes(opts.suite))
    throw new BenchInputError(`--suite: core, heldout or all\n${USAGE}`)
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

async function main(): Promise<number> {
  let opts: BenchOptions
  try {
    opts = parseArgs(process.argv.slice(2))
  } catch (e) {
    if (!(e instanceof BenchInputError)) throw e
    console.error(`bench:ai: ${e.message}`)
    return 2
  }
  const controller = new AbortController()
  // `on`, not `once`: Ctrl+C arrives twice (terminal and tsx relay); the partial report must be written.
  process.on('SIGINT', () => controller.abort())
  let shown = -1
  const run = opts.from
    ? fromRecords(opts.from)
    : await runBench(opts, {
        signal: controller.signal,
        onProgress: (done, total, s) => {
          if (done < total && s - shown < 2) return
          shown = s
          process.stderr.write(
            `bench:ai: ${done}/${total} games, ${(done / s).toFixed(2)} games/s, ${s.toFixed(0)} s\n`
          )
        }
      })
  const report = await buildReport(run, opts)
  mkdirSync(opts.out, { recursive: true })
  const files = writeReport(report, opts.out)
  if (opts.records) {
    const meta = JSON.stringify({ meta: { seconds: run.seconds, cancelled: run.cancelled } })
    writeFileSync(opts.records, [meta, ...run.records.map((r) => JSON.stringify(r))].join('\n') + '\n')
  }
  for (const f of run.failures.slice(0, 5))
    console.error(`bench:ai: game failed: ${JSON.stringify(f.task)}: ${f.error}`)
  console.log(
    `bench:ai: ${run.records.length} games${run.cancelled ? ' (cancelled)' : ''} in ${run.seconds.toFixed(1)} s`
  )
  console.log(`  ${files.json}\n  ${files.md}`)
  return run.cancelled ? 130 : 0
}

runAsScript(import.meta.url, main)
