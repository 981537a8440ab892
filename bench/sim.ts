// npm run sim -- <campaign file>: AI-vs-AI Monte Carlo of one encounter on worker threads → JSON report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Worker } from 'node:worker_threads'
import { abortOnSigint, CliInputError, parseFlags, ProgressLine, runCli, type CommandSpec } from './cli'
import { liveHeapBytes, mb } from './heap'
import { runAsScript, typeScriptWorker } from './node-tools'
import { aggregate, type FigureRisk, type SimReport } from '../ai/sim-report'
import { simLevels, type GameSummary, type SimLevel } from '../ai/simulation'
import { campaignSchema } from '../rules/core/schemas'
import type { EncounterState } from '../rules/core/types'
import type { SimChunk, SimWorkerData } from './sim-worker'

/** What to simulate and how. */
export interface SimOptions {
  file: string
  /** Encounter id; absent = the campaign's first encounter. */
  encounter?: string
  runs: number
  seed: number
  workers: number
  level: SimLevel
  maxSteps: number
  /** Record the heap every this many finished games (`heap` in the output); absent = no heap samples. */
  heapEvery?: number
}

/** The heap after `games` finished games: is memory flat over a long simulation? */
export interface HeapSample {
  games: number
  seconds: number
  /** This (the runner's) thread's live heap after a full GC, MB: it keeps every game's summary. */
  mainMb: number
  /** Each worker's live heap after a full GC at the end of its latest chunk of games, MB. */
  workersMb: number[]
  /** The whole process's resident memory, MB. */
  rssMb: number
}

/** The JSON the runner writes: the inputs, the report and, apart, the timing (which varies run to run). */
export interface SimOutput {
  campaign: string
  encounter: string
  system: string
  /** The AI level every figure played at (each with its own personality). */
  level: SimLevel
  seed: number
  runsRequested: number
  maxSteps: number
  cancelled: boolean
  report: Omit<SimReport, 'figures'> & { figures: Array<FigureRisk & { name: string; controller: string }> }
  timing: { workers: number; seconds: number; encountersPerSecond: number }
  /** With `heapEvery`: heap samples every that many games, and at the end. */
  heap?: { every: number; samples: HeapSample[] }
}

/** A command-line or input error: the CLI prints it and exits with code 2 (bench/cli.ts). */
export const SimInputError = CliInputError
export type SimInputError = CliInputError

/** Progress after each finished game. */
export type SimProgress = (done: number, total: number, seconds: number) => void

/** Reads and validates a campaign file and picks the encounter; throws a readable SimInputError. */
export function loadEncounter(file: string, encounterId?: string) {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    throw new SimInputError(`cannot read ${file} as JSON: ${(e as Error).message}`)
  }
  const parsed = campaignSchema.safeParse(raw)
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new SimInputError(`${file} is not a campaign file: ${first.join('; ')}`)
  }
  const campaign = parsed.data
  const record = encounterId ? campaign.encounters.find((e) => e.id === encounterId) : campaign.encounters[0]
  if (!record) {
    const known = campaign.encounters.map((e) => e.id).join(', ') || 'none'
    throw new SimInputError(`no encounter ${encounterId ?? ''} in ${file} (encounters: ${known})`)
  }
  return { campaign, encounterId: record.id, initial: record.initial as EncounterState }
}

/**
 * Plays `runs` games (seeds seed .. seed + runs − 1) over worker threads, handing out chunks of run
 * indices as workers free up. Results are ordered by run index, so the report does not depend on the
 * number of workers. Aborting `signal` terminates the workers and returns what finished, cancelled.
 */
