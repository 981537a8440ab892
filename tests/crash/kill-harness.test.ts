import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleChild, runKillScenario, type ChildCommand, type KillScenario } from './kill-harness'
import { killPlan } from './kill-plan'
import type { WriterMode } from './save-loop-protocol'
import { saveLoopScenario } from './save-loop-scenario'

// The harness itself (issue 18): a kill before anything reached the disk is "nothing written yet", not
// corruption; paused kills give the same outcome for the same seed however loaded the machine is; a child that
// dies on its own or never reaches its kill point is the harness's failure, never a verdict.

const TEMPLATE = join(import.meta.dirname, '..', '..', 'resources', 'campaigns', 'pathfinder1e-sample.json')
let root: string
let writer: ChildCommand

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'emboscada-kill-harness-'))
  writer = await bundleChild(join(import.meta.dirname, 'writer.ts'), root)
})
afterAll(() => fsp.rm(root, { recursive: true, force: true }))

let batch = 0
/** A batch of save-loop runs in a fresh folder; `lanes: runs` gives every run a folder of its own. */
function saveLoop(
  mode: WriterMode,
  options: { runs: number; steps: [number, number]; seed?: number; lanes?: number; racingShare?: number }
) {
  const scenario = saveLoopScenario({ mode, writer, template: TEMPLATE })
  return runKillScenario(scenario, { seed: 1, ...options, root: join(root, `batch-${batch++}`) })
}

describe('a child killed before its first save reached the disk', () => {
  it('is nothing written yet, not corrupt, for every kill point up to the first rename', async () => {
    // Our first save: open temp, write, fsync, close, stat (nothing to back up), then the rename that lands it.
    const seen: string[] = []
    for (let step = 0; step < 20 && !/^\d+ (rename|link) \.crash/.test(seen.at(-1) ?? ''); step++) {
      const [record] = (await saveLoop('durable', { runs: 1, steps: [step, step] })).records
      expect(record!.outcome, `killed before ${record!.killedAt}`).toBe('nothingWritten')
      seen.push(record!.killedAt)
    }
    expect(seen.at(-1), seen.join(', ')).toMatch(/^\d+ (rename|link) \.crash\.json\.<tmp>/)
    expect(seen.length).toBeGreaterThanOrEqual(4)
  }, 120_000)

  it('is a lost save, not corruption, when that save had been acknowledged', async () => {
    const report = await saveLoop('ack-early', { runs: 3, steps: [0, 0], lanes: 3 })
    expect(report.records.map((r) => [r.acks, r.outcome, r.detail])).toEqual(
      Array(3).fill([1, 'lost', 'no file, save 1 promised'])
    )
  }, 120_000)
})

describe('paused kills are deterministic', () => {
  it('the same seed gives the same kill points and the same verdicts, run after run', async () => {
    // A third of the runs race: they keep to their own folder, so they cannot move the paused ones.
    const once = async () => {
      const report = await saveLoop('naive', { runs: 30, steps: [0, 60], seed: 7, racingShare: 1 / 3 })
      const paused = report.records.filter((r) => !r.plan.racing)
      return {
        digest: report.pausedDigest,
        paused: paused.map((r) => [r.index, r.killedAt, r.acks, r.outcome])
      }
    }
    const first = await once()
    expect(await once()).toEqual(first)
    expect(first.paused.length).toBeGreaterThan(12)
    // Not a trivial sameness: the batch holds the outcomes the control can have.
    expect(new Set(first.paused.map((r) => r[3]))).toEqual(new Set(['nothingWritten', 'held', 'corrupt']))
  }, 180_000)

  it('plans are a pure function of (seed, index), in range, racing about as often as asked', () => {
    const plans = Array.from({ length: 4000 }, (_, i) => killPlan(42, i, [3, 9], 0.25))
    expect(plans).toEqual(Array.from({ length: 4000 }, (_, i) => killPlan(42, i, [3, 9], 0.25)))
    expect(new Set(plans.map((p) => p.step))).toEqual(new Set([3, 4, 5, 6, 7, 8, 9]))
    const racing = plans.filter((p) => p.racing).length / plans.length
    expect(racing).toBeGreaterThan(0.22)
    expect(racing).toBeLessThan(0.28)
    expect(killPlan(42, 0, [0, 1000])).not.toEqual(killPlan(43, 0, [0, 1000]))
  })
})

describe('a child that never reaches its kill point', () => {
  /** A scenario around a bare node one-liner that knows nothing of kill points. */
  const bare = (script: string): KillScenario => ({
    name: 'bare',
    lane: () => ({
      child: () => ({ command: process.execPath, args: ['-e', script] }),
      verify: () => Promise.reject(new Error('never asked: the child did not die at its kill point'))
    })
  })

  it('fails the run as childFailed when it ends on its own', async () => {
    const report = await runKillScenario(bare('process.exit(3)'), { runs: 2, seed: 1, steps: [0, 0], root })
    expect(report.outcomes).toEqual({ childFailed: 2 })
    expect(report.failures[0]!.detail).toMatch(
      /^child ended \(code 3, signal null\) before its kill point 0:paused/
    )
  })

  it('fails the run as childFailed when it takes longer than the step timeout', async () => {
    const scenario = bare('setInterval(() => {}, 1000)')
    const report = await runKillScenario(scenario, {
      runs: 1,
      seed: 1,
      steps: [0, 0],
      root,
      stepTimeoutMs: 300
    })
    expect(report.outcomes).toEqual({ childFailed: 1 })
    expect(report.failures[0]!.detail).toMatch(/timed out after 300 ms/)
  })
})
