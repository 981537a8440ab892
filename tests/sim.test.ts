import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs, runSimulation, SimInputError, type SimOutput } from '../bench/sim'

const dir = mkdtempSync(join(tmpdir(), 'emboscada-sim-'))
const sample = JSON.parse(
  readFileSync(new URL('../resources/campaigns/minecraft-sample.json', import.meta.url), 'utf8')
) as { encounters: Array<{ initial: { combatants: Array<{ id: string }> } }> }
// The Minecraft sample's map with Steve against one zombie: real rules, games short enough for a test.
const small = structuredClone(sample)
const initial = small.encounters[0]!.initial
initial.combatants = initial.combatants.filter((c) => ['steve', 'zombie-1'].includes(c.id))
const file = join(dir, 'small.json')
writeFileSync(file, JSON.stringify(small))
const opts = { file, runs: 20, seed: 3, workers: 2, level: 'normal' as const, maxSteps: 3000 }
const withoutTiming = ({ timing: _timing, ...rest }: SimOutput) => JSON.stringify(rest, null, 2)
const cli = (...args: string[]) =>
  spawnSync('npx', ['tsx', 'bench/sim.ts', ...args], { cwd: process.cwd(), encoding: 'utf8' })

describe('npm run sim', () => {
  it('gives the same report on 1 and 2 worker threads', { timeout: 60000 }, async () => {
    const progress: number[] = []
    const two = await runSimulation(opts, { onProgress: (done) => progress.push(done) })
    const one = await runSimulation({ ...opts, workers: 1 })
    expect(withoutTiming(two)).toBe(withoutTiming(one))
    expect(two.report.runs).toBe(20)
    expect(two.cancelled).toBe(false)
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(two.report.wins.reduce((n, w) => n + w.count, 0) + two.report.draws.count).toBe(20)
    const steve = two.report.figures.find((f) => f.id === 'steve')!
    expect(steve).toMatchObject({ name: 'Steve', controller: 'human' })
    // Steve is either dead, only out, or standing at the end of each game: the three add up to the runs.
    const standing = two.report.runs - steve.out.count
    expect(steve.dead.count + steve.unconscious.count + standing).toBe(two.report.runs)
  })

  it('stops on abort and reports the finished games as cancelled', { timeout: 60000 }, async () => {
    const controller = new AbortController()
    const out = await runSimulation(
      { ...opts, runs: 200 },
      { signal: controller.signal, onProgress: (done) => done >= 3 && controller.abort() }
    )
    expect(out.cancelled).toBe(true)
    expect(out.report.runs).toBeGreaterThanOrEqual(3)
    expect(out.report.runs).toBeLessThan(200)
  })

  it('runs from the command line and writes the JSON report', { timeout: 60000 }, () => {
    const out = join(dir, 'report.json')
    const run = cli(file, '--runs', '6', '--workers', '2', '--seed', '3', '--level', 'hard', '--out', out)
    expect(run.stderr).toContain('6/6 runs')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/heroes win .*%/)
    expect(run.stdout).toMatch(/level hard/)
    expect(run.stdout).toMatch(/at risk: Steve dead .*%/)
    const report = JSON.parse(readFileSync(out, 'utf8')) as SimOutput
    expect(report).toMatchObject({
      encounter: 'abandoned-mine',
      seed: 3,
      level: 'hard',
      cancelled: false,
      report: { runs: 6 }
    })
  })

  it('rejects a file that is not a campaign with a clear message and exit code 2', { timeout: 30000 }, () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ schemaVersion: 1, id: 'x', encounters: 'none' }))
    const run = cli(bad, '--runs', '2')
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/is not a campaign file: name: /)
  })

  it('parses the flags and refuses unknown ones and levels', () => {
    expect(parseArgs(['c.json', '--runs', '40', '--workers', '1', '--encounter', 'e'])).toMatchObject({
      file: 'c.json',
      runs: 40,
      workers: 1,
      seed: 1,
      encounter: 'e',
      level: 'normal'
    })
    expect(parseArgs(['c.json', '--level', 'hard']).level).toBe('hard')
    expect(parseArgs(['c.json', '--level', 'easy', '--max-steps', '50', '--out', 'r.json'])).toMatchObject({
      level: 'easy',
      maxSteps: 50,
      out: 'r.json'
    })
    expect(() => parseArgs(['c.json', '--level', 'brutal'])).toThrow(SimInputError)
    expect(() => parseArgs(['c.json', '--runs', '0'])).toThrow(/--runs/)
    expect(() => parseArgs(['c.json', '--bogus'])).toThrow(/unexpected/)
  })
})