export async function runSimulation(
  opts: SimOptions,
  hooks: { onProgress?: SimProgress; signal?: AbortSignal } = {}
): Promise<SimOutput> {
  const { campaign, encounterId, initial } = loadEncounter(opts.file, opts.encounter)
  const t0 = performance.now()
  const summaries: Array<GameSummary | undefined> = Array.from({ length: opts.runs })
  const chunk = Math.max(1, Math.min(10, Math.ceil(opts.runs / (opts.workers * 4))))
  let next = 0
  let done = 0
  const workerData: SimWorkerData = { initial, seed: opts.seed, maxSteps: opts.maxSteps, level: opts.level }
  const workers: Worker[] = []
  const heapEvery = opts.heapEvery
  const workerHeap: number[] = []
  const heapSamples: HeapSample[] = []
  const sampleHeap = () =>
    heapSamples.push({
      games: done,
      seconds: +((performance.now() - t0) / 1000).toFixed(3),
      mainMb: mb(liveHeapBytes()),
      workersMb: workerHeap.map(mb),
      rssMb: mb(process.memoryUsage.rss())
    })
  // With heap samples, each worker also reports its live heap after every chunk (bench/sim-heap-worker.ts).
  const entry = new URL(heapEvery ? './sim-heap-worker.ts' : './sim-worker.ts', import.meta.url)
  const cancelled = await new Promise<boolean>((resolve, reject) => {
    let live = 0
    let stopping = false
    const stopAll = () => ((stopping = true), Promise.all(workers.map((w) => w.terminate())))
    const onAbort = () => void stopAll().then(() => resolve(true))
    if (hooks.signal?.aborted) return resolve(true)
    hooks.signal?.addEventListener('abort', onAbort, { once: true })
    const finish = () => {
      hooks.signal?.removeEventListener('abort', onAbort)
      void stopAll().then(() => resolve(false))
    }
    const feed = (w: Worker): boolean => {
      if (next >= opts.runs) return false
      const msg: SimChunk = { from: next, to: Math.min(opts.runs, next + chunk) }
      next = msg.to
      w.postMessage(msg)
      return true
    }
    const count = Math.max(1, Math.min(opts.workers, opts.runs))
    if (opts.runs === 0) return finish()
    for (let i = 0; i < count; i++) {
      const w = typeScriptWorker(entry, workerData)
      const slot = workers.push(w) - 1
      live++
      type Message =
        | { type: 'run'; index: number; summary: GameSummary }
        | { type: 'chunk' }
        | { type: 'heap'; bytes: number }
      w.on('message', (m: Message) => {
        if (m.type === 'run') {
          summaries[m.index] = m.summary
          done++
          if (heapEvery && done % heapEvery === 0) sampleHeap()
          hooks.onProgress?.(done, opts.runs, (performance.now() - t0) / 1000)
        } else if (m.type === 'heap') workerHeap[slot] = m.bytes
        else if (!feed(w) && --live === 0) finish()
      })
      // A worker that dies without an error event (out of memory) would otherwise leave the run hanging.
      w.on('exit', (code) => {
        if (!stopping) void stopAll().then(() => reject(new Error(`simulation worker exited with ${code}`)))
      })
      w.on('error', (e) => {
        hooks.signal?.removeEventListener('abort', onAbort)
        void stopAll().then(() => reject(e))
      })
      feed(w)
    }
  })
  if (heapEvery && heapSamples.at(-1)?.games !== done) sampleHeap()
  const seconds = (performance.now() - t0) / 1000
  const finished = summaries.filter((s): s is GameSummary => s !== undefined)
  const report = aggregate(
    finished,
    initial.sides.map((s) => s.id)
  )
  const byId = new Map(initial.combatants.map((c) => [c.id, c]))
  return {
    campaign: campaign.id,
    encounter: encounterId,
    system: initial.system,
    level: opts.level,
    seed: opts.seed,
    runsRequested: opts.runs,
    maxSteps: opts.maxSteps,
    cancelled,
    report: {
      ...report,
      figures: report.figures.map((f) => ({
        ...f,
        name: byId.get(f.id)?.name ?? f.id,
        controller: byId.get(f.id)?.controller ?? 'ai'
      }))
    },
    timing: {
      workers: opts.workers,
      seconds: +seconds.toFixed(3),
      encountersPerSecond: +(finished.length / Math.max(seconds, 1e-9)).toFixed(3)
    },
    ...(heapEvery ? { heap: { every: heapEvery, samples: heapSamples } } : {})
  }
}

/** `npm run sim`'s flags and help. */
export const simSpec = {
  name: 'sim',
  command: 'npm run sim --',
  summary:
    'AI-vs-AI Monte Carlo of one encounter on worker threads: win % with its 95% interval, rounds,\n' +
    'the heroes most at risk. Writes a JSON report; a progress line goes to stderr.',
  positionals: [
    {
      name: '<campaign.json>',
      help: 'a campaign file, e.g. resources/campaigns/hq2-sample.json',
      required: true
    }
  ],
  flags: {
    encounter: { type: 'string', value: 'ID', help: "the encounter to play (default: the campaign's first)" },
    runs: { type: 'int', value: 'N', min: 1, help: 'games to play (default 200)' },
    seed: {
      type: 'int',
      value: 'S',
      min: -(2 ** 31),
      help: 'seed of the first game; game i plays S + i (default 1)'
    },
    workers: { type: 'int', value: 'N', min: 1, help: 'worker threads (default 2)' },
    level: {
      type: 'string',
      value: 'LEVEL',
      choices: simLevels,
      help: `every figure's AI level: ${simLevels.join(', ')} (default normal)`
    },
    'max-steps': {
      type: 'int',
      value: 'N',
      min: 1,
      help: 'commands after which a game is cut short (default 3000)'
    },
    'heap-every': {
      type: 'int',
      value: 'N',
      min: 1,
      help: 'record the live heap (after a GC) of the runner and each worker every N games, in the JSON'
    },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'the JSON report (default bench/results/sim-<encounter>.json)'
    }
  },
  notes: [
    'Memory over a long run: npm run sim -- resources/campaigns/minecraft-sample.json --runs 10000 --heap-every 500',
    "(flat worker heaps = no growth per game; the runner keeps every game's summary, so it grows a little)."
  ]
} satisfies CommandSpec

