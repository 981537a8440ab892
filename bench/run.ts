// npm run bench: per ruleset (one row per bundled sample campaign), how fast the engine and the AI are —
// encounters/s on worker threads, applyCommand, legalActions and AI decision percentiles, heap — written
// as JSON to bench/results/latest.json, with a compact table on stdout.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  abortOnSigint,
  CliInputError,
  parseFlags,
  parseNumber,
  ProgressLine,
  runCli,
  type CommandSpec
} from './cli'
import { encounterRate, type EncounterRate } from './encounter-rate'
import { mb } from './heap'
import { runAsScript, typeScriptWorker } from './node-tools'
import { timingNotes, type RulesTiming } from './rules-timing'
import type { RulesTimingMessage, RulesTimingWorkerData } from './rules-timing-worker'
import { loadEncounter } from './sim'

const campaignsDir = new URL('../resources/campaigns/', import.meta.url)

/** `npm run bench`'s flags and help. */
export const benchSpec = {
  name: 'bench',
  command: 'npm run bench --',
  summary:
    'Per ruleset (the first encounter of each sample in resources/campaigns/), AI vs AI at Normal:\n' +
    'encounters/s on worker threads, then, from games in one thread, applyCommand and legalActions\n' +
    'p50/p95 (µs), AI decision p50/p95 (ms) and heap. Writes bench/results/latest.json and prints a\n' +
    'table; progress on stderr.',
  flags: {
    quick: { type: 'boolean', help: 'a fast smoke run: --games 1 --sim-seconds 3 (unless given)' },
    games: {
      type: 'int',
      value: 'N',
      min: 1,
      help: 'games per ruleset for the per-call timings, in one thread (env BENCH_GAMES; default 100)'
    },
    'sim-seconds': {
      type: 'number',
      value: 'S',
      min: 0,
      help: 'encounters/s window per ruleset, after warm-up; 0 skips (env BENCH_SIM_SECONDS; default 20)'
    },
    workers: { type: 'int', value: 'N', min: 1, help: 'worker threads for encounters/s (default 2)' },
    seed: { type: 'int', value: 'S', min: -(2 ** 31), help: 'seed of the first game (default 1)' },
    only: {
      type: 'string',
      value: 'LIST',
      help: 'only the samples whose file name contains one of these (e.g. pathfinder1e,hq2)'
    },
    out: { type: 'string', value: 'FILE', help: 'the JSON (default bench/results/latest.json)' },
    json: { type: 'boolean', help: 'print the whole JSON on stdout instead of the table' }
  },
  notes: [
    'Flags win over the environment, which wins over --quick. Every per-call column is CPU time',
    '(process.cpuUsage), steady on a shared machine; encounters/s is wall time (CPU ms/enc beside it is',
    'not). The JSON also holds the wall-time percentiles, per-kind applyCommand and the clock notes.'
  ]
} satisfies CommandSpec

/** What to run. */
export interface BenchOptions {
  quick: boolean
  games: number
  simSeconds: number
  workers: number
  seed: number
  only?: string[]
  out: string
  json: boolean
}

/** Parses the command line and the BENCH_* environment variables; throws CliInputError. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values: v } = parseFlags(benchSpec, argv)
  const quick = v.quick ?? false
  const fromEnv = (name: string, integer: boolean, min: number) =>
    env[name] === undefined || env[name] === '' ? undefined : parseNumber(name, env[name], { integer, min })
  const only = v.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return {
    quick,
    games: v.games ?? fromEnv('BENCH_GAMES', true, 1) ?? (quick ? 1 : 100),
    simSeconds: v['sim-seconds'] ?? fromEnv('BENCH_SIM_SECONDS', false, 0) ?? (quick ? 3 : 20),
    workers: v.workers ?? 2,
    seed: v.seed ?? 1,
    ...(only?.length ? { only } : {}),
    out: v.out ?? new URL('./results/latest.json', import.meta.url).pathname,
    json: v.json ?? false
  }
}

/** One row: a ruleset's sample encounter. */
export interface BenchRow {
  system: string
  campaign: string
  encounter: string
  file: string
  /** Per-call timings and heap from games in one thread; null when the run stopped before. */
  timing: RulesTiming | null
  /** Encounters/s on the worker pool; null when skipped (--sim-seconds 0) or stopped before. */
  throughput: EncounterRate | null
}

/** The sample campaign files, optionally only those whose file name contains one of `only`. */
export function sampleFiles(only?: readonly string[]): string[] {
  const files = readdirSync(campaignsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
  const picked = only ? files.filter((f) => only.some((o) => f.includes(o))) : files
  if (!picked.length)
    throw new CliInputError(`--only ${only?.join(',')} matches no sample (${files.join(', ')})`)
  return picked.map((f) => new URL(f, campaignsDir).pathname)
}

/** Times the rules and the AI on `initial` in a fresh worker thread; aborting stops it after its current step. */
function timeInWorker(
  data: Omit<RulesTimingWorkerData, 'stop'>,
  signal: AbortSignal,
  onProgress: (games: number, decisions: number) => void
): Promise<RulesTiming | null> {
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const worker = typeScriptWorker(new URL('./rules-timing-worker.ts', import.meta.url), {
    ...data,
    stop
  } satisfies RulesTimingWorkerData)
  return new Promise((resolve, reject) => {
    let result: RulesTiming | null = null
    let timer: NodeJS.Timeout | undefined
    const onAbort = () => {
      Atomics.store(stop, 0, 1)
      // A step can take seconds (big dice pools): wait a little for the partial figures, then give up.
      timer = setTimeout(() => void worker.terminate(), 10_000)
    }
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (m: RulesTimingMessage) => {
      if (m.type === 'progress') onProgress(m.games, m.decisions)
      else result = m.timing
    })
    worker.on('error', (e) => {
      signal.removeEventListener('abort', onAbort)
      clearTimeout(timer)
      reject(e)
    })
    worker.on('exit', (code) => {
      signal.removeEventListener('abort', onAbort)
      clearTimeout(timer)
      if (result || signal.aborted) resolve(result)
      else reject(new Error(`bench: timing worker exited with ${code}`))
    })
  })
}

