import { spawn } from 'node:child_process'
import * as fsp from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { campaignSchema } from '../../rules/core/schemas'
import { openCampaignStore } from '../../main/store/lowdb-campaign-store'
import { saveNumberOf, type WriterMode } from './writer'

// The kill -9 harness of issue 8 (reliability.md D1/D2): run a writer child, SIGKILL it at a seeded random
// moment after its first acknowledged save, then hold the file on disk to what was acknowledged.

const HERE = dirname(fileURLToPath(import.meta.url))
const REPO = join(HERE, '..', '..')
const WRITER_TS = join(HERE, 'writer.ts')
/** The campaign id the writers save under; the file is `<dir>/crash.json`. */
const ID = 'crash'
/** Same pattern as sweepTempFiles: `.name.<pid>.<random>.tmp` (ours) and `.name.tmp` (steno). */
const TEMP_FILE = /^\..+\.tmp$/

/** How to start a writer child: `command ...args <mode> <file> <first> <template>`. */
export interface WriterCommand {
  command: string
  args: string[]
  /** How it was prepared, for the report: a bundle starts in ~0.1 s, tsx in ~0.3 s. */
  kind: 'bundle' | 'tsx'
}

/**
 * Bundles writer.ts (our adapter and lowdb inlined) into one .mjs in `outDir`, so each child is a bare
 * `node` start: tsx's loader triples the start-up, and start-up is most of a run. Falls back to tsx when
 * esbuild (tsx's own dependency) cannot be loaded.
 */
export async function prepareWriter(outDir: string): Promise<WriterCommand> {
  const outfile = join(outDir, 'writer.mjs')
  try {
    const esbuild = await import('esbuild')
    await esbuild.build({
      entryPoints: [WRITER_TS],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent'
    })
    return { command: process.execPath, args: [outfile], kind: 'bundle' }
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', WRITER_TS], kind: 'tsx' }
  }
}

/** Options for {@link runCrashes}. */
export interface CrashOptions {
  mode: WriterMode
  runs: number
  /** Picks every run's kill delay; the report names it so a failing run can be replayed. */
  seed: number
  /** A scratch folder; each lane gets `lane-<k>/campaigns` inside it. */
  root: string
  writer: WriterCommand
  /** A valid campaign JSON file the writer saves over and over under new names. */
  template: string
  /** Kill this many ms after the first `confirmed` line, drawn uniformly from [min, max]. */
  killAfterMs: [number, number]
  /** Independent folders run side by side (soak); 1 keeps a CI run to one child at a time. */
  lanes?: number
  /** Give up on a child that has confirmed nothing after this long. */
  startTimeoutMs?: number
}

/** What one run found. */
export interface RunResult {
  index: number
  delayMs: number
  /** Highest save number the child acknowledged before it died. */
  confirmed: number
  /** How many saves the child acknowledged in this run. */
  acknowledged: number
  /** Save number in the file on disk, null when it could not be read. */
  onDisk: number | null
  /** Why the run failed, or null when everything held. */
  problem: 'corrupt' | 'lost' | 'ahead' | 'orphanTemp' | 'loadFailed' | 'writerFailed' | null
  detail: string
  /** Temp files the kill left behind (normal for ours: the sweep's job) and those still there after it. */
  tempsBeforeSweep: number
  tempsAfterSweep: number
}

/** The figures of a batch of runs. */
export interface CrashReport {
  mode: WriterMode
  seed: number
  runs: number
  lanes: number
  writer: WriterCommand['kind']
  killAfterMs: [number, number]
  ms: number
  /** Saves acknowledged across all runs: the kills land somewhere among these. */
  acknowledged: number
  /** Files that did not parse or validate right after the kill. */
  corrupt: number
  /** Readable files holding an older save than the last acknowledged one. */
  lost: number
  /** Readable files holding a save more than one past the last acknowledged (the writer is sequential). */
  ahead: number
  /** Temp files still present after the store's start-up sweep. */
  orphanTemps: number
  /** Temp files the kills left before the sweep (reliability.md counted 105 of 200 for this design). */
  tempsSwept: number
  /** Readable files the store then failed to load. */
  loadFailed: number
  writerFailed: number
  /** The failed runs (at most 20), with their index and delay for replay. */
  failures: RunResult[]
}