/** Parses the command line (without node and the script); throws SimInputError on anything unknown. */
export function parseArgs(argv: readonly string[]): SimOptions & { out?: string } {
  const { values: v, positionals } = parseFlags(simSpec, argv)
  return {
    file: positionals[0]!,
    runs: v.runs ?? 200,
    seed: v.seed ?? 1,
    workers: v.workers ?? 2,
    level: (v.level as SimLevel | undefined) ?? 'normal',
    maxSteps: v['max-steps'] ?? 3000,
    ...(v.encounter !== undefined ? { encounter: v.encounter } : {}),
    ...(v['heap-every'] !== undefined ? { heapEvery: v['heap-every'] } : {}),
    ...(v.out !== undefined ? { out: v.out } : {})
  }
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`

/** A few lines a person can read: win odds per side, rounds, every hero most at risk first, the throughput. */
export function humanSummary(out: SimOutput): string {
  const r = out.report
  const rounds = r.rounds.histogram.map((h) => `${h.rounds}:${h.games}`).join(' ')
  const lines = [
    `${out.campaign} / ${out.encounter}: ${r.runs} runs${out.cancelled ? ' (cancelled)' : ''}, seed ${out.seed}, level ${out.level}`,
    ...r.wins.map((w) => `  ${w.side} win ${pct(w.rate)} [${pct(w.ci[0])}, ${pct(w.ci[1])}]`),
    `  draws ${r.draws.count}, truncated ${r.truncated.count}, mean rounds ${r.rounds.mean} (rounds:games ${rounds})`
  ]
  const heroes = r.figures
    .filter((f) => f.controller !== 'ai')
    .sort((a, b) => b.dead.rate - a.dead.rate || b.out.rate - a.out.rate || b.down.rate - a.down.rate)
  for (const h of heroes) {
    const spent = Object.entries(h.meanSpent).map(([k, v]) => `${k} ${v}`)
    lines.push(
      `  at risk: ${h.name} dead ${pct(h.dead.rate)} [${pct(h.dead.ci[0])}, ${pct(h.dead.ci[1])}], ` +
        `unconscious ${pct(h.unconscious.rate)} [${pct(h.unconscious.ci[0])}, ${pct(h.unconscious.ci[1])}], ` +
        `down at some moment ${pct(h.down.rate)}; spent: life ${h.meanLifeLost}` +
        (spent.length ? `, ${spent.join(', ')}` : '')
    )
  }
  lines.push(
    `  ${out.timing.encountersPerSecond} encounters/s on ${out.timing.workers} worker(s), ${out.timing.seconds} s`
  )
  return lines.join('\n')
}

/** Heap at the first and last sample, for the summary: `runner 3.1 → 4.0 MB, workers 9.8 → 9.9 MB`. */
function heapLine(heap: NonNullable<SimOutput['heap']>): string {
  const [first, last] = [heap.samples[0], heap.samples.at(-1)]
  if (!first || !last) return '  heap: no sample'
  const sum = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0).toFixed(1) : '?')
  return (
    `  heap every ${heap.every} games (${heap.samples.length} samples): runner ${first.mainMb} → ${last.mainMb} MB, ` +
    `workers ${sum(first.workersMb)} → ${sum(last.workersMb)} MB (games ${first.games} → ${last.games})`
  )
}

async function main(opts: ReturnType<typeof parseArgs>): Promise<number> {
  loadEncounter(opts.file, opts.encounter)
  const interrupt = abortOnSigint('sim')
  const progress = new ProgressLine('sim')
  const out = await runSimulation(opts, {
    signal: interrupt.signal,
    onProgress: (done, total, seconds) => progress.update(done, total, seconds, 'runs')
  })
  progress.end()
  const file = opts.out ?? new URL(`./results/sim-${out.encounter}.json`, import.meta.url).pathname
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(out, null, 2) + '\n')
  console.log(humanSummary(out))
  if (out.heap) console.log(heapLine(out.heap))
  console.log(`  report: ${file}${out.cancelled ? ' (partial: cancelled)' : ''}`)
  return out.cancelled ? 130 : 0
}

runAsScript(import.meta.url, () => runCli(simSpec, process.argv.slice(2), parseArgs, main))
