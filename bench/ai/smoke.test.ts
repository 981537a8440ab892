import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildReport, writeReport } from './report'
import { parseArgs, runBench } from './run'

describe('npm run bench:ai (smoke)', () => {
  it('plays paired games on a worker and reports them; a policy against itself is identical', async () => {
    const opts = parseArgs([
      '--suite',
      'core',
      '--only',
      'mc-mine-c1',
      '--games',
      '1',
      '--workers',
      '1',
      '--policies',
      'focusFire,focusFire:2,random',
      '--baseline',
      'focusFire',
      '--no-puzzles'
    ])
    const run = await runBench(opts)
    expect(run.failures).toEqual([])
    expect(run.records).toHaveLength(3)
    const [a, b] = ['focusFire', 'focusFire:2'].map((slot) => run.records.find((r) => r.slot === slot)!)
    // Same encounter and game: same seed, so the same dice, and the same policy plays the same game.
    expect(a!.seed).toBe(b!.seed)
    expect(a!.hash).toBe(b!.hash)
    expect(a!.score).toBe(b!.score)
    expect(run.records.every((r) => r.illegal === 0 && r.noTrace === 0 && r.errors === 0)).toBe(true)
    expect(run.records.every((r) => r.decisionMs.length > 0 && r.monsterTurnMs.length > 0)).toBe(true)

    const report = await buildReport(run, opts)
    expect(Object.keys(report.policies)).toEqual(['focusFire', 'focusFire:2', 'random'])
    expect(report.policies.focusFire).toMatchObject({ games: 1, legalPct: 100, tracePct: 100 })
    expect(report.policies.focusFire!.latency.monsterTurn.n).toBeGreaterThan(0)
    expect(report.selfPairs).toEqual([{ a: 'focusFire', b: 'focusFire:2', pairs: 1, identical: 1 }])
    const self = report.paired.find((p) => p.a === 'focusFire:2' && p.b === 'focusFire')!
    expect(self).toMatchObject({ n: 1, mean: 0, aBetter: 0, bBetter: 0 })
    expect(report.families['core/mc-mine']!.system).toBe('minecraft')
    expect(report.elo.focusFire).toBe(0)
    expect(report.targets.map((t) => t.goal)).toContain('100% legal commands')
    expect(report.suites.core!.focusFire!.games).toBe(1)

    const dir = mkdtempSync(join(tmpdir(), 'bench-ai-'))
    const files = writeReport(report, dir)
    expect(JSON.parse(readFileSync(files.json, 'utf8')).games).toBe(3)
    expect(readFileSync(files.md, 'utf8')).toContain('| focusFire | 1 |')
  }, 30000)

  it('refuses unknown policies and suites', () => {
    expect(() => parseArgs(['--policies', 'nobody'])).toThrow(/unknown policy/)
    expect(() => parseArgs(['--suite', 'mine'])).toThrow(/suite/)
  })
})
