// What the bench command lines share (npm run sim, bench, bench:ai): flags from a declared spec, --help,
// clear errors with exit code 2, a progress line on stderr, and Ctrl+C that stops the run and keeps its
// partial results (exit code 130).
import { performance } from 'node:perf_hooks'

/** A bad command line or input: the CLI prints it with the synopsis and exits with code 2. */
export class CliInputError extends Error {}

/** Thrown by `parseFlags` on -h / --help: the CLI prints its usage on stdout and exits with code 0. */
export class HelpRequested extends Error {}

/** Exit codes every bench CLI uses. */
export const exitCodes = { ok: 0, crash: 1, input: 2, interrupted: 130 } as const

/** One --flag. */
export interface FlagSpec {
  type: 'int' | 'number' | 'string' | 'boolean'
  /** What the usage shows after the flag: `--runs N`. */
  value?: string
  min?: number
  max?: number
  /** The only values a string flag takes. */
  choices?: readonly string[]
  help: string
}

/** A command: its flags (keyed by name without the dashes), positional arguments and usage text. */
export interface CommandSpec<F extends Record<string, FlagSpec> = Record<string, FlagSpec>> {
  /** Prefix of every message: `sim`. */
  name: string
  /** How it is started: `npm run sim --`. */
  command: string
  summary: string
  positionals?: ReadonlyArray<{ name: string; help: string; required?: boolean }>
  flags: F
  /** Extra lines after the flags (environment variables, outputs). */
  notes?: readonly string[]
}

type FlagValue<S extends FlagSpec> = S['type'] extends 'int' | 'number'
  ? number
  : S['type'] extends 'boolean'
    ? boolean
    : string

/** What `parseFlags` read: each flag given (absent ones are undefined) and the positional arguments. */
export interface ParsedFlags<F extends Record<string, FlagSpec>> {
  values: { [K in keyof F]?: FlagValue<F[K]> }
  positionals: string[]
}

const numberPattern = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/

/**
 * A flag's number, strictly: decimal digits (an exponent allowed), no empty string, hex or trailing
 * junk, within [min, max] and an integer when `integer`. Throws a CliInputError naming the flag.
 */
export function parseNumber(
  flag: string,
  raw: string | undefined,
  { integer = false, min = -Infinity, max = Infinity }: { integer?: boolean; min?: number; max?: number } = {}
): number {
  const n = raw !== undefined && numberPattern.test(raw.trim()) ? Number(raw) : NaN
  if (Number.isFinite(n) && (!integer || Number.isInteger(n)) && n >= min && n <= max) return n
  const range =
    min > -Infinity && max < Infinity
      ? ` from ${min} to ${max}`
      : min > -Infinity
        ? ` ≥ ${min}`
        : max < Infinity
          ? ` ≤ ${max}`
          : ''
  const got = raw === undefined ? 'nothing' : JSON.stringify(raw)
  throw new CliInputError(`${flag} wants ${integer ? 'an integer' : 'a number'}${range}, got ${got}`)
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]!
}

/**
 * Reads `argv` (without node and the script) against `spec`: `--flag value`, `--flag=value`, boolean
 * `--flag`, positionals in order, and `--` ending the flags. Throws HelpRequested on -h/--help (wherever
 * it is, so help works even beside a bad argument) and CliInputError on anything unknown or malformed.
 */
export function parseFlags<F extends Record<string, FlagSpec>>(
  spec: CommandSpec<F>,
  argv: readonly string[]
): ParsedFlags<F> {
  const end = argv.indexOf('--')
  const flagPart = end < 0 ? argv : argv.slice(0, end)
  if (flagPart.includes('--help') || flagPart.includes('-h')) throw new HelpRequested(usageText(spec))
  const values: Record<string, string | number | boolean> = {}
  const positionals: string[] = []
  const maxPositionals = spec.positionals?.length ?? 0
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (i === end) {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('-') || arg === '-' || numberPattern.test(arg)) {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = (eq < 0 ? arg : arg.slice(0, eq)).replace(/^--?/, '')
    const flag = Object.hasOwn(spec.flags, name) && arg.startsWith('--') ? spec.flags[name]! : undefined
    if (!flag) {
      const near = Object.keys(spec.flags)
        .map((k) => ({ k, d: distance(name, k) }))
        .filter(({ d }) => d <= (name.length <= 3 ? 1 : 2))
        .sort((a, b) => a.d - b.d)[0]
      throw new CliInputError(`unexpected flag ${arg}${near ? ` (did you mean --${near.k}?)` : ''}`)
    }
    if (flag.type === 'boolean') {
      if (eq >= 0) throw new CliInputError(`--${name} takes no value`)
      values[name] = true
      continue
    }
    let raw: string | undefined
    if (eq >= 0) raw = arg.slice(eq + 1)
    else {
      const next = argv[i + 1]
      // A following flag is not this one's value (a negative number is).
      if (next !== undefined && i + 1 !== end && (!next.startsWith('-') || numberPattern.test(next))) {
        raw = next
        i++
      }
    }
    if (raw === undefined)
      throw new CliInputError(`--${name} needs a value${flag.value ? ` (${flag.value})` : ''}`)
    if (flag.type === 'string') {
      if (flag.choices && !flag.choices.includes(raw))
        throw new CliInputError(
          `--${name} wants one of ${flag.choices.join(', ')}, got ${JSON.stringify(raw)}`
        )
      values[name] = raw
    } else values[name] = parseNumber(`--${name}`, raw, { integer: flag.type === 'int', ...flag })
  }
  if (positionals.length > maxPositionals)
    throw new CliInputError(`unexpected argument ${positionals[maxPositionals]}`)
  const missing = spec.positionals?.slice(positionals.length).find((p) => p.required)
  if (missing) throw new CliInputError(`missing ${missing.name}`)
  return { values: values as ParsedFlags<F>['values'], positionals }
}