/** Runs `runs` kill -9 iterations and tallies what the disk held after each. */
export async function runCrashes(options: CrashOptions): Promise<CrashReport> {
  const lanes = Math.max(1, Math.min(options.lanes ?? 1, options.runs))
  const started = performance.now()
  const results: RunResult[] = []
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const dir = join(options.root, `lane-${lane}`, 'campaigns')
      await fsp.mkdir(dir, { recursive: true })
      let next = 1
      // Runs are dealt round-robin; the delay depends on the run index only, so lanes do not change it.
      for (let index = lane; index < options.runs; index += lanes) {
        const result = await runOnce(options, dir, index, next)
        results.push(result)
        next = Math.max(result.confirmed, result.onDisk ?? 0) + 1
      }
    })
  )
  const count = (problem: RunResult['problem']): number => results.filter((r) => r.problem === problem).length
  return {
    mode: options.mode,
    seed: options.seed,
    runs: results.length,
    lanes,
    writer: options.writer.kind,
    killAfterMs: options.killAfterMs,
    ms: Math.round(performance.now() - started),
    acknowledged: results.reduce((sum, r) => sum + r.acknowledged, 0),
    corrupt: count('corrupt'),
    lost: count('lost'),
    ahead: count('ahead'),
    orphanTemps: results.reduce((sum, r) => sum + r.tempsAfterSweep, 0),
    tempsSwept: results.reduce((sum, r) => sum + r.tempsBeforeSweep, 0),
    loadFailed: count('loadFailed'),
    writerFailed: count('writerFailed'),
    failures: results
      .filter((r) => r.problem !== null)
      .sort((a, b) => a.index - b.index)
      .slice(0, 20)
  }
}

/** One child: start it, kill it after its first acknowledgement plus the run's delay, then inspect. */
async function runOnce(options: CrashOptions, dir: string, index: number, first: number): Promise<RunResult> {
  const delayMs = killDelay(options.seed, index, options.killAfterMs)
  const file = join(dir, `${ID}.json`)
  const child = await runChild(options, file, first, delayMs)
  const acknowledged = child.confirmed - first + 1
  const base = {
    index,
    delayMs,
    confirmed: child.confirmed,
    acknowledged,
    tempsBeforeSweep: 0,
    tempsAfterSweep: 0
  }
  if (child.failure !== null) return { ...base, onDisk: null, problem: 'writerFailed', detail: child.failure }

  const disk = await inspect(file)
  const tempsBeforeSweep = (await tempFiles(dir)).length
  // The desktop start-up path: it sweeps what the killed save left.
  const store = await openCampaignStore({ dir, log: () => undefined })
  const tempsAfterSweep = (await tempFiles(dir)).length
  const swept = { ...base, tempsBeforeSweep, tempsAfterSweep, onDisk: disk.saveNumber }

  if (disk.saveNumber === null) return { ...swept, problem: 'corrupt', detail: disk.detail }
  if (disk.saveNumber < child.confirmed)
    return { ...swept, problem: 'lost', detail: `file holds save ${disk.saveNumber}` }
  if (disk.saveNumber > child.confirmed + 1)
    return { ...swept, problem: 'ahead', detail: `file holds save ${disk.saveNumber}` }
  if (tempsAfterSweep > 0)
    return { ...swept, problem: 'orphanTemp', detail: `${tempsAfterSweep} temp file(s) after the sweep` }
  try {
    // The real load path too (limits, migrations, schema, id check), not just our own parse above.
    const loaded = await store.load(ID)
    if (saveNumberOf(loaded.name) !== disk.saveNumber)
      return { ...swept, problem: 'loadFailed', detail: `store loaded "${loaded.name}"` }
  } catch (error) {
    return { ...swept, problem: 'loadFailed', detail: error instanceof Error ? error.message : String(error) }
  }
  return { ...swept, problem: null, detail: '' }
}

