import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lanesFor, positive, seedFromEnv, timeoutFor } from './run-settings'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleChild, runKillScenario, type ChildCommand, type KillReport } from './kill-harness'
import type { RestoreMode, RestoreOperation } from './restore-protocol'
import { describeRestoreReport, restoreScenario, type RestoreOutcome } from './restore-scenario'

// Issue 18 ("never lose a campaign, part 2"): restoring a backup and repairing a damaged campaign must survive
// a real kill -9 at any point. A child opens the folder with the real store (restorer.ts) and either restores
// a chosen backup over the current campaign or opens a damaged campaign, which the store repairs from its
// newest good backup; it is SIGKILLed before a seeded file-system call of that operation, or after it (when
// it has acknowledged). A fresh store must then open the campaign as it was before or after, never torn or
// missing; an acknowledged restore must have landed with the replaced version among the backups; the damaged
// bytes must still be the campaign file or in quarantine, and the campaign must open to the good backup.
// main/store/repair.test.ts walks the same repair in-process, one hung call at a time.
//
// The controls (a restore that truncates and writes over the file without keeping it, a repair that deletes
// the damaged file and then truncates and writes) must fail the same checks, or the test proves nothing.
//
// CI: 30 kills of each operation and 10 of each control, one child at a time (≈ 0.5 s a kill on 2 busy
// cores, ≈ 45 s in all). Soak: CRASH_RUNS=10000 (or CRASH_RESTORE_RUNS; lanes default to min(4, cores)).
// Replay: CRASH_SEED=<seed printed below>.

const soak = process.env.CRASH_RUNS !== undefined || process.env.CRASH_RESTORE_RUNS !== undefined
const RUNS = positive(process.env.CRASH_RESTORE_RUNS ?? process.env.CRASH_RUNS, 30)
const NAIVE_RUNS = positive(process.env.CRASH_RESTORE_NAIVE_RUNS, 10)
const LANES = lanesFor(soak)
const SEED = seedFromEnv()
/**
 * Kill before call 0–35 of the operation: a restore is 31 file-system calls (read the chosen backup, check
 * the current file, temp file, backup copy of the current, rename, folder fsync, prune listing), a repair 32
 * (read the damaged file and both backups, temp file, hard link into quarantine, rename...). The steps past
 * them are kills after the child acknowledged.
 */
const STEPS: [number, number] = [0, 35]
/** A control is 4 or 5 calls; a narrow range puts its kills inside them as often as after them. */
const NAIVE_STEPS: [number, number] = [0, 7]
const RACING_SHARE = 0.25

let root: string
let child: ChildCommand
let failed = false

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-restore-crash-'))
  child = await bundleChild(join(import.meta.dirname, 'restorer.ts'), root)
})

afterAll(async () => {
  // A failed run's folders are kept for a post-mortem; the report names the path.
  if (!failed) await fsp.rm(root, { recursive: true, force: true })
})

async function run(operation: RestoreOperation, mode: RestoreMode, runs: number): Promise<KillReport> {
  const scenario = restoreScenario({ operation, mode, child })
  const report = await runKillScenario(scenario, {
    runs,
    seed: SEED,
    root: join(root, scenario.name),
    steps: mode === 'durable' ? STEPS : NAIVE_STEPS,
    racingShare: RACING_SHARE,
    lanes: LANES
  })
  console.log(describeRestoreReport(report))
  await fsp.mkdir('out/crash', { recursive: true })
  const { records: _all, ...figures } = report
  await fsp.writeFile(`out/crash/${scenario.name}.json`, JSON.stringify(figures, null, 2) + '\n')
  return report
}

/** The paused runs that died right before a call named `op` (the plan made them so, whatever the load). */
const pausedBefore = (report: KillReport, op: RegExp) =>
  report.records.filter((r) => !r.plan.racing && op.test(r.killedAt.replace(/^\d+ /, '')))

/** Our operation: every kill held, on both sides of the rename that lands it. */
function expectHeld(report: KillReport, passing: [RestoreOutcome, RestoreOutcome]): void {
  failed ||= report.failures.length > 0
  const where = `seed ${SEED}, folder ${root}; failures: ${JSON.stringify(report.failures.slice(0, 20), null, 1)}`
  expect(report.failures, where).toEqual([])
  expect(report.runs).toBe(RUNS)
  // Kills on both sides of the rename: 11 (repair) to 13 (restore) of the 36 steps lie after it, so none
  // among 30 runs has a chance of at most (25/36)^30 ≈ 2e-5. A short CRASH_RUNS skips this.
  expect(Object.keys(report.outcomes).sort(), where).toEqual(
    expect.arrayContaining(RUNS >= 30 ? [...passing].sort() : [])
  )
  expect(report.figures.orphanTemps ?? 0, where).toBe(0)
  // Every child died holding the folder lock, and every fresh store broke it (same host, dead pid).
  expect(report.figures.staleLocks, where).toBe(RUNS)
}

/** A control: caught, by the checks its steps must trip whatever the load. */
function expectCaught(report: KillReport, after: RestoreOutcome): void {
  const where = `seed ${SEED}: ${JSON.stringify(report.outcomes)}`
  expect(report.outcomes.childFailed ?? 0, where).toBe(0)
  // Every kill from the truncating open's write on fails: none in 10 has a chance of (2/8)^10 ≈ 1e-6.
  expect(report.failures.length, `${where}: the harness saw nothing wrong`).toBeGreaterThan(0)
  // A child paused between its truncating open and its write leaves an empty file.
  expect(
    pausedBefore(report, /^handle\.writeFile/).filter((r) => r.outcome !== 'torn'),
    where
  ).toEqual([])
  // A child paused after it acknowledged has done all of its harm.
  expect(
    report.records.filter((r) => !r.plan.racing && r.acks > 0 && r.outcome !== after),
    where
  ).toEqual([])
}

// One file, tests in sequence: lanes of one scenario already share the cores.
describe('kill -9 while restoring a backup', () => {
  it(
    `the store's restore: ${RUNS} kills, 0 lost (the campaign before or restored, the replaced version kept)`,
    async () => expectHeld(await run('restore', 'durable', RUNS), ['before', 'restored']),
    timeoutFor(RUNS, LANES)
  )

  it(
    'a restore that truncates and writes over the campaign is caught (a torn file, the replaced version lost)',
    async () => expectCaught(await run('restore', 'naive', NAIVE_RUNS), 'undoLost'),
    timeoutFor(NAIVE_RUNS, LANES)
  )
})

describe('kill -9 while repairing a damaged campaign from its newest good backup', () => {
  it(
    `the store's repair: ${RUNS} kills, 0 lost (the good backup in place or repaired again, the damaged bytes kept)`,
    async () => expectHeld(await run('repair', 'durable', RUNS), ['repairedAgain', 'repaired']),
    timeoutFor(RUNS, LANES)
  )

  it(
    'a repair that deletes the damaged file and then writes is caught (no file, a torn file, the damage lost)',
    async () => {
      const report = await run('repair', 'naive', NAIVE_RUNS)
      expectCaught(report, 'damagedLost')
      // Paused between deleting the damaged file and opening the new one: no campaign file at all.
      expect(
        pausedBefore(report, /^open demo\.json/).filter((r) => r.outcome !== 'missing'),
        `seed ${SEED}`
      ).toEqual([])
    },
    timeoutFor(NAIVE_RUNS, LANES)
  )
})
