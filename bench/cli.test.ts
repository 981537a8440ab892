import { describe, expect, it } from 'vitest'
import { benchAiSpec, parseArgs as parseBenchAi } from './ai/run'
import {
  abortOnSigint,
  CliInputError,
  formatDuration,
  parseFlags,
  parseNumber,
  ProgressLine,
  progressText,
  runCli,
  usageText,
  type CommandSpec
} from './cli'
import { benchSpec, parseArgs as parseBench } from './run'
import { parseArgs as parseSim, simSpec } from './sim'

const spec = {
  name: 'demo',
  command: 'npm run demo --',
  summary: 'A demo command.',
  positionals: [{ name: '<file>', help: 'the input', required: true }],
  flags: {
    runs: { type: 'int', value: 'N', min: 1, help: 'how many' },
    rate: { type: 'number', value: 'R', min: 0, max: 1, help: 'a fraction' },
    seed: { type: 'int', value: 'S', help: 'any integer' },
    level: { type: 'string', value: 'L', choices: ['easy', 'hard'], help: 'the level' },
    quick: { type: 'boolean', help: 'be quick' }
  }
} satisfies CommandSpec

/** Runs `runCli` in-process with captured output. */
async function cli(s: CommandSpec, parse: (argv: readonly string[]) => unknown, ...argv: string[]) {
  let out = ''
  let err = ''
  let ran = false
  const code = await runCli(s, argv, parse, async () => ((ran = true), 0), {
    out: (x) => void (out += x),
    err: (x) => void (err += x)
  })
  return { code, out, err, ran }
}

