import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import { formatKillPlan, KILL_PLAN_ENV, killPlan, type KillPlan } from './kill-plan'

// A kill -9 harness for any scenario (reliability.md D1): start a child that does some durable work, SIGKILL
// it at a step chosen from the seed (kill-plan.ts, kill-point.ts), then let the scenario's verifier judge what
// the disk holds. The save loop (save-loop-scenario.ts) is one scenario; a restore, an import or a migration
// can be another: a child script that reports through KillPoints, and a verifier.

/** How to start a child process. */
export interface ChildCommand {
  command: string
  args: string[]
  /** Added to the driver's environment (which the kill plan is added to as well). */
  env?: Record<string, string>
  cwd?: string
}

/** One run, as the scenario sees it. */
export interface KillRun {
  index: number
  lane: number
  /**
   * The lane's folder: its runs use it in turn, so one run starts from what the last one left. Paused and
   * racing runs of a lane have a folder each (`lane-<k>`, `lane-<k>-racing`).
   */
  dir: string
  plan: KillPlan
}

/** What the child said before it died. */
export interface ChildRecord {
  /** Every value it acknowledged (`ack <value>`), in order. */
  acks: string[]
  /** The step it was killed at, as it described it (`rename crash.json.<tmp>`). */
  killedAt: string
}

/** A verifier's judgement of one run. */
export interface Verdict {
  /** A short name the report counts runs under: `held`, `nothingWritten`, `corrupt`, `lost`... */
  outcome: string
  /** False fails the run. */
  ok: boolean
  detail?: string
  /** Numbers the report sums over all runs (saves acknowledged, temp files swept...). */
  figures?: Record<string, number>
}

/** A kill -9 scenario: what runs in the child and how to judge the folder after it died. */
export interface KillScenario {
  name: string
  /** Sets up one lane's folder (already created) and returns its runs' child and verifier. */
  lane(dir: string): KillLane | Promise<KillLane>
}

/** One lane of a scenario; it may carry state from run to run (the next save number). */
export interface KillLane {
  /** The child of this run; anything the run needs in the folder goes there first. */
  child(run: KillRun): ChildCommand | Promise<ChildCommand>
  /** Judges the folder after the kill. Called only when the child died at its kill point. */
  verify(run: KillRun, child: ChildRecord): Promise<Verdict>
}

/** Options for {@link runKillScenario}. */
export interface KillOptions {
  runs: number
  /** Picks every run's kill plan; the report names it so a failing run can be replayed. */
  seed: number
  /** A scratch folder; each lane gets `lane-<k>` (and `lane-<k>-racing`) inside it. */
  root: string
  /** The kill step is drawn uniformly from this range (kill-plan.ts). */
  steps: [number, number]
  /** The share of runs whose kill races the step instead of pausing before it (default 0: all paused). */
  racingShare?: number
  /** Independent folders run side by side; 1 keeps to one child at a time. */
  lanes?: number
  /** Give up on a child that has not reached its kill point after this long (default 60 s: load is no reason). */
  stepTimeoutMs?: number
}

/** One run in the report. */
export interface RunRecord extends Verdict {
  index: number
  plan: KillPlan
  killedAt: string
  acks: number
}

/** The figures of a batch of runs. */
export interface KillReport {
  scenario: string
  seed: number
  runs: number
  lanes: number
  steps: [number, number]
  /** Runs killed racing a step; the rest were paused before theirs. */
  racing: number
  ms: number
  /** Runs per verdict outcome; `childFailed` counts children that died on their own or never got there. */
  outcomes: Record<string, number>
  /** The verdicts' figures, summed. */
  figures: Record<string, number>
  /**
   * A fingerprint of the paused runs (index, step, operation, acknowledgements, outcome): what they left depends
   * on the seed alone, so the same seed gives the same fingerprint on an idle machine and a loaded one.
   */
  pausedDigest: string
  /** Every run, in index order. */
  records: RunRecord[]
  /** The failed runs (ok false), in index order. */
  failures: RunRecord[]
}

