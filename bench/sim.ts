// npm run sim -- <campaign file>: AI-vs-AI Monte Carlo of one encounter on worker threads → JSON report.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Worker } from 'node:worker_threads'
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
}

/** A command-line or input error: the CLI prints it and exits with code 2. */
export class SimInputError extends Error {}

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
      const w = typeScriptWorker(new URL('./sim-worker.ts', import.meta.url), workerData)
      workers.push(w)
      live++
      w.on('message', (m: { type: 'run'; index: number; summary: GameSummary } | { type: 'chunk' }) => {
        if (m.type === 'run') {
          summaries[m.index] = m.summary
          done++
          hooks.onProgress?.(done, opts.runs, (performance.now() - t0) / 1000)
        } else if (!feed(w) && --live === 0) finish()
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
    }
  }
}

const USAGE =
  'usage: npm run sim -- <campaign.json> [--encounter id] [--runs 200] [--seed 1] [--workers 2] ' +
  '[--level normal] [--max-steps 3000] [--out file.json]'

/** Parses the command line (without node and the script); throws SimInputError on anything unknown. */
export function parseArgs(argv: readonly string[]): SimOptions & { out?: string } {
  const opts: SimOptions & { out?: string } = {
    file: '',
    runs: 200,
    seed: 1,
    workers: 2,
    level: 'normal',
    maxSteps: 3000
  }
  const int = (flag: string, v: string | undefined, min: number): number => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < min)
      throw new SimInputError(`${flag} wants an integer ≥ ${min}\n${USAGE}`)
    return n
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const value = argv[i + 1]
    const take = () => (i++, value)
    if (arg === '--runs') opts.runs = int(arg, take(), 1)
    else if (arg === '--seed') opts.seed = int(arg, take(), -(2 ** 31))
    else if (arg === '--workers') opts.workers = int(arg, take(), 1)
    else if (arg === '--max-steps') opts.maxSteps = int(arg, take(), 1)
    else if (arg === '--encounter') opts.encounter = take()
    else if (arg === '--out') opts.out = take()
    else if (arg === '--level') {
      const level = take()
      if (!simLevels.includes(level as SimLevel)) {
        throw new SimInputError(`--level wants one of ${simLevels.join(', ')}\n${USAGE}`)
      }
      opts.level = level as SimLevel
    } else if (arg.startsWith('--') || opts.file) throw new SimInputError(`unexpected ${arg}\n${USAGE}`)
    else opts.file = arg
  }
  if (!opts.file) throw new SimInputError(USAGE)
  return opts
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

async function main(): Promise<number> {
  let opts: ReturnType<typeof parseArgs>
  try {
    opts = parseArgs(process.argv.slice(2))
    loadEncounter(opts.file, opts.encounter)
  } catch (e) {
    if (!(e instanceof SimInputError)) throw e
    console.error(`sim: ${e.message}`)
    return 2
  }
  const controller = new AbortController()
  // `on`, not `once`: Ctrl+C reaches this process twice (from the terminal and relayed by tsx), and a
  // second signal with no listener would kill it before the partial report is written.
  process.on('SIGINT', () => controller.abort())
  const tty = process.stderr.isTTY
  let shown = 0
  const out = await runSimulation(opts, {
    signal: controller.signal,
    onProgress: (done, total, seconds) => {
      // Throttled: fast systems finish hundreds of games a second.
      if (done < total && seconds - shown < 0.5) return
      shown = seconds
      const line = `sim: ${done}/${total} runs, ${(done / seconds).toFixed(2)} runs/s`
      process.stderr.write(tty ? `\r${line}` : `${line}\n`)
    }
  })
  if (tty) process.stderr.write('\n')
  const file = opts.out ?? new URL(`./results/sim-${out.encounter}.json`, import.meta.url).pathname
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(out, null, 2) + '\n')
  console.log(humanSummary(out))
  console.log(`  report: ${file}`)
  return out.cancelled ? 130 : 0
}

runAsScript(import.meta.url, main)