interface ChildOutcome {
  confirmed: number
  /** Set when the child died on its own or never confirmed a save: a harness problem, not a finding. */
  failure: string | null
}

function runChild(
  options: CrashOptions,
  file: string,
  first: number,
  delayMs: number
): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const { command, args } = options.writer
    const child = spawn(command, [...args, options.mode, file, String(first), options.template], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    let confirmed = first - 1
    let killing = false
    const kill = (): void => {
      killing = true
      child.kill('SIGKILL')
    }
    const startTimer = setTimeout(kill, options.startTimeoutMs ?? 15_000)
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
      const lines = stdout.split('\n')
      stdout = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^confirmed (\d+)$/.exec(line)
        if (match === null) continue
        const n = Number(match[1])
        // The first acknowledgement starts the clock; a timer rather than a count, so the kill lands
        // anywhere in a save (open, write, fsync, backup copy, rename, directory fsync).
        if (confirmed < first && !killing) {
          clearTimeout(startTimer)
          killing = true
          setTimeout(() => child.kill('SIGKILL'), delayMs)
        }
        confirmed = Math.max(confirmed, n)
      }
    })
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('close', (code, signal) => {
      clearTimeout(startTimer)
      if (signal === 'SIGKILL' && confirmed >= first) resolve({ confirmed, failure: null })
      else
        resolve({
          confirmed,
          failure: `writer ended (code ${code}, signal ${signal}) after confirming ${confirmed}: ${stderr.trim().slice(0, 500)}`
        })
    })
  })
}

/** Parses and validates the file exactly as it lies after the kill, before the store can quarantine it. */
async function inspect(file: string): Promise<{ saveNumber: number | null; detail: string }> {
  let bytes: Buffer
  try {
    bytes = await fsp.readFile(file)
  } catch (error) {
    return {
      saveNumber: null,
      detail: `unreadable: ${error instanceof Error ? error.message : String(error)}`
    }
  }
  if (bytes.length === 0) return { saveNumber: null, detail: 'empty file' }
  let raw: unknown
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { saveNumber: null, detail: `not JSON (${bytes.length} bytes): ${why}` }
  }
  const parsed = campaignSchema.safeParse(raw)
  if (!parsed.success) return { saveNumber: null, detail: 'JSON but not a valid campaign' }
  const saveNumber = saveNumberOf(parsed.data.name)
  return saveNumber === null
    ? { saveNumber: null, detail: `no save number in "${parsed.data.name}"` }
    : { saveNumber, detail: '' }
}

async function tempFiles(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((name) => TEMP_FILE.test(name))
}

/** The kill delay of run `index`: a pure function of (seed, index), so any run can be replayed alone. */
export function killDelay(seed: number, index: number, [min, max]: [number, number]): number {
  // splitmix32 over seed and index: cheap, well mixed, and free of shared state between lanes.
  let z = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
  z = (z ^ (z >>> 16)) >>> 0
  return min + (z % (max - min + 1))
}

/** One line of figures for the test log and the issue note. */
export function describeReport(r: CrashReport): string {
  const rate = ((100 * r.corrupt) / Math.max(1, r.runs)).toFixed(1)
  return (
    `[crash] ${r.mode}: ${r.runs} runs in ${(r.ms / 1000).toFixed(1)} s (${r.lanes} lane(s), ${r.writer} writer, ` +
    `kill ${r.killAfterMs[0]}–${r.killAfterMs[1]} ms after first ack, seed ${r.seed}, ` +
    `${r.acknowledged} saves acknowledged): ` +
    `${r.corrupt} corrupt (${rate}%), ${r.lost} lost acknowledged, ${r.ahead} ahead, ` +
    `${r.loadFailed} load failures, ${r.writerFailed} writer failures, ` +
    `${r.tempsSwept} temp files swept, ${r.orphanTemps} left after the sweep`
  )
}