/** Runs every row in turn (never two at once: they would share the cores they measure). */
export async function runBench(
  opts: BenchOptions,
  hooks: { signal: AbortSignal; progress?: ProgressLine }
): Promise<{ rows: BenchRow[]; cancelled: boolean }> {
  const rows: BenchRow[] = []
  const files = sampleFiles(opts.only)
  for (const [i, file] of files.entries()) {
    if (hooks.signal.aborted) break
    const { campaign, encounterId, initial } = loadEncounter(file)
    const tag = `${initial.system} (${i + 1}/${files.length})`
    const t0 = performance.now()
    const timing = await timeInWorker(
      { initial, games: opts.games, seed: opts.seed, level: 'normal', maxSteps: 3000 },
      hooks.signal,
      (games, decisions) => {
        const s = (performance.now() - t0) / 1000
        hooks.progress?.show(
          `${tag} timing: game ${Math.min(games + 1, opts.games)}/${opts.games}, ${decisions} decisions, ${s.toFixed(0)} s`
        )
      }
    )
    const throughput =
      opts.simSeconds > 0 && !hooks.signal.aborted
        ? await encounterRate(file, opts.workers, opts.simSeconds, {
            signal: hooks.signal,
            onProgress: (text) => hooks.progress?.show(`${tag} ${opts.workers} workers: ${text}`)
          })
        : null
    rows.push({
      system: initial.system,
      campaign: campaign.id,
      encounter: encounterId,
      file,
      timing,
      throughput
    })
  }
  return { rows, cancelled: hooks.signal.aborted }
}

/** The table on stdout: one line per ruleset. */
export function table(rows: readonly BenchRow[], workers: number): string {
  const pair = (a?: number, b?: number, digits = 1) =>
    a === undefined || b === undefined ? '-' : `${a.toFixed(digits)} / ${b.toFixed(digits)}`
  const head = [
    'ruleset',
    'games',
    `enc/s (${workers}w)`,
    'CPU ms/enc',
    'applyCommand CPU µs p50/p95',
    'legalActions CPU µs p50/p95',
    'AI decision CPU ms p50/p95',
    'heap MB after/peak'
  ]
  const body = rows.map((r) => {
    const t = r.timing
    const partial = t?.cancelled || r.throughput?.cancelled ? '*' : ''
    return [
      `${r.system}${partial}`,
      t ? String(t.games) : '-',
      r.throughput?.encountersPerSecond?.toFixed(2) ?? '-',
      r.throughput?.cpuMsPerEncounter?.toFixed(0) ?? '-',
      pair(t?.applyCommandUs.p50, t?.applyCommandUs.p95),
      pair(t?.legalActionsUs.p50, t?.legalActionsUs.p95),
      pair(t?.aiDecisionCpuMs.p50, t?.aiDecisionCpuMs.p95, 2),
      pair(t?.heap.afterMb, t?.heap.peakMb)
    ]
  })
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((b) => b[c]!.length)))
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')
  return [line(head), ...body.map(line)].join('\n')
}

async function main(opts: BenchOptions): Promise<number> {
  sampleFiles(opts.only)
  const interrupt = abortOnSigint('bench')
  const progress = new ProgressLine('bench')
  const started = new Date().toISOString()
  const load = loadavg().map((x) => +x.toFixed(2))
  const { rows, cancelled } = await runBench(opts, { signal: interrupt.signal, progress })
  progress.end()
  const results = {
    when: started,
    node: process.version,
    cpu: cpus()[0]?.model,
    cores: cpus().length,
    /** The machine's load average (1, 5, 15 min) at the start: a shared machine reads slower in wall time. */
    loadavg: load,
    cancelled,
    options: { ...opts, level: 'normal' },
    notes: {
      ...timingNotes,
      throughput:
        'encounters/s: AI vs AI at Normal on the worker pool (bench/sim.ts runner), counted from the moment each worker has finished one game (start-up left out) to the last game finished in the window; CPU ms/enc: process.cpuUsage of the whole process over the same window per game'
    },
    rulesets: rows,
    runnerHeapUsedMb: mb(process.memoryUsage().heapUsed)
  }
  mkdirSync(dirname(opts.out), { recursive: true })
  writeFileSync(opts.out, JSON.stringify(results, null, 2) + '\n')
  if (opts.json) console.log(JSON.stringify(results, null, 2))
  else {
    console.log(table(rows, opts.workers))
    const note = cancelled ? ' — cancelled: * rows are partial, missing rulesets were not run' : ''
    console.log(`(load average ${load.join(' ')} on ${cpus().length} cores${note})`)
  }
  console.log(`bench: ${opts.out}`)
  return cancelled ? 130 : 0
}

runAsScript(import.meta.url, () => runCli(benchSpec, process.argv.slice(2), parseArgs, main))