describe('bench/cli.ts', () => {
  it('prints the usage on --help (and -h) and exits 0 without running', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await cli(spec, (argv) => parseFlags(spec, argv), flag)
      expect(r).toMatchObject({ code: 0, err: '', ran: false })
      expect(r.out).toContain('usage: npm run demo -- <file> [flags]')
      expect(r.out).toMatch(/--runs N +how many/)
      expect(r.out).toMatch(/-h, --help +print this help and exit/)
      expect(r.out).toContain('130 interrupted')
    }
    // Help wins over anything wrong beside it.
    expect((await cli(spec, (argv) => parseFlags(spec, argv), '--bogus', '--help')).code).toBe(0)
  })

  it('the three bench commands answer --help with their own usage', async () => {
    const cases = [
      [simSpec, parseSim, 'npm run sim -- <campaign.json>', '--heap-every N'],
      [benchSpec, (argv: readonly string[]) => parseBench(argv, {}), 'npm run bench --', '--quick'],
      [benchAiSpec, parseBenchAi, 'npm run bench:ai --', '--policies LIST']
    ] as const
    for (const [s, parse, usage, flag] of cases) {
      const r = await cli(s, parse, '--help')
      expect(r.code).toBe(0)
      expect(r.out).toContain(usage)
      expect(r.out).toContain(flag)
    }
  })

  it('refuses an unknown flag with a clear message and exit code 2', async () => {
    expect(() => parseFlags(spec, ['f', '--bogus'])).toThrow(CliInputError)
    expect(() => parseFlags(spec, ['f', '--bogus'])).toThrow('unexpected flag --bogus')
    expect(() => parseFlags(spec, ['f', '--rnus', '3'])).toThrow(
      'unexpected flag --rnus (did you mean --runs?)'
    )
    expect(() => parseFlags(spec, ['f', '-x'])).toThrow('unexpected flag -x')
    const r = await cli(spec, (argv) => parseFlags(spec, argv), 'f', '--bogus')
    expect(r).toMatchObject({ code: 2, out: '', ran: false })
    expect(r.err).toBe(
      'demo: unexpected flag --bogus\nusage: npm run demo -- <file> [flags]\nRun with --help for every flag.\n'
    )
    expect((await cli(simSpec, parseSim, 'c.json', '--runz', '3')).err).toMatch(
      /^sim: unexpected flag --runz/
    )
  })

  it('reads flags, values and positionals', () => {
    expect(
      parseFlags(spec, ['f.json', '--runs', '3', '--rate=0.5', '--seed', '-7', '--level', 'hard', '--quick'])
    ).toEqual({
      values: { runs: 3, rate: 0.5, seed: -7, level: 'hard', quick: true },
      positionals: ['f.json']
    })
    expect(parseFlags(spec, ['--runs=2', '--', '--odd-name.json']).positionals).toEqual(['--odd-name.json'])
    expect(() => parseFlags(spec, ['f', '--runs', '--quick'])).toThrow('--runs needs a value (N)')
    expect(() => parseFlags(spec, ['f', '--runs'])).toThrow('--runs needs a value')
    expect(() => parseFlags(spec, ['f', '--quick=yes'])).toThrow('--quick takes no value')
    expect(() => parseFlags(spec, ['f', '--level', 'brutal'])).toThrow(
      '--level wants one of easy, hard, got "brutal"'
    )
    expect(() => parseFlags(spec, ['f', 'g'])).toThrow('unexpected argument g')
    expect(() => parseFlags(spec, [])).toThrow('missing <file>')
  })

  it('parses numbers strictly', () => {
    expect(parseNumber('--n', '10', { integer: true })).toBe(10)
    expect(parseNumber('--n', '1e4', { integer: true })).toBe(10000)
    expect(parseNumber('--n', '-3', { integer: true, min: -5 })).toBe(-3)
    expect(parseNumber('--x', '.25', { max: 1 })).toBe(0.25)
    for (const bad of ['', ' ', 'abc', '3abc', '0x10', 'Infinity', 'NaN', '1,5'])
      expect(() => parseNumber('--n', bad)).toThrow(CliInputError)
    expect(() => parseNumber('--runs', '1.5', { integer: true, min: 1 })).toThrow(
      '--runs wants an integer ≥ 1, got "1.5"'
    )
    expect(() => parseNumber('--runs', '0', { integer: true, min: 1 })).toThrow(
      '--runs wants an integer ≥ 1, got "0"'
    )
    expect(() => parseNumber('--rate', '2', { min: 0, max: 1 })).toThrow(
      '--rate wants a number from 0 to 1, got "2"'
    )
    expect(() => parseFlags(spec, ['f', '--runs', '0'])).toThrow(/--runs wants an integer ≥ 1/)
  })

  it('bench: flags over BENCH_* over --quick, and a bad environment value is an input error', () => {
    expect(parseBench(['--quick'], {})).toMatchObject({ quick: true, games: 1, simSeconds: 3, workers: 2 })
    expect(parseBench([], {})).toMatchObject({ games: 100, simSeconds: 20 })
    expect(parseBench(['--quick'], { BENCH_GAMES: '7', BENCH_SIM_SECONDS: '0' })).toMatchObject({
      games: 7,
      simSeconds: 0
    })
    expect(parseBench(['--quick', '--games', '5'], { BENCH_GAMES: '7' }).games).toBe(5)
    expect(parseBench(['--only', 'hq2, minecraft'], {}).only).toEqual(['hq2', 'minecraft'])
    expect(() => parseBench([], { BENCH_GAMES: 'many' })).toThrow(
      'BENCH_GAMES wants an integer ≥ 1, got "many"'
    )
  })

  it('shows progress with rate and ETA: in place on a terminal, throttled lines in a log', () => {
    expect(progressText(50, 200, 25)).toBe('50/200 games (25%), 2.00 games/s, ETA 1m15s')
    expect(progressText(200, 200, 100, 'runs')).toBe('200/200 runs (100%), 2.00 runs/s, 1m40s')
    expect(progressText(0, 10, 1)).toBe('0/10 games (0%), 0.00 games/s, ETA ?')
    expect(formatDuration(3725)).toBe('1h02m')
    const tty = { text: '', isTTY: true, write: (s: string) => void (tty.text += s) }
    const line = new ProgressLine('sim', tty)
    line.update(1, 4, 1, 'runs')
    line.update(2, 4, 2, 'runs') // within 0.25 s: skipped
    line.update(4, 4, 4, 'runs') // the last is always shown
    line.end()
    expect(tty.text).toBe(
      '\rsim: 1/4 runs (25%), 1.00 runs/s, ETA 3 s\x1b[K\rsim: 4/4 runs (100%), 1.00 runs/s, 4 s\x1b[K\n'
    )
    const log = { text: '', write: (s: string) => void (log.text += s) }
    const plain = new ProgressLine('bench', log)
    plain.show('a')
    plain.show('b')
    plain.end()
    expect(log.text).toBe('bench: a\n')
  })

  it('Ctrl+C aborts the run once; another a second later quits', () => {
    let t = 0
    let quits = 0
    let said = ''
    const before = process.listenerCount('SIGINT')
    const { signal, dispose } = abortOnSigint('sim', {
      onQuit: () => quits++,
      now: () => t,
      write: (s) => void (said += s)
    })
    const handler = process.listeners('SIGINT').at(-1) as () => void
    try {
      handler()
      expect(signal.aborted).toBe(true)
      expect(said).toContain('sim: stopping, writing the results so far')
      t = 300
      handler() // the same Ctrl+C relayed again
      expect(quits).toBe(0)
      t = 1500
      handler()
      expect(quits).toBe(1)
    } finally {
      dispose()
    }
    expect(process.listenerCount('SIGINT')).toBe(before)
  })

  it('a usage text lists every flag of the spec', () => {
    const text = usageText(spec)
    for (const name of Object.keys(spec.flags)) expect(text).toContain(`--${name}`)
  })
})