/** Runs `runs` kill -9 iterations of `scenario` and tallies the verdicts. */
export async function runKillScenario(scenario: KillScenario, options: KillOptions): Promise<KillReport> {
  const lanes = Math.max(1, Math.min(options.lanes ?? 1, options.runs))
  const started = performance.now()
  const records: RunRecord[] = []
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      // Racing runs keep to a folder of their own: what they leave is up to the scheduler, and must not change
      // the folder the next paused run starts from, or a paused run would no longer depend on the seed alone.
      const folders = new Map<boolean, { dir: string; runner: KillLane }>()
      const folder = async (racing: boolean) => {
        let found = folders.get(racing)
        if (found === undefined) {
          const dir = join(options.root, `lane-${lane}${racing ? '-racing' : ''}`)
          await fsp.mkdir(dir, { recursive: true })
          found = { dir, runner: await scenario.lane(dir) }
          folders.set(racing, found)
        }
        return found
      }
      // Runs are dealt round-robin; a plan depends on the run index only, so the lane count does not change it.
      for (let index = lane; index < options.runs; index += lanes) {
        const plan = killPlan(options.seed, index, options.steps, options.racingShare)
        const { dir, runner } = await folder(plan.racing)
        const run: KillRun = { index, lane, dir, plan }
        records.push(await runOnce(runner, run, options.stepTimeoutMs ?? 60_000))
      }
    })
  )
  records.sort((a, b) => a.index - b.index)
  const outcomes: Record<string, number> = {}
  const figures: Record<string, number> = {}
  for (const r of records) {
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1
    for (const [name, value] of Object.entries(r.figures ?? {})) figures[name] = (figures[name] ?? 0) + value
  }
  return {
    scenario: scenario.name,
    seed: options.seed,
    runs: records.length,
    lanes,
    steps: options.steps,
    racing: records.filter((r) => r.plan.racing).length,
    ms: Math.round(performance.now() - started),
    outcomes,
    figures,
    pausedDigest: pausedDigest(records),
    records,
    failures: records.filter((r) => !r.ok)
  }
}

function pausedDigest(records: RunRecord[]): string {
  const hash = createHash('sha256')
  for (const r of records.filter((x) => !x.plan.racing)) {
    // The operation's name only: the files it names carry times and random parts (backup and temp names).
    const op = r.killedAt.split(' ')[1] ?? ''
    hash.update(`${r.index} ${r.plan.step} ${op} ${r.acks} ${r.outcome}\n`)
  }
  return hash.digest('hex').slice(0, 12)
}

async function runOnce(lane: KillLane, run: KillRun, timeoutMs: number): Promise<RunRecord> {
  const child = await killAtPlan(await lane.child(run), run.plan, timeoutMs)
  const base = { index: run.index, plan: run.plan, acks: child.acks.length }
  if (child.failure !== null)
    return { ...base, killedAt: '', outcome: 'childFailed', ok: false, detail: child.failure }
  const verdict = await lane.verify(run, { acks: child.acks, killedAt: child.killedAt })
  return { ...base, killedAt: child.killedAt, ...verdict }
}

/** Starts the child with its plan, SIGKILLs it when it reports its kill point, and waits for it to be gone. */
function killAtPlan(
  command: ChildCommand,
  plan: KillPlan,
  timeoutMs: number
): Promise<ChildRecord & { failure: string | null }> {
  return new Promise((resolve) => {
    const child = spawn(command.command, command.args, {
      env: { ...process.env, ...command.env, [KILL_PLAN_ENV]: formatKillPlan(plan) },
      cwd: command.cwd,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const acks: string[] = []
    let killedAt: string | null = null
    let pending = ''
    let stderr = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const ack = /^ack (.*)$/.exec(line)
        // A racing child may acknowledge more before the kill lands: it promised those too.
        if (ack !== null) acks.push(ack[1]!)
        const point = /^kill-point (\d+) ?(.*)$/.exec(line)
        if (point !== null && Number(point[1]) === plan.step && killedAt === null) {
          killedAt = `${point[1]} ${point[2]}`.trim()
          child.kill('SIGKILL')
        }
      }
    })
    child.stderr.on('data', (chunk: string) => (stderr += chunk))
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const failure =
        killedAt !== null && signal === 'SIGKILL'
          ? null
          : `child ended (code ${code}, signal ${signal}) before its kill point ${formatKillPlan(plan)}` +
            `${killedAt === null && signal === 'SIGKILL' ? ` (timed out after ${timeoutMs} ms)` : ''}: ` +
            stderr.trim().slice(0, 500)
      resolve({ acks, killedAt: killedAt ?? '', failure })
    })
  })
}

/**
 * Bundles a child script (TypeScript, its imports inlined) into one .mjs in `outDir`, so each child is a bare
 * `node` start: tsx's loader triples the start-up, and start-up is most of a run. Falls back to tsx when
 * esbuild (tsx's own dependency) cannot be loaded.
 */
export async function bundleChild(
  entry: string,
  outDir: string
): Promise<ChildCommand & { kind: 'bundle' | 'tsx' }> {
  const outfile = join(outDir, `${entry.replace(/^.*[\\/]/, '').replace(/\.ts$/, '')}.mjs`)
  try {
    const esbuild = await import('esbuild')
    await esbuild.build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent'
    })
    return { command: process.execPath, args: [outfile], kind: 'bundle' }
  } catch {
    // From the repository, where node resolves tsx.
    const cwd = join(import.meta.dirname, '..', '..')
    return { command: process.execPath, args: ['--import', 'tsx', entry], cwd, kind: 'tsx' }
  }
}
