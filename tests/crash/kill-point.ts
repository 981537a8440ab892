/**
 * The child's side of the kill -9 harness (kill-harness.ts). A child counts the operations that could be cut
 * short (each file-system call, each call on an open file) as steps, stops at the step its plan names, and
 * reports on stdout, one line each:
 *
 *   ack <value>          a piece of work is done and promised (a save resolved); the verifier holds the disk to it
 *   kill-point <n> <op>  the child has reached step n, about to run `op`; the driver kills it now
 *
 * Lines go out with a synchronous write(2), so every line the child wrote is in the pipe when the kill lands.
 */
import { writeSync } from 'node:fs'
import { basename } from 'node:path'
import { KILL_PLAN_ENV, parseKillPlan, type KillPlan } from './kill-plan'

/** Calls on an open file that do I/O; the rest (event-emitter plumbing, `fd`) pass through uncounted. */
const HANDLE_IO = new Set([
  'read',
  'readFile',
  'write',
  'writeFile',
  'appendFile',
  'truncate',
  'sync',
  'datasync',
  'stat',
  'close'
])

/** How long a paused child waits for its SIGKILL before giving up (the driver kills within milliseconds). */
const PAUSE_LIMIT_MS = 10 * 60_000
/** The exit code of a child that waited that long: the driver reports it as a child failure. */
const PAUSE_EXPIRED_CODE = 70

/** Counts a child's steps and stops it at its planned one. */
export class KillPoints {
  private steps = 0

  constructor(
    private readonly plan: KillPlan | null,
    private readonly out = 1
  ) {}

  /** The plan the driver put in the environment. */
  static fromEnv(): KillPoints {
    return new KillPoints(parseKillPlan(process.env[KILL_PLAN_ENV]))
  }

  /** Call before each operation a kill could cut short; at the planned step this reports, then (paused) waits. */
  step(op: string): void {
    const n = this.steps++
    if (this.plan === null || n !== this.plan.step) return
    writeSync(this.out, `kill-point ${n} ${op}\n`)
    if (this.plan.racing) return
    // Blocks this thread: nothing after the step can run before the SIGKILL lands. No async work is in flight
    // either, as long as the child awaits each operation before starting the next. The limit only spares a
    // child whose driver died from waiting for ever; the driver fails a child that exits this way.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_LIMIT_MS)
    process.exit(PAUSE_EXPIRED_CODE)
  }

  /** Reports a piece of work done: the verifier may hold the disk to every value acknowledged. */
  ack(value: number | string): void {
    writeSync(this.out, `ack ${value}\n`)
  }

  /** `fs` with a step before every call, and before every I/O call on the files it opens. */
  instrument<T extends object>(fs: T): T {
    return new Proxy(fs, {
      get: (target, name, receiver) => {
        const value: unknown = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        return async (...args: unknown[]) => {
          this.step(`${String(name)} ${describe(args[0])}`)
          const result: unknown = await Reflect.apply(value, target, args)
          return name === 'open' && typeof result === 'object' && result !== null
            ? this.handle(result)
            : result
        }
      }
    })
  }

  private handle<H extends object>(handle: H): H {
    return new Proxy(handle, {
      get: (target, name) => {
        const value: unknown = Reflect.get(target, name, target)
        if (typeof value !== 'function') return value
        if (!HANDLE_IO.has(String(name))) return value.bind(target) as unknown
        return (...args: unknown[]) => {
          this.step(`handle.${String(name)}`)
          return Reflect.apply(value, target, args) as unknown
        }
      }
    })
  }
}

/** A path argument as a report shows it: its name, with the per-write `<pid>.<random>` of a temp name folded. */
function describe(arg: unknown): string {
  return typeof arg === 'string' ? basename(arg).replace(/\.\d+\.[0-9a-f]+\.tmp$/, '.<tmp>') : ''
}