/** The one-line synopsis: `npm run sim -- <campaign.json> [flags]`. */
export function synopsis(spec: CommandSpec): string {
  const pos = (spec.positionals ?? []).map((p) => (p.required ? p.name : `[${p.name}]`))
  return ['usage:', spec.command, ...pos, '[flags]'].join(' ')
}

/** The whole --help text. */
export function usageText(spec: CommandSpec): string {
  const rows: Array<[string, string]> = [
    ...(spec.positionals ?? []).map((p): [string, string] => [p.name, p.help]),
    ...Object.entries(spec.flags).map(([name, f]): [string, string] => [
      `--${name}${f.value ? ` ${f.value}` : ''}`,
      f.help
    ]),
    ['-h, --help', 'print this help and exit']
  ]
  const width = Math.max(...rows.map(([k]) => k.length)) + 2
  const lines = [synopsis(spec), '', spec.summary, '']
  for (const [k, help] of rows) lines.push(`  ${k.padEnd(width)}${help}`)
  if (spec.notes?.length) lines.push('', ...spec.notes)
  lines.push(
    '',
    'Exit codes: 0 done, 1 crashed, 2 bad arguments or input, 130 interrupted (Ctrl+C: the results so far',
    'are still written, marked cancelled; Ctrl+C again quits at once).'
  )
  return lines.join('\n')
}

/** Seconds as `42 s`, `3m05s` or `1h02m`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?'
  const s = Math.round(seconds)
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

/** `12/200 games (6%), 2.41 games/s, ETA 1m18s`. */
export function progressText(done: number, total: number, seconds: number, unit = 'games'): string {
  const rate = seconds > 0 ? done / seconds : 0
  const pct = total > 0 ? ` (${Math.floor((100 * done) / total)}%)` : ''
  const eta =
    done >= total
      ? `${formatDuration(seconds)}`
      : rate > 0
        ? `ETA ${formatDuration((total - done) / rate)}`
        : 'ETA ?'
  return `${done}/${total} ${unit}${pct}, ${rate.toFixed(2)} ${unit}/s, ${eta}`
}

/**
 * A progress line on stderr: rewritten in place (`\r`) on a terminal at most every 0.25 s, a plain line
 * at most every `logEvery` seconds otherwise (CI logs); `force` always shows, `end` closes the line.
 */
export class ProgressLine {
  private shownAt = -Infinity
  private open = false

  constructor(
    private readonly prefix: string,
    private readonly out: { write(s: string): unknown; isTTY?: boolean } = process.stderr,
    private readonly logEvery = 5
  ) {}

  show(text: string, force = false): void {
    const now = performance.now() / 1000
    if (!force && now - this.shownAt < (this.out.isTTY ? 0.25 : this.logEvery)) return
    this.shownAt = now
    if (this.out.isTTY) {
      this.out.write(`\r${this.prefix}: ${text}\x1b[K`)
      this.open = true
    } else this.out.write(`${this.prefix}: ${text}\n`)
  }

  /** `done/total` with rate and ETA; the last one (done = total) is always shown. */
  update(done: number, total: number, seconds: number, unit = 'games'): void {
    this.show(progressText(done, total, seconds, unit), done >= total)
  }

  end(): void {
    if (this.open) this.out.write('\n')
    this.open = false
  }
}

/**
 * Ctrl+C handling for a run: the first SIGINT aborts the returned signal (the run stops and writes what
 * it has); one more at least a second later quits at once (exit 130). `on`, not `once`, and a second
 * within a second is ignored: under `npm run` and tsx, one Ctrl+C can reach the process twice.
 */
export function abortOnSigint(
  name: string,
  {
    onQuit = () => process.exit(exitCodes.interrupted),
    now = () => performance.now(),
    write = (s: string) => void process.stderr.write(s)
  }: { onQuit?: () => void; now?: () => number; write?: (s: string) => void } = {}
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController()
  let first: number | undefined
  const handler = () => {
    if (first === undefined) {
      first = now()
      write(`\n${name}: stopping, writing the results so far (Ctrl+C again to quit at once)\n`)
      controller.abort()
    } else if (now() - first > 1000) onQuit()
  }
  process.on('SIGINT', handler)
  return { signal: controller.signal, dispose: () => void process.off('SIGINT', handler) }
}

/**
 * A CLI's main: runs `main` with `parse(argv)`'s options; --help prints the usage (stdout, exit 0), a
 * CliInputError prints `name: message` and the synopsis (stderr, exit 2). Returns the exit code.
 */
export async function runCli<T>(
  spec: CommandSpec,
  argv: readonly string[],
  parse: (argv: readonly string[]) => T,
  main: (opts: T) => Promise<number>,
  io: { out: (s: string) => void; err: (s: string) => void } = {
    out: (s) => void process.stdout.write(s),
    err: (s) => void process.stderr.write(s)
  }
): Promise<number> {
  try {
    return await main(parse(argv))
  } catch (e) {
    if (e instanceof HelpRequested) {
      io.out(`${e.message}\n`)
      return exitCodes.ok
    }
    if (e instanceof CliInputError) {
      io.err(`${spec.name}: ${e.message}\n${synopsis(spec)}\nRun with --help for every flag.\n`)
      return exitCodes.input
    }
    throw e
  }
}
